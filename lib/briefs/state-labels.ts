import type { BriefState } from "./schema";

/** How each lifecycle state reads to people, in the web pages, the export and the chat view. */
export const briefStateLabels: Record<BriefState, string> = {
  drafting: "Drafting",
  in_review: "In review",
  baselined: "Baselined",
  in_development: "In development",
  checked: "Checked",
  superseded: "Superseded",
  closed: "Closed",
};
