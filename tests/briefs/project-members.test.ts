import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { listProjects } from "@/lib/projects/list-projects";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { addMember, newUser, uniqueKey, projectWithPeople } from "../support/fixtures";

function setMember(actor: Actor, projectId: string, email: string, role: "owner" | "editor" | "viewer" | null) {
  return setProjectMember(actor, { projectId, email, role, idempotencyKey: uniqueKey() });
}

async function roles(projectId: string) {
  const prisma = await getPrisma();
  const rows = await prisma.membership.findMany({ where: { projectId }, include: { user: true } });
  return Object.fromEntries(rows.map((m) => [m.user.email, m.role]));
}

describe(`project_member_set on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("lets an owner add, re-role and remove members by email", async () => {
    const { projectId, owner, dana } = await projectWithPeople({ owner: "owner", dana: "outsider" });

    const added = await setMember(owner, projectId, `  ${dana.email.toUpperCase()} `, "editor");
    expect(added.result).toEqual({ member: { email: dana.email, role: "editor", status: "active" } });
    expect((await listProjects(dana)).items).toEqual([expect.objectContaining({ id: projectId, role: "editor" })]);

    expect((await setMember(owner, projectId, dana.email, "viewer")).result.member.role).toBe("viewer");
    expect(await roles(projectId)).toEqual({ [owner.email]: "owner", [dana.email]: "viewer" });

    expect((await setMember(owner, projectId, dana.email, null)).result).toEqual({ member: { email: dana.email, role: null, status: null } });
    expect(await roles(projectId)).toEqual({ [owner.email]: "owner" });
    expect((await listProjects(dana)).items).toEqual([]);
  });

  it("is for owners only: editors, viewers and strangers are denied alike", async () => {
    const { projectId, owner, editor, viewer, stranger, target } = await projectWithPeople({ owner: "owner", editor: "editor", viewer: "viewer", stranger: "outsider", target: "outsider" });

    const denials = [];
    for (const actor of [editor, viewer, stranger]) {
      denials.push(await setMember(actor, projectId, target.email, "owner").catch((e) => ({ code: e.code, message: e.message })));
      // Nobody may promote themselves either.
      await expect(setMember(actor, projectId, actor.email, "owner")).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    }
    expect(denials[0]).toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(new Set(denials.map((d) => JSON.stringify(d))).size).toBe(1);
    await expect(setMember(owner, "0190a6f2-0000-7000-8000-000000000000", target.email, "owner")).rejects.toMatchObject(denials[0]);
    expect(await roles(projectId)).toEqual({ [owner.email]: "owner", [editor.email]: "editor", [viewer.email]: "viewer" });
  });

  it("refuses what is not an email address, and lets only owners invite", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    await expect(setMember(owner, projectId, "not-an-email", "editor")).rejects.toMatchObject({
      code: "VALIDATION_ERROR",
      details: { issues: [{ path: "email", message: "Enter a valid email address." }] },
    });
    const editor = await newUser("Editor");
    await addMember(projectId, editor, "editor");
    await expect(setMember(editor, projectId, "nobody.here@example.test", "editor")).rejects.toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(await roles(projectId)).toEqual({ [owner.email]: "owner", [editor.email]: "editor" });
    const prisma = await getPrisma();
    expect(await prisma.projectInvitation.count({ where: { projectId } })).toBe(0);
  });

  it("always keeps an owner", async () => {
    const { projectId, owner, second } = await projectWithPeople({ owner: "owner", second: "outsider" });

    for (const role of ["editor", "viewer", null] as const) {
      await expect(setMember(owner, projectId, owner.email, role)).rejects.toMatchObject({
        code: "VALIDATION_ERROR",
        details: { issues: [{ path: "role" }] },
      });
    }
    await setMember(owner, projectId, second.email, "owner");
    await setMember(owner, projectId, owner.email, null);
    expect(await roles(projectId)).toEqual({ [second.email]: "owner" });
    await expect(setMember(second, projectId, second.email, "viewer")).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("two owners demoting each other at the same time leave one owner", async () => {
    const { projectId, a, b } = await projectWithPeople({ a: "owner", b: "outsider" });
    await setMember(a, projectId, b.email, "owner");

    const settled = await Promise.allSettled([setMember(a, projectId, b.email, "editor"), setMember(b, projectId, a.email, "editor")]);

    const fulfilled = settled.filter((s) => s.status === "fulfilled");
    expect(fulfilled).toHaveLength(1);
    const rejected = settled.find((s): s is PromiseRejectedResult => s.status === "rejected")!;
    // Whoever came second was no longer an owner.
    expect(rejected.reason).toMatchObject({ code: "PROJECT_ACCESS_DENIED" });
    expect(Object.values(await roles(projectId)).sort()).toEqual(["editor", "owner"]);
  });
});
