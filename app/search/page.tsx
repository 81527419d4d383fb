import type { Metadata } from "next";
import { AppHeader } from "@/components/app-header";
import { SearchResults } from "@/components/search/search-results";
import { Alert } from "@/components/ui/alert";
import { EmptyState } from "@/components/ui/empty-state";
import { requireWebActor } from "@/lib/auth/session-gate";
import { searchBriefs } from "@/lib/briefs/search-briefs";
import type { SearchPage } from "@/lib/briefs/search-schema";
import { SHORT_PAGE_SIZE } from "@/lib/contract/bounds";
import { DomainError } from "@/lib/errors";

export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<{ q?: string | string[] }> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const q = readQuery(await searchParams);
  return { title: q ? `“${q}” · Search` : "Search" };
}

/** Results across every project the person is a member of (docs/contract.md#search). */
export default async function SearchPage({ searchParams }: Props) {
  const q = readQuery(await searchParams);
  const actor = await requireWebActor(q ? `/search?q=${encodeURIComponent(q)}` : "/search");
  const outcome = q ? await runSearch(() => searchBriefs(actor, { query: q, limit: SHORT_PAGE_SIZE })) : undefined;

  return (
    <>
      <AppHeader actor={actor} query={q} />
      <main className="mx-auto max-w-4xl space-y-4 px-4 py-6 sm:py-8">
        <h1 className="break-words text-2xl font-semibold">{q ? <>Results for “{q}”</> : "Search briefs"}</h1>
        {!outcome ? (
          <EmptyState title="Search every brief you can read">
            <SearchTips />
          </EmptyState>
        ) : "problem" in outcome ? (
          <Alert>{outcome.problem}</Alert>
        ) : outcome.page.items.length === 0 ? (
          <EmptyState title="No brief matches">
            <p>No brief in your projects has all of these words in its title or text.</p>
            <SearchTips />
          </EmptyState>
        ) : (
          <SearchResults key={q} query={q!} firstPage={outcome.page} />
        )}
      </main>
    </>
  );
}

function SearchTips() {
  return (
    <p className="mt-2">
      Type words to find the briefs that contain all of them, in any form (“export” finds “exporting”). Use “quotes”
      for a phrase, OR between alternatives, and -word to leave a word out. Press / or Ctrl K to search from any page.
    </p>
  );
}

/** A query that breaks a bound (the URL is user-editable) is explained, not a crash. */
async function runSearch(read: () => Promise<SearchPage>): Promise<{ page: SearchPage } | { problem: string }> {
  try {
    return { page: await read() };
  } catch (error) {
    if (error instanceof DomainError && error.code === "VALIDATION_ERROR") {
      const issues = (error.details?.issues as Array<{ message: string }> | undefined) ?? [];
      return { problem: `This search cannot run: ${issues[0]?.message ?? error.message}` };
    }
    throw error;
  }
}

function readQuery(params: { q?: string | string[] }): string | undefined {
  const value = Array.isArray(params.q) ? params.q[0] : params.q;
  return value?.trim() || undefined;
}
