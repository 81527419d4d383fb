"use client";

import type { QualityFinding } from "@/lib/quality/check-item";
import { summarize } from "@/lib/quality/check-content";
import { defaultSeverity } from "@/lib/quality/rule-ids";
import { RULE_TEXTS } from "@/lib/quality/rule-texts";
import { findingCount, findingPlace, findingsByRule } from "@/components/quality/finding-place";
import { jumpToFinding } from "./jump-to-finding";

/**
 * The draft's open findings beside the form: the totals, then per rule (in the rules' order) its
 * title, severity and count, and each finding as a button that takes the person to its words.
 */
export function QualityPanel({ findings }: { findings: QualityFinding[] }) {
  const { errors, warnings } = summarize(findings);
  return (
    <section aria-labelledby="quality-heading" className="wrap-anywhere rounded-xl border border-slate-200 bg-white p-4" data-testid="quality-panel">
      <h2 id="quality-heading" className="mb-2 font-semibold text-slate-900">
        Quality
      </h2>
      {findings.length === 0 ? (
        <p className="text-sm text-slate-600">No findings</p>
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="quality-totals" aria-live="polite">
            <span className="font-medium text-rose-700">{findingCount(errors, "error")}</span> · <span className="font-medium text-amber-800">{findingCount(warnings, "warning")}</span>
          </p>
          <ul className="mt-3 space-y-3">
            {findingsByRule(findings).map(({ ruleId, findings: ofRule }) => (
              <li key={ruleId} data-testid={`quality-rule-${ruleId}`}>
                <h3 className="flex items-baseline justify-between gap-2 text-sm font-medium text-slate-800">
                  <span>
                    {RULE_TEXTS[ruleId].title}{" "}
                    <span className={`text-xs font-normal ${defaultSeverity(ruleId) === "error" ? "text-rose-700" : "text-amber-800"}`}>({defaultSeverity(ruleId)})</span>
                  </span>
                  <span className="text-xs tabular-nums text-slate-600" aria-label={findingCount(ofRule.length, "finding")}>
                    {ofRule.length}
                  </span>
                </h3>
                <ul className="mt-1 space-y-0.5">
                  {ofRule.map((f) => (
                    <li key={`${f.section}-${f.index}-${f.start}`}>
                      <button
                        type="button"
                        onClick={() => jumpToFinding(f)}
                        className="w-full truncate rounded px-1.5 py-0.5 text-left text-xs text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
                      >
                        {f.ruleId === "ears" ? "" : `“${f.words}” in `}
                        {findingPlace(f)}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
