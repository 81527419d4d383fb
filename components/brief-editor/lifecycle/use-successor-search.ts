"use client";

import { useEffect, useState } from "react";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";
import { findSuccessorsAction } from "@/components/brief-editor/actions";

type Candidate = { id: string; title: string };

/** The project's other briefs whose title contains `query`, asked for a moment after typing stops. */
export function useSuccessorSearch(projectId: string, briefId: string, query: string) {
  const [candidates, setCandidates] = useState<Candidate[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(async () => {
      const result = await findSuccessorsAction({ projectId, titleContains: query.trim() || undefined, limit: SHORT_PAGE_SIZE }).catch(() => null);
      if (cancelled) return;
      if (!result) {
        setError("The server could not be reached.");
      } else if (result.ok) {
        setError(null);
        setCandidates(result.data.items.filter((b) => b.id !== briefId).map((b) => ({ id: b.id, title: b.title })));
      } else {
        setError(result.error.message);
      }
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [projectId, briefId, query]);

  return { candidates, error };
}
