import { describe, expect, it } from "vitest";
import { listBriefsWithProgress } from "@/lib/briefs/list-briefs-with-progress";
import { setProjectQuality } from "@/lib/quality/project-quality";
import { suppressFinding } from "@/lib/quality/suppress-finding";
import { uniqueKey, projectWithPeople } from "../support/fixtures";
import { newBrief, readyContent, toggle, update } from "../support/briefs";

describe(`the project list's QA progress on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("counts the current version's checked rows, and has none for a brief without rows", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const ready = await newBrief(alice, projectId, readyContent(), "With rows");
    const bare = await newBrief(alice, projectId, { goal: "No checklist" }, "Without rows");
    const emptied = await newBrief(alice, projectId, { testingQaChecklist: [] }, "Empty list");
    await toggle(alice, { briefId: ready.id, index: 1, expectedText: "PDF renders", checked: true });

    const page = await listBriefsWithProgress(alice, { projectId });
    const byTitle = Object.fromEntries(page.items.map((item) => [item.title, item.checklist]));
    expect(byTitle).toEqual({ "With rows": { checked: 1, total: 2 }, "Without rows": null, "Empty list": null });
    expect(page.items.map((item) => item.id).sort()).toEqual([ready.id, bare.id, emptied.id].sort());

    // A later version with another list: the count follows the current version, not the first one.
    await update(alice, { briefId: ready.id, content: readyContent({ testingQaChecklist: [{ text: "Only row", checked: true }] }) });
    const again = await listBriefsWithProgress(alice, { projectId, titleContains: "With rows" });
    expect(again.items.map((item) => item.checklist)).toEqual([{ checked: 1, total: 1 }]);
  });

  it("counts each brief's open quality findings under its project's rules and its suppressions", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const vague = "The export shall be fast and robust.";
    const twoFindings = await newBrief(alice, projectId, { requirements: [vague], edgeCases: ["A huge file is split, etc."] }, "Vague");
    await newBrief(alice, projectId, { requirements: ["The export shall finish within 10 s."] }, "Clean");
    const counts = async () => Object.fromEntries((await listBriefsWithProgress(alice, { projectId })).items.map((item) => [item.title, item.qualityFindings]));
    expect(await counts()).toEqual({ Vague: 3, Clean: 0 });

    await suppressFinding(alice, { briefId: twoFindings.id, section: "requirements", index: 0, ruleId: "vague-term", start: vague.indexOf("robust"), end: vague.indexOf("robust") + 6, itemText: vague, reason: "Defined in the glossary", idempotencyKey: uniqueKey() });
    await setProjectQuality(alice, projectId, { disabledRules: ["open-ended"] });
    expect(await counts()).toEqual({ Vague: 1, Clean: 0 });
  });

  it("checks access like brief_list", async () => {
    const { projectId, eve } = await projectWithPeople({ alice: "owner", eve: "outsider" });
    await expect(listBriefsWithProgress(eve, { projectId })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });
});
