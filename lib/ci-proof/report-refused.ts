import { DomainError, type ErrorCode } from "@/lib/errors";

/** Why an upload was refused, for the uploader's script to act on (docs/contract.md#test-reports). */
export type RefusalReason =
  | "token_missing"
  | "token_invalid"
  | "issuer_unreachable"
  | "repository_not_connected"
  | "too_large"
  | "not_utf8"
  | "doctype_refused"
  | "malformed_xml"
  | "not_junit"
  | "no_pull_request"
  | "no_linked_brief"
  | "no_known_criterion";

/**
 * A test report refused before anything was stored: the contract error the route answers with,
 * and its HTTP status (401 token, 403 repository, 400/413/422 the report itself).
 */
export class ReportRefused extends Error {
  readonly status: number;
  readonly error: DomainError;

  constructor(status: number, reason: RefusalReason, message: string, more: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    const code: ErrorCode = status === 401 || status === 403 ? "PROJECT_ACCESS_DENIED" : status === 413 ? "CONTENT_TOO_LARGE" : status >= 500 ? "INTERNAL_ERROR" : "VALIDATION_ERROR";
    this.error = new DomainError(code, message, { reason, ...more });
  }
}
