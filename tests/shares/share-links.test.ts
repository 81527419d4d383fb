import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { createShare, listShares, revokeShare } from "@/lib/shares/manage-shares";
import { openShare } from "@/lib/shares/open-share";
import { newUser, viaToken, projectWithPeople } from "../support/fixtures";
import { newBrief, readyContent, toggle, traverse, update } from "../support/briefs";

describe(`share links on ${process.env.BRIEFS_TEST_DB}`, () => {
  let owner: Actor;
  let editor: Actor;
  let reviewer: Actor;
  let projectId: string;
  beforeAll(async () => {
    ({ projectId, owner, editor, reviewer } = await projectWithPeople({ owner: "owner", editor: "editor", reviewer: "reviewer" }, "Shared"));
  });

  it("shows the brief as it is now, without the names in it, to anyone holding the link", async () => {
    const brief = await newBrief(owner, projectId, readyContent({ goal: "First goal", _draft: { note: "agent's scratch" } }), "Shareable");
    await toggle(editor, { briefId: brief.id, index: 0, expectedText: "CSV opens in a spreadsheet", checked: true });
    const { token, share } = await createShare(editor, { briefId: brief.id });
    expect(token).toMatch(/^brs_[A-Za-z0-9_-]{43}$/);
    expect(share).toMatchObject({ versionNum: null, state: "active", createdBy: editor.label, lastOpenedAt: null });

    const shown = await openShare(token);
    expect(shown).toMatchObject({ title: "Shareable", state: "drafting", versionNum: 2, fixed: false });
    expect(shown!.content.goal).toBe("First goal");
    expect(shown!.content.testingQaChecklist).toEqual([
      { text: "CSV opens in a spreadsheet", checked: true },
      { text: "PDF renders", checked: false },
    ]);
    expect(JSON.stringify(shown)).not.toContain(editor.email);
    expect(JSON.stringify(shown)).not.toContain("scratch");

    await update(owner, { briefId: brief.id, content: readyContent({ goal: "Second goal" }) });
    expect((await openShare(token))!.content.goal).toBe("Second goal");
    // Opening it is noted; the token itself is kept only as a hash.
    const [listed] = await listShares(owner, brief.id);
    expect(listed.lastOpenedAt).not.toBeNull();
    const prisma = await getPrisma();
    const rows = await prisma.share.findMany({ where: { briefId: brief.id } });
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    // The share is an item of the brief's shares collection, without its token.
    const { items } = await traverse(owner, brief.id, "shares");
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: share.id });
    expect(JSON.stringify(items)).not.toContain(token.slice(4));
  });

  it("keeps showing a fixed version after the brief moved on", async () => {
    const brief = await newBrief(owner, projectId, readyContent({ goal: "Version one" }), "Fixed");
    await update(owner, { briefId: brief.id, content: readyContent({ goal: "Version two" }) });
    const { token } = await createShare(owner, { briefId: brief.id, versionNum: 1 });
    await update(owner, { briefId: brief.id, content: readyContent({ goal: "Version three" }) });
    expect(await openShare(token)).toMatchObject({ versionNum: 1, fixed: true, content: { goal: "Version one" } });
  });

  it("ends at its expiry or when revoked, on the very next request", async () => {
    const brief = await newBrief(owner, projectId, readyContent(), "Ending");
    const now = new Date();
    const { token: expiring } = await createShare(owner, { briefId: brief.id, expiresAt: new Date(now.getTime() + 3_600_000) }, now);
    expect(await openShare(expiring, new Date(now.getTime() + 3_599_000))).not.toBeNull();
    expect(await openShare(expiring, new Date(now.getTime() + 3_600_000))).toBeNull();

    const { token, share } = await createShare(owner, { briefId: brief.id });
    expect(await openShare(token)).not.toBeNull();
    expect((await revokeShare(editor, share.id)).share.state).toBe("revoked");
    expect(await openShare(token)).toBeNull();
    const states = (await listShares(owner, brief.id)).map((s) => [s.id === share.id ? "revoked one" : "expiring one", s.state]);
    expect(states).toEqual(expect.arrayContaining([["revoked one", "revoked"]]));
    expect(await openShare("brs_" + "A".repeat(43))).toBeNull();
    expect(await openShare("not a token")).toBeNull();
  });

  it("is made and revoked by owners and editors in the browser only, and bad input writes nothing", async () => {
    const brief = await newBrief(owner, projectId, readyContent(), "Guarded");
    await expect(createShare(reviewer, { briefId: brief.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(createShare(viaToken(owner), { briefId: brief.id })).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(listShares(await newUser("Otto"), brief.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    await expect(createShare(owner, { briefId: brief.id, versionNum: 9 })).rejects.toMatchObject({ code: "VALIDATION_ERROR", details: { issues: [{ path: "versionNum" }] } });
    await expect(createShare(owner, { briefId: brief.id, expiresAt: new Date(Date.now() - 1000) })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    const { share } = await createShare(owner, { briefId: brief.id });
    await expect(revokeShare(reviewer, share.id)).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect((await listShares(owner, brief.id)).map((s) => s.state)).toEqual(["active"]);
  });
});
