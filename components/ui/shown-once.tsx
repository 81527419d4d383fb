import { CopyButton } from "./copy-button";
import { controlClassName } from "./field-styles";
import { LabelledControl } from "./labelled-control";

/**
 * A secret shown only this once (a token, a signing secret, a share link): read-only, selected on
 * focus, with a copy button beside it.
 */
export function ShownOnce({ id, label, value, what }: { id: string; label: string; value: string; what: string }) {
  return (
    <LabelledControl id={id} label={label}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <input id={id} readOnly value={value} onFocus={(e) => e.currentTarget.select()} className={`${controlClassName} min-w-0 font-mono`} />
        <CopyButton text={value} what={what} />
      </div>
    </LabelledControl>
  );
}
