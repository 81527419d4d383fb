import { describe, expect, it } from "vitest";
import { z } from "zod";
import { acceptanceCriterionSchema, appendableCollectionSchema, briefContentReadSchema, briefContentSchema, briefStateSchema, collectionKeySchema, decisionSchema, generatedTicketReadSchema, generatedTicketSchema, qaChecklistItemSchema, sourceArtifactLinkSchema, titleSchema } from "./schema";
import { ARRAY_MAX } from "@/lib/contract/bounds";
import { longTextSections, textListSections } from "@/tests/support/content-sections";

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const text = (length: number) => "x".repeat(length);
const list = (count: number, item: unknown) => Array.from({ length: count }, () => item);
const omit = (object: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));

const criterion = { id: "AC-1", text: "Works" };
const ticket = { id: "T-1", title: "Build it", description: null, boundCriteria: ["AC-1"], boundRequirements: ["R1"] };
const row = { text: "Check it", checked: false };

describe("long text sections", () => {
  it.each(longTextSections)("%s takes 0..4000 characters", (key) => {
    expect(accepts(briefContentSchema, { [key]: "" })).toBe(true);
    expect(accepts(briefContentSchema, { [key]: text(4000) })).toBe(true);
    expect(accepts(briefContentSchema, { [key]: text(4001) })).toBe(false);
  });

  it("counts characters as code points, like JSON Schema's maxLength", () => {
    expect(accepts(briefContentSchema, { goal: "😀".repeat(4000) })).toBe(true);
    expect(accepts(briefContentSchema, { goal: "😀".repeat(4001) })).toBe(false);
  });
});

describe("text list sections", () => {
  it.each(textListSections)("%s takes 0..50 items of 1..1000 characters", (key) => {
    expect(accepts(briefContentSchema, { [key]: [] })).toBe(true);
    expect(accepts(briefContentSchema, { [key]: [text(1000)] })).toBe(true);
    expect(accepts(briefContentSchema, { [key]: [text(1001)] })).toBe(false);
    expect(accepts(briefContentSchema, { [key]: [""] })).toBe(false);
    expect(accepts(briefContentSchema, { [key]: list(50, "a") })).toBe(true);
    expect(accepts(briefContentSchema, { [key]: list(51, "a") })).toBe(false);
  });
});

describe("object list sections hold at most 50 items", () => {
  it.each([
    ["acceptanceCriteria", criterion],
    ["requiredEvidence", criterion],
    ["testingQaChecklist", row],
    ["checklist", row],
    ["generatedTickets", ticket],
    ["decisions", { text: "Use zod" }],
    ["sourceArtifactLinks", { label: "Spec" }],
  ])("%s", (key, item) => {
    expect(accepts(briefContentSchema, { [key]: list(ARRAY_MAX, item) })).toBe(true);
    expect(accepts(briefContentSchema, { [key]: list(ARRAY_MAX + 1, item) })).toBe(false);
  });
});

describe("acceptanceCriterionSchema", () => {
  it("bounds id (1..200, pattern) and text (1..1000)", () => {
    expect(accepts(acceptanceCriterionSchema, { id: `A${text(199)}`, text: text(1000) })).toBe(true);
    expect(accepts(acceptanceCriterionSchema, { id: `A${text(200)}`, text: "t" })).toBe(false);
    expect(accepts(acceptanceCriterionSchema, { id: "", text: "t" })).toBe(false);
    expect(accepts(acceptanceCriterionSchema, { id: "a", text: text(1001) })).toBe(false);
    expect(accepts(acceptanceCriterionSchema, { id: "a", text: "" })).toBe(false);
  });

  it.each(["a", "0", "AC-1", "req.2_b:c-d"])("accepts the id %s", (id) => {
    expect(accepts(acceptanceCriterionSchema, { id, text: "t" })).toBe(true);
  });

  it.each(["-a", ".a", "_a", "a b", "a/b", "é", "a\n"])("rejects the id %j", (id) => {
    expect(accepts(acceptanceCriterionSchema, { id, text: "t" })).toBe(false);
  });

  it("requires manualEvidence only when implementation is false", () => {
    const result = acceptanceCriterionSchema.safeParse({ ...criterion, implementation: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["manualEvidence"]]);

    const evidence = { rationale: "Docs only", evidencePath: "docs/x.md" };
    expect(accepts(acceptanceCriterionSchema, { ...criterion, implementation: false, manualEvidence: evidence })).toBe(true);
    expect(accepts(acceptanceCriterionSchema, { ...criterion, implementation: true })).toBe(true);
    expect(accepts(acceptanceCriterionSchema, criterion)).toBe(true);
  });

  it("bounds manualEvidence fields to 1..1000 and forbids extra keys", () => {
    const withEvidence = (manualEvidence: unknown) =>
      accepts(acceptanceCriterionSchema, { ...criterion, implementation: false, manualEvidence });
    expect(withEvidence({ rationale: text(1000), evidencePath: text(1000) })).toBe(true);
    expect(withEvidence({ rationale: text(1001), evidencePath: "p" })).toBe(false);
    expect(withEvidence({ rationale: "r", evidencePath: "" })).toBe(false);
    expect(withEvidence({ rationale: "r" })).toBe(false);
    expect(withEvidence({ rationale: "r", evidencePath: "p", extra: 1 })).toBe(false);
  });

  it("forbids unknown keys", () => {
    expect(accepts(acceptanceCriterionSchema, { ...criterion, priority: 1 })).toBe(false);
  });
});

describe("qaChecklistItemSchema", () => {
  it("bounds text 1..1000 and requires checked", () => {
    expect(accepts(qaChecklistItemSchema, { text: text(1000), checked: true })).toBe(true);
    expect(accepts(qaChecklistItemSchema, { text: text(1001), checked: true })).toBe(false);
    expect(accepts(qaChecklistItemSchema, { text: "", checked: true })).toBe(false);
    expect(accepts(qaChecklistItemSchema, { text: "t" })).toBe(false);
  });

  it("bounds addedBy and checkedBy to 200 characters", () => {
    for (const key of ["addedBy", "checkedBy"]) {
      expect(accepts(qaChecklistItemSchema, { ...row, [key]: text(200) })).toBe(true);
      expect(accepts(qaChecklistItemSchema, { ...row, [key]: text(201) })).toBe(false);
    }
  });

  it("takes an RFC 3339 checkedAt", () => {
    expect(accepts(qaChecklistItemSchema, { ...row, checkedAt: "2025-03-01T10:00:00.000Z" })).toBe(true);
    expect(accepts(qaChecklistItemSchema, { ...row, checkedAt: "2025-03-01T10:00:00+02:00" })).toBe(true);
    expect(accepts(qaChecklistItemSchema, { ...row, checkedAt: "2025-03-01" })).toBe(false);
    expect(accepts(qaChecklistItemSchema, { ...row, checkedAt: "yesterday" })).toBe(false);
  });

  it("forbids unknown keys", () => {
    expect(accepts(qaChecklistItemSchema, { ...row, note: "x" })).toBe(false);
  });
});

describe("generatedTicketSchema", () => {
  it("takes a description of at most 10000 characters or null", () => {
    expect(accepts(generatedTicketSchema, { ...ticket, description: text(10000) })).toBe(true);
    expect(accepts(generatedTicketSchema, { ...ticket, description: text(10001) })).toBe(false);
    expect(accepts(generatedTicketSchema, { ...ticket, description: "" })).toBe(true);
    expect(accepts(generatedTicketSchema, { ...ticket, description: null })).toBe(true);
    expect(accepts(generatedTicketSchema, omit(ticket, "description"))).toBe(false);
  });

  it("bounds the title to 1..500", () => {
    expect(accepts(generatedTicketSchema, { ...ticket, title: text(500) })).toBe(true);
    expect(accepts(generatedTicketSchema, { ...ticket, title: text(501) })).toBe(false);
    expect(accepts(generatedTicketSchema, { ...ticket, title: "" })).toBe(false);
  });

  it("checks bound ids against the id pattern and 50 items", () => {
    for (const key of ["boundCriteria", "boundRequirements"]) {
      expect(accepts(generatedTicketSchema, { ...ticket, [key]: list(50, "AC-1") })).toBe(true);
      expect(accepts(generatedTicketSchema, { ...ticket, [key]: list(51, "AC-1") })).toBe(false);
      expect(accepts(generatedTicketSchema, { ...ticket, [key]: ["not an id"] })).toBe(false);
      expect(accepts(generatedTicketSchema, { ...ticket, [key]: [`a${text(200)}`] })).toBe(false);
    }
  });

  it("requires boundRequirements on writes and tolerates its absence on reads", () => {
    const legacy = omit(ticket, "boundRequirements");
    expect(accepts(generatedTicketSchema, legacy)).toBe(false);
    expect(accepts(generatedTicketReadSchema, legacy)).toBe(true);
    expect(accepts(briefContentSchema, { generatedTickets: [legacy] })).toBe(false);
    expect(accepts(briefContentReadSchema, { generatedTickets: [legacy] })).toBe(true);
    expect(accepts(generatedTicketReadSchema, omit(ticket, "boundCriteria"))).toBe(false);
  });
});

describe("decisionSchema and sourceArtifactLinkSchema", () => {
  it("bound decision text 1..1000 and source 0..1000", () => {
    expect(accepts(decisionSchema, { text: text(1000), source: text(1000), stated: true })).toBe(true);
    expect(accepts(decisionSchema, { text: text(1001) })).toBe(false);
    expect(accepts(decisionSchema, { text: "" })).toBe(false);
    expect(accepts(decisionSchema, { text: "t", source: "" })).toBe(true);
    expect(accepts(decisionSchema, { text: "t", source: text(1001) })).toBe(false);
    expect(accepts(decisionSchema, { text: "t", by: "me" })).toBe(false);
  });

  it("bound link label 1..1000 and kind 0..200", () => {
    expect(accepts(sourceArtifactLinkSchema, { label: text(1000), kind: text(200), read: false })).toBe(true);
    expect(accepts(sourceArtifactLinkSchema, { label: text(1001) })).toBe(false);
    expect(accepts(sourceArtifactLinkSchema, { label: "" })).toBe(false);
    expect(accepts(sourceArtifactLinkSchema, { label: "l", kind: text(201) })).toBe(false);
    expect(accepts(sourceArtifactLinkSchema, { label: "l", url: "x" })).toBe(false);
  });
});

describe("briefContentSchema", () => {
  it("accepts the empty document and unknown keys, _draft included", () => {
    expect(accepts(briefContentSchema, {})).toBe(true);
    expect(accepts(briefContentSchema, { _draft: { anything: [1, null] }, "x-meta": "v" })).toBe(true);
  });

  it("rejects wrong types in known sections", () => {
    expect(accepts(briefContentSchema, { goal: 1 })).toBe(false);
    expect(accepts(briefContentSchema, { requirements: "one" })).toBe(false);
    expect(accepts(briefContentSchema, { goal: null })).toBe(false);
  });
});

describe("small schemas", () => {
  it("bounds the title to 1..500 characters", () => {
    expect(accepts(titleSchema, "t")).toBe(true);
    expect(accepts(titleSchema, text(500))).toBe(true);
    expect(accepts(titleSchema, text(501))).toBe(false);
    expect(accepts(titleSchema, "")).toBe(false);
  });

  it("lists 7 states, 11 collections, 5 appendable (proposals come only from brief_propose)", () => {
    expect(briefStateSchema.options).toHaveLength(7);
    expect(collectionKeySchema.options).toHaveLength(11);
    expect(appendableCollectionSchema.options).toEqual(["findings", "comments", "artifacts", "workOrders", "shares"]);
    expect(appendableCollectionSchema.options.every((key) => collectionKeySchema.options.includes(key))).toBe(true);
  });
});

describe("JSON Schema export (for MCP tool schemas)", () => {
  it("converts every schema", () => {
    for (const schema of [
      briefContentSchema,
      briefContentReadSchema,
      titleSchema,
      briefStateSchema,
      collectionKeySchema,
      appendableCollectionSchema,
    ]) {
      expect(() => z.toJSONSchema(schema)).not.toThrow();
    }
  });

  it("publishes the bounds and the manualEvidence rule", () => {
    const json = z.toJSONSchema(briefContentSchema) as {
      additionalProperties: unknown;
      properties: Record<string, { maxLength?: number; items?: Record<string, unknown> }>;
    };
    expect(json.additionalProperties).toEqual({});
    expect(json.properties.goal.maxLength).toBe(4000);
    expect(json.properties.acceptanceCriteria.items).toMatchObject({
      additionalProperties: false,
      then: { required: ["manualEvidence"] },
    });
    expect(json.properties.generatedTickets.items).toMatchObject({
      required: ["id", "title", "description", "boundCriteria", "boundRequirements"],
    });
  });
});
