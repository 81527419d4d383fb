import type { ReactNode, SelectHTMLAttributes } from "react";
import { controlClassName, labelClassName } from "./field-styles";

type SelectOption = { value: string; label: string };

/** A labelled native select; pass `hideLabel` when the context already names it visually. */
export function Select({
  label,
  options,
  error,
  id,
  hideLabel = false,
  className = "",
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: ReactNode;
  options: readonly SelectOption[];
  error?: string;
  id: string;
  hideLabel?: boolean;
}) {
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className={hideLabel ? "sr-only" : labelClassName}>
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${controlClassName} pr-8`}
        {...props}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
