/**
 * The preview's choices as a door receives them (JSON from the browser): by source, a heading's
 * line → the content key its section goes to. The keys themselves are checked with the content,
 * so a refusal names the heading (brief-from-markdown.ts).
 */
import { z } from "zod";
import { TITLE_MAX } from "@/lib/contract/bounds";
import { validationError } from "@/lib/errors";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import type { ImportChoices } from "./import-files";

const choicesSchema = z.record(z.string().min(1).max(TITLE_MAX * 4), z.record(z.string().regex(/^[1-9]\d{0,6}$/, "A heading's line number."), z.string().min(1).max(TITLE_MAX)));

/** Choices from their JSON text; absent or empty means none. */
export function parseImportChoices(json: string | undefined): ImportChoices {
  if (json === undefined || json.trim() === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw validationError([{ path: "choices", message: "The choices are not valid JSON." }]);
  }
  const parsed = parseOrThrow(choicesSchema, value, "choices");
  return Object.fromEntries(Object.entries(parsed).map(([source, lines]) => [source, Object.fromEntries(Object.entries(lines).map(([line, key]) => [Number(line), key]))]));
}
