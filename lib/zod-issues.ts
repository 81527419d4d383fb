import type { z } from "zod";
import { validationError, type DomainError } from "./errors";

/** Zod's issues in the contract's `{path, message}` form, e.g. `content.requirements[3]`. */
export function toValidationIssues(error: z.ZodError, prefix?: string) {
  return error.issues.map((issue) => {
    const path = issue.path.reduce<string>(
      (acc, key) => (typeof key === "number" ? `${acc}[${key}]` : acc ? `${acc}.${String(key)}` : String(key)),
      prefix ?? "",
    );
    return { path, message: issue.message };
  });
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw zodValidationError(result.error);
  return result.data;
}

export function zodValidationError(error: z.ZodError): DomainError {
  return validationError(toValidationIssues(error));
}
