// A person with a project, a brief and an API token, and a webhook endpoint at the given URL: what
// the observability tests drive through the app. Prints the ids and the token as JSON. Run before
// the server starts (the embedded database admits one process at a time), with
// BRIEFS_WEBHOOK_ALLOW_LOOPBACK=1 for a loopback endpoint.
//   tsx tests/support/observed-fixture.ts <email> <webhook url>
import { actorLabel } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { createBrief } from "@/lib/briefs/create-brief";
import { getPrisma } from "@/lib/db/client";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { ensureUser } from "@/lib/users/ensure-user";
import { createWebhookAsOperator } from "@/lib/webhooks/manage-webhooks";
import { runDatabaseScript } from "./database-script";

async function main(): Promise<void> {
  const [email, webhookUrl] = process.argv.slice(2);
  const user = await ensureUser(email);
  const actor = { userId: user.id, email: user.email, label: actorLabel(user), door: "cli" as const, scopes: allScopes };
  const prisma = await getPrisma();
  const project = await prisma.project.create({ data: { name: "Observed", memberships: { create: { userId: user.id, role: "owner" } } } });
  const { result } = await createBrief(actor, {
    projectId: project.id,
    title: "Observed brief",
    content: { goal: "See inside the service.", testingQaChecklist: [{ text: "Works", checked: false }] },
    idempotencyKey: crypto.randomUUID(),
  });
  const { token } = await createApiToken({ ...actor, door: "web" }, { name: "Agent", scopes: ["brief:read", "brief:write"] });
  await createWebhookAsOperator({ projectId: project.id, url: webhookUrl });
  console.log(JSON.stringify({ projectId: project.id, briefId: result.brief.id, token, userId: user.id }));
}

runDatabaseScript(main);
