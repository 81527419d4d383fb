/** `npm run admin -- import`: the operator's way in, run as a real process against the database. */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { runTsx } from "../support/spawn-tsx";

const onPostgres = process.env.BRIEFS_TEST_DB === "postgres";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-import-"));
const childEnv = onPostgres ? { DATABASE_URL: process.env.DATABASE_URL } : { DATABASE_URL: undefined, BRIEFS_DATA_DIR: dataDir };
const fixtures = path.join(process.cwd(), "tests/fixtures/import/markdown");

async function rows(sql: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  if (onPostgres) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  try {
    return (await db.query<Record<string, unknown>>(sql, params)).rows;
  } finally {
    await db.close();
  }
}

const admin = (args: string[]) => runTsx("scripts/admin.ts", args, childEnv);

async function projectOf(email: string): Promise<string> {
  await admin(["create-token", "--email", email, "--scopes", "brief:read"]);
  const created = await admin(["create-project", "--name", "Imports", "--owner", email]);
  return created.stdout.trimEnd().split("\n").at(-1)!;
}

describe(`the admin import command on ${process.env.BRIEFS_TEST_DB}`, () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("creates one brief per file at version 1, attributed to --as, and prints the report as JSON on the last line", async () => {
    const email = `pm.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const projectId = await projectOf(email);

    const run = await admin(["import", "--project", projectId, "--as", email, "--json", path.join(fixtures, "github-prd.md"), path.join(fixtures, "notion-page.md")]);

    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('line 36: "Background" → Background (kept under its own name)');
    const report = JSON.parse(run.stdout.trimEnd().split("\n").at(-1)!);
    expect(report.briefs.map((brief: { title: string; source: string }) => [brief.title, brief.source])).toEqual([
      ["Saved searches", "github-prd.md"],
      ["Onboarding checklist revamp", "notion-page.md"],
    ]);
    expect(report.briefs[0].headings).toContainEqual({ heading: "Functional requirements", depth: 2, line: 23, section: "requirements", placement: "section" });
    const stored = await rows(
      `SELECT b.id, b.title, b."versionNum", v."createdBy", v.via FROM "Brief" b JOIN "BriefVersion" v ON v."briefId" = b.id WHERE b."projectId" = $1 ORDER BY b.title`,
      [projectId],
    );
    expect(stored.map((row) => [row.title, row.versionNum, row.createdBy, row.via])).toEqual([
      ["Onboarding checklist revamp", 1, email, "cli"],
      ["Saved searches", 1, email, "cli"],
    ]);
    expect(stored.map((row) => row.id).sort()).toEqual(report.briefs.map((brief: { briefId: string }) => brief.briefId).sort());
  });

  it("refuses, writing nothing, when a file is refused, the person is unknown, or may not write", async () => {
    const email = `pm.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const projectId = await projectOf(email);
    const bad = path.join(dataDir, "bad.md");
    fs.writeFileSync(bad, Buffer.from([0x23, 0x20, 0xc3, 0x28]));

    const refused = await admin(["import", "--project", projectId, "--as", email, path.join(fixtures, "github-prd.md"), bad]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("bad.md: The file is not valid UTF-8 text.");

    const stranger = `x.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const unknown = await admin(["import", "--project", projectId, "--as", stranger, path.join(fixtures, "github-prd.md")]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`No account has the email "${stranger}".`);

    await admin(["create-token", "--email", stranger, "--scopes", "brief:read"]);
    const outsider = await admin(["import", "--project", projectId, "--as", stranger, path.join(fixtures, "github-prd.md")]);
    expect(outsider.code).toBe(2);
    expect(outsider.stderr).toMatch(/access/i);

    expect(await rows(`SELECT id FROM "Brief" WHERE "projectId" = $1`, [projectId])).toEqual([]);
  });
});
