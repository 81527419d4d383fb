import { z } from "zod";
import { CHECKED_SECTIONS, RULE_IDS } from "./rule-ids";

const findingSchema = z.strictObject({
  ruleId: z.enum(RULE_IDS),
  severity: z.enum(["error", "warning"]),
  section: z.enum(CHECKED_SECTIONS),
  index: z.number().int(),
  itemId: z.string().nullable(),
  start: z.number().int(),
  end: z.number().int().describe("start..end: offsets in the item's text"),
  words: z.string(),
  message: z.string(),
  suggestion: z.string(),
});

export const checkResultSchema = z.strictObject({
  findings: z.array(findingSchema),
  ears: z.array(z.strictObject({ index: z.number().int(), pattern: z.enum(["ubiquitous", "event", "state", "optional", "unwanted", "complex"]).nullable() })),
  summary: z.strictObject({
    errors: z.number().int(),
    warnings: z.number().int(),
    suppressed: z.number().int(),
    byRule: z.record(z.string(), z.number().int()),
  }),
});

/** What brief_update, brief_propose and brief_create add to their answers. */
export const qualityFindingsField = z.number().int().describe("Open quality findings in the sections written (brief_check lists them).");
