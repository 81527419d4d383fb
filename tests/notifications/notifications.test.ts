import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { fanOutEvents } from "@/lib/events/fan-out-events";
import { countUnread, listNotifications, markRead } from "@/lib/notifications/list-notifications";
import { mailNotifications } from "@/lib/notifications/mail-notifications";
import { getNotificationSettings } from "@/lib/notifications/notification-settings";
import { GET as openUnsubscribeAddress, POST as unsubscribeOneClick } from "@/app/api/unsubscribe/route";
import { checkUnsubscribe } from "@/lib/notifications/unsubscribe-link";
import { requestReview } from "@/lib/reviews/request-review";
import { isWatching, setWatching } from "@/lib/notifications/watch-brief";
import { addMember, newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { append, approve, briefInState, decide, newBrief, propose, readyContent, transition, traverse, update } from "../support/briefs";
import { failRow } from "../support/evidence";
import { captureMails } from "../support/mail-capture";

/** What the delivery worker does after a change: fan out, then mail what is due. */
const mailModeOf = async (person: Actor, kind: "mention") => (await getNotificationSettings(person))[kind];

async function settle(now = new Date()) {
  while ((await fanOutEvents(now)) > 0);
  const mail = captureMails();
  try {
    await mailNotifications(now);
  } finally {
    mail.restore();
  }
  return mail;
}

const titles = async (person: Actor) => (await listNotifications(person)).items.map((n) => [n.kind, n.title]);

describe(`notifications on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let editor: Actor;
  let reviewer: Actor;
  let viewer: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, owner, editor, reviewer, viewer } = await projectWithPeople({ owner: "owner", editor: "editor", reviewer: "reviewer", viewer: "viewer" }, "Heard"));
    await settle();
  });

  it("tells the members a comment mentions, by mail at once with a link that unsubscribes without signing in", async () => {
    const brief = await newBrief(owner, projectId, readyContent(), "Mentions");
    const outsider = await newUser("Otto");
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: `@${owner.email} and @${viewer.email.toUpperCase()}, see this. Not @${outsider.email}.` } });
    const mail = await settle();
    expect(await titles(owner)).toEqual([["mention", `${editor.label} mentioned you in a comment on “Mentions”`]]);
    expect(await countUnread(viewer)).toBe(1);
    expect(await countUnread(outsider)).toBe(0);
    expect(await countUnread(editor)).toBe(0);

    const [sent] = mail.to(owner.email);
    expect(sent.subject).toBe(`${editor.label} mentioned you in a comment on “Mentions”`);
    expect(sent.text).toContain(`/projects/${projectId}/briefs/${brief.id}`);
    const link = new URL(/Stop these mails: (\S+)/.exec(sent.text)![1]);
    const params = Object.fromEntries(link.searchParams) as { u: string; k: string; t: string };
    expect(checkUnsubscribe(params)).toEqual({ userId: owner.userId, kind: "mention" });
    expect(checkUnsubscribe({ ...params, k: "proposal" })).toBeNull();
    expect(checkUnsubscribe({ ...params, u: viewer.userId })).toBeNull();

    // The mail program's own button (RFC 8058): a POST of List-Unsubscribe=One-Click to the header's URL.
    expect(sent.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = /^<(https?:\/\/\S+\/api\/unsubscribe\?\S+)>$/.exec(sent.headers["List-Unsubscribe"])![1];
    const post = (url: string, body = "List-Unsubscribe=One-Click") =>
      unsubscribeOneClick(new Request(url, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body }));
    // Opened in a browser instead, the same address leads to the page that asks first, changing nothing.
    const opened = openUnsubscribeAddress(new Request(`${oneClick}&done=1`));
    expect(opened.status).toBe(303);
    expect(opened.headers.get("Location")).toBe(`/unsubscribe?${new URLSearchParams(params)}`);
    expect(await mailModeOf(owner, "mention")).not.toBe("off");
    expect((await post(oneClick, "")).status).toBe(400);
    expect((await post(oneClick.replace("k=mention", "k=proposal"))).status).toBe(404);
    expect(await mailModeOf(owner, "mention")).not.toBe("off");
    expect((await post(oneClick)).status).toBe(200);
    expect(await mailModeOf(owner, "mention")).toBe("off");

    // Unsubscribed from mentions: the next one — from an agent over MCP — is in the inbox, not in the mail.
    const agent = viaToken(reviewer, undefined, "critic");
    await append(agent, { briefId: brief.id, collection: "comments", item: { body: `@${owner.email} again` } });
    const after = await settle();
    expect(after.to(owner.email)).toEqual([]);
    expect(await countUnread(owner)).toBe(2);
    expect((await titles(owner))[0]).toEqual(["mention", `${agent.label} mentioned you in a comment on “Mentions”`]);
  });

  it("tells writers of a proposal, the author of the decision, the approver of a stale approval, and watchers of a state change", async () => {
    const brief = await newBrief(owner, projectId, readyContent(), "Lifecycle");
    await update(editor, { briefId: brief.id, content: readyContent({ goal: "Edited by Ed" }) });
    const critic = viaToken(reviewer, ["brief:read", "brief:propose"], "critic");
    const { proposal } = (await propose(critic, { briefId: brief.id, baseVersionNum: 2, changes: { goal: "Sharper" }, summary: "Goal" })).result;
    await settle();
    expect((await titles(owner)).filter(([kind]) => kind === "proposal")).toEqual([["proposal", `${critic.label} proposed a change to “Lifecycle”`]]);
    expect((await titles(editor)).filter(([kind]) => kind === "proposal")).toHaveLength(1);
    expect((await titles(viewer)).filter(([kind]) => kind === "proposal")).toEqual([]);

    await decide(owner, { briefId: brief.id, proposalId: proposal.id, decision: "reject", reason: "Not now" });
    await settle();
    expect((await titles(reviewer)).filter(([kind]) => kind === "decision")).toEqual([["decision", `${owner.label} rejected your proposal on “Lifecycle”`]]);

    await transition(editor, { briefId: brief.id, to: "in_review" });
    await approve(owner, { briefId: brief.id });
    await update(editor, { briefId: brief.id, content: readyContent({ goal: "Edited by Ed", requirements: ["Something new"] }) });
    await settle();
    expect((await titles(owner)).filter(([kind]) => kind === "approval_stale")).toEqual([["approval_stale", "Your approval of “Lifecycle” went stale: its requirements changed"]]);
    // The owner created it and the editor saved a version: both watch it; the editor moved it, so only the owner hears.
    expect((await titles(owner)).filter(([kind]) => kind === "state_change").map(([, title]) => title)).toContain(`“Lifecycle” moved to In review (${editor.label})`);
    expect((await titles(editor)).filter(([kind]) => kind === "state_change").map(([, title]) => title)).not.toContain(`“Lifecycle” moved to In review (${editor.label})`);
  });

  it("mails digest kinds together once the oldest is a day old, and tells nobody about a project they left", async () => {
    const brief = await newBrief(owner, projectId, readyContent(), "Digest");
    await failRow(editor, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet" });
    const now = new Date();
    expect((await settle(now)).to(owner.email).filter((m) => m.subject.startsWith("Briefs:"))).toEqual([]);
    const dayLater = await settle(new Date(now.getTime() + 24 * 3_600_000 + 1_000));
    const [digest] = dayLater.to(owner.email).filter((m) => m.subject.startsWith("Briefs:"));
    expect(digest.text).toContain(`${editor.label} opened a finding on “Digest”`);
    expect(digest.text).toMatch(/Stop mails about a finding on a brief you wrote: \S+\/unsubscribe\?/);

    // Gone from the project: its notifications are no longer listed, and nothing new is made.
    const leaver = await newUser("Lea");
    await addMember(projectId, leaver, "editor");
    const theirs = await newBrief(leaver, projectId, readyContent(), "Left behind");
    await append(owner, { briefId: theirs.id, collection: "comments", item: { body: `@${leaver.email} hello` } });
    await settle();
    expect(await countUnread(leaver)).toBe(1);
    const prisma = await getPrisma();
    await prisma.membership.delete({ where: { projectId_userId: { projectId, userId: leaver.userId } } });
    expect(await listNotifications(leaver)).toEqual({ items: [], unread: 0 });
  });

  it("asks named members to review: each is told, the open review session records it, and a wrong request writes nothing", async () => {
    const brief = await briefInState(owner, projectId, "in_review", readyContent({ acceptanceCriteria: [{ id: "AC-1", text: "Works" }] }));
    const { result } = await requestReview(owner, { briefId: brief.id, emails: [reviewer.email, viewer.email.toUpperCase()], idempotencyKey: uniqueKey() });
    expect(result.requested.map((r) => r.email).sort()).toEqual([reviewer.email, viewer.email].sort());
    await settle();
    for (const person of [reviewer, viewer]) expect((await titles(person)).filter(([kind]) => kind === "review_request")).toEqual([["review_request", `${owner.label} asked you to review “Brief”`]]);
    const { items } = await traverse(owner, brief.id, "reviewSessions");
    const open = items.find((item) => item.status === "open") as { requested?: Array<{ email: string; requestedBy: string }> };
    expect(open.requested?.map((r) => [r.email, r.requestedBy]).sort()).toEqual([[reviewer.email, owner.label], [viewer.email, owner.label]].sort());

    const prisma = await getPrisma();
    const before = await prisma.outboxEvent.count({ where: { briefId: brief.id } });
    const stranger = await newUser("Stan");
    await expect(requestReview(owner, { briefId: brief.id, emails: [reviewer.email, stranger.email], idempotencyKey: uniqueKey() })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "emails", message: `${stranger.email} is not a member of this project` }] },
    });
    await expect(requestReview(editor, { briefId: brief.id, emails: [reviewer.email], idempotencyKey: uniqueKey() })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    const drafting = await newBrief(owner, projectId, readyContent(), "Not yet");
    await expect(requestReview(owner, { briefId: drafting.id, emails: [reviewer.email], idempotencyKey: uniqueKey() })).rejects.toMatchObject({ code: "BRIEF_STATE_CONFLICT" });
    expect(await prisma.outboxEvent.count({ where: { briefId: brief.id } })).toBe(before);
  });

  it("tells watchers of state changes: writers by default until they stop, anyone who chose to", async () => {
    const brief = await newBrief(owner, projectId, readyContent({ acceptanceCriteria: [{ id: "AC-1", text: "Works" }] }), "Watched");
    expect(await isWatching(owner, brief.id)).toBe(true);
    expect(await isWatching(viewer, brief.id)).toBe(false);
    await setWatching(viewer, brief.id, true);
    await setWatching(owner, brief.id, false);
    expect([await isWatching(owner, brief.id), await isWatching(viewer, brief.id)]).toEqual([false, true]);
    await transition(editor, { briefId: brief.id, to: "in_review" });
    await settle();
    const moved = `“Watched” moved to In review (${editor.label})`;
    expect((await titles(viewer)).map(([, title]) => title)).toContain(moved);
    expect((await titles(owner)).map(([, title]) => title)).not.toContain(moved);
    await expect(setWatching(await newUser("Nosy"), brief.id, true)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });

  it("marks one or all read, only the person's own", async () => {
    const brief = await newBrief(owner, projectId, readyContent(), "Reading");
    for (const body of ["one", "two"]) await append(editor, { briefId: brief.id, collection: "comments", item: { body: `@${viewer.email} ${body}` } });
    await append(editor, { briefId: brief.id, collection: "comments", item: { body: `@${reviewer.email} yours` } });
    await settle();
    const before = await countUnread(reviewer);
    const [first] = (await listNotifications(viewer)).items;
    expect((await markRead(reviewer, first.id)).unread).toBe(before);
    const unread = await countUnread(viewer);
    expect((await markRead(viewer, first.id)).unread).toBe(unread - 1);
    expect((await markRead(viewer)).unread).toBe(0);
    expect(await countUnread(reviewer)).toBe(before);
  });
});
