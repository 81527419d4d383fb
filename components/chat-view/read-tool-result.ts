import type { BriefView } from "@/lib/briefs/brief-view";

/** The parts of an MCP tool result the view reads; the host hands over whatever the server sent. */
export type ToolResultLike = {
  isError?: boolean;
  structuredContent?: unknown;
  content?: ReadonlyArray<{ type: string; text?: string }>;
};

export type ToolError = { code: string; message: string; details?: Record<string, unknown> };

/**
 * brief_show's data. structuredContent first; some hosts have been seen to pass only `content`, so
 * a text item that is the JSON is read too. brief_show's own text is Markdown: then null, and the
 * view asks the server itself.
 */
export function readBriefView(result: ToolResultLike): BriefView | null {
  if (result.isError) return null;
  const data = result.structuredContent ?? jsonOfText(result);
  return isBriefView(data) ? data : null;
}

/** The contract's error envelope `{error: {code, message, details?}}`, or a generic one for anything else. */
export function readToolError(result: ToolResultLike): ToolError {
  const data = result.structuredContent ?? jsonOfText(result);
  const error = (data as { error?: unknown } | undefined)?.error as Partial<ToolError> | undefined;
  if (error && typeof error.code === "string" && typeof error.message === "string") return error as ToolError;
  const text = result.content?.find((item) => item.type === "text")?.text;
  return { code: "UNKNOWN", message: text || "The server gave no reason." };
}

function jsonOfText(result: ToolResultLike): unknown {
  const text = result.content?.find((item) => item.type === "text")?.text;
  if (!text || !text.trimStart().startsWith("{")) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isBriefView(data: unknown): data is BriefView {
  const view = data as Partial<BriefView> | undefined;
  return typeof view?.briefId === "string" && typeof view.versionNum === "number" && Array.isArray(view.sections) && Array.isArray(view.checklist);
}
