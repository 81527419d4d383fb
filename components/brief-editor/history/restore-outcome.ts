import type { ActionResult } from "@/lib/web/action-result";
import { OFFLINE } from "../action-messages";

/** What a restore's answer means for the page. */
export type RestoreOutcome =
  | { kind: "restored"; versionNum: number }
  /** The version's content is the brief's content already: nothing was written. */
  | { kind: "unchanged"; versionNum: number }
  /** Someone changed the brief after the page was loaded; nothing was written. */
  | { kind: "conflict"; seen: number; current: number }
  | { kind: "refused"; message: string };

export function restoreOutcome(result: ActionResult<{ versionNum: number; createdNewVersion: boolean }> | null, seen: number): RestoreOutcome {
  if (!result) return { kind: "refused", message: OFFLINE };
  if (result.ok) return result.data.createdNewVersion ? { kind: "restored", versionNum: result.data.versionNum } : { kind: "unchanged", versionNum: result.data.versionNum };
  const { code, message, details } = result.error;
  if (code === "BRIEF_VERSION_CONFLICT" && typeof details?.currentVersionNum === "number") return { kind: "conflict", seen, current: details.currentVersionNum };
  if (code === "BRIEF_STATE_CONFLICT") return { kind: "refused", message: "The brief can no longer change (it was closed or superseded), so nothing was restored." };
  if (code === "PROJECT_ACCESS_DENIED") return { kind: "refused", message: "You do not have permission to change this brief (or it no longer exists)." };
  if (code === "VALIDATION_ERROR") return { kind: "refused", message: `This version cannot be restored as it is: ${issueText(details) ?? message}` };
  return { kind: "refused", message };
}

function issueText(details: Record<string, unknown> | undefined): string | undefined {
  const issues = details?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return undefined;
  return issues
    .slice(0, 3)
    .map((issue: { path?: unknown; message?: unknown }) => `${String(issue.path ?? "")}: ${String(issue.message ?? "")}`)
    .join("; ");
}
