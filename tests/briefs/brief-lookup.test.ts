import { describe, expect, it } from "vitest";
import { completeBriefId } from "@/lib/briefs/complete-brief-id";
import { completeVersionNum } from "@/lib/briefs/complete-version-num";
import { listRecentBriefs } from "@/lib/briefs/list-recent-briefs";
import { RECENT_BRIEFS_MAX } from "@/lib/contract/bounds";
import { addMember, newProject, viaToken, projectWithPeople } from "../support/fixtures";
import { newBrief, toggle, update } from "../support/briefs";

// What the brief:// resources and the prompts' briefId offer: only briefs the caller can read.
describe(`finding briefs to pick on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("lists the caller's most recently changed briefs across projects, and nobody else's", async () => {
    const { projectId: billing, alice, bob } = await projectWithPeople({ alice: "owner", bob: "outsider" }, "Billing");
    const shipping = await newProject(bob, "Shipping");
    await addMember(shipping, alice, "viewer");
    const first = await newBrief(alice, billing, undefined, "Invoice export");
    const second = await newBrief(bob, shipping, undefined, "Label printing");
    const hidden = await newBrief(bob, await newProject(bob, "Private"), undefined, "Secret plan");
    await update(alice, { briefId: first.id, title: "Invoice export v2" });

    const recent = await listRecentBriefs(alice);
    expect(recent.map((brief) => brief.id)).toEqual([first.id, second.id]);
    expect(recent[0]).toMatchObject({ title: "Invoice export v2", projectName: "Billing", state: "drafting", versionNum: 1 });
    expect(recent.map((brief) => brief.id)).not.toContain(hidden.id);
  });

  it(`stops at ${RECENT_BRIEFS_MAX}`, async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    for (let i = 0; i < RECENT_BRIEFS_MAX + 2; i++) await newBrief(alice, projectId, undefined, `Brief ${i}`);
    const recent = await listRecentBriefs(alice);
    expect(recent).toHaveLength(RECENT_BRIEFS_MAX);
    expect(recent[0].title).toBe(`Brief ${RECENT_BRIEFS_MAX + 1}`);
  });

  it("completes a briefId by id prefix and by title, in any case, among readable briefs only", async () => {
    const { projectId, alice, mallory } = await projectWithPeople({ alice: "owner", mallory: "outsider" });
    const invoices = await newBrief(alice, projectId, undefined, "Invoice export");
    const labels = await newBrief(alice, projectId, undefined, "Label printing");
    const foreign = await newBrief(mallory, await newProject(mallory), undefined, "Invoice theft");

    expect(await completeBriefId(alice, { value: "invoice" })).toEqual([invoices.id]);
    expect(await completeBriefId(alice, { value: labels.id.slice(0, 20) })).toContain(labels.id);
    expect(await completeBriefId(alice, { value: "" })).toEqual([labels.id, invoices.id]);
    expect(await completeBriefId(alice, { value: foreign.id })).toEqual([]);
    expect(await completeBriefId(mallory, { value: "" })).toEqual([foreign.id]);
    await expect(completeBriefId(viaToken(alice, ["brief:write"]), { value: "" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(completeBriefId(alice, { value: "a\u0000" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("completes the version numbers a readable brief has, newest first", async () => {
    const { projectId, alice, mallory } = await projectWithPeople({ alice: "owner", mallory: "outsider" });
    const brief = await newBrief(alice, projectId, { testingQaChecklist: [{ text: "Row", checked: false }] });
    for (const checked of [true, false, true, false, true, false, true, false, true, false, true]) {
      await toggle(alice, { briefId: brief.id, index: 0, expectedText: "Row", checked });
    }
    expect(await completeVersionNum(alice, { briefId: brief.id, value: "" })).toEqual(
      ["12", "11", "10", "9", "8", "7", "6", "5", "4", "3", "2", "1"],
    );
    expect(await completeVersionNum(alice, { briefId: brief.id, value: "1" })).toEqual(["12", "11", "10", "1"]);
    await expect(completeVersionNum(mallory, { briefId: brief.id, value: "" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });
});
