import canonicalize from "canonicalize";
import { DomainError, validationError } from "@/lib/errors";
import { parseContentInput } from "@/lib/briefs/validate-content";
import type { BriefContent } from "@/lib/briefs/schema";
import { applyChanges, changedSectionsOf, type ProposalChanges } from "./merge-proposal";
import { CHECKLIST_SECTION } from "./section-kinds";

const ALIAS = "checklist";

/** The QA rows a proposal names, as text only: ticks and attribution stay the server's. */
function untickedRows(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((row) => (typeof row === "object" && row !== null && typeof (row as { text?: unknown }).text === "string" ? { text: (row as { text: string }).text, checked: false } : row));
}

/** `checklist` is accepted for the QA list as in content, unless both are sent and differ. */
function resolveAlias(changes: ProposalChanges): ProposalChanges {
  if (!Object.hasOwn(changes, ALIAS)) return changes;
  if (Object.hasOwn(changes, CHECKLIST_SECTION) && canonicalize(changes[ALIAS]) !== canonicalize(changes[CHECKLIST_SECTION])) {
    throw validationError([{ path: `changes.${ALIAS}`, message: `${ALIAS} is an alias of ${CHECKLIST_SECTION}; send only one of them.` }]);
  }
  const value = Object.hasOwn(changes, CHECKLIST_SECTION) ? changes[CHECKLIST_SECTION] : changes[ALIAS];
  const rest = Object.fromEntries(Object.entries(changes).filter(([key]) => key !== ALIAS && key !== CHECKLIST_SECTION));
  return { ...rest, [CHECKLIST_SECTION]: value };
}

function inChanges(error: unknown): unknown {
  if (!(error instanceof DomainError) || error.code !== "VALIDATION_ERROR") return error;
  const issues = (error.details?.issues as Array<{ path: string; message: string }> | undefined) ?? [];
  return validationError(issues.map((issue) => ({ ...issue, path: issue.path.replace(/^content(?=\.|$)/, "changes") })), error.message);
}

/**
 * A proposal's changes checked against its base (docs/contract.md#proposals): only the sections that
 * really change are kept, and the base with them applied must pass every content rule — otherwise
 * the contract's error for that rule (VALIDATION_ERROR, with paths under `changes`, or CONTENT_TOO_LARGE).
 */
export function checkedChanges(base: BriefContent, input: ProposalChanges): { changes: ProposalChanges; sections: string[]; proposed: BriefContent } {
  const resolved = resolveAlias(JSON.parse(JSON.stringify(input)) as ProposalChanges);
  if (Object.hasOwn(resolved, CHECKLIST_SECTION)) resolved[CHECKLIST_SECTION] = untickedRows(resolved[CHECKLIST_SECTION]);
  const sections = changedSectionsOf(base, resolved);
  if (!sections.length) throw validationError([{ path: "changes", message: "The changes leave every section as it is in the base version." }]);
  const applied = applyChanges(base, resolved, sections);
  let proposed: BriefContent;
  try {
    proposed = parseContentInput(applied);
  } catch (error) {
    throw inChanges(error);
  }
  const changes = Object.fromEntries(sections.map((key) => [key, Object.hasOwn(proposed, key) ? proposed[key] : null]));
  return { changes, sections, proposed };
}
