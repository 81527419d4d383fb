import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startChangeFeed } from "@/lib/live/change-feed";
import { openLiveStream } from "@/lib/live/live-stream";
import { sessionStillHolds } from "@/lib/sessions/check-session";
import { endSession } from "@/lib/sessions/end-session";
import { endUserSessions } from "@/lib/sessions/end-user-sessions";
import { startSession } from "@/lib/sessions/start-session";
import { EventStream } from "../support/event-stream";
import { projectWithPeople } from "../support/fixtures";
import { newBrief } from "../support/briefs";

/**
 * A browser's live stream lasts no longer than the session it was opened with: signing out (here,
 * or "sign out everywhere" from another browser) ends it, announced through the database, and other
 * sessions' streams go on.
 */
describe(`a live stream and its session, on ${process.env.BRIEFS_TEST_DB}`, () => {
  const aborts = new AbortController();
  beforeAll(async () => {
    const feed = await startChangeFeed();
    await vi.waitFor(() => expect(feed.listening()).toBe(true), { timeout: 10_000, interval: 20 });
  });
  afterAll(() => aborts.abort());

  it("ends when its session ends, and only then", async () => {
    const { projectId, person } = await projectWithPeople({ person: { role: "owner", name: "Sid" } });
    const [here, there, elsewhere] = await Promise.all([startSession(person.userId), startSession(person.userId), startSession(person.userId)]);
    const open = async (sessionId: string) => {
      const stream = new EventStream(await openLiveStream(person, aborts.signal, () => sessionStillHolds(sessionId, person.userId)));
      await stream.next((event) => event.kind === "sync");
      return stream;
    };
    const [onHere, onThere, onElsewhere] = await Promise.all([open(here), open(there), open(elsewhere)]);

    await endSession(here);
    await onHere.done;
    expect(onHere.ended).toBe(true);
    // The others checked their own sessions and stayed: they still hear changes.
    const from = onThere.received.length;
    const brief = await newBrief(person, projectId);
    await onThere.next((event) => event.kind === "brief" && event.briefId === brief.id, { from });
    await onElsewhere.next((event) => event.kind === "brief" && event.briefId === brief.id);
    expect(onElsewhere.ended).toBe(false);

    // "Sign out everywhere else" keeps the session it was asked from.
    await endUserSessions(person.userId, elsewhere);
    await onThere.done;
    const later = await newBrief(person, projectId);
    await onElsewhere.next((event) => event.kind === "brief" && event.briefId === later.id);
    expect(onElsewhere.ended).toBe(false);
  });
});
