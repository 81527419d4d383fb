import { evidenceMediaTypes } from "@/lib/evidence/evidence-schema";

/** What the file picker offers for evidence and findings: the contract's types (docs/contract.md#evidence). */
export const evidenceFileAccept = [...evidenceMediaTypes, ".png", ".jpg", ".jpeg", ".pdf", ".txt", ".md", ".csv"].join(",");

/** Why a chosen file cannot be sent, before sending it; the server checks again from its bytes. */
export function fileProblem(file: File | null, maxBytes: number): string | null {
  if (!file || file.size === 0) return null;
  if (file.size > maxBytes) return `The file is ${megabytes(file.size)}; at most ${megabytes(maxBytes)} can be uploaded.`;
  return null;
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1_000_000).toFixed(1).replace(/\.0$/, "")} MB`;
}

/** The picked file of a form field, or null when none was picked (browsers send an empty one). */
export function pickedFile(form: FormData, name: string): File | null {
  const value = form.get(name);
  return value instanceof File && value.name !== "" ? value : null;
}
