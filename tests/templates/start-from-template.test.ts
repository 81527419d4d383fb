import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { listTemplates } from "@/lib/templates/list-templates";
import { duplicateBrief, copyTitle } from "@/lib/templates/duplicate-brief";
import { updateTemplate } from "@/lib/templates/update-template";
import { TITLE_MAX } from "@/lib/contract/bounds";
import { newProject, uniqueKey, projectWithPeople } from "../support/fixtures";
import { append, approve, create, newBrief, omit, readBrief, readyContent, toggle, transition, traverse } from "../support/briefs";
import { base64File, evidence, filesOf, PNG } from "../support/evidence";
import { saveAsTemplate } from "./support";

describe(`briefs started from a template, and Duplicate, on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let viewer: Actor;
  let stranger: Actor;
  let projectId: string;
  let otherProjectId: string;
  let strangersProjectId: string;
  beforeAll(async () => {
    ({ projectId, owner, viewer, stranger } = await projectWithPeople({ owner: "owner", viewer: "viewer", stranger: "outsider" }));
    [otherProjectId, strangersProjectId] = await Promise.all([newProject(owner, "Other"), newProject(stranger, "Theirs")]);
  });

  async function briefCount(project: string): Promise<number> {
    return (await listBriefs(owner, { projectId: project })).items.length;
  }

  it("brief_create with a template starts the brief with that template's content", async () => {
    const [bugFix] = (await listTemplates(owner, { projectId })).filter((t) => t.name === "Bug fix");
    const { result } = await create(owner, { projectId, title: "Login loops", template: bugFix.id });
    expect(result.brief).toMatchObject({ versionNum: 1, state: "drafting", title: "Login loops" });
    const { brief } = await readBrief(owner, result.brief.id);
    expect(omit(brief.content, ["checklist", "testingQaChecklist"])).toEqual(omit(bugFix.content, ["testingQaChecklist"]));
    expect(brief.content.testingQaChecklist!.map((row) => ({ text: row.text, checked: row.checked }))).toEqual(bugFix.content.testingQaChecklist);
  });

  it("refuses template with content, an unknown template, and one of another project, writing nothing", async () => {
    const [mine] = await listTemplates(owner, { projectId });
    const [elsewhere] = await listTemplates(owner, { projectId: otherProjectId });
    const [theirs] = await listTemplates(stranger, { projectId: strangersProjectId });
    const before = await briefCount(projectId);

    await expect(create(owner, { projectId, template: mine.id, content: { goal: "x" } })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "content" }, { path: "template" }] },
    });
    const unknown = { code: "VALIDATION_ERROR", details: { issues: [{ path: "template", message: "There is no template with this id in the project." }] } };
    await expect(create(owner, { projectId, template: "0190a6f2-0000-7000-8000-000000000000" })).rejects.toMatchObject(unknown);
    // A template of a project the caller cannot see is answered like an unknown one.
    await expect(create(owner, { projectId, template: theirs.id })).rejects.toMatchObject(unknown);
    await expect(create(owner, { projectId, template: elsewhere.id })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "template", message: expect.stringContaining("another project") }] },
    });
    // Access to the project comes first.
    await expect(create(viewer, { projectId, template: mine.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await briefCount(projectId)).toBe(before);
  });

  it("a retry with the same idempotency key replays the first brief even after the template changed", async () => {
    const source = await newBrief(owner, projectId, readyContent());
    const template = await saveAsTemplate(owner, { briefId: source.id, name: "Replayed" });
    const key = uniqueKey();
    const first = await create(owner, { projectId, title: "Once", template: template.id, idempotencyKey: key });
    await updateTemplate(owner, { templateId: template.id, content: { goal: "Changed since" } });
    const again = await create(owner, { projectId, title: "Once", template: template.id, idempotencyKey: key });
    expect(again.replayed).toBe(true);
    expect(again.result.brief.id).toBe(first.result.brief.id);
    expect((await readBrief(owner, first.result.brief.id)).brief.content.goal).toBe(readyContent().goal);
  });

  it("Duplicate makes a version-1 brief with the same content and none of the original's history", async () => {
    const original = await newBrief(owner, projectId, readyContent({ _draft: { note: "mine" }, customerNotes: { priority: "high" } }), "Invoice export");
    await toggle(owner, { briefId: original.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true });
    await append(owner, { briefId: original.id, collection: "comments", item: { body: "Looks good" } });
    await evidence(owner, { briefId: original.id, criterionIds: ["AC-1"], result: "fail" });
    await evidence(owner, { briefId: original.id, criterionIds: ["AC-1"], result: "pass", file: base64File(PNG, "image/png", "csv.png") });
    await transition(owner, { briefId: original.id, to: "in_review" });
    await approve(owner, { briefId: original.id });
    const { brief: before } = await readBrief(owner, original.id);
    expect((await traverse(owner, original.id, "artifacts")).items).toHaveLength(2);
    expect((await traverse(owner, original.id, "findings")).items).toHaveLength(1);

    const { result } = await duplicateBrief(owner, { briefId: original.id, idempotencyKey: uniqueKey() });
    expect(result.brief).toMatchObject({ projectId, title: "Invoice export (copy)", versionNum: 1, state: "drafting" });
    const copy = await readBrief(owner, result.brief.id);
    expect(omit(copy.brief.content, ["checklist", "testingQaChecklist"])).toEqual(omit(before.content, ["checklist", "testingQaChecklist", "_draft"]));
    // Nothing has been tested on the copy yet.
    expect(copy.brief.content.testingQaChecklist!.map((row) => ({ text: row.text, checked: row.checked }))).toEqual([
      { text: "CSV opens in a spreadsheet", checked: false },
      { text: "PDF renders", checked: false },
    ]);
    expect((await traverse(owner, copy.brief.id, "versions")).items.map((v) => v.versionNum)).toEqual([1]);
    for (const collection of ["comments", "approvals", "findings", "artifacts", "proposals"] as const) {
      expect((await traverse(owner, copy.brief.id, collection)).items, collection).toEqual([]);
    }
    expect(copy.lifecycle.yourLiveApproval).toBeNull();
    expect(await filesOf(copy.brief.id)).toEqual([]);
    // The original is untouched.
    expect((await readBrief(owner, original.id)).brief).toEqual(before);
  });

  it("Duplicate is for owners and editors of the brief's project", async () => {
    const original = await newBrief(owner, projectId, readyContent());
    const before = await briefCount(projectId);
    await expect(duplicateBrief(viewer, { briefId: original.id, idempotencyKey: uniqueKey() })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(duplicateBrief(stranger, { briefId: original.id, idempotencyKey: uniqueKey() })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await briefCount(projectId)).toBe(before);
  });

  it("a copy's title stays within the title limit", () => {
    expect(copyTitle("Plan")).toBe("Plan (copy)");
    const long = copyTitle("é".repeat(TITLE_MAX));
    expect(Array.from(long)).toHaveLength(TITLE_MAX);
    expect(long.endsWith(" (copy)")).toBe(true);
  });
});
