import type { InputHTMLAttributes } from "react";
import { describedBy, LabelledControl, type LabelledProps } from "./labelled-control";

/** A labelled file picker with its hint and error wired up for screen readers. */
export function FileField({ label, error, hint, id, className, hideLabel, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & LabelledProps) {
  return (
    <LabelledControl label={label} error={error} hint={hint} id={id} className={className} hideLabel={hideLabel}>
      <input
        id={id}
        type="file"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-100"
        {...props}
      />
    </LabelledControl>
  );
}
