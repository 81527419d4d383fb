import type { BriefContent } from "@/lib/briefs/schema";
import { ExtraKeysList } from "./extra-keys-list";

/** Keys this editor does not edit (unknown metadata, `_draft`): shown as they are and kept on save. */
export function ExtraKeysView({ content, keys }: { content: BriefContent; keys: string[] }) {
  return (
    <section aria-labelledby="extra-keys-heading" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="extra-keys-heading" className="text-lg font-semibold text-slate-900">
        Other data
      </h2>
      <p className="mt-1 text-sm text-slate-600">Kept exactly as it is when you save; agents and integrations may rely on it.</p>
      <ExtraKeysList content={content} keys={keys} className="mt-4 space-y-4" />
    </section>
  );
}
