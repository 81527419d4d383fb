import type { BriefContent } from "@/lib/briefs/schema";
import { ExtraValue } from "./extra-value";
import { sectionLabel } from "./sections";

/** The keys of the content no section form edits (unknown metadata, `_draft`), each with its value as it is. */
export function ExtraKeysList({ content, keys, className }: { content: BriefContent; keys: string[]; className: string }) {
  return (
    <dl className={className}>
      {keys.map((key) => (
        <div key={key} data-testid={`extra-key-${key}`}>
          <dt className="font-mono text-sm text-slate-700">{sectionLabel(key)}</dt>
          <dd>
            <ExtraValue value={content[key]} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
