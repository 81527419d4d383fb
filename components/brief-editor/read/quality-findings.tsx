import type { QualityFinding } from "@/lib/quality/check-item";
import { RULE_TEXTS } from "@/lib/quality/rule-texts";
import { findingCount, findingPlace, findingsByRule } from "@/components/quality/finding-place";

/**
 * Above the document: how many open quality findings the brief has, opening onto the list of them
 * (rule, words, item and how to fix it). A clean brief says so in one quiet line.
 */
export function QualityFindings({ findings }: { findings: QualityFinding[] }) {
  if (findings.length === 0) {
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
        {findingCount(findings.length)} <span className="font-normal text-amber-800">({findingCount(errors, "error")}, {findingCount(findings.length - errors, "warning")})</span>
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
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}
