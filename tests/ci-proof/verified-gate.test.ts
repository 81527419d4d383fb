import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { parseJunit } from "@/lib/ci-proof/parse-junit";
import { recordTestReport } from "@/lib/ci-proof/record-test-report";
import { getProofMode, getRequireProof, setProofMode, setRequireProof } from "@/lib/projects/require-proof";
import { ownerAndEditor } from "../support/fixtures";
import { briefInState, checkAllRows, expectRefusedWithoutChange, readBrief, transition } from "../support/briefs";
import { giveEvidence, tracedContent } from "../support/trace";
import { claimsFor, connectedPullRequest, junit, linkTicket, pushHead } from "../support/ci-proof";

describe(`the verified proof gate on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  it("switches between off, on and verified; on clears verified", async () => {
    expect(await setProofMode(alice, projectId, "verified")).toBe("verified");
    expect(await getRequireProof(bob, projectId)).toBe(true);
    expect(await setRequireProof(alice, projectId, true)).toBe(true);
    expect(await getProofMode(bob, projectId)).toBe("on");
    await expect(setProofMode(bob, projectId, "verified")).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await setProofMode(alice, projectId, "off")).toBe("off");
  });

  it("counts only verified evidence of the pull request's latest head, and names the criteria that lack it", async () => {
    await setProofMode(alice, projectId, "verified");
    const brief = await briefInState(alice, projectId, "in_development", tracedContent());
    await checkAllRows(alice, brief.id);

    // Reported evidence for every criterion is not enough under "verified".
    await giveEvidence(bob, { briefId: brief.id, criterionIds: ["AC-1", "AC-2", "AC-3"], result: "pass" });
    const refused = (criteria: string[]) => ({
      code: "BRIEF_STATE_CONFLICT",
      details: { reason: "CRITERIA_UNPROVEN", verifiedOnly: true, criteriaWithoutVerifiedProof: criteria },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "checked" }), refused(["AC-1", "AC-2", "AC-3"]));

    const pullRequest = await connectedPullRequest(projectId);
    await linkTicket(pullRequest.id, brief.id, "T-1");
    await linkTicket(pullRequest.id, brief.id, "T-2");
    await recordTestReport(claimsFor(pullRequest), parseJunit(junit([{ name: "AC-1 works" }, { name: "AC-2 works" }])));
    await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "checked" }), refused(["AC-3"]));
    const toChecked = async () => (await readBrief(alice, brief.id)).lifecycle.transitions.find((t) => t.to === "checked")!;
    expect(await toChecked()).toMatchObject({ allowed: false });

    // A new push: the older head's proof no longer counts once the new head has a report.
    await pushHead(pullRequest.id);
    await recordTestReport(claimsFor(pullRequest), parseJunit(junit([{ name: "AC-3 works" }])));
    await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "checked" }), refused(["AC-1", "AC-2"]));

    await recordTestReport(claimsFor(pullRequest), parseJunit(junit([{ name: "AC-1 works" }, { name: "AC-2 works" }, { name: "AC-3 works" }])));
    expect(await toChecked()).toMatchObject({ allowed: true, reason: null });
    const moved = await transition(alice, { briefId: brief.id, to: "checked" });
    expect(moved.result.brief.state).toBe("checked");
  });

  it("under plain proof, names the unproven criteria too", async () => {
    await setProofMode(alice, projectId, "on");
    const brief = await briefInState(alice, projectId, "in_development", tracedContent());
    await checkAllRows(alice, brief.id);
    await giveEvidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" });
    await expectRefusedWithoutChange(alice, brief.id, () => transition(alice, { briefId: brief.id, to: "checked" }), {
      code: "BRIEF_STATE_CONFLICT",
      details: { reason: "CRITERIA_UNPROVEN", verifiedOnly: false, criteriaUnproven: ["AC-2", "AC-3"] },
    });
  });
});
