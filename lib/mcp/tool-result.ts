import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Actor } from "@/lib/auth/actor";
import type { DomainError } from "@/lib/errors";
import { toDomainError } from "@/lib/internal-error";
import type { ToolDefinition, ToolOutcome } from "./define-tool";

const IDEMPOTENCY_META_KEY = "dev.briefs/idempotency";

/**
 * Success (docs/contract.md#result-shapes): the result as structuredContent and the same JSON as the one text item,
 * or the tool's own readable text where it gives one.
 */
function successResult({ result, idempotency, text }: ToolOutcome): CallToolResult {
  return {
    content: [{ type: "text", text: text ?? JSON.stringify(result) }],
    structuredContent: result as Record<string, unknown>,
    ...(idempotency && { _meta: { [IDEMPOTENCY_META_KEY]: idempotency } }),
  };
}

/** A domain error (docs/contract.md#errors): `isError` with `{error: {code, message, details?}}`, also as text. */
function errorResult(error: DomainError): CallToolResult {
  const body = { error: error.toJSON() };
  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
}

/**
 * Runs one tool and maps whatever happens to a contract result. A result that does not match the
 * published outputSchema, or an error code the tool does not publish, is a defect on our side,
 * reported like any other: INTERNAL_ERROR with a request id, details only in the log.
 */
export async function runTool(tool: ToolDefinition, actor: Actor, args: unknown): Promise<CallToolResult> {
  try {
    const outcome = await tool.run(actor, args);
    const checked = tool.outputSchema.safeParse(outcome.result);
    if (!checked.success) {
      throw new Error(`The result of ${tool.name} does not match its outputSchema: ${checked.error.message}`);
    }
    return successResult(outcome);
  } catch (error) {
    const domainError = toDomainError(error, `mcp ${tool.name}`);
    if (tool.errorCodes.includes(domainError.code)) return errorResult(domainError);
    const unpublished = new Error(`${tool.name} answered ${domainError.code}, which its outputSchema does not list`, { cause: error });
    return errorResult(toDomainError(unpublished, `mcp ${tool.name}`));
  }
}
