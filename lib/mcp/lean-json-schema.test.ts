import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AjvJsonSchemaValidator as ClientV1Validator } from "@modelcontextprotocol/sdk/validation/ajv";
import { AjvJsonSchemaValidator as ClientV2Validator } from "@modelcontextprotocol/client/validators/ajv";
import { briefContentReadSchema } from "@/lib/briefs/schema";
import { toolOutputSchema } from "./output-schemas";
import { publishedSchema } from "./published-schema";
import { resolvedSchema } from "./lean-json-schema";
import { toolCatalog } from "./tool-catalog";

type Json = Record<string, unknown>;

const published = (schema: z.ZodType, role: "input" | "output") =>
  publishedSchema(schema, role)["~standard"].jsonSchema[role]({ target: "draft-2020-12" }) as Json;
const inputOf = (name: string) => published(toolCatalog.find((tool) => tool.name === name)!.inputSchema, "input");
const outputOf = (name: string) => published(toolOutputSchema(toolCatalog.find((tool) => tool.name === name)!), "output");

/** `{anyOf: [X, {type: "null"}]}` as the lean form writes it, for the arguments of these tools. */
function nullMerged(value: Json): Json {
  const [other, nullable] = value.anyOf as Json[];
  const rest = withoutKey(value, "anyOf");
  if (JSON.stringify(nullable) !== '{"type":"null"}') return value;
  if (Array.isArray(other.enum)) return { enum: [...other.enum, null], ...rest };
  const { type, ...keywords } = other;
  return { type: [type, "null"], ...keywords, ...rest };
}

/** zod's own JSON Schema of a tool's arguments, as it was published before the lean form. */
function zodArguments(schema: z.ZodType): Json {
  const json = JSON.parse(
    JSON.stringify(z.toJSONSchema(schema, { target: "draft-2020-12", io: "input" }), (key, value) => {
      if (!value || typeof value !== "object" || Array.isArray(value)) return value;
      // What the lean form drops from arguments: zod's pattern beside format date-time, and keywords that allow anything.
      const lean = {
        ...value,
        ...(value.format === "date-time" && { pattern: undefined }),
        ...(JSON.stringify(value.propertyNames) === '{"type":"string"}' && { propertyNames: undefined }),
        ...(JSON.stringify(value.additionalProperties) === "{}" && { additionalProperties: undefined }),
      };
      return Array.isArray(value.anyOf) && value.anyOf.length === 2 ? nullMerged(lean) : lean;
    }),
  );
  delete json.$schema;
  return json;
}

function findAll(schema: unknown, key: string): unknown[] {
  if (Array.isArray(schema)) return schema.flatMap((item) => findAll(item, key));
  if (schema === null || typeof schema !== "object") return [];
  return Object.entries(schema).flatMap(([name, value]) => [...(name === key ? [value] : []), ...findAll(value, key)]);
}

const withoutKey = (object: Json, key: string) => Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));

const validators = { "v1 client (Ajv, draft-07)": new ClientV1Validator(), "v2 client (Ajv 2020-12)": new ClientV2Validator() };

const record = {
  id: "b1",
  projectId: "p1",
  title: "Saved carts",
  state: "drafting",
  currentVersionHash: `sha256:${"0".repeat(64)}`,
  content: { goal: "Save a cart", testingQaChecklist: [{ text: "Save", checked: false }], checklist: [{ text: "Save", checked: false }] },
  versionNum: 1,
  createdNewVersion: true,
  staledApprovals: 0,
};

describe("the lean tools/list", () => {
  it.each(toolCatalog.map((tool) => tool.name))("%s: the arguments mean exactly what zod's schema says", (name) => {
    const tool = toolCatalog.find((candidate) => candidate.name === name)!;
    expect(resolvedSchema(inputOf(name))).toEqual(zodArguments(tool.inputSchema));
  });

  it("states the brief document's recurring parts once per argument schema", () => {
    const args = inputOf("brief_update");
    expect(Object.keys(args.$defs as Json).sort()).toEqual(["checklistRows", "criteria", "id", "listText", "longText", "textList"]);
    const content = (args.properties as Record<string, Json>).content;
    expect((content.properties as Json).requirements).toEqual({ $ref: "#/$defs/textList" });
    expect(findAll(args, "$ref").every((ref) => typeof ref === "string" && (ref as string).startsWith("#/$defs/"))).toBe(true);
  });

  it("publishes results without $ref, $schema or field descriptions, the brief document by reference", () => {
    for (const tool of toolCatalog) {
      const output = outputOf(tool.name);
      expect(findAll(output, "$ref"), tool.name).toEqual([]);
      expect(findAll(output, "$defs"), tool.name).toEqual([]);
      expect(output.$schema, tool.name).toBeUndefined();
    }
    const brief = ((outputOf("brief_checklist_update").anyOf as Json[])[0].properties as Record<string, Json>).brief;
    expect(brief.required).toEqual([
      "id",
      "projectId",
      "title",
      "state",
      "currentVersionHash",
      "content",
      "versionNum",
      "createdNewVersion",
      "staledApprovals",
    ]);
    // Nine required fields and at most nine: closed to others, as additionalProperties: false says at greater length.
    expect(brief.maxProperties).toBe(9);
    expect((brief.properties as Record<string, Json>).content).toEqual({
      type: "object",
      description: expect.stringContaining("brief_create's content argument"),
    });
  });

  it("recognises the brief document in every result that carries one", () => {
    const documents = toolCatalog.flatMap((tool) =>
      findAll(outputOf(tool.name), "content").filter((schema) => JSON.stringify(schema).includes("brief_create's content")),
    );
    // brief_get_full, the five writes returning {brief} (create, update, checklist, transition, approve),
    // brief_proposal_decide, brief_version_get
    expect(documents).toHaveLength(8);
    expect(JSON.stringify(toolCatalog.map((tool) => outputOf(tool.name)))).not.toContain("testingQaChecklist");
    expect(briefContentReadSchema.safeParse(record.content).success).toBe(true);
  });

  describe.each(Object.entries(validators))("checked by the %s", (_client, validator) => {
    it("accepts a brief result and the error envelope, and refuses a record that is not nine fields", () => {
      const check = validator.getValidator(outputOf("brief_checklist_update"));
      expect(check({ brief: record }).valid).toBe(true);
      expect(check({ error: { code: "BRIEF_VERSION_CONFLICT", message: "Stale", details: { currentVersionNum: 2 } } }).valid).toBe(true);
      expect(check({ error: { code: "NOT_A_CODE", message: "x" } }).valid).toBe(false);
      // Each tool lists the codes it can answer: a read has no key to reuse and no version to conflict with.
      const read = validator.getValidator(outputOf("brief_get_full"));
      expect(read({ error: { code: "PROJECT_ACCESS_DENIED", message: "x" } }).valid).toBe(true);
      expect(read({ error: { code: "IDEMPOTENCY_KEY_REUSED", message: "x" } }).valid).toBe(false);
      expect(read({ error: { code: "BRIEF_VERSION_CONFLICT", message: "x" } }).valid).toBe(false);
      expect(check({ brief: withoutKey(record, "staledApprovals") }).valid).toBe(false);
      expect(check({ brief: { ...record, extra: 1 } }).valid).toBe(false);
      expect(check({ brief: { ...record, state: "archived" } }).valid).toBe(false);
      expect(check({ brief: { ...record, content: "not a document" } }).valid).toBe(false);
    });

    it("requires every one of the eleven collections in brief_get_full, and no other", () => {
      const check = validator.getValidator(outputOf("brief_get_full"));
      const page = { items: [{ id: "i1", createdAt: "2026-01-01T00:00:00Z", anything: true }], nextCursor: null };
      const keys = ["versions", "decisionHistory", "findings", "proposals", "approvals", "comments", "artifacts", "workOrders", "reviewSessions", "shares", "qualitySuppressions"];
      const collections = Object.fromEntries(keys.map((key) => [key, page]));
      const lifecycle = { updatedAt: "2026-01-01T00:00:00Z", transitions: [], stateReason: null, successorBriefId: null, yourRole: "owner", yourLiveApproval: null };
      expect(check({ brief: record, openProposals: 0, lifecycle, collections }).valid).toBe(true);
      expect(check({ brief: record, lifecycle, collections }).valid).toBe(false);
      expect(check({ brief: record, openProposals: 0, lifecycle, collections: withoutKey(collections, "shares") }).valid).toBe(false);
      expect(check({ brief: record, openProposals: 0, lifecycle, collections: { ...collections, other: page } }).valid).toBe(false);
    });

    it("keeps every bound of the content argument through its references", () => {
      const check = validator.getValidator(inputOf("brief_update"));
      const args = (content: Json) => ({ briefId: "b1", content, idempotencyKey: "k" });
      expect(check(args({ requirements: ["A"], acceptanceCriteria: [{ id: "AC-1", text: "Works" }] })).valid).toBe(true);
      expect(check(args({ requirements: Array.from({ length: 51 }, () => "A") })).valid).toBe(false);
      expect(check(args({ edgeCases: [""] })).valid).toBe(false);
      expect(check(args({ requiredEvidence: [{ id: "E-1", text: "Log", implementation: false }] })).valid).toBe(false);
      expect(check(args({ acceptanceCriteria: [{ id: "-bad", text: "x" }] })).valid).toBe(false);
      expect(check(args({ checklist: [{ text: "Row", checked: "yes" }] })).valid).toBe(false);
      expect(check(args({ generatedTickets: [{ id: "T-1", title: "T", description: null, boundCriteria: ["bad id"], boundRequirements: [] }] })).valid).toBe(false);
    });

    it("takes null where zod takes it, and still bounds or restricts the value otherwise", () => {
      const ticket = (description: unknown) => ({ id: "T-1", title: "T", description, boundCriteria: [], boundRequirements: [] });
      const update = validator.getValidator(inputOf("brief_update"));
      const withTicket = (description: unknown) => ({ briefId: "b1", content: { generatedTickets: [ticket(description)] }, idempotencyKey: "k" });
      expect(update(withTicket(null)).valid).toBe(true);
      expect(update(withTicket("x".repeat(10_000))).valid).toBe(true);
      expect(update(withTicket("x".repeat(10_001))).valid).toBe(false);
      expect(update(withTicket(7)).valid).toBe(false);
      const member = validator.getValidator(inputOf("project_member_set"));
      const setRole = (role: unknown) => ({ projectId: "p1", email: "a@example.test", role, idempotencyKey: "k" });
      expect(member(setRole(null)).valid).toBe(true);
      expect(member(setRole("editor")).valid).toBe(true);
      expect(member(setRole("admin")).valid).toBe(false);
    });
  });
});
