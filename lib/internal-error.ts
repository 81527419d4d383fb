import crypto from "node:crypto";
import { DomainError } from "./errors";

/**
 * Anything that is not a DomainError is a defect: log it with a request id the caller can
 * quote, and answer INTERNAL_ERROR with no message or stack from inside.
 */
export function toDomainError(error: unknown, where: string): DomainError {
  if (error instanceof DomainError) return error;
  const requestId = crypto.randomUUID();
  console.error(`[${where}] request ${requestId} failed:`, error);
  return new DomainError("INTERNAL_ERROR", `Something went wrong on our side. Quote request id ${requestId} when reporting it.`, {
    requestId,
  });
}
