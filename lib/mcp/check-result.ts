import { z } from "zod";
import { briefRecordSchema } from "@/lib/briefs/result-schemas";

export type ResultCheck = { success: true } | { success: false; message: string };

/**
 * Whether a tool's result matches its output schema: exactly `schema.safeParse(result).success`,
 * for less work on the results that carry a brief document.
 *
 * Checking the document is most of the check (a toggle of a 194 KiB brief checks all 194 KiB
 * again), yet almost all of it is the sections the write did not touch. Those are shared values
 * of the section cache (lib/briefs/section-cache.ts), deep-frozen, so a section that passed its
 * schema once passes it for good: each frozen section is checked once per process and known
 * afterwards by identity. That holds only because of the schemas' shapes, which are asserted below
 * rather than assumed: an object schema without whole-object rules accepts a value exactly when
 * each of its fields does, and the document is such an object whose unknown keys pass unchecked.
 * Where any of that is not so, the result is checked as a whole.
 */
export function checkResult(schema: z.ZodType, result: unknown): ResultCheck {
  const brief = briefOf(schema, result);
  if (brief) {
    const content = brief.content;
    const rest = schema.safeParse({ ...(result as object), brief: { ...brief, content: {} } });
    if (!rest.success) return { success: false, message: rest.error.message };
    return checkContent(content);
  }
  const checked = schema.safeParse(result);
  return checked.success ? { success: true } : { success: false, message: checked.error.message };
}

// The record's own `content` field: the brief document's read schema, with the record's description.
const contentSchema = briefRecordSchema.shape.content;
const contentShape = contentSchema.shape as Record<string, z.ZodType>;
const knownSections = new Map<string, WeakSet<object>>(Object.keys(contentShape).map((key) => [key, new WeakSet()]));

function checkContent(content: unknown): ResultCheck {
  if (!isPlainObject(content)) return wholeContent(content);
  for (const [key, section] of Object.entries(contentShape)) {
    const value = content[key];
    const known = knownSections.get(key)!;
    if (typeof value === "object" && value !== null && known.has(value)) continue;
    const checked = section.safeParse(value);
    if (!checked.success) return wholeContent(content);
    if (typeof value === "object" && value !== null && isDeepFrozen(value)) known.add(value);
  }
  return { success: true };
}

/** The message a whole check gives, for the log of an INTERNAL_ERROR. */
function wholeContent(content: unknown): ResultCheck {
  const checked = contentSchema.safeParse(content);
  return checked.success ? { success: true } : { success: false, message: `brief.content: ${checked.error.message}` };
}

/**
 * The result's brief record, when its schema is an object with no rules of its own whose `brief`
 * field is the brief record schema (briefRecordSchema: likewise plain, its `content` the document).
 */
function briefOf(schema: z.ZodType, result: unknown): Record<string, unknown> | undefined {
  if (!splitsByField || !(schema instanceof z.ZodObject) || hasRules(schema) || schema.shape.brief !== briefRecordSchema) return undefined;
  if (!isPlainObject(result) || !isPlainObject(result.brief) || !("content" in result.brief)) return undefined;
  return result.brief;
}

function hasRules(schema: z.ZodType): boolean {
  return (schema._zod.def.checks?.length ?? 0) > 0;
}

// Exported for the test that fails should the split ever switch itself off.
// The document and the record must stay plain objects (no refinement, the document loose) for the
// split to equal a whole check; should either change, every result is checked whole again.
export const splitsByField =
  contentSchema instanceof z.ZodObject &&
  !hasRules(contentSchema) &&
  contentSchema._zod.def.catchall instanceof z.ZodUnknown &&
  !hasRules(briefRecordSchema);

function isDeepFrozen(value: object): boolean {
  return Object.isFrozen(value) && Object.values(value).every((child) => typeof child !== "object" || child === null || isDeepFrozen(child));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
