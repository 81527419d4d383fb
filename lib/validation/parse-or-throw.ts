import type { z } from "zod";
import { validationError } from "@/lib/errors";
import { checkStrings } from "./check-strings";
import { issuesFromZod } from "./zod-issues";

/**
 * Parses arguments with their shared schema or throws the contract's VALIDATION_ERROR.
 *
 * The schema comes first: it looks only at the fields it knows, so a hostile value in a free-form
 * field (content, an appended item) is not walked until the shape is right. Then every string
 * anywhere in the arguments must be valid Unicode without NUL (docs/contract.md#strings-and-timestamps); that walk also refuses
 * cycles, shared references and excessive depth or size.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, root = ""): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(issuesFromZod(result.error, root));
  const stringIssues = checkStrings(input, root);
  if (stringIssues.length) throw validationError(stringIssues);
  return result.data;
}
