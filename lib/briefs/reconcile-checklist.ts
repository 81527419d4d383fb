import type { BriefContent, QaChecklistItem } from "./schema";

/**
 * Checklist attribution is the server's (docs/contract.md#checklist-attribution): clients send text and checked, the server
 * decides addedBy, checkedBy and checkedAt. Values a client sends for those fields are ignored.
 */

type Attribution = Pick<QaChecklistItem, "addedBy" | "checkedBy" | "checkedAt">;

/** Builds a row with keys in the one order the service stores: text, checked, then attribution. */
function row(text: string, checked: boolean, attribution: Attribution): QaChecklistItem {
  const item: QaChecklistItem = { text, checked };
  if (attribution.addedBy !== undefined) item.addedBy = attribution.addedBy;
  if (attribution.checkedBy !== undefined) item.checkedBy = attribution.checkedBy;
  if (attribution.checkedAt !== undefined) item.checkedAt = attribution.checkedAt;
  return item;
}

/** `checked` changed on an existing row: attribution of the check follows the new value. */
function rechecked(previous: QaChecklistItem, checked: boolean, actor: string, now: Date): QaChecklistItem {
  return checked
    ? row(previous.text, true, { addedBy: previous.addedBy, checkedBy: actor, checkedAt: now.toISOString() })
    : row(previous.text, false, { addedBy: previous.addedBy });
}

/**
 * Reconciles a whole-list replace. Each incoming row takes the first unused previous row with equal
 * text; matched rows keep their attribution unless `checked` changed, unmatched rows are new and
 * attributed to the actor. Legacy rows without addedBy keep it absent: we do not know who added them.
 */
export function reconcileChecklist(
  previous: readonly QaChecklistItem[] | undefined,
  incoming: readonly QaChecklistItem[],
  actor: string,
  now: Date,
): QaChecklistItem[] {
  const unused = new Map<string, number[]>();
  (previous ?? []).forEach((item, index) => {
    const indexes = unused.get(item.text);
    if (indexes) indexes.push(index);
    else unused.set(item.text, [index]);
  });

  return incoming.map((item) => {
    const match = unused.get(item.text)?.shift();
    if (match === undefined) {
      return item.checked
        ? row(item.text, true, { addedBy: actor, checkedBy: actor, checkedAt: now.toISOString() })
        : row(item.text, false, { addedBy: actor });
    }
    const before = previous![match];
    return before.checked === item.checked ? row(before.text, before.checked, before) : rechecked(before, item.checked, actor, now);
  });
}

/**
 * Applies reconciliation to a whole content document, keeping the section at its key position.
 * Content without the section is returned as is.
 */
export function reconcileContentChecklist(
  previous: BriefContent | undefined,
  next: BriefContent,
  actor: string,
  now: Date,
): BriefContent {
  if (next.testingQaChecklist === undefined) return next;
  return {
    ...next,
    testingQaChecklist: reconcileChecklist(previous?.testingQaChecklist, next.testingQaChecklist, actor, now),
  };
}

/**
 * The single-row toggle of brief_checklist_update. The caller has already checked the index and
 * expectedText (they map to BRIEF_VERSION_CONFLICT details only it can fill). Setting the current
 * value returns equal items, so the content hash — and versionNum — stay unchanged.
 */
export function toggleChecklistItem(
  items: readonly QaChecklistItem[],
  index: number,
  checked: boolean,
  actor: string,
  now: Date,
): QaChecklistItem[] {
  if (!Number.isInteger(index) || index < 0 || index >= items.length) {
    throw new RangeError(`Checklist index ${index} is out of range (length ${items.length}).`);
  }
  return items.map((item, position) => {
    if (position !== index || item.checked === checked) return item;
    return rechecked(item, checked, actor, now);
  });
}
