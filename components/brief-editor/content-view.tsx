import type { AcceptanceCriterion, BriefContent, Decision, GeneratedTicket, QaChecklistItem, SourceArtifactLink } from "@/lib/briefs/schema";
import { formatDateTime } from "@/components/ui/date-format";
import { isEditableSection, readOnlyKeys } from "./form-model";
import { sectionGroups, sectionLabel, type SectionDef } from "./sections";

/** The whole brief as a document, for people who may not edit it and for old versions. */
export function ContentView({ content }: { content: BriefContent }) {
  const extras = readOnlyKeys(content);
  return (
    <div className="space-y-6">
      {sectionGroups.map((group) => {
        const present = group.sections.filter((def) => content[def.key] !== undefined);
        const absent = group.sections.filter((def) => content[def.key] === undefined);
        return (
          <section key={group.id} aria-labelledby={`view-${group.id}`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
            <h2 id={`view-${group.id}`} className="text-lg font-semibold text-slate-900">
              {group.title}
            </h2>
            {present.length > 0 && (
              <dl className="mt-4 space-y-5">
                {present.map((def) => (
                  <div key={def.key}>
                    <dt className="text-sm font-medium text-slate-600">{def.label}</dt>
                    <dd className="mt-1 text-sm text-slate-900">
                      <SectionValue def={def} value={content[def.key]} />
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {absent.length > 0 && (
              <p className="mt-4 text-sm text-slate-500">
                <span className="italic">Not set:</span> {absent.map((def) => def.label).join(", ")}
              </p>
            )}
          </section>
        );
      })}
      {extras.length > 0 && <ExtraKeysView content={content} keys={extras} />}
    </div>
  );
}

function Muted({ children }: { children: string }) {
  return <span className="text-slate-500 italic">{children}</span>;
}

function SectionValue({ def, value }: { def: SectionDef; value: unknown }) {
  if (!isEditableSection(def.key, value)) return <Muted>Shown below under other data</Muted>;
  if (typeof value === "string") return value === "" ? <Muted>Empty</Muted> : <p className="whitespace-pre-wrap wrap-anywhere">{value}</p>;
  const items = value as unknown[];
  if (items.length === 0) return <Muted>None</Muted>;
  switch (def.kind) {
    case "criteria":
      return (
        <ul className="space-y-2">
          {(items as AcceptanceCriterion[]).map((c, i) => (
            <li key={i} className="rounded-md bg-slate-50 px-3 py-2">
              <span className="mr-2 font-mono text-xs text-indigo-700">{c.id}</span>
              <span className="wrap-anywhere">{c.text}</span>
              {c.implementation === false && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900">no implementation</span>}
              {c.manualEvidence && (
                <p className="mt-1 text-xs text-slate-600">
                  Evidence: {c.manualEvidence.rationale} — <span className="font-mono">{c.manualEvidence.evidencePath}</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      );
    case "checklist":
      return (
        <ul className="space-y-1">
          {(items as QaChecklistItem[]).map((row, i) => (
            <li key={i} className="flex gap-2">
              <span aria-hidden>{row.checked ? "☑" : "☐"}</span>
              <span className="min-w-0 wrap-anywhere">
                {row.text}
                <span className="sr-only">{row.checked ? " (checked)" : " (not checked)"}</span>
                {row.checked && row.checkedBy && (
                  <span className="block text-xs text-slate-500">
                    Checked by {row.checkedBy}
                    {row.checkedAt ? ` at ${formatDateTime(row.checkedAt)}` : ""}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      );
    case "tickets":
      return (
        <ol className="space-y-2">
          {(items as GeneratedTicket[]).map((t, i) => (
            <li key={i} className="rounded-md bg-slate-50 px-3 py-2">
              <p>
                <span className="mr-2 font-mono text-xs text-indigo-700">{t.id}</span>
                <span className="font-medium">{t.title}</span>
              </p>
              {t.description && <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-slate-700">{t.description}</p>}
              <p className="mt-1 text-xs text-slate-600">
                Criteria: {t.boundCriteria.length ? t.boundCriteria.join(", ") : "none"} · Requirements:{" "}
                {t.boundRequirements?.length ? t.boundRequirements.join(", ") : "none"}
              </p>
            </li>
          ))}
        </ol>
      );
    case "decisions":
      return (
        <ul className="space-y-2">
          {(items as Decision[]).map((d, i) => (
            <li key={i} className="rounded-md bg-slate-50 px-3 py-2">
              <p className="wrap-anywhere">{d.text}</p>
              <p className="mt-1 text-xs text-slate-600">
                {d.stated === true ? "Stated" : d.stated === false ? "Inferred" : "Provenance unknown"}
                {d.source ? ` · Source: ${d.source}` : ""}
              </p>
            </li>
          ))}
        </ul>
      );
    case "links":
      return (
        <ul className="space-y-1">
          {(items as SourceArtifactLink[]).map((l, i) => (
            <li key={i} className="wrap-anywhere">
              {l.label}
              {l.kind && <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs text-slate-700">{l.kind}</span>}
              {l.read !== undefined && <span className="ml-2 text-xs text-slate-500">{l.read ? "read" : "not read"}</span>}
            </li>
          ))}
        </ul>
      );
    default:
      return (
        <ul className="list-disc space-y-1 pl-5">
          {(items as string[]).map((text, i) => (
            <li key={i} className="wrap-anywhere">
              {text}
            </li>
          ))}
        </ul>
      );
  }
}

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
              <pre className="mt-1 max-h-64 overflow-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">{JSON.stringify(content[key], null, 2)}</pre>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
