import type { ActionResult } from "./action-result";

/** The messages of VALIDATION_ERROR issues by field path, for showing next to inputs. */
export function fieldErrors(result: ActionResult<unknown> | undefined): Record<string, string> {
  if (!result || result.ok || result.error.code !== "VALIDATION_ERROR") return {};
  const issues = (result.error.details?.issues ?? []) as Array<{ path: string; message: string }>;
  return Object.fromEntries(issues.map((i) => [i.path, i.message]));
}
