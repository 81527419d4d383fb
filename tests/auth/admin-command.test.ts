import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { runTsx } from "../support/spawn-tsx";

const onPostgres = process.env.BRIEFS_TEST_DB === "postgres";
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-admin-"));
const childEnv = onPostgres
  ? { DATABASE_URL: process.env.DATABASE_URL }
  : { DATABASE_URL: undefined, BRIEFS_DATA_DIR: dataDir };

/** The first row of a query on the database the command wrote to. */
async function firstRow(sql: string, params: unknown[]): Promise<Record<string, unknown> | undefined> {
  if (onPostgres) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows[0];
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(path.join(dataDir, "pgdata"));
  try {
    return (await db.query<Record<string, unknown>>(sql, params)).rows[0];
  } finally {
    await db.close();
  }
}

const storedToken = (hash: string) => firstRow(`SELECT t.name, t.scopes, u.email FROM "ApiToken" t JOIN "User" u ON u.id = t."userId" WHERE t."tokenHash" = $1`, [hash]);
const storedWebhook = (projectId: string) => firstRow(`SELECT url, events, "createdById", "secretSealed", enabled FROM "WebhookEndpoint" WHERE "projectId" = $1`, [projectId]);
const storedRepository = (projectId: string) => firstRow(`SELECT "fullName", "installationId"::text AS "installationId", "createdById" FROM "GithubRepository" WHERE "projectId" = $1`, [projectId]);
const storedSetting = async (projectId: string) => (await firstRow(`SELECT "requireProof" FROM "Project" WHERE id = $1`, [projectId]))?.requireProof;
const storedVerified = async (projectId: string) => (await firstRow(`SELECT "requireVerifiedProof" FROM "Project" WHERE id = $1`, [projectId]))?.requireVerifiedProof;

describe(`the admin command on ${process.env.BRIEFS_TEST_DB}`, () => {
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("creates the user and a token, printing the token alone on the last line", async () => {
    const email = `ops.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const run = await runTsx("scripts/admin.ts", ["create-token", "--email", email, "--scopes", "brief:read,brief:write", "--name", "ci"], childEnv);
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    const token = run.stdout.trimEnd().split("\n").at(-1)!;
    expect(token).toMatch(/^brf_[A-Za-z0-9_-]{43}$/);
    const row = await storedToken(crypto.createHash("sha256").update(token).digest("hex"));
    expect(row).toEqual({ name: "ci", scopes: ["brief:read", "brief:write"], email });
  });

  it("creates a project for an owner: the confirmed account it made, or an invitation for any other address", async () => {
    const email = `lead.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const invited = await runTsx("scripts/admin.ts", ["create-project", "--name", "Team", "--owner", email], childEnv);
    expect(invited.code).toBe(0);
    expect(invited.stdout).toContain(`${email} is invited as its owner`);
    expect(invited.stdout.trimEnd().split("\n").at(-1)).toMatch(/^[0-9a-f-]{36}$/);

    // create-token makes a confirmed account: the next project is that account's at once.
    await runTsx("scripts/admin.ts", ["create-token", "--email", email, "--scopes", "brief:read"], childEnv);
    const owned = await runTsx("scripts/admin.ts", ["create-project", "--name", "Second", "--owner", email], childEnv);
    expect(owned.code).toBe(0);
    expect(owned.stdout).toContain(`Created project "Second"; ${email} owns it.`);
  });

  it("turns a project's proof gate on and off", async () => {
    const email = `qa.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const created = await runTsx("scripts/admin.ts", ["create-project", "--name", "Gated", "--owner", email], childEnv);
    const projectId = created.stdout.trimEnd().split("\n").at(-1)!;
    const on = await runTsx("scripts/admin.ts", ["set-project", "--project", projectId, "--require-proof", "on"], childEnv);
    expect(on.code).toBe(0);
    expect(on.stdout).toContain('Project "Gated": require proof before checked is on.');
    expect(await storedSetting(projectId)).toBe(true);
    const off = await runTsx("scripts/admin.ts", ["set-project", "--project", projectId, "--require-proof", "off"], childEnv);
    expect(off.stdout).toContain("is off.");
    expect(await storedSetting(projectId)).toBe(false);
    const verified = await runTsx("scripts/admin.ts", ["set-project", "--project", projectId, "--require-proof", "verified"], childEnv);
    expect(verified.stdout).toContain("is on, verified proof only.");
    expect([await storedSetting(projectId), await storedVerified(projectId)]).toEqual([true, true]);
    // `on` keeps its meaning: any passing evidence counts again.
    await runTsx("scripts/admin.ts", ["set-project", "--project", projectId, "--require-proof", "on"], childEnv);
    expect([await storedSetting(projectId), await storedVerified(projectId)]).toEqual([true, false]);
  });

  it("adds a webhook endpoint for every kind or the kinds named, printing its secret alone on the last line", async () => {
    const email = `hooks.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const first = await runTsx("scripts/admin.ts", ["create-project", "--name", "Hooked", "--owner", email], childEnv);
    const projectId = first.stdout.trimEnd().split("\n").at(-1)!;
    const run = await runTsx("scripts/admin.ts", ["create-webhook", "--project", projectId, "--url", "https://hooks.example.com/briefs", "--events", "proposal.created, comment.created"], childEnv);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Added a webhook to https://hooks.example.com/briefs, sent comment.created, proposal.created.");
    const secret = run.stdout.trimEnd().split("\n").at(-1)!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const row = await storedWebhook(projectId);
    expect(row).toMatchObject({ url: "https://hooks.example.com/briefs", events: ["comment.created", "proposal.created"], createdById: null, enabled: true });
    // Stored sealed, never as written.
    expect(String(row?.secretSealed)).not.toContain(secret.slice(6, 20));

    const other = await runTsx("scripts/admin.ts", ["create-project", "--name", "Everything", "--owner", email], childEnv);
    const everything = other.stdout.trimEnd().split("\n").at(-1)!;
    const all = await runTsx("scripts/admin.ts", ["create-webhook", "--project", everything, "--url", "https://hooks.example.com/all"], childEnv);
    expect(all.stdout).toContain("sent every kind of event");
    expect((await storedWebhook(everything))?.events).toEqual([]);
  });

  it("connects a GitHub repository to a project, lower-cased, and disconnects it", async () => {
    const first = await runTsx("scripts/admin.ts", ["create-project", "--name", "Connected", "--owner", `gh.${crypto.randomBytes(4).toString("hex")}@example.test`], childEnv);
    const projectId = first.stdout.trimEnd().split("\n").at(-1)!;
    const bad = await runTsx("scripts/admin.ts", ["connect-github", "--project", projectId, "--installation", "52718", "--repository", "octo-org/web/app"], childEnv);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("repository: Must be owner/name");
    expect(await storedRepository(projectId)).toBeUndefined();

    const run = await runTsx("scripts/admin.ts", ["connect-github", "--project", projectId, "--installation", "52718", "--repository", "Octo-Org/Web-App"], childEnv);
    expect(run.code).toBe(0);
    expect(run.stdout.trimEnd().split("\n").at(-1)).toBe("octo-org/web-app");
    expect(await storedRepository(projectId)).toEqual({ fullName: "octo-org/web-app", installationId: "52718", createdById: null });

    const gone = await runTsx("scripts/admin.ts", ["connect-github", "--project", projectId, "--repository", "octo-org/web-app", "--disconnect"], childEnv);
    expect(gone.code).toBe(0);
    expect(gone.stdout).toContain("Disconnected octo-org/web-app.");
    expect(await storedRepository(projectId)).toBeUndefined();
  });

  it.each([
    ["https://10.0.0.1/x", "url: 10.0.0.1 is not a public address (a private network); webhooks are sent only to public addresses"],
    ["https://169.254.169.254/latest/meta-data/", "url: 169.254.169.254 is not a public address (link-local, where cloud metadata services answer)"],
    ["https://[::ffff:10.0.0.1]/x", "url: [::ffff:a00:1] is not a public address (IPv4 10.0.0.1, a private network)"],
  ])("refuses a webhook to %s on a real project, printing no secret and storing nothing", async (url, message) => {
    const first = await runTsx("scripts/admin.ts", ["create-project", "--name", "Inward", "--owner", `ops.${crypto.randomBytes(4).toString("hex")}@example.test`], childEnv);
    const projectId = first.stdout.trimEnd().split("\n").at(-1)!;
    const run = await runTsx("scripts/admin.ts", ["create-webhook", "--project", projectId, "--url", url], childEnv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("The arguments are not valid.");
    expect(run.stderr).toContain(message);
    expect(run.stdout).not.toContain("whsec_");
    expect(await storedWebhook(projectId)).toBeUndefined();
  });

  it.each([
    [["create-webhook", "--project", "no-such-project", "--url", "https://hooks.example.com/x"], 'No project has the id "no-such-project"'],
    [["create-webhook", "--project", "x", "--url", "http://hooks.example.com/x"], "must be an https:// URL"],
    [["create-webhook", "--project", "x", "--url", "https://hooks.example.com/x", "--events", "brief.exploded"], "not a kind of event"],
    [["create-webhook", "--url", "https://hooks.example.com/x"], "--project is required"],
    [["set-project", "--project", "no-such-project", "--require-proof", "on"], 'No project has the id "no-such-project"'],
    [["set-project", "--project", "x", "--require-proof", "yes"], "--require-proof must be on, off or verified"],
    [["set-project", "--require-proof", "on"], "--project is required"],
    [["create-project", "--name", "Team"], "--owner is required"],
    [["create-project", "--owner", "a@example.test", "--name", " "], "name"],
    [["create-token", "--email", "a@example.test", "--scopes", "brief:admin"], "Unknown scope"],
    [["create-token", "--scopes", "brief:read"], "--email is required"],
    [["create-token", "--email", "not-an-email", "--scopes", "brief:read"], "valid email"],
    [["create-token", "--email", "a@example.test", "--scopes", "brief:read", "--bogus"], "Unknown option"],
    [["connect-github", "--project", "no-such-project", "--installation", "1", "--repository", "octo-org/app"], 'No project has the id "no-such-project"'],
    [["connect-github", "--project", "x", "--installation", "one", "--repository", "octo-org/app"], "installationId: Must be the installation's number"],
    [["connect-github", "--project", "x", "--repository", "octo-org/app"], "--installation is required"],
    [["make-coffee"], 'Unknown command "make-coffee"'],
  ])("refuses %j with a clear error and a non-zero exit", async (args, message) => {
    const run = await runTsx("scripts/admin.ts", args, childEnv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stdout).not.toMatch(/brf_|whsec_/);
  });
});
