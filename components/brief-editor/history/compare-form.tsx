import Form from "next/form";
import Link from "next/link";
import { buttonClassName } from "@/components/ui/button";
import { controlClassName, labelClassName } from "@/components/ui/field-styles";

/** Up to this many versions the pickers are lists; beyond it, number fields (a list would be too long to use). */
const LISTED_VERSIONS = 300;

/**
 * Picks the two versions to compare. It submits as a plain GET (`?from=&compare=`), which the
 * version page turns into its own address, `/versions/<from>?compare=<to>`; so it also works before
 * the page's script has loaded.
 */
export function CompareForm({ versionsHref, from, to, latest }: { versionsHref: string; from: number; to: number; latest: number }) {
  return (
    // Keyed by the pair, so the pickers show the compared versions again after a navigation.
    <Form key={`${from}-${to}`} action={`${versionsHref}/${from}`} className="flex flex-wrap items-end gap-3" aria-label="Compare versions">
      <VersionPicker id="compare-from" name="from" label="From version" value={from} latest={latest} />
      <VersionPicker id="compare-to" name="compare" label="To version" value={to} latest={latest} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={buttonClassName("secondary")}>
          Compare
        </button>
        {from !== to && (
          <Link href={`${versionsHref}/${to}?compare=${from}`} className={buttonClassName("ghost")} aria-label={`Swap: changes from version ${to} to version ${from}`}>
            ⇄ Swap
          </Link>
        )}
      </div>
    </Form>
  );
}

function VersionPicker({ id, name, label, value, latest }: { id: string; name: string; label: string; value: number; latest: number }) {
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {latest <= LISTED_VERSIONS ? (
        <select id={id} name={name} defaultValue={String(value)} className={`${controlClassName} pr-8`}>
          {Array.from({ length: latest }, (_, i) => latest - i).map((n) => (
            <option key={n} value={n}>
              {n === latest ? `Version ${n} (current)` : `Version ${n}`}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} name={name} type="number" inputMode="numeric" min={1} max={latest} required defaultValue={value} className={`${controlClassName} w-32`} />
      )}
    </div>
  );
}
