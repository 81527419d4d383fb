import type { ActionResult } from "@/lib/web/action-result";

type Refusal = Extract<ActionResult<unknown>, { ok: false }>["error"];

/**
 * A refusal in the service's own words. A validation error's headline is general ("The arguments
 * are not valid."), so the messages of its issues follow it: they say which value was wrong.
 */
export function refusalMessage(error: Refusal): string {
  const issues = error.code === "VALIDATION_ERROR" ? ((error.details?.issues ?? []) as Array<{ path: string; message: string }>) : [];
  if (issues.length === 0) return error.message;
  return `${error.message} ${issues.map((issue) => issue.message).join(" ")}`;
}

export const UNREACHABLE = "The server could not be reached. What you entered is still here; try again.";
