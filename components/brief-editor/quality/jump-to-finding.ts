import type { QualityFinding } from "@/lib/quality/check-item";
import { fieldId, fieldPath } from "../form-model";

/** The DOM id of the field that edits a finding's item: a list row, or a criterion's text. */
export function findingFieldId(f: Pick<QualityFinding, "section" | "index">): string {
  const criteria = f.section === "acceptanceCriteria" || f.section === "requiredEvidence";
  return fieldId(fieldPath(f.section, f.index, criteria ? "text" : undefined));
}

/** Brings the finding's field into view, focuses it and selects the words found. */
export function jumpToFinding(f: QualityFinding): void {
  const field = document.getElementById(findingFieldId(f));
  if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) return;
  field.scrollIntoView({ block: "center" });
  field.focus({ preventScroll: true });
  field.setSelectionRange(f.start, f.end);
}
