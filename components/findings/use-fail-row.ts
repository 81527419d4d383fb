"use client";

import { useKeyedFormPost } from "@/components/use-keyed-form-post";

/**
 * "Mark failed" on a QA row: the note, severity, criteria and screenshot go to the findings route
 * (multipart, for the file) with one key per intended finding. Resolves to whether it was recorded;
 * the row (unchecked) and its finding follow with the page data (`onStored`).
 */
export function useFailRow(briefId: string, onStored: () => void) {
  const { post, pending, error } = useKeyedFormPost(`/api/briefs/${encodeURIComponent(briefId)}/findings`, onStored);
  return { fail: post, pending, error };
}
