import type { BriefContent } from "@/lib/briefs/schema";

/**
 * A template every project starts with. Its rows marked "Example" are there to show the shape of a
 * good row and to be replaced; the long texts are guidance to be overwritten with the brief's own.
 */
export type BuiltInTemplate = {
  name: string;
  description: string;
  content: BriefContent;
};

/** The prefix of every placeholder row, so a reader (and a reviewer) sees at once what is still to replace. */
export const EXAMPLE = "Example — replace:";
