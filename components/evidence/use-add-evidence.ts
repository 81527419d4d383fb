"use client";

import { useKeyedFormPost } from "@/components/use-keyed-form-post";

/**
 * Sends evidence for a criterion to the evidence route (multipart: it may carry a file), with one
 * key per intended piece of evidence, so a retry after a lost answer records it once. Resolves to
 * whether it was recorded; the page data (the criterion's new status) follows with `onStored`.
 */
export function useAddEvidence(briefId: string, onStored: () => void) {
  const { post, pending, error, clearError } = useKeyedFormPost(`/api/briefs/${encodeURIComponent(briefId)}/evidence`, onStored);
  return { add: post, pending, error, clearError };
}
