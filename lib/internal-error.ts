import crypto from "node:crypto";
import { DomainError } from "./errors";
import { currentRequest } from "./observe/request-context";

/**
 * Anything that is not a DomainError is a defect: log it with a request id the caller can
 * quote (the request's own, as in its X-Request-Id and its log lines), and answer INTERNAL_ERROR
 * with no message or stack from inside.
 */
export function toDomainError(error: unknown, where: string): DomainError {
  if (error instanceof DomainError) return error;
  const requestId = currentRequest()?.requestId ?? crypto.randomUUID();
  console.error(`[${where}] request ${requestId} failed:`, error);
  return new DomainError("INTERNAL_ERROR", `Something went wrong on our side. Quote request id ${requestId} when reporting it.`, {
    requestId,
  });
}
