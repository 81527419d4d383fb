"use client";

import { useState } from "react";
import type { QualityFinding } from "@/lib/quality/check-item";
import { Button } from "../ui/button";
import { suppressFindingAction } from "./actions";

/**
 * "Suppress…" on one finding of the saved brief: a reason, then the finding leaves the open ones.
 * The suppression is made on the item's text as shown, so a change meanwhile is refused.
 */
export function SuppressFindingForm({ briefId, finding, itemText, onSuppressed }: { briefId: string; finding: QualityFinding; itemText: string; onSuppressed: () => void }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const id = `suppress-${finding.section}-${finding.index}-${finding.start}-${finding.ruleId}`;
  if (!open) {
    return (
      <button type="button" onClick={() => setOpen(true)} className="ml-1 text-xs font-medium text-indigo-700 underline-offset-2 hover:underline">
        Suppress…
      </button>
    );
  }
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    const { section, index, ruleId, start, end } = finding;
    const result = await suppressFindingAction({ briefId, section, index, ruleId, start, end, itemText, reason, idempotencyKey: crypto.randomUUID() });
    setPending(false);
    if (result.ok) {
      setOpen(false);
      onSuppressed();
    } else setError(result.error.message);
  }
  return (
    <form onSubmit={submit} aria-label={`Suppress “${finding.words}”`} className="mt-1 space-y-1.5 rounded-md border border-slate-200 bg-white p-2">
      <label htmlFor={id} className="block text-xs font-medium text-slate-800">
        Why is “{finding.words}” not a defect here?
      </label>
      <textarea id={id} required maxLength={500} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} className="w-full rounded border border-slate-300 px-2 py-1 text-sm" />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary" disabled={pending || reason.trim() === ""}>
          {pending ? "Suppressing…" : "Suppress"}
        </Button>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
      {error && <p role="alert" className="text-xs text-rose-700">{error}</p>}
    </form>
  );
}
