import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js";
import { errorCodes } from "@/lib/errors";
import { bearer, callOk, callTool, connectV1, jsonRpcOf, mcpServer, newKey, postMcp } from "../support/mcp-clients";

/**
 * Malformed arguments at five tools, through the official client: every answer is a structured
 * tool result (never a transport failure or an INTERNAL_ERROR), and a refused call changes nothing.
 * Then malformed bytes: bodies that are not valid UTF-8 are refused, never stored.
 */
const RUNS = 150;

type Tool = "brief_create" | "brief_checklist_update" | "brief_collection_list" | "brief_version_get" | "brief_collection_append";
type Args = Record<string, unknown>;
const TOOLS: Tool[] = ["brief_create", "brief_checklist_update", "brief_collection_list", "brief_version_get", "brief_collection_append"];

const knownKeys: Record<Tool, string[]> = {
  brief_create: ["projectId", "title", "content", "idempotencyKey"],
  brief_checklist_update: ["briefId", "index", "expectedText", "checked", "ifVersionNum", "idempotencyKey"],
  brief_collection_list: ["briefId", "collection", "cursor", "limit"],
  brief_version_get: ["briefId", "versionNum"],
  brief_collection_append: ["briefId", "collection", "item", "idempotencyKey"],
};

// ---- generators of bad values -------------------------------------------------------------------
// Integers JavaScript holds exactly but the database's integer columns do not.
const hugeInteger = fc.oneof(
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.constantFrom(2_147_483_648, -2_147_483_649, 2 ** 53, 1e21),
);
const junk = fc.oneof(
  fc.integer(),
  hugeInteger,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 20 }),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 2 }), { maxKeys: 4 }),
);
// Deeper than the bound on nesting; what the SDK client itself can still serialize. Deeper still,
// up to what a hand-written body holds, is tried over raw HTTP below.
const deepJunk = fc
  .tuple(fc.integer({ min: 20, max: 2_000 }), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = "bottom";
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { nested: value };
    return value;
  });
const loneSurrogate = fc.constantFrom("\uD800", "\uDBFF", "\uDC00", "\uDFFF");
const poisonedString = fc
  .tuple(fc.string({ maxLength: 10 }), fc.oneof(loneSurrogate, fc.constant("\u0000")), fc.string({ maxLength: 10 }))
  .map(([a, bad, b]) => `${a}${bad}${b}`);
// Past every string bound of these tools, yet well within the 1 MiB body limit even three times over.
const hugeString = fc.integer({ min: 262_145, max: 300_000 }).map((n) => "x".repeat(n));
const badContent = fc.oneof(
  junk,
  deepJunk,
  fc.record({ goal: fc.oneof(poisonedString, hugeString, junk) }),
  fc.record({ requirements: fc.oneof(junk, fc.array(fc.oneof(poisonedString, fc.constant("")), { minLength: 1, maxLength: 3 })) }),
  fc.record({ testingQaChecklist: fc.array(fc.record({ text: fc.oneof(junk, poisonedString), checked: junk }), { maxLength: 3 }) }),
  poisonedString.map((key) => ({ [key]: "value under a bad key" })),
);

type Mutation = (args: Args, tool: Tool) => Args;

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // a known argument with a value of the wrong type or shape
  fc.tuple(fc.nat(), fc.oneof(junk, deepJunk)).map(([i, value]): Mutation => (args, tool) => {
    const keys = knownKeys[tool];
    return { ...args, [keys[i % keys.length]]: value };
  }),
  // an argument the tool does not have
  fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), junk).map(([key, value]): Mutation => (args, tool) =>
    knownKeys[tool].includes(key) || key === "__proto__" ? { ...args, [`x-${key}`]: value } : { ...args, [key]: value },
  ),
  // a huge, NUL-carrying or lone-surrogate string in a string argument
  fc.tuple(fc.nat(), fc.oneof(hugeString, poisonedString)).map(([i, value]): Mutation => (args) => {
    const keys = Object.keys(args).filter((key) => typeof args[key] === "string");
    return keys.length ? { ...args, [keys[i % keys.length]]: value } : args;
  }),
  // a missing argument
  fc.nat().map((i): Mutation => (args) => {
    const keys = Object.keys(args);
    const rest = { ...args };
    delete rest[keys[i % keys.length]];
    return rest;
  }),
  // junk inside the content document
  badContent.map((content): Mutation => (args, tool) => (tool === "brief_create" ? { ...args, content } : args)),
  // a position or version number the database cannot hold
  fc.tuple(hugeInteger, fc.boolean()).map(([value, second]): Mutation => (args, tool) => {
    if (tool === "brief_version_get") return { ...args, versionNum: value };
    if (tool === "brief_checklist_update") return { ...args, [second ? "ifVersionNum" : "index"]: value };
    return args;
  }),
  // junk, deep or poisoned, inside an appended item
  fc.oneof(deepJunk, poisonedString, junk).map((value): Mutation => (args, tool) =>
    tool === "brief_collection_append" ? { ...args, item: { note: value } } : args,
  ),
);

// ---- the observable state of the test project --------------------------------------------------
async function observe(client: ClientV1, projectId: string, briefId: string): Promise<string> {
  const full = await callOk(client, "brief_get_full", { briefId });
  const { items } = await callOk(client, "brief_list", { projectId, limit: 200 });
  const { title, state, versionNum, currentVersionHash, content } = full.brief;
  const counts = Object.fromEntries(
    Object.entries(full.collections as Record<string, { items: unknown[] }>).map(([key, page]) => [key, page.items.length]),
  );
  const briefs = items.map((b: Args) => [b.id, b.versionNum, b.currentVersionHash, b.updatedAt]);
  return JSON.stringify({ title, state, versionNum, currentVersionHash, content, counts, briefs });
}

describe(`malformed arguments on ${process.env.BRIEFS_TEST_DB}`, () => {
  let agent: ClientV1;
  let projectId: string;
  let briefId: string;

  beforeAll(async () => {
    agent = await connectV1(mcpServer().tokens.readWrite);
    ({
      project: { id: projectId },
    } = await callOk(agent, "project_create", { name: "Fuzz", idempotencyKey: newKey() }));
    ({
      brief: { id: briefId },
    } = await callOk(agent, "brief_create", {
      projectId,
      title: "Fuzz target",
      content: {
        requirements: ["Stay intact."],
        testingQaChecklist: [
          { text: "Row one", checked: false },
          { text: "Row two", checked: true },
        ],
      },
      idempotencyKey: newKey(),
    }));
  });
  afterAll(async () => {
    await agent?.close();
  });

  it(`answer with a structured result and change nothing when refused (${RUNS} runs)`, async () => {
    let before = await observe(agent, projectId, briefId);
    let refused = 0;
    const toolsBefore = (await agent.listTools()).tools.length;

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Tool>(...TOOLS),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        fc.uuid(),
        async (tool, mutations, idempotencyKey) => {
          const versionNum = JSON.parse(before).versionNum as number;
          const valid: Record<Tool, Args> = {
            brief_create: { projectId, title: "Fuzzed", content: { goal: "g" }, idempotencyKey },
            // Setting a row to the value it has: even if every mutation misses, nothing changes.
            brief_checklist_update: { briefId, index: 0, expectedText: "Row one", checked: false, ifVersionNum: versionNum, idempotencyKey },
            brief_collection_list: { briefId, collection: "versions", limit: 5 },
            brief_version_get: { briefId, versionNum: 1 },
            brief_collection_append: { briefId, collection: "findings", item: { note: "fuzz" }, idempotencyKey },
          };
          const args = mutations.reduce((current, mutate) => mutate(current, tool), valid[tool]);

          const answer = await callTool(agent, tool, args);
          if (answer.isError) {
            refused++;
            const { error } = answer.structuredContent as { error: { code: string; message: string } };
            expect(errorCodes).toContain(error.code);
            expect(error.code, error.message).not.toBe("INTERNAL_ERROR");
            expect(await observe(agent, projectId, briefId)).toBe(before);
          } else {
            // Accepted (a mutation happened to leave the call valid): the client has checked the result
            // against the tool's outputSchema; the next comparisons start from the new state.
            before = await observe(agent, projectId, briefId);
          }
        },
      ),
      { numRuns: RUNS },
    );

    expect(refused).toBeGreaterThan(RUNS / 2);
    // The server still answers, and the fuzzed brief is as the last accepted call left it: a mutation
    // may leave a call valid (say, `checked: true`), and then it rightly changes the row.
    expect(await agent.ping()).toEqual({});
    expect((await agent.listTools()).tools.length).toBe(toolsBefore);
    expect(await observe(agent, projectId, briefId)).toBe(before);
  });

  it(`refuse bodies that are not valid UTF-8 and store nothing from them (${RUNS} runs)`, async () => {
    const { tokens } = mcpServer();
    const before = await observe(agent, projectId, briefId);
    const MARK = "__BYTES__";
    let refused = 0;

    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 12 }), fc.uuid(), async (bytes, idempotencyKey) => {
        const template = JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "brief_collection_append", arguments: { briefId, collection: "findings", item: { note: MARK }, idempotencyKey } },
        });
        const [head, tail] = template.split(MARK);
        // Raw bytes inside a JSON string; quotes, backslashes and control bytes would only make it bad JSON.
        const inside = Buffer.from(bytes.filter((b) => b >= 0x20 && b !== 0x22 && b !== 0x5c));
        const body = Buffer.concat([Buffer.from(head), inside, Buffer.from(tail)]);
        let validUtf8 = true;
        try {
          new TextDecoder("utf-8", { fatal: true }).decode(body);
        } catch {
          validUtf8 = false;
        }
        const response = await fetch(mcpServer().url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...bearer(tokens.readWrite) },
          body,
        });
        if (validUtf8) {
          expect(response.status).toBe(200);
          await response.arrayBuffer();
          return;
        }
        refused++;
        expect(response.status).toBe(400);
        const message = await response.json();
        expect(message.error).toMatchObject({ code: -32700, message: expect.stringContaining("UTF-8") });
      }),
      { numRuns: RUNS },
    );

    expect(refused).toBeGreaterThan(0);
    // Nothing stored under a replacement character; the valid calls appended their findings only.
    const after = await callOk(agent, "brief_get_full", { briefId });
    for (const item of after.collections.findings.items as Array<{ note?: unknown }>) {
      expect(String(item.note)).not.toContain("\uFFFD");
    }
    expect(JSON.parse(await observe(agent, projectId, briefId)).versionNum).toBe(JSON.parse(before).versionNum);
  });

  it("refuse an appended item nested thousands of levels deep (a few KB of JSON) as a validation error", async () => {
    for (const depth of [65, 7_000, 50_000]) {
      for (const [open, close] of [["[", "]"], ['{"a":', "}"]]) {
        const item = `{"note":${open.repeat(depth)}1${close.repeat(depth)}}`;
        const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"brief_collection_append","arguments":{"briefId":${JSON.stringify(briefId)},"collection":"findings","item":${item},"idempotencyKey":"deep-${depth}-${open === "[" ? "array" : "object"}"}}}`;
        const response = await postMcp(body, bearer(mcpServer().tokens.readWrite));
        expect(response.status, `${depth} ${open}`).toBe(200);
        const { result } = await jsonRpcOf(response);
        expect(result.isError, `${depth} ${open}`).toBe(true);
        expect(result.structuredContent.error.code).toBe("VALIDATION_ERROR");
      }
    }
    const full = await callOk(agent, "brief_get_full", { briefId });
    // Other tests append findings of their own to this brief: what must hold is that none is that deep.
    const depthOf = (value: unknown): number =>
      typeof value === "object" && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
    expect(Math.max(...full.collections.findings.items.map(depthOf))).toBeLessThan(65);
  });

  it("refuse a body of invalid UTF-8 at the HTTP level with a clear message", async () => {
    // {"jsonrpc":"\xC3(" — an overlong start byte followed by an ASCII character.
    const raw = await fetch(mcpServer().url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...bearer(mcpServer().tokens.readWrite) },
      body: Buffer.from([0x7b, 0x22, 0x6a, 0x73, 0x6f, 0x6e, 0x72, 0x70, 0x63, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    });
    expect(raw.status).toBe(400);
    expect((await jsonRpcOf(raw)).error.message).toBe("Parse error: the request body is not valid UTF-8.");
  });
});
