"use client";

import type { MouseEvent, ReactNode } from "react";
import { Button, buttonClassName } from "@/components/ui/button";

/**
 * A link that opens the editor: a real URL (`?mode=edit`), so it works before the page is live and
 * in a new tab; a plain click switches in place.
 */
export function EditLink({ href, onOpen, className, label, children }: { href: string; onOpen: () => void; className: string; label?: string; children: ReactNode }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <a href={href} onClick={onClick} className={className} aria-label={label}>
      {children}
    </a>
  );
}

/** Read mode's actions: Edit (for those who may), the Markdown download, and printing. */
export function ReadActions({ editHref, onEdit, exportHref, editLabel = "Edit" }: { editHref: string | null; onEdit: () => void; exportHref: string; editLabel?: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2 lg:shrink-0 lg:flex-nowrap print:hidden" data-testid="read-actions">
      {editHref && (
        <EditLink href={editHref} onOpen={onEdit} className={buttonClassName("primary")}>
          {editLabel}
        </EditLink>
      )}
      {/* Same origin and a plain GET: the session cookie rides along and the CSP has nothing to object to. */}
      <a href={exportHref} download className={buttonClassName("secondary")}>
        Download Markdown
      </a>
      <Button type="button" variant="secondary" onClick={() => window.print()}>
        Print / Save as PDF
      </Button>
    </div>
  );
}

/** Edit mode's way back to reading; the page asks first when there are unsaved changes. */
export function EditActions({ onDone }: { onDone: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 sm:shrink-0 print:hidden">
      <Button type="button" variant="secondary" onClick={onDone}>
        Done editing
      </Button>
    </div>
  );
}

/** The small "Edit" beside a section heading: opens the editor at that section. */
export function SectionEditLink({ href, title, onOpen }: { href: string; title: string; onOpen: () => void }) {
  return (
    <EditLink href={href} onOpen={onOpen} label={`Edit ${title}`} className="shrink-0 rounded px-1.5 py-0.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 print:hidden">
      Edit
    </EditLink>
  );
}
