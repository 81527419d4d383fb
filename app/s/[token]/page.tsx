import type { Metadata } from "next";
import { BriefStateBadge } from "@/components/brief-state-badge";
import { BriefDocument } from "@/components/brief-editor/read/brief-document";
import { formatDateTime } from "@/components/ui/date-format";
import { openShare } from "@/lib/shares/open-share";

export const dynamic = "force-dynamic";

// Never in a search index, and the link (its token is the key) never sent on as a Referer. proxy.ts
// sends the same as headers, and `Cache-Control: no-store`, so a revoked link ends on the next request.
export const metadata: Metadata = { title: "Shared brief", robots: { index: false, follow: false }, referrer: "no-referrer" };

/**
 * A brief shown through a share link, to anyone holding it: the document read-only, and nothing
 * else of the project. A link that is unknown, expired or revoked gets one answer for all.
 */
export default async function SharedBriefPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const shared = await openShare(token);
  if (!shared) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-semibold">This link does not work</h1>
        <p className="mt-2 text-slate-600">It may have been revoked or have expired. Ask the person who shared it for a new one.</p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-4xl space-y-4 px-4 py-6 sm:py-8">
      <div className="space-y-1">
        <p className="text-sm text-slate-500">Shared read-only from Briefs</p>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 wrap-anywhere text-2xl font-semibold text-slate-900">{shared.title}</h1>
          <BriefStateBadge state={shared.state} />
        </div>
        <p className="text-sm text-slate-600" data-testid="shared-version">
          Version {shared.versionNum}
          {shared.fixed ? " (this link shows this version only)" : ""} · {formatDateTime(shared.updatedAt)}
        </p>
      </div>
      <BriefDocument content={shared.content} empty={<p className="text-slate-600">Nothing is written in this brief yet.</p>} />
    </main>
  );
}
