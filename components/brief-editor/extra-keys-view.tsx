import type { BriefContent } from "@/lib/briefs/schema";
import { ExtraValue } from "./extra-value";
import { sectionLabel } from "./sections";

/** Keys this editor does not edit (unknown metadata, `_draft`): shown as they are and kept on save. */
export function ExtraKeysView({ content, keys }: { content: BriefContent; keys: string[] }) {
  return (
    <section aria-labelledby="extra-keys-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="extra-keys-heading" className="text-lg font-semibold text-slate-900">
        Other data
      </h2>
      <p className="mt-1 text-sm text-slate-600">Kept exactly as it is when you save; agents and integrations may rely on it.</p>
      <dl className="mt-4 space-y-4">
        {keys.map((key) => (
          <div key={key} data-testid={`extra-key-${key}`}>
            <dt className="font-mono text-sm text-slate-700">{sectionLabel(key)}</dt>
            <dd>
              <ExtraValue value={content[key]} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
