"use client";

import { useState } from "react";
import { Field } from "@/components/ui/field";
import { fieldId } from "../form-model";
import { parseIds } from "./row-edits";

/** Ids typed as a comma- or space-separated list; the text is kept as typed while it means the same ids. */
export function BoundIdsInput({ path, label, value, errors, onChange }: { path: string; label: string; value: string[]; errors: Record<string, string>; onChange: (ids: string[]) => void }) {
  const [text, setText] = useState(value.join(", "));
  if (parseIds(text).join("\n") !== value.join("\n")) setText(value.join(", "));
  const messages = Object.entries(errors).filter(([p]) => p === path || p.startsWith(`${path}[`));
  return (
    <Field
      id={fieldId(path)}
      label={label}
      value={text}
      spellCheck={false}
      placeholder="e.g. REQ-1, REQ-2"
      hint="Requirement ids, separated by commas or spaces."
      error={messages.length ? messages.map(([p, m]) => (p === path ? m : `${parseIds(text)[Number(p.slice(path.length + 1, -1))] ?? p}: ${m}`)).join(" ") : undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parseIds(e.target.value));
      }}
    />
  );
}
