import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { appendCollectionItem } from "@/lib/briefs/append-collection-item";
import { uniqueKey, viaToken, ownerAndEditor } from "../support/fixtures";
import { append, expectRefusedWithoutChange, newBrief, readBrief, readyContent, RFC3339_UTC, traverse } from "../support/briefs";

const MAX_ITEM_BYTES = 16_384;

/** An item whose JSON is exactly `bytes` bytes of UTF-8. */
function itemOf(bytes: number): Record<string, unknown> {
  const frame = Buffer.byteLength(JSON.stringify({ note: "" }), "utf8");
  const item = { note: "ü".repeat(Math.floor((bytes - frame) / 2)) };
  item.note += "x".repeat(bytes - Buffer.byteLength(JSON.stringify(item), "utf8"));
  expect(Buffer.byteLength(JSON.stringify(item), "utf8")).toBe(bytes);
  return item;
}

describe(`brief_collection_append on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ alice, bob, projectId } = await ownerAndEditor());
  });

  it.each(["findings", "artifacts", "workOrders", "shares"] as const)(
    "%s keep every key sent, plus id, createdAt and createdBy",
    async (collection) => {
      const brief = await newBrief(alice, projectId, readyContent());
      const item = { title: "Slow export", severity: 2, tags: ["perf"], nested: { a: [1, null, { b: true }] }, "odd key": "" };

      const { result, replayed } = await append(viaToken(bob, undefined, "scanner"), { briefId: brief.id, collection, item });

      expect(replayed).toBe(false);
      const expected = { ...item, id: expect.any(String), createdAt: expect.stringMatching(RFC3339_UTC), createdBy: `${bob.email} via scanner` };
      expect(result).toEqual({ collection, item: expected });
      const full = await readBrief(alice, brief.id);
      expect(full.collections[collection].items).toEqual([result.item]);
      // Appending is not a content change.
      expect(full.brief).toMatchObject({ versionNum: 1, currentVersionHash: brief.currentVersionHash });
    },
  );

  it("comments need a body and are signed by their author, whatever the caller claims", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    for (const item of [{}, { body: "" }, { body: "   " }, { body: 42 }, { text: "no body" }, { body: "b".repeat(10_001) }]) {
      await expectRefusedWithoutChange(alice, brief.id, () => append(bob, { briefId: brief.id, collection: "comments", item }), {
        code: "VALIDATION_ERROR",
        details: { issues: [expect.objectContaining({ path: "item.body" })] },
      });
    }
    const { result } = await append(bob, { briefId: brief.id, collection: "comments", item: { body: "Ship it", author: "Mallory", createdBy: "Mallory", replyTo: null } });
    expect(result.item).toEqual({ body: "Ship it", author: "Bob", createdBy: "Bob", replyTo: null, id: expect.any(String), createdAt: expect.stringMatching(RFC3339_UTC) });
    await append(alice, { briefId: brief.id, collection: "comments", item: { body: "b".repeat(10_000) } });
    expect((await traverse(bob, brief.id, "comments")).items.map((c) => c.author)).toEqual(["Alice", "Bob"]);
  });

  it("takes items up to 16 KiB of JSON", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    const { result } = await append(bob, { briefId: brief.id, collection: "artifacts", item: itemOf(MAX_ITEM_BYTES) });
    expect(result.item.note).toBe(itemOf(MAX_ITEM_BYTES).note);
    await expectRefusedWithoutChange(alice, brief.id, () => append(bob, { briefId: brief.id, collection: "artifacts", item: itemOf(MAX_ITEM_BYTES + 1) }), {
      code: "VALIDATION_ERROR",
      details: { issues: [expect.objectContaining({ path: "item" })] },
    });
  });

  it("refuses the collections the system writes, and items that are not objects or not clean text", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    for (const collection of ["versions", "approvals", "reviewSessions", "decisionHistory", "proposals", "nonsense"]) {
      await expectRefusedWithoutChange(
        alice,
        brief.id,
        () => appendCollectionItem(bob, { briefId: brief.id, collection: collection as never, item: { note: "x" }, idempotencyKey: uniqueKey() }),
        { code: "VALIDATION_ERROR", details: { issues: [expect.objectContaining({ path: "collection" })] } },
      );
    }
    for (const item of [[1, 2], "text", null, { note: "a\u0000" }, { note: "\uD800" }]) {
      await expectRefusedWithoutChange(
        alice,
        brief.id,
        () => appendCollectionItem(bob, { briefId: brief.id, collection: "findings", item: item as never, idempotencyKey: uniqueKey() }),
        { code: "VALIDATION_ERROR" },
      );
    }
  });

  it("lists appended items newest first", async () => {
    const brief = await newBrief(alice, projectId, readyContent());
    for (let i = 0; i < 4; i++) await append(i % 2 ? bob : alice, { briefId: brief.id, collection: "findings", item: { n: i } });
    const items = (await traverse(alice, brief.id, "findings", 3)).items;
    expect(items.map((p) => [p.n, p.createdBy])).toEqual([[3, "Bob"], [2, "Alice"], [1, "Bob"], [0, "Alice"]]);
  });
});
