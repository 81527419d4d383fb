import type { Tx } from "@/lib/db/transaction";
import { loadCurrentContent } from "@/lib/briefs/version-store";
import { briefKeyOf, findTicketReferences } from "./ticket-references";
import type { PullRequestPayload } from "./pull-request-event";

export type TicketLink = { briefId: string; projectId: string; ticketId: string; closing: boolean };

/**
 * The tickets a pull request links, among the briefs of the projects its repository is connected
 * to: those whose work order recorded the pull request's address (closing: the ticket named it as
 * its own), and those its title, description or branch names by address or short key. A ticket
 * named more than once is linked once, closing if any naming was. A short key that fits more than
 * one brief links none of them; a ticket the brief's current version does not have is not linked.
 */
export async function resolveTicketLinks(tx: Tx, pr: PullRequestPayload["pull_request"], projectIds: string[], appOrigin: string): Promise<TicketLink[]> {
  const links = new Map<string, TicketLink>();
  const add = (link: TicketLink) => {
    const key = `${link.briefId}\u0001${link.ticketId}`;
    const known = links.get(key);
    links.set(key, { ...link, closing: link.closing || (known?.closing ?? false) });
  };

  const recorded = await tx.$queryRawUnsafe<Array<{ briefId: string; projectId: string; ticketId: string }>>(
    `SELECT DISTINCT b.id AS "briefId", b."projectId", i.data->>'ticketId' AS "ticketId"
       FROM "BriefItem" i JOIN "Brief" b ON b.id = i."briefId"
      WHERE b."projectId" = ANY($1::text[]) AND i.collection = 'workOrders' AND i.status IS NOT NULL
        AND i.data->'links' @> $2::jsonb`,
    projectIds,
    JSON.stringify([{ url: pr.html_url }]),
  );
  for (const row of recorded) add({ ...row, closing: true });

  const text = [pr.title, pr.body ?? "", pr.head.ref].join("\n");
  const references = findTicketReferences(text, appOrigin);
  const keys = [...new Set(references.flatMap((ref) => (ref.kind === "key" ? [ref.briefKey] : [])))];
  const ids = [...new Set(references.flatMap((ref) => (ref.kind === "url" ? [ref.briefId] : [])))];
  const briefs = keys.length || ids.length
    ? await tx.$queryRawUnsafe<Array<{ id: string; projectId: string; versionNum: number }>>(
        `SELECT id, "projectId", "versionNum" FROM "Brief"
          WHERE "projectId" = ANY($1::text[]) AND (id = ANY($2::text[]) OR right(replace(id, '-', ''), 8) = ANY($3::text[]))`,
        projectIds,
        ids,
        keys,
      )
    : [];
  for (const ref of references) {
    const matches = ref.kind === "url" ? briefs.filter((b) => b.id === ref.briefId && b.projectId === ref.projectId) : briefs.filter((b) => briefKeyOf(b.id) === ref.briefKey);
    if (matches.length === 1) add({ briefId: matches[0].id, projectId: matches[0].projectId, ticketId: ref.ticketId, closing: ref.closing });
  }

  const result: TicketLink[] = [];
  const tickets = new Map<string, Set<string>>();
  for (const link of links.values()) {
    if (!tickets.has(link.briefId)) {
      const brief = await tx.brief.findUnique({ where: { id: link.briefId }, select: { id: true, versionNum: true } });
      const content = brief ? await loadCurrentContent(tx, brief) : null;
      tickets.set(link.briefId, new Set((content?.generatedTickets ?? []).map((ticket) => ticket.id)));
    }
    if (tickets.get(link.briefId)!.has(link.ticketId)) result.push(link);
  }
  return result;
}
