// Uses a restored database (DATABASE_URL or BRIEFS_DATA_DIR) as its users would, with an API token
// made before the backup: authenticates it, reads the brief, ticks a row (a new version and an
// outbox event), downloads an evidence file and unseals a webhook's signing secret with the
// server secret the database keeps. Prints one line of JSON.
//   tsx tests/backup/use-restored.ts <token> <briefId> <fileId> <webhookId>
import crypto from "node:crypto";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { getPrisma } from "@/lib/db/client";
import { readEvidenceFile } from "@/lib/evidence/read-evidence-file";
import { authenticateApiToken } from "@/lib/tokens/authenticate-api-token";
import { unsealWebhookSecret } from "@/lib/webhooks/webhook-secret";
import { runDatabaseScript } from "../support/database-script";

async function main(): Promise<void> {
  const [token, briefId, fileId, webhookId] = process.argv.slice(2);
  const actor = await authenticateApiToken(token);
  if (!actor) {
    console.log(JSON.stringify({ authenticated: false }));
    return;
  }
  const view = await getBriefFull(actor, { briefId });
  const rows = view.brief.content.testingQaChecklist as Array<{ text: string; checked: boolean }>;
  const ticked = await updateChecklistItem(actor, { briefId, index: 0, expectedText: rows[0].text, checked: !rows[0].checked, idempotencyKey: crypto.randomUUID() });
  const prisma = await getPrisma();
  const event = await prisma.outboxEvent.findFirstOrThrow({ where: { briefId }, orderBy: { seq: "desc" } });
  const file = await readEvidenceFile(actor, fileId);
  const endpoint = await prisma.webhookEndpoint.findUniqueOrThrow({ where: { id: webhookId } });
  console.log(
    JSON.stringify({
      authenticated: true,
      label: actor.label,
      view,
      tickedVersion: ticked.result.brief.versionNum,
      event: { seq: String(event.seq), versionNum: event.versionNum },
      fileSha256: crypto.createHash("sha256").update(file.bytes).digest("hex"),
      webhookSecret: unsealWebhookSecret(endpoint.secretSealed),
    }),
  );
}

runDatabaseScript(main);
