"use client";

import Link from "next/link";
import { useState, type KeyboardEvent, type ReactNode } from "react";
import { collectionKeys, type CollectionKey } from "@/lib/briefs/schema";
import type { CollectionPage } from "@/lib/briefs/collection-page";
import { addCommentAction, loadCollectionPageAction } from "@/app/projects/[projectId]/briefs/[briefId]/actions";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/components/ui/date-format";
import { useIntentKeys } from "@/components/use-intent-keys";
import { COMMENT_BODY_MAX, SHORT_PAGE_SIZE } from "@/lib/contract/bounds";

type Item = Record<string, unknown>;

const labels: Record<CollectionKey, string> = {
  versions: "Versions",
  decisionHistory: "Decision history",
  approvals: "Approvals",
  comments: "Comments",
  reviewSessions: "Review sessions",
  findings: "Findings",
  proposals: "Proposals",
  artifacts: "Artifacts",
  workOrders: "Work orders",
  shares: "Shares",
};

const order: CollectionKey[] = ["versions", "comments", "approvals", "decisionHistory", "reviewSessions", "findings", "proposals", "artifacts", "workOrders", "shares"];

/** Page size of "Load more"; the first page (20) comes with the brief. */

/**
 * Every durable collection of the brief, newest first. The first page arrives with the brief;
 * "Load more" follows nextCursor until the listing ends. When the page refreshes, new items are
 * put on top and pages already loaded stay (a keyset cursor never skips or repeats an item).
 */
export function HistoryPanels({
  projectId,
  briefId,
  collections,
  canComment,
}: {
  projectId: string;
  briefId: string;
  collections: Record<CollectionKey, CollectionPage>;
  canComment: boolean;
}) {
  const [active, setActive] = useState<CollectionKey>("versions");
  const keys = order.filter((key) => collectionKeys.includes(key));

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = keys.indexOf(active);
    const next = event.key === "ArrowRight" ? index + 1 : event.key === "ArrowLeft" ? index - 1 : event.key === "Home" ? 0 : event.key === "End" ? keys.length - 1 : null;
    if (next === null) return;
    event.preventDefault();
    const key = keys[(next + keys.length) % keys.length];
    setActive(key);
    document.getElementById(`history-tab-${key}`)?.focus();
  };

  return (
    <section aria-labelledby="history-heading" className="rounded-xl border border-slate-200 bg-white" data-testid="history">
      <h2 id="history-heading" className="px-4 pt-4 font-semibold text-slate-900">
        History and activity
      </h2>
      <div role="tablist" aria-label="Collections" className="mt-2 flex gap-1 overflow-x-auto border-b border-slate-200 px-3 sm:flex-wrap">
        {keys.map((key) => {
          const page = collections[key];
          const count = page.items.length;
          return (
            <button
              key={key}
              id={`history-tab-${key}`}
              type="button"
              role="tab"
              aria-selected={active === key}
              aria-controls={`history-panel-${key}`}
              tabIndex={active === key ? 0 : -1}
              onClick={() => setActive(key)}
              onKeyDown={onKeyDown}
              className={`-mb-px shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm ${
                active === key ? "border-indigo-600 font-medium text-indigo-700" : "border-transparent text-slate-600 hover:text-slate-900"
              }`}
            >
              {labels[key]}{" "}
              <span className="ml-1 rounded-full bg-slate-100 px-1.5 text-xs text-slate-600">
                {count}
                {page.nextCursor ? "+" : ""}
              </span>
            </button>
          );
        })}
      </div>
      {keys.map((key) => (
        <div key={key} id={`history-panel-${key}`} role="tabpanel" aria-labelledby={`history-tab-${key}`} hidden={active !== key} className="p-4">
          <CollectionPanel projectId={projectId} briefId={briefId} collection={key} firstPage={collections[key]} canComment={canComment && key === "comments"} />
        </div>
      ))}
    </section>
  );
}

type Listing = { items: Item[]; nextCursor: string | null; loadedMore: boolean };

function mergeFirstPage(previous: Listing, firstPage: CollectionPage): Listing {
  if (!previous.loadedMore) return { items: firstPage.items, nextCursor: firstPage.nextCursor, loadedMore: false };
  const ids = new Set(firstPage.items.map((item) => item.id));
  return { items: [...firstPage.items, ...previous.items.filter((item) => !ids.has(item.id))], nextCursor: previous.nextCursor, loadedMore: true };
}

function CollectionPanel({
  projectId,
  briefId,
  collection,
  firstPage,
  canComment,
}: {
  projectId: string;
  briefId: string;
  collection: CollectionKey;
  firstPage: CollectionPage;
  canComment: boolean;
}) {
  const [seen, setSeen] = useState(firstPage);
  const [listing, setListing] = useState<Listing>({ ...firstPage, loadedMore: false });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (seen !== firstPage) {
    setSeen(firstPage);
    setListing((previous) => mergeFirstPage(previous, firstPage));
  }

  const loadMore = async () => {
    if (!listing.nextCursor) return;
    setLoading(true);
    setError(null);
    const cursor = listing.nextCursor;
    const result = await loadCollectionPageAction({ briefId, collection, cursor, limit: SHORT_PAGE_SIZE }).catch(() => null);
    setLoading(false);
    if (!result) {
      setError("The server could not be reached. Try again in a moment.");
      return;
    }
    if (!result.ok) {
      setError(result.error.code === "INVALID_CURSOR" ? "The list changed too much to continue; reload the page to start again." : result.error.message);
      return;
    }
    setListing((previous) => {
      const ids = new Set(previous.items.map((item) => item.id));
      return { items: [...previous.items, ...result.data.items.filter((item) => !ids.has(item.id))], nextCursor: result.data.nextCursor, loadedMore: true };
    });
  };

  const addItem = (item: Item) =>
    setListing((previous) => (previous.items.some((i) => i.id === item.id) ? previous : { ...previous, items: [item, ...previous.items] }));

  return (
    <div className="space-y-3">
      {canComment && <CommentForm briefId={briefId} onAdded={addItem} />}
      {listing.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">No {labels[collection].toLowerCase()} yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid={`history-items-${collection}`}>
          {listing.items.map((item) => (
            <li key={String(item.id)} className="py-2.5" data-testid="history-item">
              <ItemView projectId={projectId} briefId={briefId} collection={collection} item={item} />
            </li>
          ))}
        </ul>
      )}
      {error && <Alert>{error}</Alert>}
      {listing.nextCursor ? (
        <Button type="button" variant="secondary" onClick={loadMore} disabled={loading} className="w-full sm:w-auto">
          {loading ? "Loading…" : "Load more"}
        </Button>
      ) : (
        listing.items.length > 0 && (
          <p className="text-xs text-slate-500" data-testid="history-end">
            End of {labels[collection].toLowerCase()} · {listing.items.length} shown
          </p>
        )
      )}
    </div>
  );
}

function CommentForm({ briefId, onAdded }: { briefId: string; onAdded: (item: Item) => void }) {
  const [body, setBody] = useState("");
  // One key per comment: a retry after a lost answer cannot post it twice.
  const intents = useIntentKeys();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-2"
      onSubmit={async (event) => {
        event.preventDefault();
        if (body.trim() === "") {
          setError("Write something first.");
          return;
        }
        setPending(true);
        setError(null);
        const intent = { briefId, body };
        const result = await addCommentAction({ ...intent, idempotencyKey: intents.keyFor(intent) }).catch(() => null);
        if (result) intents.settle(intent);
        setPending(false);
        if (!result) {
          setError("The server could not be reached. Your comment is still here; try again.");
        } else if (result.ok) {
          setBody("");
          onAdded(result.data);
        } else {
          setError(result.error.message);
        }
      }}
    >
      <label htmlFor="new-comment" className="block text-sm font-medium text-slate-700">
        Comment
      </label>
      <textarea
        id="new-comment"
        value={body}
        rows={2}
        maxLength={COMMENT_BODY_MAX}
        onChange={(e) => {
          setBody(e.target.value);
        }}
        className="field-sizing-content block min-h-16 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-200"
      />
      {error && <Alert>{error}</Alert>}
      <Button type="submit" disabled={pending}>
        {pending ? "Adding…" : "Add comment"}
      </Button>
    </form>
  );
}

function Meta({ children }: { children: ReactNode }) {
  return <p className="mt-0.5 text-xs text-slate-500">{children}</p>;
}

function str(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

function ItemView({ projectId, briefId, collection, item }: { projectId: string; briefId: string; collection: CollectionKey; item: Item }) {
  const when = formatDateTime(item.createdAt);
  switch (collection) {
    case "versions":
      return (
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <div>
            <Link href={`/projects/${projectId}/briefs/${briefId}/versions/${str(item.versionNum)}`} className="font-medium text-indigo-700 hover:underline">
              Version {str(item.versionNum)}
            </Link>
            {item.baseline === true && <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 text-xs text-indigo-800">baseline</span>}
            <Meta>
              {str(item.createdBy)} via {str(item.via)} · {when}
            </Meta>
          </div>
          <code className="text-xs text-slate-400" title={str(item.hash)}>
            {str(item.hash).replace(/^sha256:/, "").slice(0, 10)}
          </code>
        </div>
      );
    case "approvals":
      return (
        <div>
          <p className="text-sm">
            {str(item.approvedBy)} approved version {str(item.versionNum)}
            {item.stale === true && (
              <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                stale{item.staledAtVersionNum ? ` since version ${str(item.staledAtVersionNum)}` : ""}
              </span>
            )}
          </p>
          <Meta>{when}</Meta>
        </div>
      );
    case "comments":
      return (
        <div>
          <p className="whitespace-pre-wrap break-words text-sm text-slate-900">{str(item.body)}</p>
          <Meta>
            {str(item.author ?? item.createdBy)} · {when}
          </Meta>
        </div>
      );
    case "reviewSessions":
      return (
        <div>
          <p className="text-sm">
            Review {item.status === "open" ? <span className="font-medium text-amber-800">open</span> : <span>closed{item.outcome ? ` (${str(item.outcome)})` : ""}</span>} · opened
            at version {str(item.openedAtVersionNum)} by {str(item.openedBy)}
          </p>
          <Meta>
            {when}
            {item.closedAt ? ` · closed ${formatDateTime(item.closedAt)} by ${str(item.closedBy)} at version ${str(item.closedAtVersionNum)}` : ""}
          </Meta>
        </div>
      );
    case "decisionHistory":
      return (
        <div className="text-sm">
          <p>
            Version {str(item.versionNum)} · {str(item.changedBy)} via {str(item.via)}
          </p>
          <DecisionList sign="+" items={item.added} />
          <DecisionList sign="−" items={item.removed} />
          <Meta>{when}</Meta>
        </div>
      );
    default:
      return <GenericItem item={item} />;
  }
}

function DecisionList({ sign, items }: { sign: string; items: unknown }) {
  if (!Array.isArray(items) || items.length === 0) return null;
  return (
    <ul className={`mt-1 space-y-0.5 text-xs ${sign === "+" ? "text-emerald-800" : "text-rose-800"}`}>
      {items.map((d, i) => (
        <li key={i}>
          {sign} {str((d as Item)?.text) || JSON.stringify(d)}
        </li>
      ))}
    </ul>
  );
}

const hiddenKeys = new Set(["id", "createdAt", "createdBy"]);

function GenericItem({ item }: { item: Item }) {
  const entries = Object.entries(item).filter(([key]) => !hiddenKeys.has(key));
  return (
    <div className="text-sm">
      {entries.length === 0 ? (
        <p className="text-slate-500">(no fields)</p>
      ) : (
        <dl className="grid grid-cols-[minmax(0,8rem)_1fr] gap-x-3 gap-y-0.5">
          {entries.map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="truncate text-slate-500">{key}</dt>
              <dd className="min-w-0 whitespace-pre-wrap break-words">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
            </div>
          ))}
        </dl>
      )}
      <Meta>
        {str(item.createdBy)} · {formatDateTime(item.createdAt)}
      </Meta>
    </div>
  );
}
