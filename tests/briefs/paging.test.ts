import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { listBriefs } from "@/lib/briefs/list-briefs";
import { listCollection } from "@/lib/briefs/list-collection";
import { collectionKeys, type CollectionKey } from "@/lib/briefs/schema";
import { getPrisma } from "@/lib/db/client";
import { CURSOR_TTL_MS, encodeCursor } from "@/lib/paging/cursor";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { suppressFinding } from "@/lib/quality/suppress-finding";
import { addMember, newUser, uniqueKey, projectWithPeople } from "../support/fixtures";
import { append, approve, newBrief, propose, readBrief, readyContent, transition, traverse, update } from "../support/briefs";

/** The collection as stored, newest first: what a complete traversal must return. */
async function storedIds(briefId: string, collection: CollectionKey): Promise<string[]> {
  const prisma = await getPrisma();
  const query = { where: { briefId }, orderBy: { seq: "desc" as const }, select: { id: true } };
  const rows =
    collection === "versions"
      ? await prisma.briefVersion.findMany(query)
      : collection === "approvals"
        ? await prisma.approval.findMany(query)
        : await prisma.briefItem.findMany({ ...query, where: { briefId, collection } });
  return rows.map((r) => r.id);
}

const appendable = ["findings", "comments", "artifacts", "workOrders", "shares"] as const;

describe(`paging collections on ${process.env.BRIEFS_TEST_DB}`, () => {
  let alice: Actor;
  let bob: Actor;
  let viewer: Actor;
  let projectId: string;
  let briefId: string;
  let otherBriefId: string;

  // One brief with items in every collection, written the way people write them.
  beforeAll(async () => {
    ({ projectId, alice, bob, viewer } = await projectWithPeople({ alice: "owner", bob: "editor", viewer: "viewer" }));
    const brief = await newBrief(alice, projectId, readyContent({ decisions: [{ text: "CSV first" }] }));
    briefId = brief.id;
    otherBriefId = (await newBrief(alice, projectId, readyContent())).id;
    for (let round = 0; round < 3; round++) {
      await transition(alice, { briefId, to: "in_review" });
      await approve(alice, { briefId });
      await approve(bob, { briefId });
      const requirements = ["Export as CSV", `Round ${round}`];
      const decisions = [{ text: "CSV first" }, { text: `Decision ${round}`, stated: true }];
      await update(bob, { briefId, content: readyContent({ requirements, decisions }) });
      await transition(alice, { briefId, to: "drafting" });
    }
    for (const collection of appendable) {
      const count = collection === "comments" ? 55 : collection === "shares" ? 0 : 3;
      for (let i = 0; i < count; i++) {
        const item = collection === "comments" ? { body: `Comment ${i}` } : { note: `${collection} ${i}` };
        await append(i % 2 ? bob : alice, { briefId, collection, item });
      }
    }
    // Three suppressed quality findings, one per vague word.
    const vague = "The export shall be fast, simple and robust.";
    await update(bob, { briefId, content: readyContent({ requirements: [vague] }) });
    for (const word of ["fast", "simple", "robust"]) {
      const start = vague.indexOf(word);
      await suppressFinding(word === "simple" ? bob : alice, { briefId, section: "requirements", index: 0, ruleId: "vague-term", start, end: start + word.length, itemText: vague, reason: `${word} is defined in the glossary`, idempotencyKey: uniqueKey() });
    }
    const { versionNum } = (await readBrief(alice, briefId)).brief;
    for (let i = 0; i < 3; i++) await propose(i % 2 ? bob : alice, { briefId, baseVersionNum: versionNum, changes: { goal: `Goal ${i}` } });
  });

  it("the fixture has something to page in every collection but shares", async () => {
    for (const key of collectionKeys) {
      const count = (await storedIds(briefId, key)).length;
      if (key === "shares") expect(count).toBe(0);
      else expect(count).toBeGreaterThanOrEqual(3);
    }
  });

  for (const collection of collectionKeys) {
    it(`${collection}: pages of 1, 2 and 200 list every item once, newest first`, async () => {
      const expected = await storedIds(briefId, collection);
      for (const limit of [1, 2, 200]) {
        const { items, pages } = await traverse(viewer, briefId, collection, limit);
        expect(items.map((i) => i.id)).toEqual(expected);
        expect(pages).toBe(Math.max(1, Math.ceil(expected.length / limit)));
        const times = items.map((i) => Date.parse(i.createdAt as string));
        expect(times).toEqual([...times].sort((a, b) => b - a));
      }
    });
  }

  it("brief_get_full shows the first 20 of each collection and a cursor that continues where it stopped", async () => {
    const full = await readBrief(viewer, briefId);
    for (const collection of collectionKeys) {
      const expected = await storedIds(briefId, collection);
      const page = full.collections[collection];
      expect(page.items.map((i) => i.id)).toEqual(expected.slice(0, 20));
      if (expected.length <= 20) {
        expect(page.nextCursor).toBeNull();
        continue;
      }
      const rest = await listCollection(viewer, { briefId, collection, cursor: page.nextCursor!, limit: 200 });
      expect([...page.items, ...rest.items].map((i) => i.id)).toEqual(expected);
    }
  });

  it("defaults to pages of 50", async () => {
    const first = await listCollection(viewer, { briefId, collection: "comments" });
    expect(first.items).toHaveLength(50);
    expect(first.items[0]).toMatchObject({ body: "Comment 54" });
    const second = await listCollection(viewer, { briefId, collection: "comments", cursor: first.nextCursor! });
    expect(second).toEqual({ collection: "comments", items: expect.any(Array), nextCursor: null });
    expect(second.items.map((c) => c.body)).toEqual(["Comment 4", "Comment 3", "Comment 2", "Comment 1", "Comment 0"]);
  });

  it("refuses limits outside 1..200", async () => {
    for (const limit of [0, 201, 1.5]) {
      await expect(listCollection(viewer, { briefId, collection: "comments", limit })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    }
  });

  describe("cursors", () => {
    let cursor: string;
    beforeAll(async () => {
      cursor = (await listCollection(viewer, { briefId, collection: "comments", limit: 2 })).nextCursor!;
    });
    const invalid = (reason?: string) => ({ code: "INVALID_CURSOR", details: { reason: reason ?? expect.any(String) } });

    it("refuse a tampered or malformed cursor", async () => {
      const [body, mac] = cursor.split(".");
      const payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      const forgedBody = Buffer.from(JSON.stringify({ ...payload, k: payload.k + 10 })).toString("base64url");
      const flipped = mac.slice(0, -2) + (mac.at(-2) === "A" ? "B" : "A") + mac.at(-1);
      for (const bad of [`${forgedBody}.${mac}`, `${body}.${flipped}`]) {
        await expect(listCollection(viewer, { briefId, collection: "comments", cursor: bad })).rejects.toMatchObject(invalid("tampered"));
      }
      for (const bad of ["garbage", `${cursor}.extra`, `.${mac}`]) {
        await expect(listCollection(viewer, { briefId, collection: "comments", cursor: bad })).rejects.toMatchObject(invalid());
      }
    });

    it("refuse a cursor of another brief, another collection or another listing", async () => {
      await expect(listCollection(viewer, { briefId: otherBriefId, collection: "comments", cursor })).rejects.toMatchObject(invalid());
      await expect(listCollection(viewer, { briefId, collection: "findings", cursor })).rejects.toMatchObject(invalid());
      const briefsCursor = (await listBriefs(viewer, { projectId, limit: 1 })).nextCursor!;
      await expect(listCollection(viewer, { briefId, collection: "comments", cursor: briefsCursor })).rejects.toMatchObject(invalid());
      await expect(listBriefs(viewer, { projectId, cursor })).rejects.toMatchObject(invalid());
    });

    it("expire", async () => {
      const old = encodeCursor(`brief:${briefId}:comments`, 10, Date.now() - CURSOR_TTL_MS - 60_000);
      await expect(listCollection(viewer, { briefId, collection: "comments", cursor: old })).rejects.toMatchObject(invalid("expired"));
    });

    it("check access before the cursor, on every page", async () => {
      const stranger = await newUser("Stranger");
      await expect(listCollection(stranger, { briefId, collection: "comments", cursor })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
      await expect(listCollection(stranger, { briefId, collection: "comments", cursor: "garbage" })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    });
  });

  it("a member removed in the middle of a traversal cannot read the next page", async () => {
    const leaver = await newUser("Leaver");
    await addMember(projectId, leaver, "viewer");
    const first = await listCollection(leaver, { briefId, collection: "comments", limit: 5 });
    expect(first.items).toHaveLength(5);

    await setProjectMember(alice, { projectId, email: leaver.email, role: null, idempotencyKey: uniqueKey() });

    await expect(listCollection(leaver, { briefId, collection: "comments", cursor: first.nextCursor!, limit: 5 })).rejects.toMatchObject({
      code: "PROJECT_ACCESS_DENIED",
    });
  });

  it("items added during a traversal never repeat or hide the items that existed when it started", async () => {
    const brief = await newBrief(alice, projectId, { goal: "v1" });
    for (let i = 0; i < 7; i++) {
      await append(alice, { briefId: brief.id, collection: "findings", item: { n: i } });
      await update(alice, { briefId: brief.id, content: { goal: `v${i + 2}` } });
    }
    for (const collection of ["findings", "versions"] as const) {
      const atStart = await storedIds(brief.id, collection);
      const seen: string[] = [];
      let cursor: string | undefined;
      let writes = 0;
      do {
        const page = await listCollection(bob, { briefId: brief.id, collection, cursor, limit: 2 });
        seen.push(...page.items.map((i) => i.id as string));
        cursor = page.nextCursor ?? undefined;
        // Someone keeps writing between the pages.
        await append(bob, { briefId: brief.id, collection: "findings", item: { n: `late ${++writes}` } });
        await update(bob, { briefId: brief.id, content: { goal: `late ${writes}` } });
      } while (cursor);
      expect(seen).toEqual(atStart);
      expect((await storedIds(brief.id, collection)).length).toBe(atStart.length + writes);
    }
  });
});
