import crypto from "node:crypto";
import { z } from "zod";
import type { Actor } from "@/lib/auth/actor";
import { requireScopes } from "@/lib/auth/require-scopes";
import { readScopes } from "@/lib/auth/scopes";
import { getPrisma } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import { DEFAULT_PAGE_SIZE } from "@/lib/paging/page-size";
import { authorizeProject } from "@/lib/projects/project-access";
import { parseOrThrow } from "@/lib/validation/parse-or-throw";
import type { BriefState } from "./schema";
import { searchBriefsArgsSchema, type SearchPage } from "./search-schema";
import { MATCH_START, MATCH_STOP, snippetFromHeadline } from "./search-snippet";

const keySchema = z.tuple([z.number(), z.string().min(1)]);

/**
 * ts_rank_cd's weights for {D, C, B, A}: a word in the title (A) counts five times one in the goal,
 * scope, requirements or criteria (B), ten times one in any other section (C). So a brief named
 * after what you look for comes before one that mentions it a few times.
 */
const RANK_WEIGHTS = "{0.05, 0.1, 0.2, 1.0}";

/** A lexeme of a tsquery's text form, `'word'` or `'word':*` (websearch_to_tsquery's lexemes hold no quote). */
const LEXEME_PATTERN = "'([^']+)'(:\\*)?";

/**
 * Up to two fragments of at most 28 words around the matches. ShortWord=0 lets a fragment start or
 * end on any word (the default keeps "Use the" off the front of a short row).
 */
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_STOP}, MaxWords=28, MinWords=10, ShortWord=0, MaxFragments=2, FragmentDelimiter=" … "`;

type HitRow = {
  id: string;
  projectId: string;
  projectName: string;
  title: string;
  state: BriefState;
  versionNum: number;
  updatedAt: Date;
  rank: number;
  section: string | null;
  headline: string | null;
};

/**
 * brief_search (docs/contract.md#search): the briefs of every project the actor is a member of
 * whose title or current text matches `query`, best first, with a snippet of the best-matching
 * section. Membership is a join of the query itself, so a brief of another project is never
 * looked at, counted or ranked. Keyset paging on (rank, id); the cursor is bound to the actor,
 * the query and the project filter.
 */
export async function searchBriefs(actor: Actor, input: z.input<typeof searchBriefsArgsSchema>): Promise<SearchPage> {
  requireScopes(actor, readScopes);
  const args = parseOrThrow(searchBriefsArgsSchema, input);
  const prisma = await getPrisma();
  // A filter on a project that is not yours is refused like everywhere else, not answered with "nothing".
  if (args.projectId) await authorizeProject(prisma, actor, args.projectId, "read");
  const scope = `search:${actor.userId}:${args.projectId ?? "*"}:${crypto.createHash("sha256").update(args.query).digest("base64url")}`;
  let after: [number, string] | undefined;
  if (args.cursor) {
    const key = keySchema.safeParse(decodeCursor(args.cursor, scope));
    if (!key.success) throw new DomainError("INVALID_CURSOR", "The cursor is not valid: malformed.", { reason: "malformed" });
    after = key.data;
  }
  const limit = args.limit ?? DEFAULT_PAGE_SIZE;
  const prefix = lastWordOf(args.query);

  const rows = await prisma.$queryRaw<HitRow[]>`
    WITH q AS (
      SELECT query,
             -- The query's lexemes (plain and prefix), to find where its words occur (below).
             ARRAY(SELECT m[1] FROM regexp_matches(query::text, ${LEXEME_PATTERN}, 'g') AS m WHERE m[2] IS NULL) AS exact,
             ARRAY(SELECT m[1] FROM regexp_matches(query::text, ${LEXEME_PATTERN}, 'g') AS m WHERE m[2] IS NOT NULL) AS prefixes
        FROM (SELECT ${tsquery(args.query, prefix)} AS query) AS parsed
    ),
    page AS (
      SELECT hit.* FROM (
        SELECT b.id, b."projectId", p.name AS "projectName", b.title, b.state::text AS state, b."versionNum", b."updatedAt",
               ts_rank_cd(${RANK_WEIGHTS}::real[], s.document, q.query, 1 | 32)::float8 AS rank
          FROM q
          JOIN "BriefSearch" s ON s.document @@ q.query
          JOIN "Brief" b ON b.id = s."briefId"
          JOIN "Membership" m ON m."projectId" = b."projectId" AND m."userId" = ${actor.userId}
          JOIN "Project" p ON p.id = b."projectId"
         WHERE querytree(q.query) <> 'T'
           ${args.projectId ? Prisma.sql`AND b."projectId" = ${args.projectId}` : Prisma.empty}
        -- A fence: the rank is computed once per match, also where the cursor compares it.
        OFFSET 0
      ) AS hit
      ${after ? Prisma.sql`WHERE (hit.rank, hit.id) < (${after[0]}::float8, ${after[1]})` : Prisma.empty}
      ORDER BY hit.rank DESC, hit.id DESC
      LIMIT ${limit + 1}
    ),
    -- The row after the page only tells that there is a next page: it needs no snippet.
    shown AS (SELECT id, "versionNum" FROM page ORDER BY rank DESC, id DESC LIMIT ${limit})
    SELECT page.*, snip.section, snip.headline
      FROM page CROSS JOIN q
      LEFT JOIN LATERAL (
        -- The section where the query's words occur most (their positions in the search document
        -- say which section they are in), else the first with text; ts_headline on that one alone.
        SELECT pick.key AS section,
               ts_headline('english'::regconfig,
                           translate(brief_search_section_text(pick.key, c.json::jsonb), ${MATCH_START + MATCH_STOP}, ''),
                           q.query, ${HEADLINE_OPTIONS}) AS headline
          FROM shown
          JOIN "BriefSearch" s ON s."briefId" = shown.id
         CROSS JOIN LATERAL (
                SELECT s."sectionKeys"[coalesce((
                         SELECT width_bucket(at.pos, s."sectionStarts")
                           FROM unnest(s.document) AS u CROSS JOIN unnest(u.positions, u.weights) AS at(pos, weight)
                          WHERE u.lexeme = ANY (q.exact) OR EXISTS (SELECT 1 FROM unnest(q.prefixes) AS x WHERE starts_with(u.lexeme, x))
                          GROUP BY 1
                         HAVING width_bucket(at.pos, s."sectionStarts") > 0
                          -- Occurrences weighed as in the rank: a B section's count twice a C section's.
                          ORDER BY sum(CASE at.weight WHEN 'B' THEN 2 ELSE 1 END) DESC, 1
                          LIMIT 1), 1)] AS key
                -- A fence: the pick is made once, not once per place that uses it.
                OFFSET 0
              ) AS pick
          JOIN "BriefVersion" v ON v."briefId" = shown.id AND v."versionNum" = shown."versionNum"
         CROSS JOIN jsonb_array_elements(v.sections) AS r(ref)
          JOIN "ContentBlob" c ON c.hash = r.ref ->> 1
         WHERE shown.id = page.id AND r.ref ->> 0 = pick.key
         LIMIT 1
      ) AS snip ON true
     ORDER BY page.rank DESC, page.id DESC`;

  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((row) => ({
      briefId: row.id,
      projectId: row.projectId,
      projectName: row.projectName,
      title: row.title,
      state: row.state,
      versionNum: row.versionNum,
      updatedAt: row.updatedAt.toISOString(),
      rank: row.rank,
      snippet: snippetFromHeadline(row.section, row.headline),
    })),
    nextCursor: rows.length > limit && last ? encodeCursor(scope, [last.rank, last.id]) : null,
  };
}

/**
 * The query as a tsquery: websearch_to_tsquery (words, "phrases", OR, -word), English stemming
 * as the index. When the query ends in a plain word that is one lexeme of its own, that lexeme
 * also matches as a prefix (":*"), so a half-typed last word already finds something. The
 * lexemes come out in the order of the words, so the last one in the text form is that word's.
 */
function tsquery(query: string, lastWord: string | null): Prisma.Sql {
  const parsed = Prisma.sql`websearch_to_tsquery('english'::regconfig, ${query})`;
  if (lastWord === null) return parsed;
  return Prisma.sql`CASE WHEN numnode(websearch_to_tsquery('english'::regconfig, ${lastWord})) = 1
                         THEN regexp_replace(${parsed}::text, '''$', ''':*')::tsquery
                         ELSE ${parsed} END`;
}

/** The last word when it is typed as a plain word: not in quotes, not negated, not the OR operator. */
function lastWordOf(query: string): string | null {
  const trimmed = query.trimEnd();
  if ((trimmed.match(/"/g)?.length ?? 0) % 2 !== 0 || trimmed.endsWith('"')) return null;
  const word = trimmed.split(/\s+/).at(-1) ?? "";
  if (word.startsWith("-") || word.toLowerCase() === "or" || !/^[\p{L}\p{N}][\p{L}\p{N}_'’.-]*$/u.test(word) || !/[\p{L}\p{N}]$/u.test(word)) return null;
  return word;
}
