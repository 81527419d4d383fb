"use client";

import { useRef, useState } from "react";
import type { Row } from "@/components/brief-editor/form-model";
import { Button } from "@/components/ui/button";
import { numberRequirements, requirementIdOf } from "@/lib/trace/requirement-id";

/**
 * "Number requirements": gives every requirement of the draft that has no id the next free `R<n>: `
 * prefix, so tickets can bind it and the trace can follow it. An ordinary change of the draft,
 * kept only when the person saves. Shown while some requirement has no id.
 */
export function NumberRequirementsButton({ rows, onChange }: { rows: Row<string>[] | undefined; onChange: (rows: Row<string>[]) => void }) {
  const [numbered, setNumbered] = useState<number | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  const list = rows ?? [];
  const missing = list.filter((row) => requirementIdOf(row.value) === null).length;

  function numberThem() {
    const texts = numberRequirements(list.map((row) => row.value));
    onChange(list.map((row, index) => ({ ...row, value: texts[index] })));
    setNumbered(missing);
    // The button goes away with the last requirement without an id; the note it leaves takes the focus.
    status.current?.focus();
  }

  return (
    <div className="mt-2 space-y-1">
      {missing > 0 && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button type="button" variant="secondary" onClick={numberThem} aria-describedby="number-requirements-hint">
            Number requirements
          </Button>
          <p id="number-requirements-hint" className="text-xs text-slate-600">
            {missing === 1 ? "1 requirement has" : `${missing} requirements have`} no id, so nothing can be traced to {missing === 1 ? "it" : "them"}. Numbering adds R1:, R2:, … where an id is missing.
          </p>
        </div>
      )}
      <p ref={status} tabIndex={-1} role="status" className="text-xs text-slate-700 focus:outline-none" data-testid="number-requirements-status">
        {numbered !== null && missing === 0 ? `Numbered ${numbered} ${numbered === 1 ? "requirement" : "requirements"}. Save to keep the ids.` : ""}
      </p>
    </div>
  );
}
