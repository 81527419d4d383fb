import crypto from "node:crypto";
import { uuid7 } from "@/lib/db/uuid7";
import { appOrigin } from "@/lib/config/app-origin";
import { getPrisma } from "@/lib/db/client";
import { transactionOptions } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors";
import { loadWorkOrders } from "@/lib/work-orders/load-work-orders";
import { updateWorkOrderUnlessAlready } from "@/lib/work-orders/update-work-order";
import { sqlOf } from "@/lib/db/transaction";
import { githubActor } from "./github-actor";
import { markPullRequestCheckDue } from "./mark-checks-due";
import { handledPullRequestActions, pullRequestState, type PullRequestPayload } from "./pull-request-event";
import { resolveTicketLinks, type TicketLink } from "./resolve-ticket-links";

/**
 * One `pull_request` delivery (docs/github.md#pull-requests-and-tickets): the pull request as it now
 * stands, the tickets it links, and — once it is merged — each ticket it closes moved to done,
 * through the work-order service so history, events and live updates follow. The briefs whose links
 * or pull-request state changed are touched, which tells their open pages (lib/live).
 * A delivery older than what is stored (GitHub does not promise order) changes nothing.
 */
export async function processPullRequest(deliveryId: string, payload: PullRequestPayload): Promise<void> {
  if (!handledPullRequestActions.has(payload.action)) return;
  const pr = payload.pull_request;
  const fullName = payload.repository.full_name.toLowerCase();
  const state = pullRequestState(pr);
  const prisma = await getPrisma();
  const repositories = await prisma.githubRepository.findMany({ where: { fullName }, select: { projectId: true, createdById: true } });
  if (!repositories.length) return;
  const projectIds = repositories.map((repository) => repository.projectId);

  const stored = await prisma.$transaction(async (tx) => {
    const updatedAt = new Date(pr.updated_at);
    const [row] = await tx.$queryRawUnsafe<Array<{ id: string }>>(
      `INSERT INTO "GithubPullRequest" (id, "fullName", number, url, title, state, "headSha", "headRef", "authorLogin", "mergedAt", "updatedAt")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::timestamp, $11::timestamp)
       ON CONFLICT ("fullName", number) DO UPDATE SET url = EXCLUDED.url, title = EXCLUDED.title, state = EXCLUDED.state,
         "headSha" = EXCLUDED."headSha", "headRef" = EXCLUDED."headRef", "authorLogin" = EXCLUDED."authorLogin",
         "mergedAt" = EXCLUDED."mergedAt", "updatedAt" = EXCLUDED."updatedAt"
       WHERE "GithubPullRequest"."updatedAt" <= EXCLUDED."updatedAt"
       RETURNING id`,
      uuid7(),
      fullName,
      pr.number,
      pr.html_url,
      pr.title,
      state,
      pr.head.sha,
      pr.head.ref,
      pr.user.login,
      pr.merged_at ? new Date(pr.merged_at).toISOString() : null,
      updatedAt.toISOString(),
    );
    if (!row) return null;
    const links = await resolveTicketLinks(tx, pr, projectIds, appOrigin());
    const before = await tx.githubTicketLink.findMany({ where: { pullRequestId: row.id }, select: { briefId: true } });
    await tx.githubTicketLink.deleteMany({ where: { pullRequestId: row.id } });
    if (links.length) {
      await tx.githubTicketLink.createMany({ data: links.map((link) => ({ pullRequestId: row.id, briefId: link.briefId, ticketId: link.ticketId, closing: link.closing })) });
    }
    // Touching the brief row counts a change and announces it (the live-updates trigger): its trace page refreshes.
    const touched = [...new Set([...before.map((link) => link.briefId), ...links.map((link) => link.briefId)])];
    if (touched.length) await tx.$executeRawUnsafe(`UPDATE "Brief" SET "changeSeq" = "changeSeq" WHERE id = ANY($1::text[])`, touched);
    // Opened, pushed to, made ready or relinked: the head's "Briefs" check (a new one for a new head) is due.
    await markPullRequestCheckDue(sqlOf(tx), row.id);
    return { links };
  }, transactionOptions);

  if (!stored || state !== "merged") return;
  for (const link of stored.links.filter((l) => l.closing)) await completeTicket(deliveryId, link, repositories, pr.user.login, pr.html_url);
}

/**
 * Moves a closed ticket's work order to done, once: a ticket already done is left as it is, also
 * when another instance processes another delivery of the same merge at the same moment.
 */
async function completeTicket(deliveryId: string, link: TicketLink, repositories: Array<{ projectId: string; createdById: string | null }>, login: string, url: string): Promise<void> {
  const prisma = await getPrisma();
  const orders = await loadWorkOrders(sqlOf(prisma), link.briefId);
  if (orders.get(link.ticketId)?.status === "done") return;
  const connectedBy = repositories.find((repository) => repository.projectId === link.projectId)?.createdById ?? null;
  const actor = await githubActor(prisma, link.projectId, connectedBy, login);
  if (!actor) return;
  const key = crypto.createHash("sha256").update(`${deliveryId}\u0001${link.briefId}\u0001${link.ticketId}`).digest("hex").slice(0, 40);
  try {
    await updateWorkOrderUnlessAlready(actor, {
      briefId: link.briefId,
      ticketId: link.ticketId,
      status: "done",
      links: [{ label: "pull request", url }],
      note: `Merged on GitHub: ${url}`,
      idempotencyKey: `github-${key}`,
    });
  } catch (error) {
    // A closed or superseded brief takes no more work-order changes; the link still shows the merge.
    if (error instanceof DomainError && (error.code === "BRIEF_STATE_CONFLICT" || error.code === "VALIDATION_ERROR")) return;
    throw error;
  }
}
