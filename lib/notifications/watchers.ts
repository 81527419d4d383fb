/**
 * SQL rules of who a brief concerns, with the brief's id as $1. Its writers: who created it and who
 * saved a version of it. Its watchers: the writers unless they stopped watching, and anyone who
 * chose to watch it. The fan-out (notify-for-events.ts) and the Watch button (watch-brief.ts) both
 * read them, so the button shows what the notifications do.
 */
export const BRIEF_WRITERS = `SELECT "createdById" AS id FROM "Brief" WHERE id = $1 UNION SELECT "createdById" FROM "BriefVersion" WHERE "briefId" = $1`;

export const BRIEF_WATCHERS = `SELECT w.id FROM (${BRIEF_WRITERS}) w WHERE NOT EXISTS (SELECT 1 FROM "Watch" x WHERE x."userId" = w.id AND x."briefId" = $1 AND NOT x.watching)
  UNION SELECT "userId" FROM "Watch" WHERE "briefId" = $1 AND watching`;
