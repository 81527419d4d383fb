-- The requirement quality check (docs/quality.md): each project's rules and its review gate.
ALTER TABLE "Project" ADD COLUMN "requireQuality" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Project" ADD COLUMN "earsRequired" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Project" ADD COLUMN "qualityRulesOff" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
ALTER TABLE "Project" ADD COLUMN "qualityVagueTerms" TEXT[] NOT NULL DEFAULT ARRAY[]::TEXT[];
