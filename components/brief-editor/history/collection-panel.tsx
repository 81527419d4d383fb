"use client";

import type { CollectionKey } from "@/lib/briefs/schema";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CommentForm } from "../comments/comment-form";
import { collectionLabels } from "./collection-labels";
import type { Page } from "./collection-listing";
import { historyEntry } from "./history-items";
import { HistoryItem } from "./history-item";
import { useCollectionListing } from "./use-collection-listing";

/** One collection: its items, "Load more" until the listing ends, and for comments the form to add one. */
export function CollectionPanel({
  projectId,
  briefId,
  collection,
  firstPage,
  canComment,
}: {
  projectId: string;
  briefId: string;
  collection: CollectionKey;
  firstPage: Page;
  canComment: boolean;
}) {
  const { listing, loading, error, loadMore, addItem } = useCollectionListing(briefId, collection, firstPage);
  const label = collectionLabels[collection].toLowerCase();
  return (
    <div className="space-y-3">
      {canComment && <CommentForm briefId={briefId} onAdded={addItem} />}
      {listing.items.length === 0 ? (
        <p className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">No {label} yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid={`history-items-${collection}`}>
          {listing.items.map((item) => (
            <li key={String(item.id)} className="py-2.5" data-testid="history-item">
              <HistoryItem projectId={projectId} briefId={briefId} entry={historyEntry(collection, item)} />
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
            End of {label} · {listing.items.length} shown
          </p>
        )
      )}
    </div>
  );
}
