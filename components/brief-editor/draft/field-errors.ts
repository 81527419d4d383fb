import type { ValidationIssue } from "@/lib/errors";
import type { BriefContent } from "@/lib/briefs/schema";
import { fieldId, issuesByPath, validateDraft, type FormModel } from "../form-model";
import type { DraftEvent } from "./draft-state";
import { sectionLabel } from "../sections";

/**
 * Which messages show at the fields: the browser's own findings once a field was left (or once a
 * save was tried), and the server's always, where the browser has none for that field.
 */
export function visibleErrors(clientIssues: readonly ValidationIssue[], serverIssues: readonly ValidationIssue[], showAll: boolean, touched: ReadonlySet<string>): Record<string, string> {
  const shown: Record<string, string> = {};
  const isTouched = (path: string) => {
    const id = fieldId(path);
    for (const t of touched) if (t === id || t.startsWith(`${id}-`)) return true;
    return false;
  };
  for (const [path, message] of Object.entries(issuesByPath(clientIssues))) if (showAll || isTouched(path)) shown[path] = message;
  for (const [path, message] of Object.entries(issuesByPath(serverIssues))) shown[path] ??= message;
  return shown;
}

/** The list above the form after a save was tried: the server's findings first. */
export function summaryIssues(clientIssues: ValidationIssue[], serverIssues: ValidationIssue[], showAll: boolean): ValidationIssue[] {
  if (!showAll) return [];
  return serverIssues.length ? [...serverIssues, ...clientIssues] : clientIssues;
}

/** "content.acceptanceCriteria[0].id" → "Acceptance criteria, item 1, id". */
export function describePath(path: string): string {
  if (path === "title") return "Title";
  const match = /^content\.?([A-Za-z_$][\w$]*)?(.*)$/.exec(path);
  if (!match || !match[1]) return "Content";
  const rest = match[2].replace(/\[(\d+)\]/g, (_, n: string) => `, item ${Number(n) + 1}`).replace(/\.([\w$]+)/g, ", $1");
  return `${sectionLabel(match[1])}${rest}`;
}

/** Moves focus to the most specific element of a path that exists: the field itself, else its row or section. */
export function focusField(path: string) {
  for (let p = path; p; p = p.replace(/(\.[^.[\]]+|\[\d+\])$/, "")) {
    const element = document.getElementById(fieldId(p));
    if (element) {
      element.focus();
      element.scrollIntoView({ block: "center" });
      return;
    }
    if (!/[.[]/.test(p)) break;
  }
}

/**
 * Before a save or a suggestion is sent: a draft the browser already finds invalid is not sent; all
 * its errors show, and the first field in error takes the focus.
 */
export function blockedByDraftIssues(draft: FormModel, base: BriefContent, dispatch: (event: DraftEvent) => void): boolean {
  const issues = validateDraft(draft, base);
  if (!issues.length) return false;
  dispatch({ type: "saveBlocked" });
  requestAnimationFrame(() => focusField(issues[0].path));
  return true;
}
