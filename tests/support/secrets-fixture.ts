// The credentials of every kind the secrets-in-logs test sends through the app, made before the
// server starts (the embedded database admits one process at a time); prints them as JSON.
//   tsx tests/support/secrets-fixture.ts <owner email> <owner password> <webhook url>
import { actorLabel } from "@/lib/auth/actor";
import { hashPassword } from "@/lib/auth/password";
import { allScopes } from "@/lib/auth/scopes";
import { createBrief } from "@/lib/briefs/create-brief";
import { getPrisma } from "@/lib/db/client";
import { oneClickUnsubscribeHeaders, unsubscribeLink } from "@/lib/notifications/unsubscribe-link";
import { createShare } from "@/lib/shares/manage-shares";
import { createApiToken } from "@/lib/tokens/create-api-token";
import { revokeApiToken } from "@/lib/tokens/revoke-api-token";
import { ensureUser } from "@/lib/users/ensure-user";
import { createWebhookAsOperator } from "@/lib/webhooks/manage-webhooks";
import { runDatabaseScript } from "./database-script";
import { uniqueKey } from "./fixtures";

async function main(): Promise<void> {
  const [email, password, webhookUrl] = process.argv.slice(2);
  const user = await ensureUser(email, "Owner");
  const prisma = await getPrisma();
  await prisma.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
  const owner = { userId: user.id, email: user.email, label: actorLabel(user), door: "web" as const, scopes: allScopes };
  const project = await prisma.project.create({ data: { name: "Secrets", memberships: { create: { userId: user.id, role: "owner" } } } });
  const { result } = await createBrief(owner, { projectId: project.id, title: "Kept quiet", content: { goal: "Nothing leaks" }, idempotencyKey: uniqueKey() });
  const briefId = result.brief.id;

  const { token: apiToken } = await createApiToken(owner, { name: "agent", scopes: [...allScopes] });
  const revoked = await createApiToken(owner, { name: "retired", scopes: [...allScopes] });
  await revokeApiToken(owner, revoked.apiToken.id);
  const { token: shareToken } = await createShare(owner, { briefId });
  const webhook = await createWebhookAsOperator({ projectId: project.id, url: webhookUrl });
  if (!webhook) throw new Error("The webhook was not created");
  const unsubscribePage = new URL(unsubscribeLink(user.id, "proposal"));
  const oneClick = new URL(oneClickUnsubscribeHeaders(user.id, "decision")["List-Unsubscribe"].slice(1, -1));

  console.log(
    JSON.stringify({
      userId: user.id,
      projectId: project.id,
      briefId,
      apiToken,
      revokedToken: revoked.token,
      shareToken,
      webhookId: webhook.webhook.id,
      webhookSecret: webhook.secret,
      unsubscribePage: unsubscribePage.pathname + unsubscribePage.search,
      unsubscribeMac: unsubscribePage.searchParams.get("t"),
      oneClick: oneClick.pathname + oneClick.search,
      oneClickMac: oneClick.searchParams.get("t"),
    }),
  );
}

runDatabaseScript(main);
