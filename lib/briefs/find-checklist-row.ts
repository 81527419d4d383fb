import { versionConflict, type LockedBrief } from "./lock-brief";

/**
 * The QA row a write names, as brief_checklist_update finds it: by its index, then checked against
 * the text the caller read, so a list that changed meanwhile is a version conflict, not a write to
 * the wrong row. Returns the whole list too, for the write that replaces it.
 */
export function findChecklistRow(brief: LockedBrief, index: number, expectedText: string) {
  const items = brief.content.testingQaChecklist ?? [];
  if (index >= items.length) {
    throw versionConflict(brief, "INDEX_OUT_OF_RANGE", { checklistLength: items.length }, `The checklist has ${items.length} row(s); there is no row ${index}.`);
  }
  const row = items[index];
  if (row.text !== expectedText) {
    throw versionConflict(brief, "CHECKLIST_TEXT_MISMATCH", { currentItem: row }, `Row ${index} no longer has the expected text. Read the brief again.`);
  }
  return { items, row };
}
