/**
 * Saves an archive of the current schema for the upgrade test (tests/backup/upgrade.test.ts),
 * with what a later release must read back from it. Run it BEFORE a change that adds a migration:
 *
 *   npx tsx tests/backup/make-upgrade-archive.ts
 *
 * It builds a database with today's code in a temporary folder (the demo project, an API token,
 * evidence with a file), backs it up with the operator's command, and writes
 * tests/backup/upgrade-archives/<last migration>.tar.gz and .expected.json.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const folder = path.join(process.cwd(), "tests", "backup", "upgrade-archives");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "briefs-upgrade-archive-"));
process.env.BRIEFS_DATA_DIR = dataDir;
delete process.env.DATABASE_URL;

async function main(): Promise<void> {
  const { closeDatabase, getPrisma } = await import("@/lib/db/client");
  const { seedDemo } = await import("@/lib/demo/seed-demo");
  const { ensureUser } = await import("@/lib/users/ensure-user");
  const { cliActor } = await import("@/lib/auth/cli-actor");
  const { createApiToken } = await import("@/lib/tokens/create-api-token");
  const { addEvidence } = await import("@/lib/evidence/add-evidence");
  const { readMigrationFiles } = await import("@/lib/db/migration-files");
  await seedDemo();
  const user = await ensureUser("demo@briefs.dev");
  const actor = cliActor(user);
  const { token } = await createApiToken(actor, { name: "upgrade-fixture", scopes: ["brief:read", "brief:write"] });
  const prisma = await getPrisma();
  const brief = await prisma.brief.findFirstOrThrow({ orderBy: { createdAt: "asc" } });
  const { getBriefFull } = await import("@/lib/briefs/get-brief-full");
  const { listTemplates } = await import("@/lib/templates/list-templates");
  const full = (await getBriefFull(actor, { briefId: brief.id })) as unknown as { brief: { content: { acceptanceCriteria?: Array<{ id?: string }> } } };
  const criterion = full.brief.content.acceptanceCriteria?.find((c) => c.id);
  if (!criterion) throw new Error("The demo brief has no acceptance criterion with an id to attach evidence to.");
  // A 1×1 PNG: evidence files must come back byte for byte.
  const png = Buffer.from("89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5a4e1d20000000049454e44ae426082", "hex");
  {
    await addEvidence(
      actor,
      {
        briefId: brief.id,
        criterionIds: [criterion.id!],
        kind: "screenshot",
        result: "pass",
        summary: "Checkout with a saved card",
        file: { name: "checkout.png", mediaType: "image/png", bytes: png },
        idempotencyKey: "upgrade-fixture-evidence",
      },
      { maxFileBytes: 1_000_000 },
    );
  }
  const briefs = await prisma.brief.findMany({ orderBy: { id: "asc" }, select: { id: true, title: true, projectId: true } });
  const expected = {
    token,
    users: (await prisma.user.findMany({ orderBy: { email: "asc" }, select: { email: true } })).map((u) => u.email),
    briefs: await Promise.all(
      briefs.map(async (b) => ({
        ...b,
        versions: await prisma.briefVersion.findMany({ where: { briefId: b.id }, orderBy: { versionNum: "asc" }, select: { versionNum: true, hash: true } }),
      })),
    ),
    evidenceFiles: (await prisma.evidenceFile.findMany({ select: { id: true, sha256: true, size: true } })).map((f) => ({ ...f })),
    templates: Object.fromEntries(
      await Promise.all(
        [...new Set(briefs.map((b) => b.projectId))].sort().map(async (projectId) => [projectId, (await listTemplates(actor, { projectId })).map((t) => t.name)] as const),
      ),
    ),
  };
  await closeDatabase();
  const last = readMigrationFiles().at(-1)!.name;
  const archive = path.join(folder, `${last}.tar.gz`);
  const made = spawnSync(path.join("node_modules", ".bin", "tsx"), ["scripts/admin.ts", "backup", "--out", archive], { stdio: "inherit", env: process.env });
  if (made.status !== 0) throw new Error("The backup command failed.");
  fs.writeFileSync(path.join(folder, `${last}.expected.json`), `${JSON.stringify(expected, null, 2)}\n`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(`Saved ${archive} and its expectations.`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
