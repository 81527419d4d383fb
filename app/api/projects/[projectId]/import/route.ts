import { projectUploadRoute } from "@/app/_web/project-upload-route";
import { readImportForm } from "@/app/_web/read-import-form";
import { IMPORT_UPLOAD_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import { importFiles } from "@/lib/import/import-files";
import { previewImport } from "@/lib/import/preview-import";

/**
 * Import into a project for the signed-in person: a multipart form of files and/or pasted Markdown
 * with the preview's choices. `mode=preview` answers what would be created and writes nothing;
 * `mode=import` writes every brief or none, once per idempotency key. Only the app's own pages may
 * send it, and the body is bounded while it is read (uploadRoute).
 */
export const POST = projectUploadRoute(IMPORT_UPLOAD_MAX_BYTES_WEB, async (actor, projectId, form) => {
  const { mode, files, choices, idempotencyKey } = await readImportForm(form);
  if (mode === "preview") return previewImport(actor, { projectId, files, choices });
  return importFiles(actor, { projectId, files, choices, idempotencyKey });
});
