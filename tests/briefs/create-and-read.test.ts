import { describe, expect, it } from "vitest";
import { getBriefVersion } from "@/lib/briefs/get-brief-version";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { collectionKeys } from "@/lib/briefs/schema";
import { addMember, newProject, newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import {
  create,
  expectedVersionHash,
  newBrief,
  readBrief,
  readyContent,
  readVersion,
  RFC3339_UTC,
  toggle,
  update,
} from "../support/briefs";

const briefFields = ["content", "createdNewVersion", "currentVersionHash", "id", "projectId", "staledApprovals", "state", "title", "versionNum"];

describe(`creating and reading briefs on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("creates a drafting brief at version 1 and returns all nine fields", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const content = readyContent();

    const { result, replayed } = await create(alice, { projectId, title: "Invoice export", content });

    expect(replayed).toBe(false);
    const brief = result.brief;
    expect(Object.keys(brief).sort()).toEqual(briefFields);
    expect(brief).toMatchObject({
      projectId,
      title: "Invoice export",
      state: "drafting",
      versionNum: 1,
      createdNewVersion: true,
      staledApprovals: 0,
    });
    expect(brief.currentVersionHash).toBe(expectedVersionHash(brief.content));

    const full = await readBrief(alice, brief.id);
    expect(full.brief).toEqual({ ...brief, createdNewVersion: false });
    expect(Object.keys(full.collections).sort()).toEqual([...collectionKeys].sort());
    for (const key of collectionKeys) expect(full.collections[key]).toHaveProperty("nextCursor", null);
    expect(full.collections.versions.items).toEqual([
      {
        id: expect.any(String),
        createdAt: expect.stringMatching(RFC3339_UTC),
        versionNum: 1,
        hash: brief.currentVersionHash,
        createdBy: "Alice",
        via: "web",
        changedSections: ["goal", "requirements", "acceptanceCriteria", "testingQaChecklist"],
      },
    ]);
    expect(full.lifecycle.updatedAt).toMatch(RFC3339_UTC);
    expect(full.lifecycle.yourRole).toBe("owner");
  });

  it("treats a missing content as the empty document, hashed like one", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });

    const brief = await newBrief(alice, projectId);

    expect(brief.content).toEqual({});
    expect(brief.currentVersionHash).toBe(expectedVersionHash({}));
    expect((await readVersion(alice, brief.id, 1)).content).toEqual({});
  });

  it("records an agent's version as made through the tool, by '<email> via <token name>'", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const agent = viaToken(alice, undefined, "ci-bot");

    const brief = (await create(agent, { projectId, content: readyContent() })).result.brief;
    await toggle(agent, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true });

    const versions = (await readBrief(alice, brief.id)).collections.versions.items;
    expect(versions.map((v) => [v.versionNum, v.createdBy, v.via])).toEqual([
      [2, `${alice.email} via ci-bot`, "brief_checklist_update"],
      [1, `${alice.email} via ci-bot`, "brief_create"],
    ]);
    const row = (await readBrief(alice, brief.id)).brief.content.testingQaChecklist![0];
    expect(row).toMatchObject({ addedBy: `${alice.email} via ci-bot`, checkedBy: `${alice.email} via ci-bot` });
  });

  it("returns a past version's exact content, and refuses a number the brief never had", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });
    const v1 = readyContent({ "x-meta": { source: "import", weights: [1, 2.5, null] } });
    const brief = await newBrief(alice, projectId, v1);
    const v2 = await update(alice, { briefId: brief.id, content: { ...v1, goal: "Second goal" } });
    await update(alice, { briefId: brief.id, content: { goal: "Third, everything else dropped" } });

    const first = await readVersion(alice, brief.id, 1);
    expect(first).toEqual({
      versionNum: 1,
      hash: brief.currentVersionHash,
      createdAt: expect.stringMatching(RFC3339_UTC),
      createdBy: "Alice",
      via: "web",
      baseline: false,
      restoredFrom: null,
      content: brief.content,
    });
    expect(first.hash).toBe(expectedVersionHash(first.content));
    expect((await readVersion(alice, brief.id, 2)).content).toEqual(v2.result.brief.content);
    expect((await readVersion(alice, brief.id, 3)).content).toEqual({ goal: "Third, everything else dropped" });

    for (const versionNum of [4, 99]) {
      await expect(getBriefVersion(alice, { briefId: brief.id, versionNum })).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        details: { issues: [{ path: "versionNum", message: expect.any(String) }] },
      });
    }
    await expect(getBriefVersion(alice, { briefId: brief.id, versionNum: 0 })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("lists a project's briefs, most recently changed first, filtered by state, and nobody else's", async () => {
    const { projectId, alice, bob } = await projectWithPeople({ alice: "owner", bob: "outsider" });
    const other = await newProject(bob);
    await newBrief(bob, other, undefined, "Bob's brief");
    const viewer = await newUser("Viewer");
    await addMember(projectId, viewer, "viewer");

    const a = await newBrief(alice, projectId, readyContent(), "A");
    const b = await newBrief(alice, projectId, readyContent(), "B");
    const c = await newBrief(alice, projectId, readyContent(), "C");
    expect((await listBriefs(viewer, { projectId })).items.map((x) => x.title)).toEqual(["C", "B", "A"]);

    await update(alice, { briefId: a.id, content: { goal: "touched" } });
    const listed = await listBriefs(viewer, { projectId });
    expect(listed.items.map((x) => x.title)).toEqual(["A", "C", "B"]);
    expect(listed.items[0]).toEqual({
      id: a.id,
      projectId,
      title: "A",
      state: "drafting",
      versionNum: 2,
      currentVersionHash: expectedVersionHash({ goal: "touched" }),
      updatedAt: expect.stringMatching(RFC3339_UTC),
    });

    const page1 = await listBriefs(viewer, { projectId, limit: 2 });
    expect(page1.items.map((x) => x.title)).toEqual(["A", "C"]);
    const page2 = await listBriefs(viewer, { projectId, limit: 2, cursor: page1.nextCursor! });
    expect(page2).toEqual({ items: [expect.objectContaining({ id: b.id })], nextCursor: null });

    await expect(listBriefs(viewer, { projectId, state: "in_review" })).resolves.toEqual({ items: [], nextCursor: null });
    expect((await listBriefs(viewer, { projectId, state: "drafting" })).items).toHaveLength(3);
    expect(c.projectId).toBe(projectId);
  });

  it("creates nothing when creation fails", async () => {
    const { projectId, alice } = await projectWithPeople({ alice: "owner" });

    await expect(create(alice, { projectId, content: { requirements: [""] } })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    await expect(create(alice, { projectId, title: "" })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "title" }] },
    });
    await expect(create(alice, { projectId, content: [] })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "content" }] },
    });

    expect((await listBriefs(alice, { projectId })).items).toEqual([]);
    // The failures kept no receipt either: the same key then creates.
    const key = uniqueKey();
    await expect(create(alice, { projectId, title: "", idempotencyKey: key })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    const { replayed } = await create(alice, { projectId, title: "Fine", idempotencyKey: key });
    expect(replayed).toBe(false);
  });
});
