import Link from "next/link";
import type { TraceGap } from "@/lib/trace/trace-schema";
import { gapKindLabels, gapLinks, type GapLinkContext } from "./gap-links";

/**
 * Every place where the chain from a requirement to its proof is broken, first on the page: what is
 * wrong in the trace's own words, and links to where it is fixed and to the row it is about.
 */
export function TraceGaps({ gaps, links }: { gaps: TraceGap[]; links: GapLinkContext }) {
  return (
    <section aria-labelledby="trace-gaps-heading" data-testid="trace-gaps">
      <h2 id="trace-gaps-heading" className="text-lg font-semibold text-slate-900">
        Gaps <span className="font-normal text-slate-600">({gaps.length})</span>
      </h2>
      {gaps.length === 0 ? (
        <p className="mt-2 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
          No gaps: every requirement has an id and a ticket, and nothing claimed done lacks its proof.
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {gaps.map((gap, index) => (
            <li
              key={`${gap.kind}-${index}`}
              className={`wrap-anywhere rounded-md border-l-4 px-3 py-2 ${gap.kind === "open_finding" ? "border-rose-500 bg-rose-50" : "border-amber-500 bg-amber-50"}`}
              data-testid="trace-gap"
              data-kind={gap.kind}
            >
              <p className={`text-xs font-semibold ${gap.kind === "open_finding" ? "text-rose-900" : "text-amber-900"}`}>{gapKindLabels[gap.kind]}</p>
              <p className="text-sm text-slate-900">{gap.message}</p>
              <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {gapLinks(gap, links).map((link) =>
                  link.href.startsWith("#") ? (
                    <a key={link.href + link.label} href={link.href} className="font-medium text-indigo-700 underline">
                      {link.label}
                    </a>
                  ) : (
                    <Link key={link.href + link.label} href={link.href} className="font-medium text-indigo-700 underline">
                      {link.label}
                    </Link>
                  ),
                )}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
