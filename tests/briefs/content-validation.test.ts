import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { newProject, newUser } from "../support/fixtures";
import { create, expectRefusedWithoutChange, newBrief, omit, readBrief, readyContent, update, type Content } from "../support/briefs";

const LIMIT = 262_144;
const ok = "ok" as const;

function ticket(overrides: Content = {}): Content {
  return { id: "T-1", title: "Build the export", description: null, boundCriteria: ["AC-1"], boundRequirements: ["R-1"], ...overrides };
}
function criterion(overrides: Content = {}): Content {
  return { id: "AC-1", text: "A CSV file downloads", ...overrides };
}
const texts = (count: number, length = 10) => Array.from({ length: count }, (_, i) => `${i}`.padEnd(length, "x"));
/** Astral characters are one character each (JSON Schema counts code points), though two UTF-16 units. */
const emoji = (count: number) => "😀".repeat(count);

/**
 * One representative of each kind of bound, just inside (accepted) and just outside (refused with
 * the offending path). `patch` is merged into a valid brief.
 */
const cases: Array<[name: string, patch: Content, expected: typeof ok | string]> = [
  ["long text at 4000 characters", { goal: "g".repeat(4000) }, ok],
  ["long text at 4001 characters", { goal: "g".repeat(4001) }, "content.goal"],
  ["long text of 4000 astral characters", { design: emoji(4000) }, ok],
  ["long text of 4001 astral characters", { design: emoji(4001) }, "content.design"],
  ["list item at 1000 characters", { requirements: ["r".repeat(1000)] }, ok],
  ["list item at 1001 characters", { requirements: ["ok", "r".repeat(1001)] }, "content.requirements[1]"],
  ["empty list item", { edgeCases: [""] }, "content.edgeCases[0]"],
  ["50 list items", { openQuestions: texts(50) }, ok],
  ["51 list items", { openQuestions: texts(51) }, "content.openQuestions"],
  ["50 checklist rows", { testingQaChecklist: texts(50).map((text) => ({ text, checked: false })) }, ok],
  ["51 checklist rows", { testingQaChecklist: texts(51).map((text) => ({ text, checked: false })) }, "content.testingQaChecklist"],
  ["51 decisions", { decisions: texts(51).map((text) => ({ text })) }, "content.decisions"],
  ["id with every allowed character", { acceptanceCriteria: [criterion({ id: "Ac9._:-z" })] }, ok],
  ["id starting with a dash", { acceptanceCriteria: [criterion({ id: "-AC" })] }, "content.acceptanceCriteria[0].id"],
  ["id with a space", { requiredEvidence: [criterion({ id: "AC 1" })] }, "content.requiredEvidence[0].id"],
  ["id of 200 characters", { acceptanceCriteria: [criterion({ id: "A".repeat(200) })] }, ok],
  ["id of 201 characters", { acceptanceCriteria: [criterion({ id: "A".repeat(201) })] }, "content.acceptanceCriteria[0].id"],
  ["bound requirement id with a slash", { generatedTickets: [ticket({ boundRequirements: ["R/1"] })] }, "content.generatedTickets[0].boundRequirements[0]"],
  ["ticket description null", { generatedTickets: [ticket({ description: null })] }, ok],
  ["ticket description of 10000 characters", { generatedTickets: [ticket({ description: "d".repeat(10_000) })] }, ok],
  ["ticket description of 10001 characters", { generatedTickets: [ticket({ description: "d".repeat(10_001) })] }, "content.generatedTickets[0].description"],
  ["ticket without description", { generatedTickets: [omitKey(ticket(), "description")] }, "content.generatedTickets[0].description"],
  ["ticket title of 500 characters", { generatedTickets: [ticket({ title: "t".repeat(500) })] }, ok],
  ["ticket title of 501 characters", { generatedTickets: [ticket({ title: "t".repeat(501) })] }, "content.generatedTickets[0].title"],
  ["ticket without boundRequirements", { generatedTickets: [omitKey(ticket(), "boundRequirements")] }, "content.generatedTickets[0].boundRequirements"],
  ["ticket with empty boundRequirements", { generatedTickets: [ticket({ boundRequirements: [] })] }, ok],
  [
    "criterion not needing implementation, with manual evidence",
    { acceptanceCriteria: [criterion({ implementation: false, manualEvidence: { rationale: "Legal sign-off", evidencePath: "docs/legal.pdf" } })] },
    ok,
  ],
  ["criterion not needing implementation, without manual evidence", { acceptanceCriteria: [criterion({ implementation: false })] }, "content.acceptanceCriteria[0].manualEvidence"],
  ["criterion needing implementation, without manual evidence", { acceptanceCriteria: [criterion({ implementation: true })] }, ok],
  [
    "manual evidence with an empty rationale",
    { acceptanceCriteria: [criterion({ implementation: false, manualEvidence: { rationale: "", evidencePath: "p" } })] },
    "content.acceptanceCriteria[0].manualEvidence.rationale",
  ],
  ["criterion with an unknown field", { acceptanceCriteria: [criterion({ priority: "high" })] }, "content.acceptanceCriteria[0].priority"],
  ["checklist row without checked", { testingQaChecklist: [{ text: "Row" }] }, "content.testingQaChecklist[0].checked"],
  ["decision with an empty source", { decisions: [{ text: "Use CSV", source: "", stated: true }] }, ok],
  ["link kind of 200 characters", { sourceArtifactLinks: [{ label: "Spec", kind: "k".repeat(200), read: true }] }, ok],
  ["link kind of 201 characters", { sourceArtifactLinks: [{ label: "Spec", kind: "k".repeat(201) }] }, "content.sourceArtifactLinks[0].kind"],
  ["section of the wrong type", { requirements: "Export as CSV" }, "content.requirements"],
  ["a lone surrogate in a known section", { goal: "broken \uD83D text" }, "content.goal"],
  ["a lone surrogate in an unknown key's value", { "x-notes": ["fine", "\uDE00"] }, 'content["x-notes"][1]'],
  ["NUL in a list item", { requirements: ["a\u0000b"] }, "content.requirements[0]"],
  ["NUL in an unknown object key", { meta: { "k\u0000": 1 } }, 'content.meta["k\\u0000"]'],
];

function omitKey(object: Content, key: string): Content {
  return omit(object, [key]);
}

describe(`content bounds on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let projectId: string;
  beforeAll(async () => {
    alice = await newUser("Alice");
    projectId = await newProject(alice);
  });

  it.each(cases)("brief_update: %s", async (_name, patch, expected) => {
    const brief = await newBrief(alice, projectId, readyContent());
    const content = { ...readyContent(), ...patch };
    if (expected === ok) {
      const { result } = await update(alice, { briefId: brief.id, content });
      expect(result.brief).toMatchObject({ versionNum: 2, createdNewVersion: true });
      return;
    }
    await expectRefusedWithoutChange(alice, brief.id, () => update(alice, { briefId: brief.id, content }), {
      code: "VALIDATION_ERROR",
      details: { issues: expect.arrayContaining([expect.objectContaining({ path: expected, message: expect.any(String) })]) },
    });
  });

  it.each(cases.filter(([, , expected]) => expected !== ok))("brief_create: %s", async (_name, patch, expected) => {
    const project = await newProject(alice);
    await expect(create(alice, { projectId: project, content: { ...readyContent(), ...patch } })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: expect.arrayContaining([expect.objectContaining({ path: expected })]) },
    });
    expect((await listBriefs(alice, { projectId: project })).items).toEqual([]);
  });

  it("bounds titles at 500 characters, counted as characters, on create and update", async () => {
    const brief = await newBrief(alice, projectId, readyContent(), emoji(500));
    expect(brief.title).toBe(emoji(500));
    await expect(create(alice, { projectId, title: "t".repeat(501) })).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "title" }] },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => update(alice, { briefId: brief.id, title: "t".repeat(501) }), {
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "title" }] },
    });
    await expectRefusedWithoutChange(alice, brief.id, () => update(alice, { briefId: brief.id, title: "Title\u0000" }), {
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "title" }] },
    });
    const { result } = await update(alice, { briefId: brief.id, title: "t".repeat(500) });
    expect(result.brief.title).toBe("t".repeat(500));
  });

  describe("content size", () => {
    /** A valid document whose JSON is exactly `bytes` bytes of UTF-8. */
    function contentOf(bytes: number, extra: Content = {}): Content {
      const frame = Buffer.byteLength(JSON.stringify({ ...extra, blob: "" }), "utf8");
      const content = { ...extra, blob: "é".repeat(Math.floor((bytes - frame) / 2)) };
      const rest = bytes - Buffer.byteLength(JSON.stringify(content), "utf8");
      content.blob += "x".repeat(rest);
      expect(Buffer.byteLength(JSON.stringify(content), "utf8")).toBe(bytes);
      return content;
    }

    it("accepts exactly 262144 bytes of JSON and refuses 262145 with size and limit, changing nothing", async () => {
      const brief = await newBrief(alice, projectId, readyContent());

      const { result } = await update(alice, { briefId: brief.id, content: contentOf(LIMIT) });
      expect(result.brief.versionNum).toBe(2);

      await expectRefusedWithoutChange(alice, brief.id, () => update(alice, { briefId: brief.id, content: contentOf(LIMIT + 1) }), {
        code: "CONTENT_TOO_LARGE",
        details: { size: LIMIT + 1, limit: LIMIT },
      });
      const project = await newProject(alice);
      await expect(create(alice, { projectId: project, content: contentOf(LIMIT + 1) })).rejects.toMatchObject({
        code: "CONTENT_TOO_LARGE",
        details: { size: LIMIT + 1, limit: LIMIT },
      });
      expect((await listBriefs(alice, { projectId: project })).items).toEqual([]);
    });

    it("does not count the checklist mirror a client sends back", async () => {
      const rows = [{ text: "Row", checked: false }];
      const withoutMirror = contentOf(LIMIT, { testingQaChecklist: rows });
      const brief = await newBrief(alice, projectId, withoutMirror);
      expect(brief.versionNum).toBe(1);
      // The content as returned (rows now carry addedBy, plus the mirror) is what an editor sends back.
      const { result } = await update(alice, { briefId: brief.id, content: { ...withoutMirror, checklist: structuredClone(rows) } });
      expect(result.brief.createdNewVersion).toBe(false);
    });
  });

  it("reports every problem of a document at once, each with its path", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const content = { goal: "g".repeat(4001), requirements: [""], acceptanceCriteria: [criterion({ id: "bad id" })] };
    await expectRefusedWithoutChange(alice, brief.id, () => update(alice, { briefId: brief.id, content }), {
      code: "VALIDATION_ERROR",
      details: {
        issues: expect.arrayContaining([
          expect.objectContaining({ path: "content.goal" }),
          expect.objectContaining({ path: "content.requirements[0]" }),
          expect.objectContaining({ path: "content.acceptanceCriteria[0].id" }),
        ]),
      },
    });
    expect((await readBrief(alice, brief.id)).brief.versionNum).toBe(1);
  });
});
