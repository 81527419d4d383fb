import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { getBriefPageData } from "@/lib/live/brief-page-data";
import { startChangeFeed } from "@/lib/live/change-feed";
import { openLiveStream } from "@/lib/live/live-stream";
import { mergePageData, type PageDataWire } from "@/lib/live/page-data-wire";
import { recordPresence } from "@/lib/live/presence/record-presence";
import { PRESENCE_WINDOW_MS } from "@/lib/live/presence/presence-window";
import { pushedBriefEvent } from "@/lib/live/pushed-page-data";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { EventStream } from "../support/event-stream";
import { uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { approve, briefInState, toggle, update } from "../support/briefs";

/**
 * A change to a brief reaches the people who have it open with the page's data in the event, so
 * their pages need not fetch it: each person's own part (role, live approval) beside the brief-wide
 * part, and only for members present on the brief. Everyone else hears the plain event.
 */
describe(`page data pushed with a change, on ${process.env.BRIEFS_TEST_DB}`, () => {
  const aborts = new AbortController();
  let owner: Actor;
  let editor: Actor;
  let viewer: Actor;
  let away: Actor;
  let projectId: string;

  beforeAll(async () => {
    const feed = await startChangeFeed();
    await vi.waitFor(() => expect(feed.listening()).toBe(true), { timeout: 10_000, interval: 20 });
    ({ projectId, owner, editor, viewer, away } = await projectWithPeople({ owner: "owner", editor: "editor", viewer: "viewer", away: "viewer" }, "Pushed"));
  });
  afterAll(() => aborts.abort());

  async function streamOf(person: Actor): Promise<EventStream> {
    const stream = new EventStream(await openLiveStream(person, aborts.signal, async () => true));
    await stream.next((event) => event.kind === "sync");
    return stream;
  }
  const tickBy = (person: Actor, briefId: string, checked: boolean) => toggle(viaToken(person, ["brief:read", "brief:write"], "agent"), { briefId, index: 0, expectedText: "CSV opens in a spreadsheet", checked });
  const brief = () => briefInState(owner, projectId, "in_review");

  it("gives each present reader their own page data with the event, and the others the plain event", async () => {
    const open = await brief();
    await approve(owner, { briefId: open.id });
    await Promise.all([owner, editor, viewer].map((person, i) => recordPresence(person, open.id, { tabId: `pushed-tab-${i}-xx` })));
    const streams = await Promise.all([owner, editor, viewer, away].map(streamOf));
    const from = streams.map((s) => s.received.length);

    await tickBy(editor, open.id, true);
    const events = await Promise.all(streams.map((s, i) => s.next((e) => e.kind === "brief" && e.briefId === open.id, { from: from[i] })));

    for (const [i, person] of [owner, editor, viewer].entries()) {
      const page = events[i].page as PageDataWire;
      expect(page, `${person.label}'s event carries the page`).toBeDefined();
      // Exactly what the page would have fetched: the same brief, trace, count and own part.
      expect(mergePageData(page)).toEqual(await getBriefPageData(person, open.id));
      expect(page.changeSeq).toBe(events[i].seq);
    }
    const pages = events.slice(0, 3).map((e) => mergePageData(e.page as PageDataWire));
    expect(pages.map((p) => p.data.lifecycle.yourRole)).toEqual(["owner", "editor", "viewer"]);
    expect(pages.map((p) => p.data.lifecycle.yourLiveApproval !== null)).toEqual([true, false, false]);
    expect((pages[2].data.brief.content.testingQaChecklist as Array<{ checked: boolean }>)[0].checked).toBe(true);
    // Wes belongs to the project but does not have the brief open.
    expect(events[3]).not.toHaveProperty("page");
    expect(events[3]).toMatchObject({ kind: "brief", briefId: open.id, projectId, seq: events[0].seq });
    expect(events[0]).not.toHaveProperty("titleOrState");

    // The event keeps what it says beside the page: a rename is still a rename (the inbox reads on it).
    const at = streams[1].received.length;
    await update(owner, { briefId: open.id, title: "Pushed, renamed" });
    const renamed = await streams[1].next((e) => e.kind === "brief" && e.briefId === open.id, { from: at });
    expect(renamed).toMatchObject({ titleOrState: true, page: { shared: { data: { brief: { title: "Pushed, renamed" } } } } });
  });

  it("stops pushing to a reader whose tab went quiet, or who left the project while present", async () => {
    const open = await brief();
    await recordPresence(viewer, open.id, { tabId: "quiet-viewer-tab" });
    await recordPresence(editor, open.id, { tabId: "leaving-editor-tab" });
    await tickBy(owner, open.id, true);
    const first = { kind: "brief" as const, briefId: open.id, projectId, seq: (await getBriefPageData(owner, open.id)).changeSeq };
    expect(await pushedBriefEvent(viewer, first)).toContain('"page":');
    expect(await pushedBriefEvent(editor, first)).toContain('"page":');

    const prisma = await getPrisma();
    await prisma.presence.updateMany({ where: { briefId: open.id, userId: viewer.userId }, data: { seenAt: new Date(Date.now() - PRESENCE_WINDOW_MS - 1_000) } });
    await setProjectMember(owner, { projectId, email: editor.email, role: null, idempotencyKey: uniqueKey() });
    await tickBy(owner, open.id, false);
    const next = { ...first, seq: (await getBriefPageData(owner, open.id)).changeSeq };
    expect(next.seq).toBeGreaterThan(first.seq);
    expect(await pushedBriefEvent(viewer, next)).toBeNull();
    // Present until the window ends, but no longer a member: nothing of the brief reaches them.
    expect(await pushedBriefEvent(editor, next)).toBeNull();
  });
});
