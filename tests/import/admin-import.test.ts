/** `npm run admin -- import`: the operator's way in, run as a real process against the database. */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { zipSync } from "fflate";
import { deflatedBody, rawZip, type RawEntry } from "../fixtures/import/raw-zip";
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
    expect(refused.stderr).toContain("file: The file “bad.md” cannot be read as text: it is not valid UTF-8 text");

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

  // A refusal comes before any write and does not depend on the database, so the commands run in
  // parallel, which only PostgreSQL allows (an embedded folder is held by one process at a time).
  it.runIf(onPostgres)("refuses every kind of bad file with its reason, writing nothing", async () => {
    const email = `pm.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const projectId = await projectOf(email);
    const text = (value: string) => new TextEncoder().encode(value);
    // One byte in 64 varies, so each entry compresses about 20 times: under the ratio, over the total.
    const varied = new Uint8Array(10 * 1024 * 1024);
    for (let i = 0; i < varied.length; i += 64) varied[i] = (i * 2654435761) >>> 24;
    const variedBody = deflatedBody(varied);
    const longRows = Array.from({ length: 50 }, (_, n) => `- ${String(n).padEnd(990, "x")}`).join("\n");
    const files: [string, Uint8Array, RegExp][] = [
      ["big.md", new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61), /is 10,485,761 bytes; the limit is 10 MB/],
      ["many.zip", zipSync(Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`p${i}.md`, text(`# ${i}`)]))), /more than 1,000 entries/],
      ["heavy.zip", rawZip(Array.from({ length: 11 }, (_, i): RawEntry => ({ name: `part${i}.bin`, ...variedBody, declaredSize: 10 }))), /more than 100 MB in total/],
      ["bomb.zip", rawZip([{ name: "bomb.md", ...deflatedBody(new Uint8Array(200 * 1024 * 1024)) }]), /more than 100 times its compressed size/],
      ["climb.zip", zipSync({ "ok.md": text("# ok"), "../evil.md": text("# evil") }), /“\.\.\/evil\.md”.*climbs out/],
      ["absolute.zip", rawZip([{ name: "/etc/abs.md", data: text("# abs") }]), /“\/etc\/abs\.md”.*absolute/],
      ["latin1.md", new Uint8Array([...text("# Caf"), 0xe9]), /not valid UTF-8/],
      ["report.md", text("%PDF-1.7\n%âãÏÓ\n1 0 obj\n"), /is a PDF/],
      ["image.md", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /NUL bytes|binary/],
      ["fake.docx", text("# Not a Word file"), /not a Word document/],
      ["huge.md", text(["# Huge", ...["Requirements", "Edge cases", "Open questions", "States", "Unit tests", "Integration tests"].map((h) => `## ${h}\n\n${longRows}`)].join("\n\n")), /262144 bytes/],
      ["long.md", text(`# Long\n\n## Goal\n\n${"x".repeat(4001)}\n`), /Under "Goal" \(line 3, section goal\): Too long: at most 4000 characters/],
    ];
    for (const [name, bytes] of files) fs.writeFileSync(path.join(dataDir, name), bytes);

    const runs = await Promise.all(files.map(([name]) => admin(["import", "--project", projectId, "--as", email, path.join(dataDir, name)])));

    runs.forEach((run, index) => {
      const [name, , reason] = files[index];
      expect({ name, code: run.code }).toEqual({ name, code: 2 });
      expect(run.stderr, name).toMatch(reason);
      expect(run.stdout, name).toBe("");
    });
    expect(await rows(`SELECT id FROM "Brief" WHERE "projectId" = $1`, [projectId])).toEqual([]);
  }, 240_000);
});
