import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { listProposalInbox } from "@/lib/proposals/list-proposal-inbox";
import { newUser, viaToken, projectWithPeople } from "../support/fixtures";
import { decide, newBrief, propose } from "../support/briefs";

describe(`the header's proposal inbox on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let editor: Actor;
  let reviewer: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, owner, editor, reviewer } = await projectWithPeople({ owner: "owner", editor: "editor", reviewer: "reviewer" }, "Inbox"));
  });

  it("lists open proposals to those who decide them, newest first, until they are decided", async () => {
    const brief = await newBrief(owner, projectId, { goal: "Decide me" }, "Inbox brief");
    const agent = viaToken(reviewer, ["brief:read", "brief:propose"], "critic");
    const first = (await propose(agent, { briefId: brief.id, baseVersionNum: 1, changes: { goal: "First idea" }, summary: "First" })).result.proposal;
    const second = (await propose(viaToken(owner, ["brief:read", "brief:propose"], "helper"), { briefId: brief.id, baseVersionNum: 1, changes: { scope: "Second idea" }, summary: "Second" })).result.proposal;

    for (const person of [owner, editor]) {
      const inbox = await listProposalInbox(person);
      expect(inbox.count).toBe(2);
      expect(inbox.items.map((i) => [i.proposalId, i.summary, i.briefTitle, i.projectName])).toEqual([
        [second.id, "Second", "Inbox brief", "Inbox"],
        [first.id, "First", "Inbox brief", "Inbox"],
      ]);
      expect(inbox.items[1].author).toBe(`${reviewer.email} via critic`);
    }
    // A reviewer proposes but does not decide; someone outside the project sees nothing.
    expect((await listProposalInbox(reviewer)).count).toBe(0);
    expect((await listProposalInbox(await newUser("Outsider"))).count).toBe(0);

    await decide(owner, { briefId: brief.id, proposalId: first.id, decision: "reject", reason: "No" });
    expect((await listProposalInbox(editor)).items.map((i) => i.proposalId)).toEqual([second.id]);
  });
});
