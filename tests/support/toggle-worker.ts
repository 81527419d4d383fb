// A separate app process for the multi-process race: toggles the given checklist rows of one brief
// as the given user, each once, all at the same time, and prints how many succeeded.
import crypto from "node:crypto";
import { actorLabel } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { updateChecklistItem } from "@/lib/briefs/update-checklist-item";
import { closeDatabase } from "@/lib/db/client";

async function main() {
  const [userId, email, briefId, rowList] = process.argv.slice(2);
  const rows = rowList.split(",").map(Number);
  const actor = { userId, email, label: actorLabel({ email, tokenName: `worker-${process.pid}` }), door: "mcp" as const, scopes: allScopes };
  const results = await Promise.allSettled(
    rows.map((index) =>
      updateChecklistItem(actor, { briefId, index, expectedText: `Row ${index}`, checked: true, idempotencyKey: crypto.randomUUID() }),
    ),
  );
  const failed = results.filter((r) => r.status === "rejected");
  for (const f of failed) console.error((f as PromiseRejectedResult).reason);
  console.log(`ok ${results.length - failed.length}`);
  await closeDatabase();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
