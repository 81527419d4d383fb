"use client";

import { useRef, useState } from "react";
import type { ImportChoices, ImportReport } from "@/lib/import/import-files";
import type { ImportPreview } from "@/lib/import/import-preview";
import { PASTED_SOURCE } from "@/lib/import/import-preview";
import { formIntent, postForm } from "../post-form";
import { UNREACHABLE } from "../refusal-message";
import { useIntentKeys } from "../use-intent-keys";
import { importRefusal, type ImportRefusal } from "./import-refusal";

/** What the person has chosen to import: files, pasted Markdown, and a section per heading. */
export type ImportDraft = { files: File[]; text: string; choices: ImportChoices };

/** The sources a draft sends, as the route names them. */
export function draftSources(draft: Pick<ImportDraft, "files" | "text">): string[] {
  return [...draft.files.map((file) => file.name), ...(draft.text.trim() ? [PASTED_SOURCE] : [])];
}

/**
 * The import route's two requests. Preview: every change of a choice re-sends the files, and only
 * the answer to the latest request is shown. Import: one idempotency key per draft, so a retry after
 * a lost answer (or a second click) creates the briefs once.
 */
export function useImportRequests(projectId: string) {
  const url = `/api/projects/${encodeURIComponent(projectId)}/import`;
  const intents = useIntentKeys();
  const latest = useRef(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const [pending, setPending] = useState<"preview" | "import" | null>(null);

  /** "superseded": a later request (or a change of the draft) came after this one; its answer is dropped. */
  async function requestPreview(draft: ImportDraft): Promise<"shown" | "refused" | "superseded"> {
    const request = ++latest.current;
    setPending("preview");
    const result = await postForm<ImportPreview>(url, formOf(draft, "preview"));
    if (request !== latest.current) return "superseded";
    setPending(null);
    if (!result) {
      setRefusal({ bySource: {}, general: [UNREACHABLE] });
      return "refused";
    }
    if (!result.ok) {
      // A preview already shown stays: the page takes back the choice that was refused.
      setRefusal(importRefusal(result.error, draftSources(draft)));
      return "refused";
    }
    setRefusal(null);
    setPreview(result.data);
    return "shown";
  }

  /** The report once written; then the buttons stay disabled while the page moves on. */
  async function requestImport(draft: ImportDraft): Promise<ImportReport | null> {
    latest.current++;
    setPending("import");
    const form = formOf(draft, "import");
    const intent = formIntent(form);
    form.set("idempotencyKey", intents.keyFor(intent));
    const result = await postForm<ImportReport>(url, form);
    if (!result) {
      // The intent stays open: trying again sends the same key, so nothing is created twice.
      setPending(null);
      setRefusal({ bySource: {}, general: [UNREACHABLE] });
      return null;
    }
    intents.settle(intent);
    if (!result.ok) {
      setPending(null);
      setRefusal(importRefusal(result.error, draftSources(draft)));
      return null;
    }
    return result.data;
  }

  /** Forgets the preview and any refusal (the draft changed, or was discarded). */
  function clear() {
    latest.current++;
    setPending(null);
    setPreview(null);
    setRefusal(null);
  }

  return { preview, refusal, pending, requestPreview, requestImport, clear };
}

function formOf(draft: ImportDraft, mode: "preview" | "import"): FormData {
  const form = new FormData();
  form.set("mode", mode);
  for (const file of draft.files) form.append("files", file);
  if (draft.text.trim()) form.set("text", draft.text);
  form.set("choices", JSON.stringify(draft.choices));
  return form;
}
