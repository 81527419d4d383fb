import type { ReactNode } from "react";
import { labelClassName } from "./field-styles";

export type LabelledProps = { label: ReactNode; error?: string; hint?: ReactNode; id: string; className?: string };

/** The ids a control points at with aria-describedby: its hint and its error, when shown. */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** Label above, hint and error below: the frame every form control of the app sits in. */
export function LabelledControl({ label, error, hint, id, className = "", children }: LabelledProps & { children: ReactNode }) {
  return (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-600">
          {error}
        </p>
      )}
    </div>
  );
}
