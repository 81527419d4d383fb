-- Where a version's content came from when it was not written in Briefs: the file an import read
-- (or "Markdown" for a text sent to brief_create). Null for every other version.
ALTER TABLE "BriefVersion" ADD COLUMN "source" TEXT;
