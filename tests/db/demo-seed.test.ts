import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { runTsx } from "../support/spawn-tsx";

async function demoUsers(dataDir: string): Promise<number> {
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  try {
    return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "User" WHERE email = 'demo@briefs.dev'`)).rows[0].n;
  } finally {
    await db.close();
  }
}

describe.runIf(process.env.BRIEFS_TEST_DB === "pglite")("the demo seed", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-seed-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("adds a demo person, a project and two briefs with history once, and prints how to sign in", async () => {
    const env = { BRIEFS_DATA_DIR: dir, DATABASE_URL: undefined };
    const first = await runTsx("scripts/db-seed.ts", [], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain("Added the demo project with two briefs.");
    // A random password, printed once; the one published by earlier releases is gone.
    const password = /demo@briefs\.dev \/ (\S+)/.exec(first.stdout)?.[1];
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(first.stdout).not.toContain("briefs-demo");

    const second = await runTsx("scripts/db-seed.ts", [], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("The demo data is already there.");
    expect(second.stdout).not.toContain(password!);

    const db = await PGlite.create(path.join(dir, "pgdata"));
    try {
      const briefs = await db.query<{ title: string; state: string; versions: number }>(
        `SELECT b.title, b.state::text AS state, (SELECT count(*)::int FROM "BriefVersion" v WHERE v."briefId" = b.id) AS versions
         FROM "Brief" b ORDER BY b.title`,
      );
      expect(briefs.rows).toEqual([
        { title: "Order tracking page", state: "drafting", versions: 1 },
        { title: "Pay with a saved card", state: "in_development", versions: 5 },
      ]);
      const [{ passwordHash }] = (await db.query<{ passwordHash: string }>(`SELECT "passwordHash" FROM "User" WHERE email = 'demo@briefs.dev'`)).rows;
      expect(passwordHash.startsWith("$argon2id$")).toBe(true);
    } finally {
      await db.close();
    }
  });

  // `next` is handed an option it refuses, so it stops at once: what is tested is what run-app does
  // to the database before handing over.
  const STOP_NEXT = ["--refuse-to-start"];

  it("is never added by npm start, even on a new embedded database", async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-start-"));
    try {
      const started = await runTsx("scripts/run-app.ts", ["start", ...STOP_NEXT], { BRIEFS_DATA_DIR: fresh, DATABASE_URL: undefined, BRIEFS_SEED_DEMO: "1" });
      expect(started.stdout).toContain("Applied");
      expect(started.stdout).not.toContain("demo@briefs.dev");
      expect(started.stdout).toContain("Create an account on the sign-up page");
      expect(await demoUsers(fresh)).toBe(0);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("is added by npm run dev on a new embedded database, with its password printed once", async () => {
    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-dev-"));
    try {
      const env = { BRIEFS_DATA_DIR: fresh, DATABASE_URL: undefined, BRIEFS_SEED_DEMO: "1" };
      const first = await runTsx("scripts/run-app.ts", ["dev", ...STOP_NEXT], env);
      const password = /demo@briefs\.dev \/ (\S+)/.exec(first.stdout)?.[1];
      expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(await demoUsers(fresh)).toBe(1);

      // Started again: the demo is there, and its password is not printed again.
      const again = await runTsx("scripts/run-app.ts", ["dev", ...STOP_NEXT], env);
      expect(again.stdout).toContain("its password was printed when it was added");
      expect(again.stdout).not.toContain(password!);
    } finally {
      fs.rmSync(fresh, { recursive: true, force: true });
    }
  });

  it("prints the sign-in address on the port the app will listen on, from -p or PORT, when APP_URL is unset", async () => {
    for (const [args, port] of [[["-p", "45123"], undefined], [[], "45124"]] as const) {
      const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-port-"));
      try {
        const env = { BRIEFS_DATA_DIR: fresh, DATABASE_URL: undefined, BRIEFS_SEED_DEMO: "1", APP_URL: undefined, PORT: port };
        const started = await runTsx("scripts/run-app.ts", ["dev", ...args, ...STOP_NEXT], env);
        expect(started.stdout).toContain(`Sign in at http://localhost:${port ?? "45123"} `);
      } finally {
        fs.rmSync(fresh, { recursive: true, force: true });
      }
    }
  });
});
