"use client";

import { useMemo } from "react";
import type { BriefContent } from "@/lib/briefs/schema";
import { Button } from "@/components/ui/button";
import { DiffView } from "./diff-view";
import { formatDateTime } from "@/components/ui/date-format";
import { diffContents } from "./section-diff";

type Doc = { versionNum: number; title: string; content: BriefContent };

/**
 * Shown when someone else saved first (a refused save) or when the brief changed elsewhere while
 * this person has unsaved edits. Their edits stay in the form until they choose.
 */
export function ConflictPanel({
  mode,
  base,
  theirs,
  mine,
  theirAuthor,
  busy,
  onOverwrite,
  onReloadTheirs,
  onClose,
}: {
  mode: "conflict" | "changed";
  base: Doc;
  theirs: Doc | null;
  mine: { title: string; content: BriefContent };
  theirAuthor: { by: string; at: string } | null;
  busy: boolean;
  onOverwrite: () => void;
  onReloadTheirs: () => void;
  onClose: () => void;
}) {
  const theirChanges = useMemo(() => (theirs ? diffContents(base.content, theirs.content) : []), [base.content, theirs]);
  const myChanges = useMemo(() => diffContents(base.content, mine.content), [base.content, mine.content]);
  const overlap = new Set(myChanges.map((c) => c.key));
  const overlapping = theirChanges.filter((c) => overlap.has(c.key)).map((c) => c.label);

  return (
    <section
      aria-labelledby="conflict-heading"
      role={mode === "conflict" ? "alert" : "region"}
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 shadow-sm"
      data-testid="conflict-panel"
    >
      <h2 id="conflict-heading" className="font-semibold text-amber-950">
        {mode === "conflict" ? "Someone else saved first" : "This brief changed elsewhere"}
      </h2>
      <p className="mt-1 text-sm text-amber-950">
        {theirs ? (
          <>
            You started from version {base.versionNum}; it is now at version {theirs.versionNum}
            {theirAuthor ? ` (last saved by ${theirAuthor.by}, ${formatDateTime(theirAuthor.at)})` : ""}.{" "}
          </>
        ) : (
          "Loading their version… "
        )}
        {mode === "conflict" ? "Your save was not applied. " : ""}
        Everything you typed is still in the form below.
      </p>
      {overlapping.length > 0 && (
        <p className="mt-1 text-sm font-medium text-amber-950">You both changed: {overlapping.join(", ")}.</p>
      )}
      {theirs && base.title !== theirs.title && (
        <p className="mt-2 text-sm text-amber-950">
          Title changed from “{base.title}” to “{theirs.title}”.
        </p>
      )}
      {theirs && (
        <div className="mt-3">
          <h3 className="mb-2 text-sm font-medium text-amber-950">What changed since you started</h3>
          <DiffView changes={theirChanges} emptyText="Their change did not touch the content (for example, only a checklist tick or the title)." />
        </div>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onReloadTheirs} disabled={busy || !theirs}>
          Reload theirs
        </Button>
        <Button type="button" onClick={onOverwrite} disabled={busy || !theirs}>
          {busy ? "Saving…" : "Overwrite with mine"}
        </Button>
        {mode === "changed" && (
          <Button type="button" variant="ghost" onClick={onClose}>
            Keep editing
          </Button>
        )}
      </div>
      <p className="mt-2 text-xs text-amber-900">
        “Reload theirs” discards your unsaved edits. “Overwrite with mine” saves your version on top of version {theirs?.versionNum ?? "…"}, replacing
        their changes in the sections listed above.
      </p>
    </section>
  );
}
