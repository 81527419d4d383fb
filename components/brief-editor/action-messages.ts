import type { ActionResult } from "@/lib/web/action-result";

type ErrorOf<R> = R extends { ok: false; error: infer E } ? E : never;
export type ActionError = ErrorOf<ActionResult<unknown>>;

export const OFFLINE = "The server could not be reached. Nothing was lost; try again in a moment.";

/** A refusal in words a person can act on; the contract's own message otherwise. */
export function explain(error: ActionError): string {
  if (error.code === "BRIEF_VERSION_CONFLICT") return "The brief changed meanwhile. Look at the current version and try again.";
  if (error.code === "PROJECT_ACCESS_DENIED") return "You do not have permission to change this brief (or it no longer exists).";
  return error.message;
}

/** An action call that never throws: a network failure becomes null, so the page can say so and keep everything. */
export async function attempt<T>(run: () => Promise<ActionResult<T>>): Promise<ActionResult<T> | null> {
  try {
    return await run();
  } catch {
    return null;
  }
}
