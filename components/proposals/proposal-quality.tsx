import { RULE_TEXTS } from "@/lib/quality/rule-texts";
import type { PlacedFinding } from "@/components/quality/finding-diff";
import { findingCount, findingPlace } from "@/components/quality/finding-place";

/**
 * The quality findings a proposal brings in and those it clears, each with its words, its rule
 * and the item it is in, so a reviewer sees whether accepting makes the requirements better or worse.
 */
export function ProposalQuality({ added, removed }: { added: PlacedFinding[]; removed: PlacedFinding[] }) {
  return (
    <section aria-labelledby="quality-change-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="proposal-quality">
      <h2 id="quality-change-heading" className="text-lg font-semibold text-slate-900">
        Quality
      </h2>
      {added.length === 0 && removed.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">Accepting adds no quality findings and removes none.</p>
      ) : (
        <div className="mt-2 grid gap-4 sm:grid-cols-2">
          <FindingList title={`Adds ${findingCount(added.length, "finding")}`} findings={added} tone="added" />
          <FindingList title={`Removes ${findingCount(removed.length, "finding")}`} findings={removed} tone="removed" />
        </div>
      )}
    </section>
  );
}

function FindingList({ title, findings, tone }: { title: string; findings: PlacedFinding[]; tone: "added" | "removed" }) {
  const id = `quality-${tone}`;
  return (
    <div>
      <h3 id={id} className={`text-sm font-medium ${tone === "added" ? "text-rose-800" : "text-emerald-800"}`}>
        {title}
      </h3>
      {findings.length > 0 && (
        <ul aria-labelledby={id} className="mt-1 space-y-1.5 text-sm">
          {findings.map((f, i) => (
            <li key={i} className="wrap-anywhere text-slate-700">
              {f.ruleId !== "ears" && (
                <>
                  <mark className={`rounded px-0.5 ${tone === "added" ? "bg-rose-100 text-rose-900" : "bg-emerald-100 text-emerald-900 line-through"}`}>{f.words}</mark>{" "}
                </>
              )}
              <span className="font-medium">{RULE_TEXTS[f.ruleId].title}</span> · {findingPlace(f)}
              <span className="block text-xs text-slate-500">“{f.itemText}”</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
