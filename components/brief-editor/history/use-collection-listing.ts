"use client";

import { useState } from "react";
import type { CollectionKey } from "@/lib/briefs/schema";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";
import { loadCollectionPageAction } from "@/components/brief-editor/actions";
import { listingOf, withFirstPage, withNewItem, withNextPage, type Listing, type Page } from "./collection-listing";
import type { Item } from "./history-items";

/**
 * One collection's listing: the first page comes with the brief (and again on every refresh),
 * "Load more" follows the cursor, and items this page adds go on top.
 */
export function useCollectionListing(briefId: string, collection: CollectionKey, firstPage: Page) {
  const [seen, setSeen] = useState(firstPage);
  const [listing, setListing] = useState<Listing>(() => listingOf(firstPage));
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (seen !== firstPage) {
    setSeen(firstPage);
    setListing((previous) => withFirstPage(previous, firstPage));
  }

  const loadMore = async () => {
    const cursor = listing.nextCursor;
    if (!cursor) return;
    setLoading(true);
    setError(null);
    const result = await loadCollectionPageAction({ briefId, collection, cursor, limit: SHORT_PAGE_SIZE }).catch(() => null);
    setLoading(false);
    if (!result) setError("The server could not be reached. Try again in a moment.");
    else if (!result.ok) setError(result.error.code === "INVALID_CURSOR" ? "The list changed too much to continue; reload the page to start again." : result.error.message);
    else setListing((previous) => withNextPage(previous, result.data));
  };

  const addItem = (item: Item) => setListing((previous) => withNewItem(previous, item));

  return { listing, loading, error, loadMore, addItem };
}
