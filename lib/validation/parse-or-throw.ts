import type { z } from "zod";
import { validationError } from "@/lib/errors";
import { checkStrings } from "./check-strings";
import { issuesFromZod } from "./zod-issues";

/**
 * Parses arguments with their shared schema or throws the contract's VALIDATION_ERROR.
 * Strings must be valid Unicode without NUL anywhere in arguments (docs/contract.md#strings-and-timestamps).
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, root = ""): z.output<S> {
  const stringIssues = checkStrings(input, root);
  if (stringIssues.length) throw validationError(stringIssues);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(issuesFromZod(result.error, root));
  return result.data;
}
