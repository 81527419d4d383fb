import type { ReactNode } from "react";
import { Badge } from "../ui/badge";
import { Detail } from "../ui/detail";
import { RelativeTime } from "../ui/relative-time";

/**
 * One credential in the token list or the connected apps: who holds it (name cut to fit, whole on
 * hover), a badge saying where it stands, its scopes, when it was made and last used (and any
 * `moreDetails`), and what can be done with it.
 */
export function CredentialRow({
  name,
  badge,
  scopes,
  madeTerm,
  madeAt,
  lastUsedAt,
  moreDetails,
  action,
  layout,
}: {
  name: string;
  badge: ReactNode;
  scopes: readonly string[];
  madeTerm: string;
  madeAt: string;
  lastUsedAt: string | null;
  moreDetails?: ReactNode;
  action: ReactNode;
  /** Widths of the name column and the action column, and the grid of the dates. */
  layout: { name: string; details: string; action: string };
}) {
  return (
    <li className="flex flex-col gap-3 px-4 py-3 md:flex-row md:items-center md:gap-6">
      <div className={`min-w-0 space-y-1 ${layout.name}`}>
        <div className="flex flex-wrap items-center gap-2">
          <p className="truncate font-medium text-slate-900" title={name}>
            {name}
          </p>
          {badge}
        </div>
        <p className="flex flex-wrap gap-1" aria-label="Scopes">
          {scopes.map((s) => (
            <Badge key={s}>{s}</Badge>
          ))}
        </p>
      </div>
      <dl className={`grid flex-1 grid-cols-2 gap-x-4 gap-y-1 text-sm ${layout.details}`}>
        <Detail term={madeTerm}>
          <RelativeTime value={madeAt} />
        </Detail>
        <Detail term="Last used">
          <RelativeTime value={lastUsedAt} fallback="Never" />
        </Detail>
        {moreDetails}
      </dl>
      <div className={`${layout.action} md:text-right`}>{action}</div>
    </li>
  );
}
