"use client";

import { useState } from "react";
import { LONG_TEXT_MAX } from "@/lib/contract/bounds";
import { MarkdownText } from "@/components/markdown/markdown-text";
import { CharacterCount } from "@/components/ui/character-count";
import { controlClassName } from "@/components/ui/field-styles";
import { describedBy, LabelledControl } from "@/components/ui/labelled-control";
import { fieldId, fieldPath } from "../form-model";
import type { EditorProps } from "./section-rows";
import { PreviewBox, WritePreviewSwitch } from "./write-preview-switch";

/**
 * A free-text section; its label is its heading. Beside the label, Write | Preview: the preview
 * renders the Markdown as read mode will. The text box stays mounted (hidden) while previewing, so
 * its undo history and its id (where errors point) survive the switch.
 */
export function LongTextEditor({ def, value, onChange, errors }: EditorProps<string>) {
  const [preview, setPreview] = useState(false);
  const path = fieldPath(def.key);
  const id = fieldId(path);
  const error = errors[path];
  const text = value ?? "";
  return (
    <LabelledControl
      label={def.label}
      id={id}
      error={error}
      aside={
        <span className="flex shrink-0 items-center gap-3">
          <WritePreviewSwitch preview={preview} onChange={setPreview} label={def.label} />
          <CharacterCount value={text} max={LONG_TEXT_MAX} />
        </span>
      }
    >
      <textarea
        id={id}
        hidden={preview}
        rows={3}
        value={text}
        placeholder={def.hint}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        className={`${controlClassName} field-sizing-content min-h-10 resize-y`}
        onChange={(event) => onChange(event.target.value)}
      />
      {preview && (
        <PreviewBox empty={text.trim() === ""} testId={`preview-${def.key}`}>
          <MarkdownText text={text} />
        </PreviewBox>
      )}
    </LabelledControl>
  );
}
