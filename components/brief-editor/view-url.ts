/**
 * The brief page's view as its URL says it: the server page reads it, the page writes it back.
 * Plain functions (no "use client"), so the server can call them.
 */
import { isSectionKey, type SectionKey } from "./sections";

/** Reading the document, or editing it in the form. */
export type ViewMode = "read" | "edit";

/** Where the page starts: read mode unless the URL says `?mode=edit` (optionally `&section=goal`). */
export type InitialView = { mode: ViewMode; section?: SectionKey };

/** Read mode unless the URL asks for the editor (`?mode=edit`, optionally `&section=<key>`); anything else is ignored. */
export function initialViewOf(search: { mode?: string | string[]; section?: string | string[] }): InitialView {
  const mode = [search.mode].flat()[0];
  const section = [search.section].flat()[0];
  if (mode !== "edit") return { mode: "read" };
  return section && isSectionKey(section) ? { mode: "edit", section } : { mode: "edit" };
}

/** The URL of a view of the brief page: reading has none of these parameters. */
export function viewHref(pagePath: string, mode: ViewMode, section?: SectionKey): string {
  if (mode === "read") return pagePath;
  return `${pagePath}?mode=edit${section ? `&section=${encodeURIComponent(section)}` : ""}`;
}
