import type { Item } from "./history-items";

/** What one history panel lists: the first page, and the pages loaded after it with "Load more". */
export type Listing = { items: Item[]; nextCursor: string | null; loadedMore: boolean };

export type Page = { items: Item[]; nextCursor: string | null };

export function listingOf(firstPage: Page): Listing {
  return { items: firstPage.items, nextCursor: firstPage.nextCursor, loadedMore: false };
}

/**
 * A fresh first page arrived (the page refreshed). Before "Load more" it replaces the listing;
 * after, its new items go on top and the pages already loaded stay, with their own cursor: a
 * keyset cursor never skips or repeats an item, so the listing can go on from where it was.
 */
export function withFirstPage(previous: Listing, firstPage: Page): Listing {
  if (!previous.loadedMore) return listingOf(firstPage);
  const ids = new Set(firstPage.items.map((item) => item.id));
  return { items: [...firstPage.items, ...previous.items.filter((item) => !ids.has(item.id))], nextCursor: previous.nextCursor, loadedMore: true };
}

/** The next page, below what is shown; an item already shown is not shown twice. */
export function withNextPage(previous: Listing, page: Page): Listing {
  const ids = new Set(previous.items.map((item) => item.id));
  return { items: [...previous.items, ...page.items.filter((item) => !ids.has(item.id))], nextCursor: page.nextCursor, loadedMore: true };
}

/** An item this page just added (a comment), on top, unless the listing already has it. */
export function withNewItem(previous: Listing, item: Item): Listing {
  return previous.items.some((i) => i.id === item.id) ? previous : { ...previous, items: [item, ...previous.items] };
}
