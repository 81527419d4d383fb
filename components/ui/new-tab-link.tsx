import type { ReactNode } from "react";

/** A link that opens in a new tab, without handing that tab a way back into this page, and says so to screen readers. */
export function NewTabLink({ href, children, className = "font-medium text-indigo-700 underline" }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
