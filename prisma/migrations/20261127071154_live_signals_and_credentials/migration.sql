-- CreateTable
CREATE TABLE "LiveSignal" (
    "id" BIGSERIAL NOT NULL,
    "userId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LiveSignal_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "LiveSignal_at_idx" ON "LiveSignal"("at");

-- The person-scoped announcements (memberships, notifications, ended credentials) are also written to
-- "LiveSignal", so an instance that polls instead of listening (DATABASE_DIRECT_URL=none) hears them
-- too. Rows are deleted after minutes (lib/live/change-feed.ts).
CREATE OR REPLACE FUNCTION briefs_live_announce_membership() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person text;
BEGIN
  IF TG_OP = 'DELETE' THEN person := OLD."userId"; ELSE person := NEW."userId"; END IF;
  PERFORM pg_notify('briefs_live', json_build_object('k', 'm', 'u', person)::text);
  INSERT INTO "LiveSignal" ("userId", kind) VALUES (person, 'm');
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION briefs_live_announce_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('briefs_live', json_build_object('k', 'n', 'u', NEW."userId")::text);
  INSERT INTO "LiveSignal" ("userId", kind) VALUES (NEW."userId", 'n');
  RETURN NULL;
END;
$$;

-- A credential that stops working (a revoked API token, connected app or OAuth token, an ended
-- browser session) is announced to its person's live streams (lib/live), so streams opened with it
-- check it again and end: a long-lived stream is not a way around revocation. Ids only.
CREATE FUNCTION briefs_live_announce_credentials() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person text;
BEGIN
  IF TG_TABLE_NAME = 'OAuthToken' THEN
    SELECT "userId" INTO person FROM "OAuthGrant" WHERE id = NEW."grantId";
  ELSIF TG_OP = 'DELETE' THEN
    person := OLD."userId";
  ELSE
    person := NEW."userId";
  END IF;
  IF person IS NOT NULL THEN
    PERFORM pg_notify('briefs_live', json_build_object('k', 'c', 'u', person)::text);
    INSERT INTO "LiveSignal" ("userId", kind) VALUES (person, 'c');
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "ApiToken_announce_revoked" AFTER UPDATE OF "revokedAt" ON "ApiToken"
  FOR EACH ROW WHEN (OLD."revokedAt" IS NULL AND NEW."revokedAt" IS NOT NULL) EXECUTE FUNCTION briefs_live_announce_credentials();
CREATE TRIGGER "ApiToken_announce_deleted" AFTER DELETE ON "ApiToken"
  FOR EACH ROW EXECUTE FUNCTION briefs_live_announce_credentials();

CREATE TRIGGER "OAuthGrant_announce_revoked" AFTER UPDATE OF "revokedAt" ON "OAuthGrant"
  FOR EACH ROW WHEN (OLD."revokedAt" IS NULL AND NEW."revokedAt" IS NOT NULL) EXECUTE FUNCTION briefs_live_announce_credentials();

-- Only access tokens open streams; expired ones are deleted in bulk by the purge, which nobody holds open.
CREATE TRIGGER "OAuthToken_announce_revoked" AFTER UPDATE OF "revokedAt" ON "OAuthToken"
  FOR EACH ROW WHEN (NEW.kind = 'access' AND OLD."revokedAt" IS NULL AND NEW."revokedAt" IS NOT NULL) EXECUTE FUNCTION briefs_live_announce_credentials();

CREATE TRIGGER "WebSession_announce_ended" AFTER DELETE ON "WebSession"
  FOR EACH ROW EXECUTE FUNCTION briefs_live_announce_credentials();
