-- AlterTable
ALTER TABLE "Brief" ADD COLUMN     "changeSeq" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Presence" (
    "userId" TEXT NOT NULL,
    "tabId" TEXT NOT NULL,
    "briefId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "section" TEXT,
    "seenAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Presence_pkey" PRIMARY KEY ("userId","tabId")
);

-- CreateIndex
CREATE INDEX "Presence_briefId_seenAt_idx" ON "Presence"("briefId", "seenAt");

-- AddForeignKey
ALTER TABLE "Presence" ADD CONSTRAINT "Presence_briefId_fkey" FOREIGN KEY ("briefId") REFERENCES "Brief"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Live updates (docs/operations.md#live-updates). Every write to a brief updates its row, so the row's
-- UPDATE is where a change is counted and announced: whatever code path wrote it, in the same
-- transaction, delivered by PostgreSQL at commit and never for a rollback. The payload carries ids
-- and the count only; NOTIFY works through a transaction-mode pooler, LISTEN needs its own connection.
CREATE FUNCTION briefs_live_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."changeSeq" := OLD."changeSeq" + 1;
  RETURN NEW;
END;
$$;

CREATE TRIGGER "Brief_count_change" BEFORE UPDATE ON "Brief"
  FOR EACH ROW EXECUTE FUNCTION briefs_live_count_change();

CREATE FUNCTION briefs_live_announce_brief() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('briefs_live', json_build_object('k', 'b', 'b', OLD.id, 'p', OLD."projectId", 's', OLD."changeSeq" + 1, 'gone', true)::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify('briefs_live', json_build_object('k', 'b', 'b', NEW.id, 'p', NEW."projectId", 's', NEW."changeSeq")::text);
  RETURN NEW;
END;
$$;

CREATE TRIGGER "Brief_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "Brief"
  FOR EACH ROW EXECUTE FUNCTION briefs_live_announce_brief();

-- Who has a brief open: announced when a tab arrives, leaves or moves to another section (not on
-- the tab's periodic refresh, which changes nothing anyone sees).
CREATE FUNCTION briefs_live_announce_presence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_ record;
BEGIN
  IF TG_OP = 'DELETE' THEN row_ := OLD; ELSE row_ := NEW; END IF;
  IF TG_OP = 'UPDATE' AND OLD.section IS NOT DISTINCT FROM NEW.section AND OLD."briefId" = NEW."briefId" THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('briefs_live', json_build_object('k', 'p', 'b', row_."briefId", 'p', row_."projectId")::text);
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Presence_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "Presence"
  FOR EACH ROW EXECUTE FUNCTION briefs_live_announce_presence();

-- A person gaining or losing a project: their open streams re-read which projects they may hear about.
CREATE FUNCTION briefs_live_announce_membership() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('briefs_live', json_build_object('k', 'm', 'u', OLD."userId")::text);
  ELSE
    PERFORM pg_notify('briefs_live', json_build_object('k', 'm', 'u', NEW."userId")::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "Membership_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "Membership"
  FOR EACH ROW EXECUTE FUNCTION briefs_live_announce_membership();
