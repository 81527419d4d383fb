import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { readScopes } from "@/lib/auth/scopes";
import { parseContentInput } from "@/lib/briefs/validate-content";
import { CONTENT_MAX_BYTES } from "@/lib/contract/bounds";
import { getPrisma } from "@/lib/db/client";
import { deleteTemplate } from "@/lib/templates/delete-template";
import { getTemplate } from "@/lib/templates/get-template";
import { listTemplates } from "@/lib/templates/list-templates";
import { updateTemplate } from "@/lib/templates/update-template";
import { addMember, newProject, newUser, viaToken, projectWithPeople } from "../support/fixtures";
import { newBrief, readyContent, toggle, update } from "../support/briefs";
import { builtInNames, saveAsTemplate, templateNames } from "./support";

describe(`brief templates on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let editor: Actor;
  let viewer: Actor;
  let stranger: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, owner, editor, viewer, stranger } = await projectWithPeople({ owner: "owner", editor: "editor", viewer: "viewer", stranger: "outsider" }));
  });

  it("a new project starts with the four built-ins, each valid content with guidance and unchecked QA rows", async () => {
    const templates = await listTemplates(viewer, { projectId });
    expect(templates.map((t) => t.name)).toEqual(builtInNames);
    for (const template of templates) {
      expect(template.builtIn).toBe(true);
      expect(template.description).toBeTruthy();
      expect(parseContentInput(template.content)).toEqual(template.content);
      expect(template.sections).toEqual(expect.arrayContaining(["goal", "requirements", "acceptanceCriteria", "testingQaChecklist"]));
      const rows = template.content.testingQaChecklist!;
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const row of rows) expect(row).toEqual({ text: row.text, checked: false });
      // Example rows say they are examples; a reviewer can spot one left in.
      for (const requirement of template.content.requirements!) expect(requirement).toMatch(/^Example — replace:/);
    }
  });

  it("a project made before templates gets the built-ins once, on first use, and never back after deleting them", async () => {
    const older = await newProject(owner, "Older");
    const prisma = await getPrisma();
    await prisma.briefTemplate.deleteMany({ where: { projectId: older } });
    await prisma.project.update({ where: { id: older }, data: { builtInTemplatesAddedAt: null } });

    const [first, second] = await Promise.all([templateNames(owner, older), templateNames(owner, older)]);
    expect(first).toEqual(builtInNames);
    expect(second).toEqual(builtInNames);
    for (const template of await listTemplates(owner, { projectId: older })) await deleteTemplate(owner, { templateId: template.id });
    expect(await templateNames(owner, older)).toEqual([]);
  });

  it("save as template copies the brief's current content without _draft, its QA rows unchecked and unattributed", async () => {
    const brief = await newBrief(editor, projectId, readyContent({ _draft: { note: "half-written" }, customerNotes: { priority: "high" } }), "Invoices");
    await toggle(editor, { briefId: brief.id, index: 1, expectedText: "PDF renders", checked: true });

    const template = await saveAsTemplate(editor, { briefId: brief.id, name: "  Invoice feature  ", description: " For billing work " });
    expect(template).toMatchObject({ name: "Invoice feature", description: "For billing work", builtIn: false, projectId });
    expect(template.content).toEqual({
      ...readyContent({ customerNotes: { priority: "high" } }),
      testingQaChecklist: [
        { text: "CSV opens in a spreadsheet", checked: false },
        { text: "PDF renders", checked: false },
      ],
    });
    expect(Object.keys(template.content)).not.toContain("_draft");
    expect(template.sections).toEqual(["goal", "requirements", "acceptanceCriteria", "testingQaChecklist"]);
    expect(await getTemplate(viewer, { templateId: template.id })).toEqual(template);
    expect(await templateNames(viewer, projectId)).toEqual([...builtInNames, "Invoice feature"]);
  });

  it("refuses a name the project already has in any case, and changes nothing", async () => {
    const brief = await newBrief(owner, projectId, readyContent());
    const before = await listTemplates(owner, { projectId });
    await expect(saveAsTemplate(owner, { briefId: brief.id, name: " bug FIX " })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "name", message: expect.stringContaining("Bug fix") }] },
    });
    const other = before.find((t) => t.name === "Experiment")!;
    await expect(updateTemplate(owner, { templateId: other.id, name: "technical DESIGN" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(saveAsTemplate(owner, { briefId: brief.id, name: "   " })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(saveAsTemplate(owner, { briefId: brief.id, name: "x".repeat(201) })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await listTemplates(owner, { projectId })).toEqual(before);
    // Renaming a template to its own name in another case is allowed.
    expect((await updateTemplate(owner, { templateId: other.id, name: "EXPERIMENT" })).name).toBe("EXPERIMENT");
    await updateTemplate(owner, { templateId: other.id, name: "Experiment" });
  });

  it("edits name, description and content by the brief's own rules; bad content changes nothing", async () => {
    const brief = await newBrief(owner, projectId, readyContent());
    const template = await saveAsTemplate(owner, { briefId: brief.id, name: "Editable", description: "Old" });

    await expect(updateTemplate(editor, { templateId: template.id, content: { requirements: "not a list" } })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "content.requirements" }] },
    });
    await expect(updateTemplate(editor, { templateId: template.id, content: { goal: "x".repeat(CONTENT_MAX_BYTES) } })).rejects.toMatchObject({
      code: "CONTENT_TOO_LARGE",
    });
    expect(await getTemplate(owner, { templateId: template.id })).toEqual(template);

    const changed = await updateTemplate(editor, {
      templateId: template.id,
      name: "Edited",
      description: null,
      content: { goal: "New goal", testingQaChecklist: [{ text: "Ticked in the form", checked: true, addedBy: "someone", checkedBy: "someone", checkedAt: "2026-01-01T00:00:00Z" }], _draft: "x" },
    });
    expect(changed).toMatchObject({ name: "Edited", description: null, sections: ["goal", "testingQaChecklist"] });
    expect(changed.content).toEqual({ goal: "New goal", testingQaChecklist: [{ text: "Ticked in the form", checked: false }] });
    expect(await getTemplate(viewer, { templateId: template.id })).toEqual(changed);
  });

  it("reviewers read templates but do not change them", async () => {
    const reviewer = await newUser("Reviewer");
    await addMember(projectId, reviewer, "reviewer");
    const brief = await newBrief(owner, projectId, readyContent());
    const [first] = await listTemplates(reviewer, { projectId });
    await expect(saveAsTemplate(reviewer, { briefId: brief.id, name: "By a reviewer" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(updateTemplate(reviewer, { templateId: first.id, description: "Mine now" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(deleteTemplate(reviewer, { templateId: first.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await getTemplate(reviewer, { templateId: first.id })).toEqual(first);
  });

  it("viewers read templates but cannot change them; strangers see none; a read-only token cannot write", async () => {
    const brief = await newBrief(owner, projectId, readyContent());
    const template = await saveAsTemplate(owner, { briefId: brief.id, name: "Guarded" });
    const before = await listTemplates(owner, { projectId });
    const denied = { code: "PROJECT_ACCESS_DENIED" };

    await expect(saveAsTemplate(viewer, { briefId: brief.id, name: "By a viewer" })).rejects.toMatchObject(denied);
    await expect(updateTemplate(viewer, { templateId: template.id, name: "Renamed" })).rejects.toMatchObject(denied);
    await expect(deleteTemplate(viewer, { templateId: template.id })).rejects.toMatchObject(denied);
    await expect(saveAsTemplate(viaToken(owner, readScopes), { briefId: brief.id, name: "By a token" })).rejects.toMatchObject(denied);

    await expect(listTemplates(stranger, { projectId })).rejects.toMatchObject(denied);
    await expect(getTemplate(stranger, { templateId: template.id })).rejects.toMatchObject(denied);
    await expect(updateTemplate(stranger, { templateId: template.id, name: "Mine" })).rejects.toMatchObject(denied);
    await expect(deleteTemplate(stranger, { templateId: template.id })).rejects.toMatchObject(denied);
    await expect(getTemplate(owner, { templateId: "0190a6f2-0000-7000-8000-000000000000" })).rejects.toMatchObject(denied);

    expect(await listTemplates(owner, { projectId })).toEqual(before);
  });

  it("deleting a template leaves the briefs made from it as they are", async () => {
    const brief = await newBrief(owner, projectId, readyContent());
    const template = await saveAsTemplate(owner, { briefId: brief.id, name: "Short-lived" });
    await update(owner, { briefId: brief.id, content: readyContent({ goal: "Changed after saving" }) });
    expect((await getTemplate(owner, { templateId: template.id })).content.goal).toBe(readyContent().goal);
    expect(await deleteTemplate(editor, { templateId: template.id })).toEqual({ deleted: { id: template.id, projectId } });
    await expect(getTemplate(owner, { templateId: template.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(deleteTemplate(editor, { templateId: template.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
  });
});
