import type { SelectHTMLAttributes } from "react";
import { controlClassName } from "./field-styles";
import { describedBy, LabelledControl, type LabelledProps } from "./labelled-control";

type SelectOption = { value: string; label: string };

/** A labelled native select; pass `hideLabel` when the context already names it visually. */
export function Select({
  label,
  options,
  error,
  hint,
  id,
  hideLabel = false,
  className,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & LabelledProps & { options: readonly SelectOption[] }) {
  return (
    <LabelledControl label={label} error={error} hint={hint} id={id} className={className} hideLabel={hideLabel}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)} className={`${controlClassName} pr-8`} {...props}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </LabelledControl>
  );
}
