"use client";

import { useState, type DragEvent } from "react";
import { MAX_IMPORT_FILE_BYTES } from "@/lib/import/import-limits";
import { FileField } from "../ui/file-field";
import { IMPORT_EXTENSIONS } from "./import-sources";

/**
 * Where files are chosen: dropped on the zone, or picked with the file input inside it (which is
 * what keyboard and screen reader users reach). The zone only collects files; the page decides
 * what to do with them.
 */
export function FileDropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const [over, setOver] = useState(false);

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (disabled || !event.dataTransfer.types.includes("Files")) return;
    // Without this the browser would open the dropped file instead of handing it to the page.
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setOver(true);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(files);
  }

  return (
    <div
      data-testid="drop-zone"
      role="group"
      aria-labelledby="import-drop-heading"
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={`rounded-lg border-2 border-dashed px-4 py-6 transition-colors ${over ? "border-indigo-500 bg-indigo-50" : "border-slate-300 bg-white"}`}
    >
      <p id="import-drop-heading" className="font-medium text-slate-800">
        Drop files here
      </p>
      <p className="mb-3 text-sm text-slate-600">Markdown, text, Word or ZIP files — or choose them:</p>
      <FileField
        id="import-files"
        label="Choose files"
        hideLabel
        multiple
        disabled={disabled}
        accept={IMPORT_EXTENSIONS.join(",")}
        hint={`${IMPORT_EXTENSIONS.join(", ")} — up to ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB each.`}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          // Emptied, so that choosing the same file again (after changing it) is a change too.
          event.currentTarget.value = "";
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
