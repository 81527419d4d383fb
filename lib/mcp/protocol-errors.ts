import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from "@modelcontextprotocol/server";
import { toDomainError } from "@/lib/internal-error";

/**
 * A service error as the JSON-RPC error of a resources/read or prompts/get, which have no tool
 * result to carry it. Unforeseen errors are logged with a request id and answered without their
 * message (the SDK would pass it on as it is).
 */
export function protocolErrorOf(error: unknown, where: string): ProtocolError {
  const domain = toDomainError(error, where);
  const code = domain.code === "INTERNAL_ERROR" ? ProtocolErrorCode.InternalError : ProtocolErrorCode.InvalidParams;
  return new ProtocolError(code, domain.message, { code: domain.code, ...domain.details });
}

/**
 * resources/read of a brief or version that is not there for this caller: no such brief, no access
 * (the same answer, docs/contract.md#access), or a version the brief never had.
 */
export function resourceErrorOf(error: unknown, uri: string): ProtocolError {
  const domain = toDomainError(error, "mcp resources/read");
  if (domain.code === "INTERNAL_ERROR") return protocolErrorOf(domain, "mcp resources/read");
  return new ResourceNotFoundError(uri, `Resource not found: ${uri}. ${domain.message}`);
}
