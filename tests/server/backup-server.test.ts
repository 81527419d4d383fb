import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { verifyArchive } from "@/lib/backup/read-archive";
import { Webhook } from "standardwebhooks";
import { createTokenWithAdminCommand, startReadyApp } from "../support/app-server";
import { runTsx } from "../support/spawn-tsx";
import { webhookReceiver } from "../support/webhook-receiver";
import { cleanups, databaseWithBrief, emptyDatabase, kind, started, tempDir, waitFor } from "./backup-support";
import { newKey, toolOk } from "./mcp-calls";

/**
 * Backups against real servers: a backup while the server runs and takes writes, scheduled backups
 * and what /api/health says of them, and a restored server that carries on where the old one was.
 */
describe(`backups of a running server (${kind})`, () => {
  it("backs up while the server takes writes: the archive is one point in time, with every write acknowledged before it", async () => {
    const db = await databaseWithBrief();
    const app = await startReadyApp(db.env);
    started.push(app);
    const { project } = await toolOk(app.origin, db.token, "project_create", { name: "Backed up", idempotencyKey: newKey() });
    const { brief } = await toolOk(app.origin, db.token, "brief_create", { projectId: project.id, title: "Under load", idempotencyKey: newKey() });

    let acknowledged = 1;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const updated = await toolOk(app.origin, db.token, "brief_update", { briefId: brief.id, content: { goal: `Goal ${acknowledged + 1}` }, idempotencyKey: newKey() });
        acknowledged = updated.brief.versionNum as number;
      }
    })();
    await waitFor(() => acknowledged >= 5, "the first writes");
    const out = path.join(tempDir("briefs-archive-"), "running.tar.gz");
    const before = acknowledged;
    const backup = await runTsx("scripts/admin.ts", ["backup", "--out", out], db.env);
    const after = acknowledged;
    // Writes kept being acknowledged while the backup ran: it held nothing they waited for.
    await waitFor(() => acknowledged > after + 2, "writes after the backup");
    writing = false;
    await writer;
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    if (kind === "pglite") expect(backup.stdout).toContain("through the running server");

    const manifest = await verifyArchive(out);
    expect(fs.statSync(out).mode & 0o777).toBe(0o600);
    const target = await emptyDatabase();
    expect((await runTsx("scripts/admin.ts", ["restore", out], target.env)).code).toBe(0);
    const versions = (await target.query(`SELECT "versionNum" AS n FROM "BriefVersion" WHERE "briefId" = '${brief.id}' ORDER BY 1`)).map((r) => Number(r.n));
    const [{ current }] = await target.query(`SELECT "versionNum" AS current FROM "Brief" WHERE id = '${brief.id}'`);
    // Contiguous, ending where the brief row says: one point in time.
    expect(versions).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
    expect(Number(current)).toBe(versions.length);
    expect(versions.length).toBeGreaterThanOrEqual(before);
    expect(versions.length).toBeLessThanOrEqual(after + 1);
    expect(manifest.rowCounts.BriefVersion).toBeGreaterThanOrEqual(versions.length);

    // The restored copy is read by today's code with the same token: every version's hash matches its content.
    const read = await runTsx("tests/backup/read-restored.ts", [db.token], target.env);
    expect(read.code).toBe(0);
    const seen = JSON.parse(read.stdout.trim().split("\n").at(-1)!) as { briefs: Array<{ id: string; versions: Array<{ hash: string; hashOfContent: string }> }> };
    const restored = seen.briefs.find((b) => b.id === brief.id)!;
    expect(restored.versions).toHaveLength(versions.length);
    for (const version of restored.versions) expect(version.hashOfContent).toBe(version.hash);
  });

  it.runIf(kind === "pglite")("makes scheduled backups, keeps the newest N, and shows a failure and the last good time in /api/health", async () => {
    const db = await databaseWithBrief();
    const folder = path.join(tempDir("briefs-scheduled-"), "backups");
    const app = await startReadyApp({ ...db.env, BRIEFS_BACKUP_DIR: folder, BRIEFS_BACKUP_EVERY: "1s", BRIEFS_BACKUP_KEEP: "2" });
    started.push(app);
    const health = async () => (await (await fetch(`${app.origin}/api/health`)).json()) as { status: string; details?: { backups?: { lastGoodAt: string | null; lastFailure: { at: string; message: string } | null } } };
    const written = () => (app.server.log().match(/Scheduled backup written/g) ?? []).length;
    await waitFor(() => written() >= 3, "three scheduled backups");
    const archives = fs.readdirSync(folder).filter((name) => name.endsWith(".tar.gz"));
    expect(archives.length).toBe(2);
    for (const name of archives) await verifyArchive(path.join(folder, name));
    const good = await health();
    expect(good.status).toBe("ok");
    expect(Date.parse(good.details!.backups!.lastGoodAt!)).toBeGreaterThan(Date.now() - 60_000);

    // The folder goes away and a file takes its place: the next backup fails, loudly.
    fs.rmSync(folder, { recursive: true });
    fs.writeFileSync(folder, "not a folder");
    const failed = await waitFor(async () => {
      const answer = await health();
      return answer.details?.backups?.lastFailure ? answer : undefined;
    }, "a failed backup in /api/health");
    expect(failed.status).toBe("ok");
    expect(failed.details!.backups!.lastGoodAt).not.toBeNull();
    expect(failed.details!.backups!.lastFailure!.message).not.toMatch(/\/tmp\//);
    expect(app.server.log()).toContain("Scheduled backup failed");

    fs.rmSync(folder);
    fs.mkdirSync(folder);
    await waitFor(async () => (await health()).details?.backups?.lastFailure === null || undefined, "a good backup again");
  });
});

describe(`a restored server carries on where the backed-up one was (${kind})`, () => {
  it("keeps the server secret, webhook secrets, delivered events and idempotency receipts", async () => {
    const db = await emptyDatabase();
    const email = `owner-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const token = await createTokenWithAdminCommand(db.env, { email, scopes: "brief:read,brief:write", name: "agent" });
    const project = await runTsx("scripts/admin.ts", ["create-project", "--name", "Hooks", "--owner", email], db.env);
    const projectId = project.stdout.trim().split("\n").at(-1)!;
    const receiver = await webhookReceiver();
    cleanups.push(() => receiver.stop());
    const hook = await runTsx("scripts/admin.ts", ["create-webhook", "--project", projectId, "--url", receiver.url()], { ...db.env, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1" });
    const secret = hook.stdout.trim().split("\n").at(-1)!;
    const env = { ...db.env, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1" };

    const before = await startReadyApp(env);
    const { brief } = await toolOk(before.origin, token, "brief_create", { projectId, title: "Hooked", idempotencyKey: newKey() });
    const key = newKey();
    const update = { briefId: brief.id, content: { goal: "Sent once" }, idempotencyKey: key };
    const first = await toolOk(before.origin, token, "brief_update", update);
    await waitFor(() => receiver.received.length >= 2, "the first events' delivery");
    const out = path.join(tempDir("briefs-carry-on-"), "hooks.tar.gz");
    expect((await runTsx("scripts/admin.ts", ["backup", "--out", out], env)).code).toBe(0);
    await before.server.stop();

    const target = await emptyDatabase();
    expect((await runTsx("scripts/admin.ts", ["restore", out], target.env)).code).toBe(0);
    const delivered = new Set(receiver.received.map((r) => r.id));
    const after = await startReadyApp({ ...target.env, BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1" });
    started.push(after);

    // The same token; the same key replays the stored answer instead of writing again.
    const replayed = await toolOk(after.origin, token, "brief_update", update);
    expect(replayed).toEqual(first);
    const full = await toolOk(after.origin, token, "brief_get_full", { briefId: brief.id });
    expect(full.brief.versionNum).toBe(first.brief.versionNum);

    // A new write's event goes out, signed with the same secret; none delivered before is sent again.
    const count = receiver.received.length;
    await toolOk(after.origin, token, "brief_update", { briefId: brief.id, content: { goal: "After the move" }, idempotencyKey: newKey() });
    const next = (first.brief.versionNum as number) + 1;
    const fresh = await waitFor(() => receiver.received.slice(count).find((r) => (JSON.parse(r.body) as { data: { versionNum?: number } }).data.versionNum === next), "the new write's event");
    expect(() => new Webhook(secret).verify(fresh.body, fresh.headers)).not.toThrow();
    expect(receiver.received.slice(count).filter((r) => delivered.has(r.id))).toEqual([]);
  });
});
