import { toDomainError } from "@/lib/internal-error";
import type { ErrorCode, ErrorDetails } from "@/lib/errors";

/** What a server action returns to the browser: data, or the contract's error, never a stack trace. */
export type ActionResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: { code: ErrorCode; message: string; details?: ErrorDetails } };

export async function toActionResult<T>(run: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (error) {
    return { ok: false, error: toDomainError(error, "web").toJSON() };
  }
}
