/**
 * Reads a restored database through the services, as a client holding the archive's token would,
 * and prints what it saw as one JSON line. Run with the restored target's BRIEFS_DATA_DIR or
 * DATABASE_URL (tests/backup/upgrade.test.ts): the code that opens it is today's.
 *
 *   tsx tests/backup/read-restored.ts <token>
 */
import crypto from "node:crypto";
import { authenticateBearerToken } from "@/lib/auth/authenticate-bearer-token";
import { contentHash } from "@/lib/briefs/content-hash";
import { getBriefVersion } from "@/lib/briefs/get-brief-version";
import { closeDatabase, getPrisma } from "@/lib/db/client";
import { readEvidenceFile } from "@/lib/evidence/read-evidence-file";
import { listTemplates } from "@/lib/templates/list-templates";


async function main(): Promise<void> {
  const authenticated = await authenticateBearerToken(process.argv[2] ?? "");
  if (!authenticated) throw new Error("The archive's token does not authenticate.");
  const { actor } = authenticated;
  const prisma = await getPrisma();
  const briefs = await prisma.brief.findMany({ orderBy: { id: "asc" }, select: { id: true, title: true, projectId: true } });
  const read = [];
  for (const brief of briefs) {
    const count = await prisma.briefVersion.count({ where: { briefId: brief.id } });
    const versions = [];
    for (let versionNum = 1; versionNum <= count; versionNum++) {
      const { version } = await getBriefVersion(actor, { briefId: brief.id, versionNum });
      versions.push({ versionNum: version.versionNum, hash: version.hash, hashOfContent: contentHash(version.content as Record<string, unknown>) });
    }
    read.push({ ...brief, versions });
  }
  const files = await prisma.evidenceFile.findMany({ select: { id: true } });
  const evidenceFiles = [];
  for (const { id } of files) {
    const file = await readEvidenceFile(actor, id);
    evidenceFiles.push({ id, sha256: crypto.createHash("sha256").update(file.bytes).digest("hex"), size: file.bytes.byteLength });
  }
  // Each project's templates, as its members list them: a project older than templates gets the built-ins here.
  const templates: Record<string, string[]> = {};
  for (const projectId of [...new Set(briefs.map((b) => b.projectId))].sort()) {
    templates[projectId] = (await listTemplates(actor, { projectId })).map((t) => t.name);
  }
  console.log(JSON.stringify({ email: actor.email, briefs: read, evidenceFiles, templates }));
}

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
