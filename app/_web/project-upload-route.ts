import type { Actor } from "@/lib/auth/actor";
import { uploadRoute } from "./upload-route";

/** An upload route under a project (import): see uploadRoute. */
export function projectUploadRoute<T>(maxBytes: number, write: (actor: Actor, projectId: string, form: FormData) => Promise<T>) {
  return uploadRoute<{ projectId: string }, T>(maxBytes, (actor, { projectId }, form) => write(actor, projectId, form));
}
