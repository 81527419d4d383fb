import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { fanOutEvents } from "@/lib/events/fan-out-events";
import { countUnread, listNotifications, markRead } from "@/lib/notifications/list-notifications";
import { mailNotifications } from "@/lib/notifications/mail-notifications";
import { setMailMode } from "@/lib/notifications/notification-settings";
import { checkUnsubscribe } from "@/lib/notifications/unsubscribe-link";
import { addMember, newProject, newUser, viaToken } from "../support/fixtures";
import { append, approve, decide, newBrief, propose, readyContent, transition, update } from "../support/briefs";
import { failRow } from "../support/evidence";
import { captureMails } from "../support/mail-capture";

/** What the delivery worker does after a change: fan out, then mail what is due. */
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
    [owner, editor, reviewer, viewer] = await Promise.all([newUser("Olga"), newUser("Ed"), newUser("Rae"), newUser("Vic")]);
    projectId = await newProject(owner, "Heard");
    await addMember(projectId, editor, "editor");
    await addMember(projectId, reviewer, "reviewer");
    await addMember(projectId, viewer, "viewer");
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

    // Unsubscribed from mentions: the next one is in the inbox, not in the mail.
    await setMailMode(owner.userId, "mention", "off");
    await append(reviewer, { briefId: brief.id, collection: "comments", item: { body: `@${owner.email} again` } });
    const after = await settle();
    expect(after.to(owner.email)).toEqual([]);
    expect(await countUnread(owner)).toBe(2);
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
