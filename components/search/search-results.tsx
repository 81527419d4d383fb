"use client";

import Link from "next/link";
import { useState, useTransition } from "react";
import type { SearchHit, SearchPage } from "@/lib/briefs/search-schema";
import { sectionTitles } from "@/lib/briefs/section-titles";
import { BriefStateBadge } from "../brief-state-badge";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { RelativeTime } from "../ui/relative-time";
import { searchMoreBriefsAction } from "./actions";
import { SnippetText } from "./snippet-text";

/**
 * Search results, best match first. The first page comes from the server; "Load more" appends the
 * next ones for the same query. The parent keys this by the query.
 */
export function SearchResults({ query, projectId, firstPage }: { query: string; projectId?: string; firstPage: SearchPage }) {
  const [items, setItems] = useState<SearchHit[]>(firstPage.items);
  const [nextCursor, setNextCursor] = useState(firstPage.nextCursor);
  const [error, setError] = useState<string | null>(null);
  const [loading, startLoading] = useTransition();

  function loadMore() {
    if (!nextCursor) return;
    startLoading(async () => {
      const page = await searchMoreBriefsAction({ query, projectId, cursor: nextCursor });
      if (!page.ok) {
        setError(page.error.message);
        return;
      }
      setError(null);
      // A brief edited meanwhile may rank again; show each once.
      setItems((current) => {
        const seen = new Set(current.map((hit) => hit.briefId));
        return [...current, ...page.data.items.filter((hit) => !seen.has(hit.briefId))];
      });
      setNextCursor(page.data.nextCursor);
    });
  }

  return (
    <div className="space-y-3">
      <ol aria-label="Search results" className="divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
        {items.map((hit) => (
          <li key={hit.briefId}>
            <ResultLink hit={hit} />
          </li>
        ))}
      </ol>
      {error && <Alert>{error}</Alert>}
      {nextCursor ? (
        <div className="flex justify-center">
          <Button type="button" variant="secondary" onClick={loadMore} disabled={loading}>
            {loading ? "Loading…" : "Load more"}
          </Button>
        </div>
      ) : (
        items.length > 1 && <p className="text-center text-sm text-slate-500">That is every brief that matches.</p>
      )}
    </div>
  );
}

function ResultLink({ hit }: { hit: SearchHit }) {
  const section = hit.snippet.section;
  const sectionTitle = section && section in sectionTitles ? sectionTitles[section as keyof typeof sectionTitles] : section;
  // Straight to the section the snippet comes from, where the page has it.
  const href = `/projects/${hit.projectId}/briefs/${hit.briefId}${section ? `#doc-${encodeURIComponent(section)}` : ""}`;
  return (
    <Link
      href={href}
      className="block space-y-1 px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
    >
      <span className="block break-words font-medium text-indigo-700">{hit.title}</span>
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
        <span className="min-w-0 break-words">{hit.projectName}</span>
        <BriefStateBadge state={hit.state} />
        <span aria-label={`version ${hit.versionNum}`}>v{hit.versionNum}</span>
        <span>
          <span className="sr-only">Changed </span>
          <RelativeTime value={hit.updatedAt} />
        </span>
      </span>
      {hit.snippet.text && (
        <span className="block text-sm break-words text-slate-700" data-testid="search-snippet">
          {sectionTitle && <span className="mr-1 text-xs font-medium uppercase tracking-wide text-slate-500">{sectionTitle}:</span>}
          <SnippetText snippet={hit.snippet} />
        </span>
      )}
    </Link>
  );
}
