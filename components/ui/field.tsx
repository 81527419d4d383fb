import type { InputHTMLAttributes } from "react";
import { CharacterCount } from "./character-count";
import { controlClassName } from "./field-styles";
import { describedBy, LabelledControl, type LabelledProps } from "./labelled-control";

export type CountedProps = {
  /** Shows a character count against this bound beside the label; typing past it is allowed and shown. */
  limit?: number;
};

/** A labelled input with its hint and error wired up for screen readers. */
export function Field({ label, error, hint, id, className, hideLabel, limit, ...props }: InputHTMLAttributes<HTMLInputElement> & LabelledProps & CountedProps) {
  const aside = limit !== undefined ? <CharacterCount value={String(props.value ?? "")} max={limit} /> : undefined;
  return (
    <LabelledControl label={label} error={error} hint={hint} id={id} className={className} hideLabel={hideLabel} aside={aside}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={controlClassName} {...props} />
    </LabelledControl>
  );
}
