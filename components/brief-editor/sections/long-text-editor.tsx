"use client";

import { LONG_TEXT_MAX } from "@/lib/contract/bounds";
import { Textarea } from "@/components/ui/textarea";
import { fieldId, fieldPath } from "../form-model";
import type { EditorProps } from "./section-rows";

/** A free-text section; its label is its heading. */
export function LongTextEditor({ def, value, onChange, errors }: EditorProps<string>) {
  const path = fieldPath(def.key);
  return (
    <Textarea
      id={fieldId(path)}
      label={def.label}
      limit={LONG_TEXT_MAX}
      value={value ?? ""}
      rows={3}
      autoGrow
      placeholder={def.hint}
      error={errors[path]}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
