"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import { briefStates } from "@/lib/briefs/schema";
import { briefStateLabels } from "@/lib/briefs/state-labels";
import { Button, buttonClassName } from "../ui/button";
import { Field } from "../ui/field";
import { Select } from "../ui/select";
import { TITLE_MAX } from "@/lib/contract/bounds";

const stateOptions = [{ value: "", label: "All states" }, ...briefStates.map((s) => ({ value: s, label: briefStateLabels[s] }))];

/**
 * Filters live in the URL (?state=…&q=…), so a filtered list can be bookmarked and shared.
 * Choosing a state applies at once; the title search applies on Enter or "Search". The page
 * stays in place while the new list loads (a transition), so focus stays where it was.
 */
export function BriefFilters({ projectId, state, q }: { projectId: string; state: string; q: string }) {
  const router = useRouter();
  const [updating, startUpdating] = useTransition();
  const [fields, setFields] = useState({ state, q });
  // Back/forward changes the URL under us: the fields follow it.
  const [shown, setShown] = useState({ state, q });
  if (shown.state !== state || shown.q !== q) {
    setShown({ state, q });
    setFields({ state, q });
  }
  const base = `/projects/${projectId}`;

  function apply(next: { state: string; q: string }) {
    const params = new URLSearchParams();
    if (next.state) params.set("state", next.state);
    if (next.q.trim()) params.set("q", next.q.trim());
    startUpdating(() => router.push(params.size ? `${base}?${params}` : base));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(fields);
  }

  return (
    <form
      action={base}
      method="get"
      onSubmit={onSubmit}
      role="search"
      aria-label="Filter briefs"
      aria-busy={updating}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
    >
      <Select
        id="brief-state-filter"
        name="state"
        label="State"
        options={stateOptions}
        value={fields.state}
        onChange={(e) => {
          const next = { ...fields, state: e.target.value };
          setFields(next);
          apply(next);
        }}
        className="sm:w-48"
      />
      <Field
        id="brief-title-search"
        name="q"
        type="search"
        label="Search titles"
        placeholder="Words in the title"
        value={fields.q}
        onChange={(e) => setFields({ ...fields, q: e.target.value })}
        maxLength={TITLE_MAX}
        className="min-w-0 flex-1"
      />
      <div className="flex items-center gap-2">
        <Button type="submit" variant="secondary">
          Search
        </Button>
        {(state || q) && (
          <Link href={base} className={buttonClassName("ghost")}>
            Clear filters
          </Link>
        )}
        <span role="status" className="text-sm text-slate-500">
          {updating ? "Updating…" : ""}
        </span>
      </div>
    </form>
  );
}
