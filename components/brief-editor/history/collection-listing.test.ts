import { describe, expect, it } from "vitest";
import { listingOf, withFirstPage, withNewItem, withNextPage } from "./collection-listing";

const item = (id: string) => ({ id, createdAt: "t" });
const first = { items: [item("5"), item("4")], nextCursor: "c4" };

describe("a history panel's listing", () => {
  it("follows the refreshed first page while nothing more was loaded", () => {
    const refreshed = { items: [item("6"), item("5")], nextCursor: "c5" };
    expect(withFirstPage(listingOf(first), refreshed)).toEqual({ ...refreshed, loadedMore: false });
  });

  it("appends the next page below, without repeating an item", () => {
    const more = withNextPage(listingOf(first), { items: [item("4"), item("3")], nextCursor: null });
    expect(more).toEqual({ items: [item("5"), item("4"), item("3")], nextCursor: null, loadedMore: true });
  });

  it("after Load more, puts new items of a refresh on top and keeps the loaded pages and their cursor", () => {
    const more = withNextPage(listingOf(first), { items: [item("3"), item("2")], nextCursor: "c2" });
    const refreshed = withFirstPage(more, { items: [item("6"), item("5")], nextCursor: "c5" });
    expect(refreshed.items.map((i) => i.id)).toEqual(["6", "5", "4", "3", "2"]);
    expect(refreshed.nextCursor).toBe("c2");
  });

  it("puts an item this page added on top, once", () => {
    const added = withNewItem(listingOf(first), item("6"));
    expect(added.items.map((i) => i.id)).toEqual(["6", "5", "4"]);
    expect(withNewItem(added, item("6"))).toBe(added);
  });
});
