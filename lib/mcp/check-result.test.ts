import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ARRAY_MAX, LONG_TEXT_MAX } from "@/lib/contract/bounds";
import { readyContent } from "@/tests/support/briefs";
import { checkResult, splitsByField } from "./check-result";
import { briefFullResultSchema, briefResultSchema, projectListResultSchema } from "./output-schemas";

type Json = Record<string, unknown>;

/** Deep-frozen, as the section cache hands out the sections a write did not touch. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    Object.values(value).forEach(frozen);
    Object.freeze(value);
  }
  return value;
}

function record(content: unknown, extra: Json = {}): Json {
  return {
    brief: {
      id: "b1",
      projectId: "p1",
      title: "T",
      state: "drafting",
      currentVersionHash: "sha256:00",
      content,
      versionNum: 3,
      createdNewVersion: true,
      staledApprovals: 0,
      ...extra,
    },
  };
}

function sections(): Json {
  const content = readyContent({ scope: "s", decisions: [] });
  // Shared sections as the cache gives them; the mirror is the record's own copy, as in results.
  for (const key of Object.keys(content)) content[key] = frozen(content[key]);
  return { ...content, checklist: structuredClone(content.testingQaChecklist) };
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ text: `row ${i}`, checked: false }));

describe("checking a tool's result against its output schema", () => {
  it("splits brief results by field: the schemas still have the shapes that make it exact", () => {
    expect(splitsByField).toBe(true);
  });

  it("agrees with a whole check on valid and invalid results, sections known or not", () => {
    const known = sections();
    const results: [string, Json][] = [
      ["a valid record", record(known)],
      ["the same sections again", record({ ...known })],
      ["an unknown content key, kept", record({ ...known, legacyField: { any: "thing" } })],
      ["an empty document", record({})],
      ["a too long text beside known sections", record({ ...known, goal: "x".repeat(LONG_TEXT_MAX + 1) })],
      ["a frozen section of the wrong type", record({ ...known, requirements: frozen({ not: "a list" }) })],
      ["too many checklist rows, frozen", record({ ...known, testingQaChecklist: frozen(rows(ARRAY_MAX + 1)) })],
      ["a bad mirror", record({ ...known, checklist: [{ text: 1 }] })],
      ["a document that is a list", record([])],
      ["no document", record(undefined)],
      ["an unknown field on the record", record(known, { extra: 1 })],
      ["a wrong field on the record", record(known, { versionNum: "3" })],
      ["an unknown field beside the record", { ...record(known), extra: 1 }],
      ["no record", {}],
    ];
    for (const schema of [briefResultSchema, briefFullResultSchema, projectListResultSchema, z.union([briefResultSchema, z.object({ x: z.number() })])]) {
      for (const [name, result] of results) {
        // Twice: the second time the frozen sections are known.
        for (const round of [1, 2]) expect(checkResult(schema, result).success, `${name}, round ${round}`).toBe(schema.safeParse(result).success);
      }
    }
    expect(checkResult(briefResultSchema, record(known)).success).toBe(true);
    expect(checkResult(briefResultSchema, record({ ...known, requirements: frozen({ not: "a list" }) }))).toMatchObject({
      success: false,
      message: expect.stringContaining("brief.content"),
    });
  });

  it("never takes a section it has not checked for one it has", () => {
    const good = frozen(rows(2));
    expect(checkResult(briefResultSchema, record({ testingQaChecklist: good })).success).toBe(true);
    // An equal-looking but different object is checked on its own.
    const bad = frozen([{ text: "row 0", checked: "no" }]);
    expect(checkResult(briefResultSchema, record({ testingQaChecklist: bad })).success).toBe(false);
    expect(checkResult(briefResultSchema, record({ testingQaChecklist: good })).success).toBe(true);
  });
});
