import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { checkBrief } from "@/lib/quality/check-brief";
import { getProjectQuality, setProjectQuality } from "@/lib/quality/project-quality";
import { suppressFinding } from "@/lib/quality/suppress-finding";
import { listCollection } from "@/lib/briefs/list-collection";
import { addMember, newUser, ownerAndEditor, uniqueKey, viaToken } from "../support/fixtures";
import { expectRefusedWithoutChange, newBrief, readBrief, transition, update } from "../support/briefs";

const requirement = "FR-1: The export shall finish fast.";
const content = {
  requirements: [requirement, "FR-2: The export shall name the file after the brief."],
  acceptanceCriteria: [{ id: "AC-1", text: "A CSV file downloads within 5 s." }],
};

describe(`suppressing findings and the review gate on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  const suppress = (actor: Actor, briefId: string, reason = "Fast is defined in the glossary as under 1 s.", itemText = requirement) =>
    suppressFinding(actor, { briefId, section: "requirements", index: 0, ruleId: "vague-term", start: requirement.indexOf("fast"), end: requirement.indexOf("fast") + 4, itemText, reason, idempotencyKey: uniqueKey() });

  it("a person suppresses a finding with a reason: it leaves the open findings, is attributed and kept in the history", async () => {
    const brief = await newBrief(alice, projectId, content);
    expect((await checkBrief(alice, { briefId: brief.id })).findings.map((f) => f.words)).toEqual(["fast"]);

    const { result } = await suppress(bob, brief.id);
    expect(result.suppression.alreadySuppressed).toBe(false);
    const check = await checkBrief(alice, { briefId: brief.id });
    expect(check.findings).toEqual([]);
    expect(check.summary).toMatchObject({ errors: 0, suppressed: 1 });

    const history = await listCollection(alice, { briefId: brief.id, collection: "qualitySuppressions" });
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ ruleId: "vague-term", words: "fast", reason: "Fast is defined in the glossary as under 1 s.", createdBy: "Bob", itemText: requirement });
    // Suppressing does not change the content: no version is minted.
    expect((await readBrief(alice, brief.id)).brief.versionNum).toBe(1);
  });

  it("lapses when the item's text changes, and stays in the history", async () => {
    const brief = await newBrief(alice, projectId, content);
    await suppress(alice, brief.id);
    await update(alice, { briefId: brief.id, content: { ...content, requirements: ["FR-1: The export shall finish fast, for every row.", content.requirements[1]] } });
    const check = await checkBrief(alice, { briefId: brief.id });
    expect(check.findings.map((f) => `${f.ruleId}:${f.words}`)).toEqual(["vague-term:fast"]);
    expect(check.summary.suppressed).toBe(0);
    expect((await listCollection(alice, { briefId: brief.id, collection: "qualitySuppressions" })).items).toHaveLength(1);
  });

  it("is refused to agents, without a reason, on text that changed meanwhile, and for a finding that is not there", async () => {
    const brief = await newBrief(alice, projectId, content);
    await expect(suppress(viaToken(alice), brief.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(suppress(alice, brief.id, "  ")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(suppress(alice, brief.id, "reason", "FR-1: The export shall finish soon.")).rejects.toMatchObject({ code: "BRIEF_VERSION_CONFLICT", details: { reason: "ITEM_TEXT_MISMATCH" } });
    await expect(
      suppressFinding(alice, { briefId: brief.id, section: "requirements", index: 1, ruleId: "vague-term", start: 0, end: 4, itemText: content.requirements[1], reason: "x", idempotencyKey: uniqueKey() }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    const viewer = await newUser("Vera");
    await addMember(projectId, viewer, "viewer");
    await expect(suppress(viewer, brief.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect((await listCollection(alice, { briefId: brief.id, collection: "qualitySuppressions" })).items).toEqual([]);
  });

  it("the gate refuses review while an error finding is open, and admits it once the finding is suppressed", async () => {
    const gated = await ownerAndEditor();
    expect((await getProjectQuality(gated.bob, gated.projectId)).requireQuality).toBe(false);
    await expect(setProjectQuality(gated.bob, gated.projectId, { requireQuality: true })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await setProjectQuality(gated.alice, gated.projectId, { requireQuality: true });

    const brief = await newBrief(gated.alice, gated.projectId, content);
    await expectRefusedWithoutChange(gated.alice, brief.id, () => transition(gated.bob, { briefId: brief.id, to: "in_review" }), {
      code: "BRIEF_STATE_CONFLICT",
      details: { reason: "QUALITY_FINDINGS_OPEN", findings: [{ ruleId: "vague-term", section: "requirements", index: 0, itemId: "FR-1", words: "fast", message: expect.any(String) }] },
    });
    await suppress(gated.bob, brief.id);
    expect((await transition(gated.bob, { briefId: brief.id, to: "in_review" })).result.brief.state).toBe("in_review");
  });

  it("follows the project's rules: a rule turned off, its own vague terms, and EARS required", async () => {
    const own = await ownerAndEditor();
    await setProjectQuality(own.alice, own.projectId, { disabledRules: ["absolute"], extraVagueTerms: ["Snappy"], earsRequired: true });
    const brief = await newBrief(own.alice, own.projectId, { requirements: ["The export shall always finish fast and feel snappy.", "Exports must be compressed."] });
    const check = await checkBrief(own.bob, { briefId: brief.id });
    expect(check.findings.map((f) => `${f.ruleId}:${f.index}:${f.words}`)).toEqual(["vague-term:0:fast", "vague-term:0:snappy", "passive-no-agent:1:must be compressed", "ears:1:Exports must be compressed."]);
    await expect(setProjectQuality(own.alice, own.projectId, { disabledRules: ["no-such-rule" as never] })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});
