"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import type { ImportChoices } from "@/lib/import/import-files";
import { PASTED_SOURCE } from "@/lib/import/import-preview";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Textarea } from "../ui/textarea";
import { useHydrated } from "../ui/use-hydrated";
import { ChosenFiles, type ChosenFile } from "./chosen-files";
import { FileDropZone } from "./file-drop-zone";
import { rememberImport } from "./imported-notice";
import { localRefusal, withFiles } from "./import-sources";
import { PreviewBriefCard } from "./preview-brief-card";
import { draftSources, useImportRequests, type ImportDraft } from "./use-import-requests";

type Rejected = { name: string; size: number; message: string };

/**
 * Import into a project: choose files or paste Markdown, preview the briefs they would become
 * (choosing a section per heading re-runs the preview), then import them all, or cancel and write
 * nothing. Any change to the files or the text discards the preview: it no longer says what an
 * import would do.
 */
export function ImportPanel({ projectId }: { projectId: string }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [files, setFiles] = useState<File[]>([]);
  const [rejected, setRejected] = useState<Rejected[]>([]);
  const [text, setText] = useState("");
  const [choices, setChoices] = useState<ImportChoices>({});
  const { preview, refusal, pending, requestPreview, requestImport, clear } = useImportRequests(projectId);
  // Set by "Preview": the preview's heading takes the focus once it is there (not when a choice re-runs it).
  const focusPreview = useRef(false);
  const projectUrl = `/projects/${encodeURIComponent(projectId)}`;
  const busy = pending !== null || !hydrated;
  const draft: ImportDraft = { files, text, choices };
  const sources = draftSources(draft);

  function changed(forget: string[]) {
    clear();
    setChoices((current) => Object.fromEntries(Object.entries(current).filter(([source]) => !forget.includes(source))));
  }

  function addFiles(added: File[]) {
    const refused = added.flatMap((file) => {
      const message = localRefusal(file);
      return message ? [{ name: file.name, size: file.size, message }] : [];
    });
    const accepted = added.filter((file) => !refused.some((entry) => entry.name === file.name));
    const names = added.map((file) => file.name);
    setFiles((current) => withFiles(current, accepted).filter((file) => !refused.some((entry) => entry.name === file.name)));
    setRejected((current) => [...current.filter((entry) => !names.includes(entry.name)), ...refused]);
    changed(names);
  }

  function removeFile(name: string) {
    setFiles((current) => current.filter((file) => file.name !== name));
    setRejected((current) => current.filter((entry) => entry.name !== name));
    changed([name]);
  }

  async function showPreview() {
    focusPreview.current = true;
    if ((await requestPreview(draft)) !== "shown") focusPreview.current = false;
  }

  async function choose(source: string, line: number, key: string) {
    const before = choices;
    const next = { ...choices, [source]: { ...choices[source], [line]: key } };
    setChoices(next);
    // A choice the import would refuse (say, text too long for the section) is taken back, so the
    // preview shown and the choices agree; the refusal says why.
    if ((await requestPreview({ ...draft, choices: next })) === "refused") setChoices(before);
  }

  async function confirmImport() {
    const report = await requestImport(draft);
    if (!report) return;
    if (report.briefs.length === 1) {
      router.push(`${projectUrl}/briefs/${encodeURIComponent(report.briefs[0].briefId)}`);
      return;
    }
    rememberImport(projectId, report);
    router.push(projectUrl);
  }

  const chosen: ChosenFile[] = [
    ...files.map((file) => ({ name: file.name, size: file.size, messages: refusal?.bySource[file.name] ?? [] })),
    ...rejected.map((entry) => ({ name: entry.name, size: entry.size, messages: [entry.message] })),
  ];
  const fileProblems = Object.keys(refusal?.bySource ?? {}).length > 0;
  const count = preview?.briefs.length ?? 0;

  return (
    <div className="space-y-6">
      <section aria-labelledby="import-sources-heading" className="space-y-4">
        <h2 id="import-sources-heading" className="text-lg font-medium">
          What to import
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <div className="min-w-0 space-y-3">
            <FileDropZone onFiles={addFiles} disabled={busy} />
            <ChosenFiles files={chosen} onRemove={removeFile} disabled={busy} />
          </div>
          <Textarea
            id="import-text"
            label="Or paste Markdown"
            hint={`Imported as ${PASTED_SOURCE}, beside any files.`}
            rows={10}
            value={text}
            disabled={busy}
            error={refusal?.bySource[PASTED_SOURCE]?.join(" ")}
            onChange={(event) => {
              setText(event.currentTarget.value);
              changed([PASTED_SOURCE]);
            }}
            className="[&_textarea]:font-mono"
          />
        </div>
      </section>

      {refusal && (fileProblems || refusal.general.length > 0) && (
        <Alert>
          <p>Nothing was imported.</p>
          {fileProblems && <p>See the problems named next to each file.</p>}
          {refusal.general.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </Alert>
      )}

      {preview && (
        <section aria-labelledby="import-preview-heading" aria-busy={pending === "preview"} className="space-y-4">
          <div>
            <h2 id="import-preview-heading" ref={(heading) => {
                if (heading && focusPreview.current) {
                  focusPreview.current = false;
                  heading.focus();
                }
              }} tabIndex={-1} className="text-lg font-medium focus:outline-none">
              Preview: {count} {count === 1 ? "brief" : "briefs"}
            </h2>
            <p className="text-sm text-slate-600">Nothing is written until you import. Choose where a heading goes and the preview follows.</p>
          </div>
          {preview.briefs.map((brief, index) => (
            <PreviewBriefCard key={brief.source} brief={brief} index={index} chosen={choices[brief.source]} disabled={pending === "import"} onChoose={choose} />
          ))}
        </section>
      )}

      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
        {preview ? (
          <Button type="button" onClick={confirmImport} disabled={busy || count === 0}>
            {pending === "import" ? "Importing…" : `Import ${count} ${count === 1 ? "brief" : "briefs"}`}
          </Button>
        ) : (
          <Button type="button" onClick={showPreview} disabled={busy || sources.length === 0}>
            {pending === "preview" ? "Reading…" : "Preview"}
          </Button>
        )}
        <Button type="button" variant="secondary" disabled={pending === "import"} onClick={() => router.push(projectUrl)}>
          Cancel
        </Button>
        {pending === "preview" && preview && (
          <span role="status" className="text-sm text-slate-600">
            Updating the preview…
          </span>
        )}
      </div>
    </div>
  );
}
