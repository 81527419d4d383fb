/** Spec files through the import and brief_export's formats, on the database. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exportBrief } from "@/lib/briefs/export-brief";
import { getBriefFull } from "@/lib/briefs/get-brief-full";
import { importFiles } from "@/lib/import/import-files";
import { projectWithPeople } from "../support/fixtures";

const fixture = (name: string) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(process.cwd(), "tests/fixtures/import/spec-formats", name))) });

describe(`spec files on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("recognises each tool's file by its structure and maps ids to requirements and criteria", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });

    const report = await importFiles(alice, { projectId, files: [fixture("kiro-requirements.md"), fixture("spec-kit-spec.md"), fixture("openspec-spec.md"), fixture("plain-prd.md")] });

    expect(report.briefs.map((brief) => brief.format)).toEqual(["kiro", "spec-kit", "openspec", "markdown"]);
    const kiro = (await getBriefFull(alice, { briefId: report.briefs[0].briefId })).brief.content;
    expect(kiro.requirements?.[0]).toMatch(/^R1: As a field technician, I want my notes saved on the tablet while I am offline/);
    expect(kiro.acceptanceCriteria?.[0]).toEqual({ id: "R1.1", text: "WHEN the technician edits a note without a connection THEN the system SHALL save the change on the device within 2 seconds" });
    const specKit = (await getBriefFull(alice, { briefId: report.briefs[1].briefId })).brief.content;
    expect(specKit.requirements?.some((row) => row.startsWith("FR-001"))).toBe(true);
    expect(specKit.acceptanceCriteria?.map((criterion) => criterion.id)).toEqual(expect.arrayContaining(["SC-001", "US1.AS1"]));
  });

  it.each(["kiro", "spec-kit", "openspec"] as const)("exports a brief as %s, which imports back to the same requirements and criteria", async (format) => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const source = { kiro: "kiro-requirements.md", "spec-kit": "spec-kit-spec.md", openspec: "openspec-spec.md" }[format];
    const [first] = (await importFiles(alice, { projectId, files: [fixture(source)] })).briefs;

    const exported = await exportBrief(alice, { briefId: first.briefId, format });
    const [second] = (await importFiles(alice, { projectId, files: [{ name: exported.fileName, bytes: new TextEncoder().encode(exported.markdown) }] })).briefs;

    expect(second.format).toBe(format);
    const [a, b] = await Promise.all([first, second].map(async (brief) => (await getBriefFull(alice, { briefId: brief.briefId })).brief.content));
    expect(b.requirements).toEqual(a.requirements);
    expect([...(b.acceptanceCriteria ?? [])].sort((x, y) => x.id.localeCompare(y.id))).toEqual([...(a.acceptanceCriteria ?? [])].sort((x, y) => x.id.localeCompare(y.id)));
    expect(b.goal).toEqual(a.goal);
  });
});
