"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { SubmitOrCancel } from "@/components/ui/submit-or-cancel";
import { Field } from "@/components/ui/field";
import { useSuccessorSearch } from "./use-successor-search";

/** Superseding may name the brief of this project that replaces this one. */
export function SupersedeForm({ projectId, briefId, busy, onCancel, onConfirm }: { projectId: string; briefId: string; busy: boolean; onCancel: () => void; onConfirm: (successorBriefId?: string) => void }) {
  const [query, setQuery] = useState("");
  const [choice, setChoice] = useState("");
  const { candidates, error } = useSuccessorSearch(projectId, briefId, query);

  return (
    <form
      className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(choice || undefined);
      }}
    >
      <p className="text-sm font-medium text-slate-800">Supersede this brief</p>
      <p className="text-xs text-slate-600">Optionally point to the brief of this project that replaces it. A superseded brief becomes read-only.</p>
      <Field id="successor-search" type="search" label="Search briefs by title" hideLabel placeholder="Search briefs by title" value={query} onChange={(e) => setQuery(e.target.value)} />
      {error && <Alert>{error}</Alert>}
      <fieldset className="max-h-48 space-y-1 overflow-auto">
        <legend className="sr-only">Successor</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="successor" value="" checked={choice === ""} onChange={() => setChoice("")} />
          No successor
        </label>
        {candidates === null ? (
          <p className="text-xs text-slate-500">Loading briefs…</p>
        ) : candidates.length === 0 ? (
          <p className="text-xs text-slate-500">No other briefs{query ? " match" : " in this project"}.</p>
        ) : (
          candidates.map((c) => (
            <label key={c.id} className="flex items-center gap-2 text-sm">
              <input type="radio" name="successor" value={c.id} checked={choice === c.id} onChange={() => setChoice(c.id)} />
              <span className="truncate">{c.title}</span>
            </label>
          ))
        )}
      </fieldset>
      <SubmitOrCancel label="Supersede" pending={busy} onCancel={onCancel} />
    </form>
  );
}
