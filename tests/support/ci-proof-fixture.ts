// A project of the person with this email with a brief whose tickets a pull request of a connected
// repository is linked to, as the GitHub integration leaves them; prints their ids as JSON. Run
// before the server starts (the embedded database admits one process at a time).
//   tsx tests/support/ci-proof-fixture.ts <email> <owner/name> [<criteria, 2>]
import { actorLabel } from "@/lib/auth/actor";
import { allScopes } from "@/lib/auth/scopes";
import { createBrief } from "@/lib/briefs/create-brief";
import { getPrisma } from "@/lib/db/client";
import { ensureUser } from "@/lib/users/ensure-user";
import { runDatabaseScript } from "./database-script";
import { savedCardContent } from "./saved-card-content";

async function main(): Promise<void> {
  const [email, fullName, count = "2"] = process.argv.slice(2);
  const user = await ensureUser(email);
  const actor = { userId: user.id, email: user.email, label: actorLabel(user), door: "cli" as const, scopes: allScopes };
  const prisma = await getPrisma();
  const project = await prisma.project.create({ data: { name: "Checkout", memberships: { create: { userId: user.id, role: "owner" } } } });
  const content = savedCardContent(Number(count));
  const { result } = await createBrief(actor, { projectId: project.id, title: "Saved cards", content, idempotencyKey: crypto.randomUUID() });
  await prisma.githubRepository.create({ data: { projectId: project.id, fullName, installationId: 42n } });
  const headSha = "a".repeat(40);
  const pullRequest = await prisma.githubPullRequest.create({
    data: { fullName, number: 7, url: `https://github.com/${fullName}/pull/7`, title: "Saved cards", state: "open", headSha, headRef: "saved-cards", authorLogin: "octocat" },
  });
  await prisma.githubTicketLink.create({ data: { pullRequestId: pullRequest.id, briefId: result.brief.id, ticketId: "T-1", closing: true } });
  console.log(JSON.stringify({ projectId: project.id, briefId: result.brief.id, headSha }));
}

runDatabaseScript(main);
