import type { InputHTMLAttributes } from "react";
import { controlClassName } from "./field-styles";
import { describedBy, LabelledControl, type LabelledProps } from "./labelled-control";

/** A labelled input with its hint and error wired up for screen readers. */
export function Field({ label, error, hint, id, className, ...props }: InputHTMLAttributes<HTMLInputElement> & LabelledProps) {
  return (
    <LabelledControl label={label} error={error} hint={hint} id={id} className={className}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={controlClassName} {...props} />
    </LabelledControl>
  );
}
