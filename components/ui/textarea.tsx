import type { TextareaHTMLAttributes } from "react";
import { controlClassName } from "./field-styles";
import { describedBy, LabelledControl, type LabelledProps } from "./labelled-control";

/** A labelled multi-line text field with its hint and error wired up for screen readers. */
export function Textarea({ label, error, hint, id, className, rows = 4, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & LabelledProps) {
  return (
    <LabelledControl label={label} error={error} hint={hint} id={id} className={className}>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClassName}
        {...props}
      />
    </LabelledControl>
  );
}
