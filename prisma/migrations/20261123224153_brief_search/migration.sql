-- CreateTable
CREATE TABLE "BriefSearch" (
    "briefId" TEXT NOT NULL,
    "document" tsvector NOT NULL,
    "sectionKeys" TEXT[],
    "sectionStarts" INTEGER[],

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

-- A brief's search row: the title (weight A), then each section with text in the stored document's
-- key order — goal, scope, requirements and acceptance criteria, which say what is wanted, with
-- weight B, every other section C — English stemming ("exporting" finds "export"); and where each
-- section starts. `||` shifts the positions of its right side by the largest position on its left
-- (at most 16383), which is what `last` follows.
CREATE FUNCTION brief_search_index(title text, content jsonb, OUT document tsvector, OUT section_keys text[], OUT section_starts integer[])
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  section record;
  vector tsvector;
  last integer;
BEGIN
  document := setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A');
  last := coalesce((SELECT max(p) FROM unnest(document) AS u, unnest(u.positions) AS p), 0);
  section_keys := '{}';
  section_starts := '{}';
  FOR section IN
    SELECT e.key, brief_search_section_text(e.key, e.value) AS text
      FROM jsonb_each(CASE WHEN jsonb_typeof(content) = 'object' THEN content ELSE '{}'::jsonb END) WITH ORDINALITY AS e(key, value, n)
     ORDER BY e.n
  LOOP
    vector := to_tsvector('english'::regconfig, coalesce(section.text, ''));
    CONTINUE WHEN vector = ''::tsvector;
    section_keys := section_keys || section.key;
    section_starts := section_starts || least(last + 1, 16383);
    document := document || setweight(vector, CASE WHEN section.key IN ('goal', 'scope', 'requirements', 'acceptanceCriteria') THEN 'B' ELSE 'C' END::"char");
    last := least(16383, last + (SELECT max(p) FROM unnest(vector) AS u, unnest(u.positions) AS p));
  END LOOP;
END
$$;

-- Backfill: every existing brief, from the sections of its current version.
INSERT INTO "BriefSearch" ("briefId", "document", "sectionKeys", "sectionStarts")
SELECT b.id, i.document, i.section_keys, i.section_starts
FROM "Brief" b
LEFT JOIN "BriefVersion" v ON v."briefId" = b.id AND v."versionNum" = b."versionNum"
CROSS JOIN LATERAL brief_search_index(b.title, coalesce((
  SELECT jsonb_object_agg(r.ref ->> 0, c.json::jsonb)
  FROM jsonb_array_elements(v.sections) AS r(ref)
  JOIN "ContentBlob" c ON c.hash = r.ref ->> 1
), '{}'::jsonb)) AS i;
