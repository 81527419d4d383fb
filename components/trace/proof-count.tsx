/**
 * "3 of 5 criteria proven": how many of the acceptance criteria that need proof have passing
 * evidence for their current text. Exempt criteria are not counted; with nothing to count, nothing shows.
 */
export function ProofCount({ proof, className = "" }: { proof: { proven: number; needed: number } | null; className?: string }) {
  if (!proof || proof.needed === 0) return null;
  const done = proof.proven === proof.needed;
  return (
    <span className={`inline-flex items-center gap-1.5 ${done ? "text-emerald-700" : ""} ${className}`} data-testid="proof-count">
      <span aria-hidden className="h-1.5 w-10 overflow-hidden rounded-full bg-slate-200">
        <span className="block h-full rounded-full bg-emerald-500" style={{ width: `${(proof.proven / proof.needed) * 100}%` }} />
      </span>
      {proof.proven} of {proof.needed} criteria proven
    </span>
  );
}
