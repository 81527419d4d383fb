import type { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { proposeScopes, readScopes, writeScopes, type Scope } from "@/lib/auth/scopes";
import { errorCodes, type ErrorCode } from "@/lib/errors";
import type { IdempotentOutcome } from "@/lib/idempotency/run-idempotent";

/** Each tool's risk and confirmation: exactly these values (docs/contract.md#tool-metadata). */
type Risk = "low" | "medium";
type Confirmation = "none" | "implicit" | "explicit";

type ToolMeta = {
  "dev.briefs/risk": Risk;
  "dev.briefs/confirmation": Confirmation;
  "dev.briefs/scopes": readonly Scope[];
};

/** Every hint is set explicitly (docs/contract.md#tool-metadata); no tool reaches outside this service. */
type Annotations = { readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };
type ReadAnnotations = { readOnlyHint: true; destructiveHint: false; idempotentHint: true; openWorldHint: false };
/**
 * Writes are idempotent per `idempotencyKey` (docs/contract.md#idempotency): repeating a call with the same arguments,
 * key included, returns the first result and changes nothing more.
 */
type WriteAnnotations = { readOnlyHint: false; destructiveHint: boolean; idempotentHint: true; openWorldHint: false };

/**
 * The error codes every tool can answer: its arguments can be wrong, the project or brief can be out of
 * reach, and a fault can happen. A write adds IDEMPOTENCY_KEY_REUSED; each tool names the rest it can give.
 */
const everyToolErrors: readonly ErrorCode[] = ["VALIDATION_ERROR", "PROJECT_ACCESS_DENIED", "INTERNAL_ERROR"];
type ParticularError = Exclude<ErrorCode, "VALIDATION_ERROR" | "PROJECT_ACCESS_DENIED" | "INTERNAL_ERROR" | "IDEMPOTENCY_KEY_REUSED">;

/** The codes a tool can answer, in the contract's order (docs/contract.md#errors). */
function codesOf(...groups: (readonly ErrorCode[])[]): readonly ErrorCode[] {
  const named = new Set(groups.flat());
  return errorCodes.filter((code) => named.has(code));
}

/**
 * What a tool hands the result mapper: the structured result, for writes the receipt facts, and for
 * a tool whose result is a document, the readable text to send instead of the JSON.
 */
export type ToolOutcome = { result: object; idempotency?: { replayed: boolean; firstSeenAt: string }; text?: string };

export type ToolDefinition = {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodType;
  outputSchema: z.ZodType;
  annotations: Annotations;
  _meta: ToolMeta;
  /** Every error code the tool can answer; its outputSchema allows exactly these. */
  errorCodes: readonly ErrorCode[];
  /**
   * The scopes a particular call needs when they depend on its arguments (a proposal's decision:
   * withdrawing needs only brief:propose, accepting brief:write); the listed scopes otherwise.
   */
  scopesForCall?(args: unknown): readonly Scope[];
  run(actor: Actor, args: unknown): Promise<ToolOutcome>;
};

type Config<S extends z.ZodType, A extends Annotations> = {
  name: string;
  title: string;
  description: string;
  /** Published as the tool's inputSchema; the service parses its arguments with the same schema. */
  inputSchema: S;
  outputSchema: z.ZodType;
  annotations: A;
  risk: Risk;
  confirmation: Confirmation;
  /** The codes this tool can answer beyond those every tool (and every write) can. */
  errors: readonly ParticularError[];
};

// The raw arguments go to the service unparsed on purpose: each service parses its own arguments
// (parseOrThrow: Unicode/NUL check, strict schema, content size first), exactly as for the web door,
// so the two doors cannot disagree on validation or on which error comes first.
type Handler<S extends z.ZodType, R> = (actor: Actor, args: z.input<S>) => Promise<R>;

/**
 * What every tool publishes: its contract as given, its risk, confirmation and scopes, every code it
 * can answer (those of every tool, those of its kind of door, its own), and how a call runs.
 */
function toolDefinition<A extends Annotations>(
  config: Config<z.ZodType, A> & { scopesForCall?: (args: unknown) => readonly Scope[] },
  scopes: readonly Scope[],
  kindErrors: readonly ErrorCode[],
  run: ToolDefinition["run"],
): ToolDefinition {
  const { risk, confirmation, errors, ...published } = config;
  return {
    ...published,
    _meta: { "dev.briefs/risk": risk, "dev.briefs/confirmation": confirmation, "dev.briefs/scopes": scopes },
    errorCodes: codesOf(everyToolErrors, kindErrors, errors),
    run,
  };
}

export function readTool<S extends z.ZodType, R extends object>(
  config: Config<S, ReadAnnotations> & { handler: Handler<S, R> },
): ToolDefinition {
  const { handler, ...published } = config;
  return toolDefinition(published, readScopes, [], async (actor, args) => ({ result: await handler(actor, args as z.input<S>) }));
}

/**
 * A read whose text item is a document rather than the JSON of its result (brief_show gives the
 * Markdown export), so that it stays useful to a model and in hosts that show no structuredContent.
 */
export function readToolWithText<S extends z.ZodType, R extends object>(
  config: Config<S, ReadAnnotations> & { handler: Handler<S, { result: R; text: string }> },
): ToolDefinition {
  const { handler, ...published } = config;
  return toolDefinition(published, readScopes, [], (actor, args) => handler(actor, args as z.input<S>));
}

/**
 * A write. `proposes` marks the tools of proposals (docs/contract.md#proposals), listed for
 * brief:propose, which brief:write includes; `scopesForCall` raises what one call needs.
 */
export function writeTool<S extends z.ZodType, R extends object>(
  config: Config<S, WriteAnnotations> & { handler: Handler<S, IdempotentOutcome<R>>; proposes?: true; scopesForCall?: (args: unknown) => readonly Scope[] },
): ToolDefinition {
  const { handler, proposes, ...published } = config;
  return toolDefinition(published, proposes ? proposeScopes : writeScopes, ["IDEMPOTENCY_KEY_REUSED"], async (actor, args) => {
    const { result, replayed, firstSeenAt } = await handler(actor, args as z.input<S>);
    return { result, idempotency: { replayed, firstSeenAt } };
  });
}

export function toolScopes(tool: ToolDefinition): readonly Scope[] {
  return tool._meta["dev.briefs/scopes"];
}

/** The scopes one call of the tool needs: its listed scopes, or more for some arguments. */
export function callScopes(tool: ToolDefinition, args: unknown): readonly Scope[] {
  return tool.scopesForCall?.(args) ?? toolScopes(tool);
}
