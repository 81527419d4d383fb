/**
 * The one error type the service layer throws. Each door maps it once:
 * MCP → an `isError` tool result, web → an action result, HTTP → a status.
 * Codes are a closed set (docs/contract.md#errors).
 */
export const errorCodes = [
  "VALIDATION_ERROR",
  "CONTENT_TOO_LARGE",
  "PROJECT_ACCESS_DENIED",
  "BRIEF_VERSION_CONFLICT",
  "BRIEF_STATE_CONFLICT",
  "IDEMPOTENCY_KEY_REUSED",
  "INVALID_CURSOR",
  "INTERNAL_ERROR",
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export type ErrorDetails = Record<string, unknown>;

export type ValidationIssue = { path: string; message: string };

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly details?: ErrorDetails;

  constructor(code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message);
    this.name = "DomainError";
    this.code = code;
    this.details = details;
  }

  toJSON(): { code: ErrorCode; message: string; details?: ErrorDetails } {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function validationError(issues: ValidationIssue[], message = "The arguments are not valid."): DomainError {
  return new DomainError("VALIDATION_ERROR", message, { issues });
}

/** Same message for "no such thing" and "not yours": the contract forbids an existence oracle. */
export function accessDenied(): DomainError {
  return new DomainError("PROJECT_ACCESS_DENIED", "The project or brief does not exist or you do not have access to it.");
}
