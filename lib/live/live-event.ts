/**
 * What the live fan-out carries: ids and a change count, never content. A page that hears about a
 * change fetches what it shows again, through the same access checks as any other read.
 *
 * - `brief`: the brief (or something it holds) changed; `seq` is its `changeSeq` after the change,
 *   and `titleOrState` says its title or state changed (or it is new).
 * - `proposals`: a proposal of the brief was made or changed status (decided, withdrawn, superseded).
 * - `presence`: someone arrived at the brief, left it, or moved to another section.
 * - `access`: the person's memberships changed; their streams re-read which projects they hear about.
 * - `notification`: the person has a new notification (lib/notifications): their bell counts again.
 * - `credentials`: one of the person's sessions ended or tokens was revoked: streams opened with one
 *   check it again, and end when it no longer holds.
 * - `sync`: changes may have been missed (a stream or the listener reconnected): check what you show.
 */
export type LiveEvent =
  | { kind: "brief"; briefId: string; projectId: string; seq: number; gone?: true; titleOrState?: true }
  | { kind: "proposals"; briefId: string; projectId: string }
  | { kind: "presence"; briefId: string; projectId: string }
  | { kind: "access"; userId: string }
  | { kind: "notification"; userId: string }
  | { kind: "credentials"; userId: string }
  | { kind: "sync" };

/** The channel the database triggers notify on (prisma/migrations/…_live_updates). */
export const LIVE_CHANNEL = "briefs_live";

/** A trigger's payload as an event; anything else (another writer on the channel) is ignored. */
export function parseNotification(payload: string | undefined): LiveEvent | null {
  if (!payload) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  const text = (key: string) => (typeof raw[key] === "string" ? (raw[key] as string) : null);
  const briefId = text("b");
  const projectId = text("p");
  if (raw.k === "b" && briefId && projectId && typeof raw.s === "number") {
    if (raw.gone === true) return { kind: "brief", briefId, projectId, seq: raw.s, gone: true };
    return raw.t === true ? { kind: "brief", briefId, projectId, seq: raw.s, titleOrState: true } : { kind: "brief", briefId, projectId, seq: raw.s };
  }
  if (raw.k === "q" && briefId && projectId) return { kind: "proposals", briefId, projectId };
  if (raw.k === "p" && briefId && projectId) return { kind: "presence", briefId, projectId };
  const userId = text("u");
  if (raw.k === "m" && userId) return { kind: "access", userId };
  if (raw.k === "n" && userId) return { kind: "notification", userId };
  if (raw.k === "c" && userId) return { kind: "credentials", userId };
  return null;
}
