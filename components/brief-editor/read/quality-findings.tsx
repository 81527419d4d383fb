import type { QualityFinding } from "@/lib/quality/check-item";
import { RULE_TEXTS } from "@/lib/quality/rule-texts";
import type { SuppressedFinding } from "@/lib/quality/suppressions";
import { findingCount, findingPlace, findingsByRule } from "@/components/quality/finding-place";
import { SuppressFindingForm } from "@/components/quality/suppress-finding-form";
import { savedItemText } from "@/components/quality/saved-item-text";
import type { CheckableContent } from "@/lib/quality/check-content";

/** Given to those who may suppress (owners and editors): the saved content, whose item texts suppressions are made on. */
export type Suppressing = { briefId: string; content: CheckableContent; onSuppressed: () => void };

/**
 * Above the document: how many open quality findings the brief has, opening onto the list of them
 * (rule, words, item and how to fix it), each with "Suppress…" for those who edit; and the findings
 * people suppressed, with who and why. A clean brief says so in one quiet line.
 */
export function QualityFindings({ findings, suppressed = [], suppressing }: { findings: QualityFinding[]; suppressed?: SuppressedFinding[]; suppressing?: Suppressing }) {
  if (findings.length === 0 && suppressed.length === 0) {
    return (
      <p className="mb-3 text-sm text-slate-600 print:hidden" data-testid="quality-findings">
        No quality findings
      </p>
    );
  }
  const errors = findings.filter((f) => f.severity === "error").length;
  return (
    <details className="mb-3 rounded-lg border border-amber-200 bg-amber-50/60 px-3 py-2 text-sm print:hidden" data-testid="quality-findings">
      <summary className="cursor-pointer font-medium text-amber-900">
        {findings.length === 0 ? "No open quality findings" : findingCount(findings.length)}{" "}
        <span className="font-normal text-amber-800">
          ({findingCount(errors, "error")}, {findingCount(findings.length - errors, "warning")}
          {suppressed.length > 0 && `, ${suppressed.length} suppressed`})
        </span>
      </summary>
      <ul className="mt-2 space-y-2">
        {findingsByRule(findings).map(({ ruleId, findings: ofRule }) => (
          <li key={ruleId}>
            <p className="font-medium text-slate-800">
              {RULE_TEXTS[ruleId].title} · {ofRule.length}
            </p>
            <ul className="mt-0.5 space-y-0.5 pl-3">
              {ofRule.map((f) => (
                <li key={`${f.section}-${f.index}-${f.start}`} className="text-slate-700">
                  {f.ruleId !== "ears" && <mark className={`rounded px-0.5 ${f.severity === "error" ? "bg-rose-100 text-rose-900" : "bg-amber-100 text-amber-900"}`}>{f.words}</mark>}{" "}
                  in {findingPlace(f)} <span className="text-slate-500">— {f.suggestion}</span>
                  {suppressing && <SuppressFindingForm briefId={suppressing.briefId} finding={f} itemText={savedItemText(suppressing.content, f)} onSuppressed={suppressing.onSuppressed} />}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {suppressed.length > 0 && (
        <div className="mt-3 border-t border-amber-200 pt-2" data-testid="suppressed-findings">
          <p className="font-medium text-slate-800">Suppressed · {suppressed.length}</p>
          <ul className="mt-0.5 space-y-0.5 pl-3">
            {suppressed.map((f) => (
              <li key={f.suppression.id} className="text-slate-600">
                <span className="line-through decoration-slate-400">{f.ruleId === "ears" ? RULE_TEXTS.ears.title : f.words}</span> in {findingPlace(f)} — suppressed by {f.suppression.createdBy}: “{f.suppression.reason}”
              </li>
            ))}
          </ul>
        </div>
      )}
    </details>
  );
}
