import { MarkdownText } from "@/components/markdown/markdown-text";
import { Badge } from "@/components/ui/badge";
import { sectionTitles } from "@/lib/briefs/section-titles";
import type { ReviewedSection } from "@/lib/proposals/get-proposal-review";
import { diffList, itemText } from "./list-diff";
import { diffWords, markedMarkdown } from "./word-diff";

export function sectionLabel(key: string): string {
  return (sectionTitles as Record<string, string>)[key] ?? key;
}

function TextDiff({ before, after }: { before: string; after: string }) {
  return <MarkdownText text={markedMarkdown(diffWords(before, after))} diffMarks />;
}

function ValueView({ value }: { value: unknown }) {
  if (value === undefined || value === null) return <p className="text-sm italic text-slate-500">(not in the brief)</p>;
  if (typeof value === "string") return <MarkdownText text={value || "(empty)"} />;
  if (Array.isArray(value)) {
    return value.length ? (
      <ul className="list-disc space-y-1 pl-5 text-sm">
        {value.map((item, i) => (
          <li key={i}>
            <MarkdownText text={itemText(item)} inline />
          </li>
        ))}
      </ul>
    ) : (
      <p className="text-sm italic text-slate-500">(none)</p>
    );
  }
  return <pre className="overflow-auto rounded bg-slate-50 p-2 text-xs">{JSON.stringify(value, null, 2)}</pre>;
}

const rowTone = { same: "text-slate-600", added: "bg-emerald-50 text-emerald-900", removed: "bg-rose-50 text-rose-900", edited: "bg-amber-50 text-slate-900" } as const;
const rowSign = { same: " ", added: "+", removed: "−", edited: "~" } as const;
const rowWord = { same: "", added: "Added: ", removed: "Removed: ", edited: "Edited: " } as const;

/** What accepting would do to a list: item by item, edited items with their word-level change. */
function ListDiff({ section, before, after }: { section: string; before: unknown[]; after: unknown[] }) {
  const rows = diffList(section, before, after);
  return (
    <ul className="space-y-1 text-sm" aria-label={`Items of ${sectionLabel(section)}`}>
      {rows.map((row, i) => (
        <li key={i} className={`flex gap-2 rounded px-2 py-1 ${rowTone[row.op]}`} data-change={row.op}>
          <span aria-hidden className="w-3 shrink-0 select-none font-mono">
            {rowSign[row.op]}
          </span>
          <span className="sr-only">{rowWord[row.op]}</span>
          <div className={`min-w-0 ${row.op === "removed" ? "line-through decoration-rose-400" : ""}`}>
            {row.op === "edited" ? <MarkdownText text={markedMarkdown(diffWords(row.before!, row.after!))} inline diffMarks /> : <MarkdownText text={(row.after ?? row.before)!} inline />}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The change a proposal makes to one section, against the current version; a conflicting section shows each conflict side by side. */
export function SectionChangeView({ section }: { section: ReviewedSection }) {
  const { key, current, afterAccept, conflicts } = section;
  const removed = !conflicts.length && afterAccept === undefined;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium text-slate-900">{sectionLabel(key)}</h3>
        {conflicts.length ? <Badge tone="danger">Conflict</Badge> : current === undefined ? <Badge tone="success">New section</Badge> : removed ? <Badge tone="danger">Removes the section</Badge> : <Badge tone="info">Changes</Badge>}
      </div>
      {conflicts.length ? (
        <ul className="space-y-3" aria-label={`Conflicts in ${sectionLabel(key)}`}>
          {conflicts.map((conflict, i) => (
            <li key={i} className="rounded-lg border border-rose-200 p-3" data-testid="conflict">
              <p className="mb-2 text-sm text-slate-700">{conflict.item === null ? "The section changed on both sides since the proposal's base." : <>Item <span className="font-medium">{conflict.item}</span> changed on both sides since the proposal&apos;s base.</>}</p>
              <div className="grid gap-3 md:grid-cols-3">
                {(["base", "current", "proposed"] as const).map((side) => (
                  <div key={side} className="min-w-0">
                    <p className="mb-1 text-xs font-medium uppercase tracking-wide text-slate-500">{{ base: "Base", current: "Now in the brief", proposed: "Proposed" }[side]}</p>
                    <ValueView value={conflict[side] ?? undefined} />
                  </div>
                ))}
              </div>
            </li>
          ))}
        </ul>
      ) : removed ? (
        <ValueView value={current} />
      ) : (typeof current === "string" || current === undefined) && typeof afterAccept === "string" ? (
        <TextDiff before={current ?? ""} after={afterAccept} />
      ) : Array.isArray(afterAccept) && (Array.isArray(current) || current === undefined) ? (
        <ListDiff section={key} before={(current as unknown[] | undefined) ?? []} after={afterAccept} />
      ) : (
        <div className="grid gap-3 md:grid-cols-2">
          <ValueView value={current} />
          <ValueView value={afterAccept} />
        </div>
      )}
    </div>
  );
}
