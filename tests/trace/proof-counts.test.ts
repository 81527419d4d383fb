import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { AcceptanceCriterion } from "@/lib/briefs/schema";
import { listBriefsWithProgress } from "@/lib/briefs/list-briefs-with-progress";
import { getSql } from "@/lib/db/client";
import type { Sql } from "@/lib/db/sql";
import { proofCountsOf } from "@/lib/trace/proof-counts";
import { ownerAndEditor } from "../support/fixtures";
import { newBrief, readyContent, update } from "../support/briefs";
import { giveEvidence } from "../support/trace";

const exempt = { id: "AC-X", text: "Looks right", implementation: false, manualEvidence: { rationale: "Design review", evidencePath: "docs/review.md" } };
const criteria: AcceptanceCriterion[] = [
  { id: "AC-1", text: "A CSV file downloads" },
  { id: "AC-2", text: "Totals match the invoice list" },
  exempt,
];

describe(`"n of m criteria proven" for a page of briefs on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  const proofByTitle = async (titleContains?: string) =>
    Object.fromEntries((await listBriefsWithProgress(alice, { projectId, titleContains })).items.map((item) => [item.title, item.proof]));

  it("counts the criteria that need proof, and nothing for a brief without such criteria", async () => {
    await newBrief(alice, projectId, readyContent({ acceptanceCriteria: criteria }), "Two to prove");
    await newBrief(alice, projectId, { goal: "Nothing to prove yet" }, "No criteria");
    await newBrief(alice, projectId, readyContent({ acceptanceCriteria: [exempt] }), "Only exempt");
    expect(await proofByTitle()).toEqual({ "Two to prove": { proven: 0, needed: 2 }, "No criteria": null, "Only exempt": null });
  });

  it("follows the latest evidence for each criterion's current text", async () => {
    const brief = await newBrief(alice, projectId, readyContent({ acceptanceCriteria: criteria }), "Evidence");
    await giveEvidence(bob, { briefId: brief.id, criterionIds: ["AC-1", "AC-2"], result: "pass" });
    expect(await proofByTitle("Evidence")).toEqual({ Evidence: { proven: 2, needed: 2 } });

    // A later failure of AC-1 counts over its earlier pass.
    await giveEvidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "fail", summary: "The file is empty" });
    expect(await proofByTitle("Evidence")).toEqual({ Evidence: { proven: 1, needed: 2 } });

    // Editing AC-2 makes its evidence suspect; editing anything else changes nothing.
    const reworded = [criteria[0], { id: "AC-2", text: "Totals match the invoice list to the cent" }, exempt];
    await update(alice, { briefId: brief.id, content: readyContent({ acceptanceCriteria: reworded, goal: "Another goal" }) });
    expect(await proofByTitle("Evidence")).toEqual({ Evidence: { proven: 0, needed: 2 } });
    await giveEvidence(bob, { briefId: brief.id, criterionIds: ["AC-1", "AC-2"], result: "pass" });
    expect(await proofByTitle("Evidence")).toEqual({ Evidence: { proven: 2, needed: 2 } });
  });

  it("reads the evidence of the whole page in one statement, and each brief's evidence only for it", async () => {
    const proven = await newBrief(alice, projectId, readyContent({ acceptanceCriteria: criteria }), "Page one");
    const unproven = await newBrief(alice, projectId, readyContent({ acceptanceCriteria: criteria }), "Page two");
    await giveEvidence(bob, { briefId: proven.id, criterionIds: ["AC-1"], result: "pass" });

    const sql = await getSql();
    const statements: string[] = [];
    const counting: Sql = {
      query: (text, params) => {
        statements.push(text);
        return sql.query(text, params);
      },
    };
    const counts = await proofCountsOf(
      counting,
      new Map<string, AcceptanceCriterion[]>([
        [proven.id, criteria],
        [unproven.id, criteria],
        ["no-criteria", []],
      ]),
    );
    expect(statements).toHaveLength(1);
    expect(Object.fromEntries(counts)).toEqual({ [proven.id]: { proven: 1, needed: 2 }, [unproven.id]: { proven: 0, needed: 2 } });

    statements.length = 0;
    expect((await proofCountsOf(counting, new Map([["no-criteria", []]]))).size).toBe(0);
    expect(statements).toHaveLength(0);
  });
});
