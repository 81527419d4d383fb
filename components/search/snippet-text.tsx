import { snippetRuns } from "@/lib/briefs/search-snippet";
import type { SearchSnippet } from "@/lib/briefs/search-schema";

/**
 * A result's snippet with its matched words marked. The snippet is plain text and the matches are
 * ranges into it: every run is rendered as text (React escapes it), never as HTML.
 */
export function SnippetText({ snippet }: { snippet: SearchSnippet }) {
  return (
    <>
      {snippetRuns(snippet).map((run, i) =>
        run.match ? (
          <mark key={i} className="rounded-sm bg-amber-100 px-0.5 text-slate-900">
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}
