import type { Trace } from "@/lib/trace/trace-schema";
import { ProofCount } from "./proof-count";

/** The trace in one line: how many criteria are proven, how many need no proof, what is still open. */
export function ProofOverview({ proof }: { proof: Trace["proof"] }) {
  const parts = [
    proof.exempt > 0 && `${proof.exempt} exempt`,
    proof.openFindings > 0 && `${proof.openFindings} open ${proof.openFindings === 1 ? "finding" : "findings"}`,
  ].filter(Boolean);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700" data-testid="trace-proof">
      {proof.needed > 0 ? <ProofCount proof={proof} /> : <span>No criterion needs proof yet.</span>}
      {parts.length > 0 && <span>{parts.join(" · ")}</span>}
      {proof.needed > 0 && proof.complete && <span className="font-medium text-emerald-700">Done is proven.</span>}
    </p>
  );
}
