-- CreateTable
CREATE TABLE "BriefSearch" (
    "briefId" TEXT NOT NULL,
    "document" tsvector NOT NULL,

    CONSTRAINT "BriefSearch_pkey" PRIMARY KEY ("briefId")
);

-- CreateIndex
CREATE INDEX "BriefSearch_document_idx" ON "BriefSearch" USING GIN ("document");

-- AddForeignKey
ALTER TABLE "BriefSearch" ADD CONSTRAINT "BriefSearch_briefId_fkey" FOREIGN KEY ("briefId") REFERENCES "Brief"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What search indexes of one content section (docs/contract.md#search): every string in it at any
-- depth — list rows, criteria ids, text and evidence, tickets, decisions and their sources, link
-- labels, unknown keys — except the QA rows' attribution (only their text: ticking a row changes
-- no indexed text), and nothing of the two keys that are not sections (the checklist mirror and
-- the editor's draft). lib/briefs/search-document.ts relies on exactly these rules.
CREATE FUNCTION brief_search_section_text(key text, value jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN key IN ('checklist', '_draft') THEN NULL
    WHEN key = 'testingQaChecklist' THEN
      (SELECT string_agg(t #>> '{}', E'\n') FROM jsonb_path_query(value, 'lax $[*].text') AS t)
    ELSE
      (SELECT string_agg(t #>> '{}', E'\n') FROM jsonb_path_query(value, 'strict $.** ? (@.type() == "string")') AS t)
  END
$$;

-- The search document of a brief: the title (weight A), the sections that say what is wanted —
-- goal, scope, requirements, acceptance criteria — (B), and every other section (C). English
-- stemming, so "exporting" finds "export". Sections in the stored document's key order.
CREATE FUNCTION brief_search_document(title text, content jsonb) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(string_agg(s.text, E'\n' ORDER BY s.n) FILTER (WHERE s.key IN ('goal', 'scope', 'requirements', 'acceptanceCriteria')), '')), 'B')
      || setweight(to_tsvector('english'::regconfig, coalesce(string_agg(s.text, E'\n' ORDER BY s.n) FILTER (WHERE s.key NOT IN ('goal', 'scope', 'requirements', 'acceptanceCriteria')), '')), 'C')
  FROM (
    SELECT e.key, e.n, brief_search_section_text(e.key, e.value) AS text
    FROM jsonb_each(CASE WHEN jsonb_typeof(content) = 'object' THEN content ELSE '{}'::jsonb END) WITH ORDINALITY AS e(key, value, n)
  ) AS s
$$;

-- Backfill: every existing brief, from the sections of its current version.
INSERT INTO "BriefSearch" ("briefId", "document")
SELECT b.id,
       brief_search_document(b.title, coalesce((
         SELECT jsonb_object_agg(r.ref ->> 0, c.json::jsonb)
         FROM jsonb_array_elements(v.sections) AS r(ref)
         JOIN "ContentBlob" c ON c.hash = r.ref ->> 1
       ), '{}'::jsonb))
FROM "Brief" b
LEFT JOIN "BriefVersion" v ON v."briefId" = b.id AND v."versionNum" = b."versionNum";
