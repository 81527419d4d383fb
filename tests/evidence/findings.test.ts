import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { appOrigin } from "@/lib/config/app-origin";
import { uniqueKey, projectWithPeople } from "../support/fixtures";
import { append, briefInState, checkAllRows, expectRefusedWithoutChange, newBrief, readBrief, readyContent, RFC3339_UTC, toggle, update } from "../support/briefs";
import { base64File, evidence, failRow, filesOf, PNG, resolve, statusItems } from "../support/evidence";

const criteria = [
  { id: "AC-1", text: "A CSV file downloads" },
  { id: "AC-2", text: "Totals match" },
];

describe(`findings on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let quinn: Actor;
  let vera: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, bob, quinn, vera } = await projectWithPeople({ alice: "owner", bob: "editor", quinn: "editor", vera: "viewer" }));
  });
  const content = () => readyContent({ acceptanceCriteria: criteria });

  it("records a finding for failing evidence, and resolves it with passing evidence for the same text", async () => {
    const brief = await newBrief(alice, projectId, content());
    const failed = await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], kind: "screenshot", result: "fail", summary: "The file is empty", file: base64File(PNG, "image/png") });
    const { evidence: failing, findingsRecorded } = failed.result;
    expect(findingsRecorded).toEqual([
      {
        id: expect.any(String),
        createdAt: failing.createdAt,
        status: "open",
        source: "evidence",
        evidenceId: failing.id,
        severity: "major",
        criterionIds: ["AC-1"],
        note: "The file is empty",
        file: failing.file,
        fileUrl: failing.fileUrl,
        versionNum: brief.versionNum,
        createdBy: bob.label,
      },
    ]);
    const findingId = findingsRecorded[0].id;

    // A pass for another criterion does not resolve it.
    expect((await evidence(bob, { briefId: brief.id, criterionIds: ["AC-2"], result: "pass" })).result.findingsResolved).toEqual([]);
    const passed = await evidence(quinn, { briefId: brief.id, criterionIds: ["AC-1", "AC-2"], result: "pass" });
    expect(passed.result.findingsResolved).toEqual([findingId]);
    const [finding] = await statusItems(brief.id, "findings");
    expect(finding.status).toBe("resolved");
    expect(finding.data).toMatchObject({ status: "resolved", resolvedBy: quinn.label, resolvedAt: passed.result.evidence.createdAt, resolvedByEvidenceId: passed.result.evidence.id, note: "The file is empty" });
  });

  it("resolves a finding only once every criterion it names has a pass for its current text as its latest", async () => {
    const brief = await newBrief(alice, projectId, content());
    await evidence(bob, { briefId: brief.id, criterionIds: ["AC-2"], result: "pass" });
    const { result } = await failRow(quinn, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", criterionIds: ["AC-1", "AC-2"] });
    const findingId = result.finding.id;
    // AC-2's pass came before the finding: it does not count.
    expect((await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" })).result.findingsResolved).toEqual([]);
    // Once AC-2's text changes, its earlier evidence does not count either.
    const { brief: now } = await readBrief(alice, brief.id);
    const stored = { ...(now.content as Record<string, unknown>) };
    delete stored.checklist;
    await update(alice, { briefId: brief.id, content: { ...stored, acceptanceCriteria: [criteria[0], { id: "AC-2", text: "Totals match, to the cent" }] } });
    expect((await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" })).result.findingsResolved).toEqual([]);
    expect((await evidence(bob, { briefId: brief.id, criterionIds: ["AC-2"], result: "pass" })).result.findingsResolved).toEqual([findingId]);

    // A finding that names no criterion waits for a person.
    const general = await failRow(quinn, { briefId: brief.id, index: 1, expectedText: "PDF renders" });
    expect((await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1", "AC-2"], result: "pass" })).result.findingsResolved).toEqual([]);
    expect((await statusItems(brief.id, "findings")).map((item) => [item.id, item.status])).toEqual([
      [findingId, "resolved"],
      [general.result.finding.id, "open"],
    ]);
  });

  it("marks a checked QA row failed: a finding that records the row, and the row unticked in a new version", async () => {
    const brief = await newBrief(alice, projectId, content());
    await checkAllRows(alice, brief.id);
    const before = (await readBrief(alice, brief.id)).brief;
    const { result } = await failRow(quinn, {
      briefId: brief.id,
      index: 1,
      expectedText: "PDF renders",
      note: "The logo is missing",
      severity: "blocker",
      criterionIds: ["AC-2"],
      file: base64File(PNG, "image/png", "pdf.png"),
    });
    const [file] = await filesOf(brief.id);
    expect(result).toEqual({
      finding: {
        id: expect.any(String),
        createdAt: expect.stringMatching(RFC3339_UTC),
        status: "open",
        source: "checklist",
        row: { index: 1, text: "PDF renders" },
        severity: "blocker",
        criterionIds: ["AC-2"],
        note: "The logo is missing",
        file: { id: file.id, name: "pdf.png", mediaType: "image/png", size: PNG.length, sha256: file.sha256 },
        fileUrl: `${appOrigin()}/api/mcp/files/${file.id}`,
        versionNum: before.versionNum + 1,
        createdBy: quinn.label,
      },
      versionNum: before.versionNum + 1,
      unchecked: true,
    });
    const { brief: after } = await readBrief(alice, brief.id);
    expect(after.versionNum).toBe(before.versionNum + 1);
    expect((after.content.testingQaChecklist as Array<{ checked: boolean }>).map((row) => row.checked)).toEqual([true, false]);

    // An unchecked row stays as it is: no version.
    const second = await failRow(quinn, { briefId: brief.id, index: 1, expectedText: "PDF renders" });
    expect(second.result).toMatchObject({ versionNum: after.versionNum, unchecked: false, finding: { severity: "major", criterionIds: [], versionNum: after.versionNum } });
    expect((await readBrief(alice, brief.id)).brief.versionNum).toBe(after.versionNum);
    expect(await statusItems(brief.id, "findings")).toHaveLength(2);
  });

  it("sends a checked brief back to in_development when a row fails", async () => {
    const brief = await briefInState(alice, projectId, "checked", content());
    await failRow(quinn, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet" });
    expect((await readBrief(alice, brief.id)).brief.state).toBe("in_development");
  });

  it("finds the row as a checklist toggle does, and refuses unknown criteria and other people", async () => {
    const brief = await newBrief(alice, projectId, content());
    await toggle(alice, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true });
    const row = { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet" };
    await expectRefusedWithoutChange(alice, brief.id, () => failRow(quinn, { ...row, index: 2 }), {
      code: "BRIEF_VERSION_CONFLICT",
      details: expect.objectContaining({ reason: "INDEX_OUT_OF_RANGE", checklistLength: 2 }),
    });
    await expectRefusedWithoutChange(alice, brief.id, () => failRow(quinn, { ...row, expectedText: "CSV opens" }), {
      code: "BRIEF_VERSION_CONFLICT",
      details: expect.objectContaining({ reason: "CHECKLIST_TEXT_MISMATCH" }),
    });
    await expectRefusedWithoutChange(alice, brief.id, () => failRow(quinn, { ...row, criterionIds: ["AC-9"], file: base64File(PNG, "image/png") }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "criterionIds[0]" })] },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => failRow(quinn, { ...row, note: " " }), { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "note" })] } });
    await expectRefusedWithoutChange(alice, brief.id, () => failRow(quinn, { ...row, file: base64File(PNG, "application/pdf") }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "file.mediaType" })] },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => failRow(vera, row), { code: "PROJECT_ACCESS_DENIED" });
    expect(await filesOf(brief.id)).toHaveLength(0);

    const idempotencyKey = uniqueKey();
    const first = await failRow(quinn, { ...row, idempotencyKey });
    const replay = await failRow(quinn, { ...row, idempotencyKey });
    expect(replay).toMatchObject({ replayed: true, result: first.result });
    await expectRefusedWithoutChange(alice, brief.id, () => failRow(quinn, { ...row, note: "Other", idempotencyKey }), { code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("lets an owner or editor resolve an open finding once", async () => {
    const brief = await newBrief(alice, projectId, content());
    const { result } = await failRow(quinn, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", criterionIds: ["AC-1"] });
    const findingId = result.finding.id;
    await expectRefusedWithoutChange(alice, brief.id, () => resolve(vera, { briefId: brief.id, findingId }), { code: "PROJECT_ACCESS_DENIED" });
    await expectRefusedWithoutChange(alice, brief.id, () => resolve(bob, { briefId: brief.id, findingId: "no-such-finding" }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "findingId" })] },
    });
    // A free-form note appended to findings is not a finding.
    const note = await append(bob, { briefId: brief.id, collection: "findings", item: { text: "just a note" } });
    await expect(resolve(bob, { briefId: brief.id, findingId: note.result.item.id })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });

    const resolved = await resolve(bob, { briefId: brief.id, findingId, resolution: "Fixed in #14" });
    expect(resolved.result.finding).toMatchObject({
      id: findingId,
      status: "resolved",
      source: "checklist",
      note: "It does not work",
      resolvedBy: bob.label,
      resolvedAt: expect.stringMatching(RFC3339_UTC),
      resolution: "Fixed in #14",
    });
    const [stored] = await statusItems(brief.id, "findings");
    expect(stored).toMatchObject({ status: "resolved", data: { status: "resolved", resolvedBy: bob.label, resolution: "Fixed in #14" } });
    await expectRefusedWithoutChange(alice, brief.id, () => resolve(alice, { briefId: brief.id, findingId }), {
      code: "BRIEF_STATE_CONFLICT",
      details: expect.objectContaining({ reason: "FINDING_NOT_OPEN", findingStatus: "resolved" }),
    });
    // Passing evidence later leaves a resolved finding alone.
    expect((await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" })).result.findingsResolved).toEqual([]);
  });
});
