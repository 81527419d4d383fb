import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { getBriefPageData } from "@/lib/live/brief-page-data";
import { getTrace } from "@/lib/trace/get-trace";
import { newUser, projectWithPeople } from "../support/fixtures";
import { approve, briefInState, toggle } from "../support/briefs";

describe(`the brief page data an open page fetches on a live change, on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let editor: Actor;
  let viewer: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, owner, editor, viewer } = await projectWithPeople({ owner: "owner", editor: "editor", viewer: "viewer" }, "Views"));
  });

  it("is each reader's own page data when they all read it at once", async () => {
    const brief = await briefInState(owner, projectId, "in_review");
    await approve(owner, { briefId: brief.id });

    // Read at the same moment, as every open page does when a change is announced.
    const [ownersView, editorsView, viewersView] = await Promise.all([owner, editor, viewer].map((person) => getBriefPageData(person, brief.id)));
    for (const [person, view] of [[owner, ownersView], [editor, editorsView], [viewer, viewersView]] as const) {
      expect(view.data).toEqual(await getBriefFull(person, { briefId: brief.id }));
      expect(view.trace).toEqual(await getTrace(person, { briefId: brief.id }));
    }
    expect(ownersView.data.lifecycle.yourRole).toBe("owner");
    expect(ownersView.data.lifecycle.yourLiveApproval).not.toBeNull();
    expect(editorsView.data.lifecycle.yourRole).toBe("editor");
    expect(editorsView.data.lifecycle.yourLiveApproval).toBeNull();
    expect(viewersView.data.lifecycle.yourRole).toBe("viewer");
    expect(new Set([ownersView.changeSeq, editorsView.changeSeq, viewersView.changeSeq]).size).toBe(1);
  });

  it("shows a change to the next reader, with the change count it reached", async () => {
    const brief = await briefInState(owner, projectId, "in_review");
    const before = await getBriefPageData(viewer, brief.id);
    const row = (before.data.brief.content.testingQaChecklist as Array<{ text: string; checked: boolean }>)[0];
    expect(row.checked).toBe(false);

    await toggle(editor, { briefId: brief.id, index: 0, expectedText: row.text, checked: true });
    const after = await getBriefPageData(viewer, brief.id);
    expect(after.changeSeq).toBe(before.changeSeq + 1);
    expect((after.data.brief.content.testingQaChecklist as Array<{ checked: boolean }>)[0].checked).toBe(true);
    expect(after.data.brief.versionNum).toBe(before.data.brief.versionNum + 1);
  });

  it("is refused to someone outside the project, the same as for a brief that does not exist", async () => {
    const brief = await briefInState(owner, projectId, "drafting");
    await getBriefPageData(owner, brief.id);
    const outsider = await newUser("Otto");
    await expect(getBriefPageData(outsider, brief.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(getBriefPageData(outsider, "0190aaaa-0000-7000-8000-000000000000")).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });
});
