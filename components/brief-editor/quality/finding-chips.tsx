import type { CSSProperties } from "react";
import type { QualityFinding } from "@/lib/quality/check-item";
import { RULE_TEXTS } from "@/lib/quality/rule-texts";

/** The longest stretch of words a chip shows; "Not EARS" covers a whole requirement. */
const WORDS_SHOWN = 40;

/**
 * The findings of one field as a row of buttons under it (and, for the field's description, their
 * messages in one line only screen readers read), each naming the words and the rule. Its
 * explanation opens on hover and on keyboard focus (a tooltip the button is described by); pressing
 * it selects the words in the field.
 */
export function FindingChips({ id, label, findings, onSelect }: { id: string; label: string; findings: QualityFinding[]; onSelect: (f: QualityFinding) => void }) {
  if (findings.length === 0) return null;
  return (
    <>
      {/* What the field itself is described by: each finding's rule and message, read out with the field. */}
      <p id={`${id}-summary`} className="sr-only">
        {findings.map((f) => `${RULE_TEXTS[f.ruleId].title}: ${f.message}`).join(" ")}
      </p>
      <ul aria-label={`Quality findings in ${label}`} className="mt-1 flex flex-wrap gap-1.5">
        {findings.map((f, i) => {
          const tipId = `${id}-${i}`;
          const words = f.words.length > WORDS_SHOWN ? `${f.words.slice(0, WORDS_SHOWN - 1)}…` : f.words;
          return (
            <li key={`${f.ruleId}-${f.start}-${f.end}`} className="group relative">
              <button
                type="button"
                aria-describedby={tipId}
                onClick={() => onSelect(f)}
                className={`inline-flex max-w-full items-center gap-1 rounded px-1.5 py-0.5 text-xs focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  f.severity === "error" ? "bg-rose-50 text-rose-800 hover:bg-rose-100" : "bg-amber-50 text-amber-900 hover:bg-amber-100"
                }`}
              >
                <span aria-hidden className={`h-1.5 w-1.5 shrink-0 rounded-full ${f.severity === "error" ? "bg-rose-600" : "bg-amber-500"}`} />
                <span className="truncate">
                  {f.ruleId === "ears" ? "" : `“${words}” · `}
                  {RULE_TEXTS[f.ruleId].title}
                </span>
                <span className="sr-only">({f.severity})</span>
              </button>
              <FindingTip id={tipId} findings={[f]} className="absolute top-full left-0 mt-1 hidden group-focus-within:block group-hover:block" />
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** A finding's message and how to fix it, as a small dark card. */
export function FindingTip({ id, findings, className = "", style }: { id?: string; findings: QualityFinding[]; className?: string; style?: CSSProperties }) {
  return (
    <span role="tooltip" id={id} style={style} className={`z-20 w-72 max-w-[80vw] rounded-md bg-slate-900 px-3 py-2 text-xs leading-relaxed text-white shadow-lg ${className}`}>
      {findings.map((f) => (
        <span key={`${f.ruleId}-${f.start}`} className="block">
          <span className="font-semibold">{RULE_TEXTS[f.ruleId].title}:</span> {f.message} <span className="text-slate-300">{f.suggestion}</span>
        </span>
      ))}
    </span>
  );
}
