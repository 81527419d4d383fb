import type { ReactNode, TextareaHTMLAttributes } from "react";
import { CharacterCount } from "./character-count";
import type { CountedProps } from "./field";
import { controlClassName } from "./field-styles";
import { describedBy, LabelledControl, type LabelledProps } from "./labelled-control";

/**
 * A labelled multi-line text field with its hint and error wired up for screen readers.
 * `autoGrow` lets it grow with its text (from one line up), for fields inside long forms.
 * `overlay` is laid over the text box, e.g. marks under words (it must not take the pointer).
 */
export function Textarea({
  label,
  error,
  hint,
  id,
  className,
  hideLabel,
  limit,
  autoGrow = false,
  rows = 4,
  overlay,
  "aria-describedby": alsoDescribedBy,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & LabelledProps & CountedProps & { autoGrow?: boolean; overlay?: ReactNode }) {
  const aside = limit !== undefined ? <CharacterCount value={String(props.value ?? "")} max={limit} /> : undefined;
  const textarea = (
    <textarea
      id={id}
      rows={rows}
      aria-invalid={error ? true : undefined}
      aria-describedby={[describedBy(id, hint, error), alsoDescribedBy].filter(Boolean).join(" ") || undefined}
      className={autoGrow ? `${controlClassName} field-sizing-content min-h-10 resize-y` : controlClassName}
      {...props}
    />
  );
  return (
    <LabelledControl label={label} error={error} hint={hint} id={id} className={className} hideLabel={hideLabel} aside={aside}>
      {overlay ? (
        <div className="relative">
          {textarea}
          {overlay}
        </div>
      ) : (
        textarea
      )}
    </LabelledControl>
  );
}
