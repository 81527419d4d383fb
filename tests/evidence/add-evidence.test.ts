import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { EVIDENCE_FILE_MAX_BYTES_MCP, EVIDENCE_FILE_MAX_BYTES_WEB } from "@/lib/contract/bounds";
import { appOrigin } from "@/lib/config/app-origin";
import { getPrisma } from "@/lib/db/client";
import { criterionHash } from "@/lib/evidence/criterion-hash";
import { newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { briefInState, expectRefusedWithoutChange, newBrief, readBrief, readyContent, RFC3339_UTC } from "../support/briefs";
import { base64File, evidence, filesOf, JPEG, PDF, PNG, statusItems } from "../support/evidence";

const criteria = [
  { id: "AC-1", text: "A CSV file downloads" },
  { id: "AC-2", text: "Totals match", implementation: true },
];

describe(`brief_evidence_add on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let vera: Actor;
  let rita: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, alice, bob, vera, rita } = await projectWithPeople({ alice: "owner", bob: "editor", vera: "viewer", rita: "reviewer" }));
  });
  const newEvidenceBrief = () => newBrief(alice, projectId, readyContent({ acceptanceCriteria: criteria }));

  it("records evidence pinned to the current version and to each criterion's hash", async () => {
    const brief = await newEvidenceBrief();
    const agent = viaToken(bob, undefined, "claude");
    const { result, replayed } = await evidence(agent, { briefId: brief.id, criterionIds: ["AC-2", "AC-1"], kind: "pull_request", result: "pass", summary: "PR **#12** merged", url: "https://git.example.com/pr/12" });
    expect(replayed).toBe(false);
    expect(result).toEqual({
      evidence: {
        id: expect.any(String),
        createdAt: expect.stringMatching(RFC3339_UTC),
        status: "evidence",
        criterionIds: ["AC-2", "AC-1"],
        kind: "pull_request",
        result: "pass",
        summary: "PR **#12** merged",
        url: "https://git.example.com/pr/12",
        versionNum: brief.versionNum,
        criterionHashes: { "AC-1": criterionHash(criteria[0]), "AC-2": criterionHash(criteria[1]) },
        createdBy: agent.label,
        // What a person or an agent adds is reported; only a verified CI report is more.
        provenance: { kind: "reported" },
      },
      findingsRecorded: [],
      findingsResolved: [],
    });
    // Hashed exactly as the criterion is stored: the same object, canonical JSON.
    const sha = (value: string) => `sha256:${createHash("sha256").update(value).digest("hex")}`;
    expect(result.evidence.criterionHashes).toMatchObject({ "AC-2": sha('{"id":"AC-2","implementation":true,"text":"Totals match"}') });

    const [item] = await statusItems(brief.id, "artifacts");
    expect(item).toMatchObject({ id: result.evidence.id, status: "evidence" });
    const prisma = await getPrisma();
    const row = await prisma.brief.findUniqueOrThrow({ where: { id: brief.id } });
    expect(row.itemSeq).toBe(item.seq);
    expect(row.updatedAt.toISOString()).toBe(result.evidence.createdAt);
    // Evidence is no content change: no version is minted.
    expect((await readBrief(alice, brief.id)).brief.versionNum).toBe(brief.versionNum);
  });

  it("stores a file with its SHA-256 and names it in the item", async () => {
    const brief = await newEvidenceBrief();
    const { result } = await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], kind: "screenshot", result: "pass", file: base64File(PNG, "image/png", "CSV ✓.png") });
    const sha256 = createHash("sha256").update(PNG).digest("hex");
    const [stored] = await filesOf(brief.id);
    expect(stored).toMatchObject({ name: "CSV ✓.png", mediaType: "image/png", size: PNG.length, sha256, createdById: bob.userId });
    expect(Buffer.from(stored.bytes)).toEqual(PNG);
    expect(result.evidence.file).toEqual({ id: stored.id, name: "CSV ✓.png", mediaType: "image/png", size: PNG.length, sha256 });
    expect(result.evidence.fileUrl).toBe(`${appOrigin()}/api/mcp/files/${stored.id}`);
    expect(result.evidence).not.toHaveProperty("url");

    for (const [bytes, mediaType] of [[JPEG, "image/jpeg"], [PDF, "application/pdf"], [Buffer.from("a,b\n1,2\n"), "text/csv"], [Buffer.from("# Log ✓\n"), "text/markdown"]] as const) {
      const { result: added } = await evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], kind: "document", result: "pass", file: base64File(bytes, mediaType) });
      expect(added.evidence.file).toMatchObject({ mediaType, size: bytes.length });
    }
    expect(await filesOf(brief.id)).toHaveLength(5);
  });

  it("takes exactly one of url and file", async () => {
    const brief = await newEvidenceBrief();
    const base = { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" as const };
    await expectRefusedWithoutChange(alice, brief.id, () => evidence(bob, { ...base, url: "https://ci.example.com/1", file: base64File(PNG, "image/png") }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "file" })] },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => evidence(bob, { ...base, url: undefined }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "url" })] },
    });
    for (const url of ["ftp://example.com/x", "/relative", `https://example.com/${"x".repeat(2000)}`]) {
      await expect(evidence(bob, { ...base, url })).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "url" })] } });
    }
    expect(await filesOf(brief.id)).toHaveLength(0);
  });

  it("checks a file's type from its bytes, and its base64, storing nothing when they are wrong", async () => {
    const brief = await newEvidenceBrief();
    const base = { briefId: brief.id, criterionIds: ["AC-1"], kind: "document" as const, result: "pass" as const };
    const refusals: Array<[Record<string, unknown>, string]> = [
      [base64File(PNG, "application/pdf"), "file.mediaType"],
      [base64File(PDF, "image/png"), "file.mediaType"],
      [base64File(PNG, "image/jpeg"), "file.mediaType"],
      [base64File(Buffer.from("line one\u0000line two"), "text/plain"), "file.mediaType"],
      [base64File(Buffer.from([0x61, 0xc3, 0x28]), "text/plain"), "file.mediaType"],
      [base64File(PNG, "text/plain"), "file.mediaType"],
      [{ name: "x.png", mediaType: "image/png", base64: "iVBORw0KGgo=!" }, "file.base64"],
      [{ name: "x.png", mediaType: "image/png", base64: "iVBOR w0KGgo=" }, "file.base64"],
      [{ name: "x.png", mediaType: "image/png", base64: "iVBORw0KGgo" }, "file.base64"],
      [{ name: "x.gif", mediaType: "image/gif", base64: PNG.toString("base64") }, "file.mediaType"],
      [{ name: "", mediaType: "image/png", base64: PNG.toString("base64") }, "file.name"],
    ];
    for (const [file, path] of refusals) {
      await expectRefusedWithoutChange(alice, brief.id, () => evidence(bob, { ...base, file } as never), { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path })] } });
    }
    expect(await filesOf(brief.id)).toHaveLength(0);
  });

  it("holds a file to the door's limit: exactly at it is taken, one byte more refused", async () => {
    const brief = await newEvidenceBrief();
    const base = { briefId: brief.id, criterionIds: ["AC-1"], kind: "log" as const, result: "pass" as const };
    const text = (size: number) => Buffer.alloc(size, "a");
    await evidence(bob, { ...base, file: base64File(text(EVIDENCE_FILE_MAX_BYTES_MCP), "text/plain") });
    await expect(evidence(bob, { ...base, file: base64File(text(EVIDENCE_FILE_MAX_BYTES_MCP + 1), "text/plain") })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "file.base64" })] },
    });
    // The browser's door hands over an upload's bytes and allows more.
    const upload = (size: number) => ({ name: "run.log", mediaType: "text/plain", bytes: new Uint8Array(text(size)) });
    await evidence(bob, { ...base, file: upload(EVIDENCE_FILE_MAX_BYTES_WEB) }, EVIDENCE_FILE_MAX_BYTES_WEB);
    await expect(evidence(bob, { ...base, file: upload(EVIDENCE_FILE_MAX_BYTES_WEB + 1) }, EVIDENCE_FILE_MAX_BYTES_WEB)).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await filesOf(brief.id)).map((file) => file.size)).toEqual([EVIDENCE_FILE_MAX_BYTES_MCP, EVIDENCE_FILE_MAX_BYTES_WEB]);
  });

  it("refuses a criterion the current version does not have, and one named twice", async () => {
    const brief = await newEvidenceBrief();
    await expectRefusedWithoutChange(alice, brief.id, () => evidence(bob, { briefId: brief.id, criterionIds: ["AC-1", "AC-7"], result: "pass", file: base64File(PNG, "image/png") }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "criterionIds[1]" })] },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => evidence(bob, { briefId: brief.id, criterionIds: ["AC-1", "AC-2", "AC-1"], result: "pass" }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "criterionIds[2]" })] },
    });
    await expect(evidence(bob, { briefId: brief.id, criterionIds: [], result: "pass" })).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "criterionIds" })] } });
    await expect(evidence(bob, { briefId: brief.id, criterionIds: ["AC-1"], result: "pass", summary: "   " })).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "summary" })] } });
    expect(await filesOf(brief.id)).toHaveLength(0);
  });

  it("happens exactly once per key, and refuses the key for other arguments", async () => {
    const brief = await newEvidenceBrief();
    const idempotencyKey = uniqueKey();
    const args = { briefId: brief.id, criterionIds: ["AC-1"], kind: "screenshot" as const, result: "fail" as const, file: base64File(PNG, "image/png"), idempotencyKey };
    const first = await evidence(bob, args);
    const again = await evidence(bob, args);
    expect(again.replayed).toBe(true);
    expect(again.result).toEqual(first.result);
    expect(await filesOf(brief.id)).toHaveLength(1);
    expect(await statusItems(brief.id, "artifacts")).toHaveLength(1);
    expect(await statusItems(brief.id, "findings")).toHaveLength(1);
    await expectRefusedWithoutChange(alice, brief.id, () => evidence(bob, { ...args, file: base64File(JPEG, "image/jpeg") }), { code: "IDEMPOTENCY_KEY_REUSED" });
    await expectRefusedWithoutChange(alice, brief.id, () => evidence(bob, { ...args, result: "pass" }), { code: "IDEMPOTENCY_KEY_REUSED" });
  });

  it("is for owners and editors with brief:write, on briefs that may still change", async () => {
    const brief = await newEvidenceBrief();
    const args = { briefId: brief.id, criterionIds: ["AC-1"], result: "pass" as const };
    for (const actor of [vera, rita, viaToken(bob, ["brief:read", "brief:propose"])]) {
      await expectRefusedWithoutChange(alice, brief.id, () => evidence(actor, args), { code: "PROJECT_ACCESS_DENIED" });
    }
    const stranger = await newUser("Stranger");
    await expect(evidence(stranger, args)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await evidence(alice, args);

    const closed = await briefInState(alice, projectId, "closed", readyContent({ acceptanceCriteria: criteria }));
    await expectRefusedWithoutChange(alice, closed.id, () => evidence(bob, { ...args, briefId: closed.id, file: base64File(PNG, "image/png") }), {
      code: "BRIEF_STATE_CONFLICT",
      details: expect.objectContaining({ reason: "BRIEF_READ_ONLY" }),
    });
    expect(await filesOf(closed.id)).toHaveLength(0);
  });
});
