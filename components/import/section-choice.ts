import { sectionTitles, contentSectionKeys } from "@/lib/briefs/section-titles";
import type { HeadingPlacement } from "@/lib/import/import-report";

/** The select's value for "Keep as its own section" (no content key can be empty). */
export const KEEP_OWN = "";

/** Every known section by its title, then keeping the heading under its own name. */
export const sectionOptions = [...contentSectionKeys.map((key) => ({ value: key, label: sectionTitles[key] })), { value: KEEP_OWN, label: "Keep as its own section" }];

/** What the select shows for a heading the preview placed. */
export function selectedOption(heading: HeadingPlacement): string {
  return heading.placement === "section" ? heading.section : KEEP_OWN;
}

/** What the select shows for a choice made: its section, or "keep" for a key of its own. */
export function optionFor(key: string): string {
  return Object.hasOwn(sectionTitles, key) ? key : KEEP_OWN;
}

/** The content key a choice sends: a section's key, or for "keep", the heading as it is written. */
export function choiceKey(heading: HeadingPlacement, option: string): string {
  return option === KEEP_OWN ? heading.heading : option;
}

/** A content key as people read it: a known section's title, else the key itself. */
export function sectionLabel(key: string): string {
  return Object.hasOwn(sectionTitles, key) ? sectionTitles[key as keyof typeof sectionTitles] : key;
}
