import { getPrisma } from "@/lib/db/client";
import { sqlOf, transactionOptions } from "@/lib/db/transaction";
import { loadCurrentContent } from "@/lib/briefs/version-store";
import { isVerified } from "@/lib/evidence/provenance";
import { buildTrace } from "@/lib/trace/build-trace";
import { loadTraceFacts } from "@/lib/trace/trace-facts";
import type { CheckBrief } from "./check-run-summary";

/**
 * The standing of a pull request's linked briefs at one commit: per linked brief, the criteria its
 * linked tickets bind, each with the status the trace gives when only verified evidence of that
 * commit counts (provenance.sha), and the findings open on it — those opened by failing evidence
 * apart. Read in one snapshot, so a report landing meanwhile is either all in or all out.
 */
export async function loadCheckStanding(pullRequestId: string, headSha: string): Promise<CheckBrief[]> {
  const prisma = await getPrisma();
  return prisma.$transaction(
    async (tx) => {
      const links = await tx.githubTicketLink.findMany({ where: { pullRequestId }, select: { briefId: true, ticketId: true }, orderBy: [{ briefId: "asc" }, { ticketId: "asc" }] });
      const tickets = new Map<string, Set<string>>();
      for (const link of links) tickets.set(link.briefId, (tickets.get(link.briefId) ?? new Set()).add(link.ticketId));
      const briefs: CheckBrief[] = [];
      for (const [briefId, linked] of tickets) {
        const brief = await tx.brief.findUnique({ where: { id: briefId }, select: { id: true, projectId: true, title: true, versionNum: true } });
        if (!brief) continue;
        const content = await loadCurrentContent(tx, brief);
        const facts = await loadTraceFacts(sqlOf(tx), brief.id);
        facts.evidence = facts.evidence.filter((item) => isVerified(item.provenance) && item.provenance.sha === headSha);
        const trace = buildTrace(brief, content, facts);
        const bound = new Set(trace.tickets.filter((ticket) => linked.has(ticket.id)).flatMap((ticket) => ticket.boundCriteria));
        const failingFindings = new Set(facts.findings.filter((finding) => finding.status === "open" && finding.source === "evidence").map((finding) => finding.id));
        const criteria = trace.criteria
          .filter((criterion) => bound.has(criterion.id))
          .map((criterion) => ({
            id: criterion.id,
            text: criterion.text,
            status: criterion.status,
            openFindings: criterion.openFindings.length,
            failingFindings: criterion.openFindings.filter((finding) => failingFindings.has(finding.id)).length,
          }));
        briefs.push({ briefId: brief.id, projectId: brief.projectId, title: brief.title, criteria });
      }
      return briefs;
    },
    { isolationLevel: "RepeatableRead", ...transactionOptions },
  );
}
