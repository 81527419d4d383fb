import { z } from "zod";

/** Length in Unicode code points: an emoji is one character, as JSON Schema counts it. */
export function codePointLength(value: string): number {
  const surrogatePairs = value.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0;
  return value.length - surrogatePairs;
}

/**
 * A string bounded in characters. zod's own `.max` counts UTF-16 units, so an emoji would count
 * twice and the server would reject what the published JSON schema (code points) allows.
 * `min` is only ever 0 or 1, where both ways of counting agree.
 */
export function boundedText(min: 0 | 1, max: number) {
  const base = min === 1 ? z.string().min(1) : z.string();
  return base
    .refine((value) => value.length <= max || codePointLength(value) <= max, {
      error: `Too long: at most ${max} characters.`,
    })
    .meta({ maxLength: max });
}

/** Text a person reads as a name: blank or whitespace-only is no name at all. */
export function nameText(max: number) {
  return boundedText(1, max).refine((value) => value.length === 0 || value.trim().length > 0, { error: "Must not be blank." });
}
