-- Say more precisely what changed, so that pages read again only what may differ. The header's
-- inbox of proposals shows open proposals with their brief's title, leaving out closed briefs: it
-- changes when a proposal is made or decided, or when a brief's title or state changes, not with a
-- checklist tick, the commonest change of all.

-- A brief's announcement says whether its title or state changed ('t'); ids and flags only, as before.
CREATE OR REPLACE FUNCTION briefs_live_announce_brief() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('briefs_live', json_build_object('k', 'b', 'b', OLD.id, 'p', OLD."projectId", 's', OLD."changeSeq" + 1, 'gone', true)::text);
    RETURN OLD;
  END IF;
  IF TG_OP = 'INSERT' OR OLD.title IS DISTINCT FROM NEW.title OR OLD.state IS DISTINCT FROM NEW.state THEN
    PERFORM pg_notify('briefs_live', json_build_object('k', 'b', 'b', NEW.id, 'p', NEW."projectId", 's', NEW."changeSeq", 't', true)::text);
  ELSE
    PERFORM pg_notify('briefs_live', json_build_object('k', 'b', 'b', NEW.id, 'p', NEW."projectId", 's', NEW."changeSeq")::text);
  END IF;
  RETURN NEW;
END;
$$;

-- A proposal made, or its status changed (decided, withdrawn, superseded): 'q', with its brief and project.
CREATE FUNCTION briefs_live_announce_proposal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  project text;
BEGIN
  SELECT "projectId" INTO project FROM "Brief" WHERE id = NEW."briefId";
  IF project IS NOT NULL THEN
    PERFORM pg_notify('briefs_live', json_build_object('k', 'q', 'b', NEW."briefId", 'p', project)::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "BriefItem_announce_proposal" AFTER INSERT OR UPDATE OF status ON "BriefItem"
  FOR EACH ROW WHEN (NEW.collection = 'proposals') EXECUTE FUNCTION briefs_live_announce_proposal();
