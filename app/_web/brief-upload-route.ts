import type { Actor } from "@/lib/auth/actor";
import { uploadRoute } from "./upload-route";

/** An upload route under a brief (evidence, findings): see uploadRoute. */
export function briefUploadRoute<T>(maxBytes: number, write: (actor: Actor, briefId: string, form: FormData) => Promise<T>) {
  return uploadRoute<{ briefId: string }, T>(maxBytes, (actor, { briefId }, form) => write(actor, briefId, form));
}
