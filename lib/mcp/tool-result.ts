import type { CallToolResult } from "@modelcontextprotocol/server";
import type { Actor } from "@/lib/auth/actor";
import { CredentialNotConfirmed } from "@/lib/auth/check-bearer-credential";
import type { DomainError } from "@/lib/errors";
import { toDomainError } from "@/lib/internal-error";
import { observeToolCall } from "@/lib/observe/observe-tool-call";
import { checkResult } from "./check-result";
import type { ToolDefinition, ToolOutcome } from "./define-tool";

const IDEMPOTENCY_META_KEY = "dev.briefs/idempotency";

/**
 * Success (docs/contract.md#result-shapes): the result as structuredContent and the same JSON as the one text item,
 * or the tool's own readable text where it gives one.
 */
function successResult({ result, idempotency, text }: ToolOutcome): CallToolResult {
  const json = text === undefined ? JSON.stringify(result) : undefined;
  return withJson(
    {
      content: [{ type: "text", text: text ?? json! }],
      structuredContent: result as Record<string, unknown>,
      ...(idempotency && { _meta: { [IDEMPOTENCY_META_KEY]: idempotency } }),
    },
    json,
  );
}

/** A domain error (docs/contract.md#errors): `isError` with `{error: {code, message, details?}}`, also as text. */
function errorResult(error: DomainError): CallToolResult {
  const body = { error: error.toJSON() };
  const json = JSON.stringify(body);
  return withJson({ isError: true, content: [{ type: "text", text: json }], structuredContent: body }, json);
}

// The JSON text of a result's structuredContent, where the result's text item already is exactly
// that text: the answer can then carry it twice, as the contract asks, without serialising the
// (possibly 200 KiB) object a second time.
const structuredJson = new WeakMap<CallToolResult, string>();

function withJson(result: CallToolResult, json: string | undefined): CallToolResult {
  if (json !== undefined) structuredJson.set(result, json);
  return result;
}

/** `JSON.stringify(result)`, reusing the structuredContent's JSON text when runTool made it. */
export function callToolResultJson(result: CallToolResult): string {
  const json = structuredJson.get(result);
  if (json === undefined) return JSON.stringify(result);
  // JSON.stringify leaves out an undefined property; the rest always has `content`, so its JSON is a
  // non-empty object, closed after the structuredContent is appended.
  const rest = JSON.stringify({ ...result, structuredContent: undefined });
  return `${rest.slice(0, -1)},"structuredContent":${json}}`;
}

/**
 * Runs one tool and maps whatever happens to a contract result. A result that does not match the
 * published outputSchema, or an error code the tool does not publish, is a defect on our side,
 * reported like any other: INTERNAL_ERROR with a request id, details only in the log. One failure
 * is not the tool's to report: a credential whose check, sent with the tool's first statement, did not
 * confirm it (answer-known-token-call.ts); that is thrown, for the door to answer 401 or 429.
 */
export function runTool(tool: ToolDefinition, actor: Actor, args: unknown): Promise<CallToolResult> {
  return observeToolCall(tool.name, () => runObservedTool(tool, actor, args));
}

async function runObservedTool(tool: ToolDefinition, actor: Actor, args: unknown): Promise<{ value: CallToolResult; outcome: string }> {
  try {
    const outcome = await tool.run(actor, args);
    const checked = checkResult(tool.outputSchema, outcome.result);
    if (!checked.success) {
      throw new Error(`The result of ${tool.name} does not match its outputSchema: ${checked.message}`);
    }
    return { value: successResult(outcome), outcome: "ok" };
  } catch (error) {
    if (error instanceof CredentialNotConfirmed) throw error;
    const domainError = toDomainError(error, `mcp ${tool.name}`);
    if (tool.errorCodes.includes(domainError.code)) return { value: errorResult(domainError), outcome: domainError.code };
    const unpublished = new Error(`${tool.name} answered ${domainError.code}, which its outputSchema does not list`, { cause: error });
    return { value: errorResult(toDomainError(unpublished, `mcp ${tool.name}`)), outcome: "INTERNAL_ERROR" };
  }
}
