import type { ReactNode } from "react";
import { labelClassName } from "./field-styles";

export type LabelledProps = {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id: string;
  className?: string;
  /** Keeps the label for screen readers only, where the context already names the control. */
  hideLabel?: boolean;
};

/** The ids a control points at with aria-describedby: its hint and its error, when shown. */
export function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/**
 * Label above (with an optional note beside it, such as a character count), hint and error below:
 * the frame every form control of the app sits in.
 */
export function LabelledControl({ label, error, hint, id, className = "", hideLabel = false, aside, children }: LabelledProps & { aside?: ReactNode; children: ReactNode }) {
  const labelElement = (
    <label htmlFor={id} className={hideLabel ? "sr-only" : labelClassName}>
      {label}
    </label>
  );
  return (
    <div className={`min-w-0 space-y-1 ${className}`}>
      {aside ? (
        <div className="flex items-baseline justify-between gap-2">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** An error under a control or a group of controls, found by `${id}-error`. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm text-rose-600">
      {error}
    </p>
  );
}
