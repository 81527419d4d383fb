import type { ReactNode } from "react";
import { Badge } from "../ui/badge";

/**
 * Who holds a credential and what it may do, as the token list and the connected apps show it: its
 * name (cut to fit, whole on hover), a badge saying where it stands, and its scopes.
 */
export function CredentialSummary({ name, badge, scopes, className }: { name: string; badge: ReactNode; scopes: readonly string[]; className: string }) {
  return (
    <div className={`min-w-0 space-y-1 ${className}`}>
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
  );
}
