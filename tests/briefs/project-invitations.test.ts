import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import { getPrisma } from "@/lib/db/client";
import { createProjectForOwner } from "@/lib/projects/create-project-for-owner";
import { listProjectMembers } from "@/lib/projects/list-project-members";
import { listProjects } from "@/lib/projects/list-projects";
import { setProjectMember } from "@/lib/projects/set-project-member";
import { accountForProviderEmail } from "@/lib/users/account-for-provider-email";
import { confirmEmail } from "@/lib/users/confirm-email";
import { signUp } from "@/lib/users/sign-up";
import { accountOf, asActor, newEmail, newProject, newUser, uniqueKey, viaToken, projectWithPeople } from "../support/fixtures";
import { captureMails } from "../support/mail-capture";

let mail: ReturnType<typeof captureMails>;
beforeEach(() => (mail = captureMails()));
afterEach(() => mail.restore());

function setMember(actor: Actor, projectId: string, email: string, role: "owner" | "editor" | "viewer" | null) {
  return setProjectMember(actor, { projectId, email, role, idempotencyKey: uniqueKey() });
}

/** Someone who signed up with this address and has not confirmed it (yet). */
async function unconfirmed(name: string): Promise<{ actor: Actor; email: string; token: string }> {
  const email = newEmail(name);
  await signUp({ email, password: "their password" });
  return { actor: asActor((await accountOf(email))!), email, token: mail.tokenFor(email) };
}

describe(`invitations on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("are what an address without a confirmed account gets; a confirmed account is a member at once", async () => {
    const { projectId, owner, confirmed } = await projectWithPeople({ owner: "owner", confirmed: "outsider" });
    const squatted = await unconfirmed("squatted");
    const nobody = newEmail("nobody");

    expect((await setMember(owner, projectId, confirmed.email, "editor")).result).toEqual({ member: { email: confirmed.email, role: "editor", status: "active" } });
    expect((await setMember(owner, projectId, squatted.email, "editor")).result).toEqual({ member: { email: squatted.email, role: "editor", status: "invited" } });
    expect((await setMember(owner, projectId, nobody, "editor")).result).toEqual({ member: { email: nobody, role: "editor", status: "invited" } });

    // Whoever registered the address first, without proving it, receives nothing.
    expect((await listProjects(squatted.actor)).items).toEqual([]);
    expect((await listProjects(confirmed)).items).toEqual([expect.objectContaining({ id: projectId, role: "editor" })]);
    expect(await listProjectMembers(owner, projectId)).toEqual([
      expect.objectContaining({ email: owner.email, role: "owner", status: "active" }),
      expect.objectContaining({ email: confirmed.email, role: "editor", status: "active" }),
      { email: squatted.email, name: null, role: "editor", status: "invited", since: expect.any(String) },
      { email: nobody, name: null, role: "editor", status: "invited", since: expect.any(String) },
    ]);
    // Any member sees the invitations too.
    expect((await listProjectMembers(confirmed, projectId)).filter((m) => m.status === "invited")).toHaveLength(2);
  });

  it("become a membership with their role when the address is confirmed, and not before", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    const invitee = await unconfirmed("invitee");
    await setMember(owner, projectId, invitee.email, "viewer");
    // Inviting again changes the invitation's role.
    expect((await setMember(owner, projectId, invitee.email, "editor")).result.member).toEqual({ email: invitee.email, role: "editor", status: "invited" });

    await confirmEmail({ token: invitee.token, password: "their password" });
    expect((await listProjects(invitee.actor)).items).toEqual([expect.objectContaining({ id: projectId, role: "editor" })]);
    expect((await listProjectMembers(owner, projectId)).map((m) => [m.email, m.status])).toEqual([
      [owner.email, "active"],
      [invitee.email, "active"],
    ]);
    // From now on the address is a member, and changes go to the membership.
    expect((await setMember(owner, projectId, invitee.email, "viewer")).result.member.status).toBe("active");
  });

  it("are withdrawn with role null, answered like any removal, and then never accepted", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    const invitee = await unconfirmed("withdrawn");
    await setMember(owner, projectId, invitee.email, "editor");

    const removals = [await setMember(owner, projectId, invitee.email, null), await setMember(owner, projectId, newEmail("never-invited"), null)];
    expect(removals.map((r) => ({ ...r.result.member, email: "…" }))).toEqual([
      { email: "…", role: null, status: null },
      { email: "…", role: null, status: null },
    ]);
    expect(await listProjectMembers(owner, projectId)).toHaveLength(1);

    await confirmEmail({ token: invitee.token, password: "their password" });
    expect((await listProjects(invitee.actor)).items).toEqual([]);
  });

  it("answer through an agent's token in the same shape, without a word about accounts", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    const agent = viaToken(owner);
    const squatted = await unconfirmed("agent-squatted");
    const nobody = newEmail("agent-nobody");
    const answers = [await setMember(agent, projectId, squatted.email, "viewer"), await setMember(agent, projectId, nobody, "viewer")];
    expect(answers.map((a) => a.result)).toEqual([
      { member: { email: squatted.email, role: "viewer", status: "invited" } },
      { member: { email: nobody, role: "viewer", status: "invited" } },
    ]);
    // A retry with the same key replays the answer and invites nobody twice.
    const key = uniqueKey();
    const first = await setProjectMember(agent, { projectId, email: nobody, role: "editor", idempotencyKey: key });
    const again = await setProjectMember(agent, { projectId, email: nobody, role: "editor", idempotencyKey: key });
    expect(again).toMatchObject({ replayed: true, result: first.result });
  });

  it("replay a receipt written before members had a status in today's shape", async () => {
    const { projectId, owner, member } = await projectWithPeople({ owner: "owner", member: "outsider" });
    const prisma = await getPrisma();
    for (const role of ["viewer", null] as const) {
      const key = uniqueKey();
      await setProjectMember(owner, { projectId, email: member.email, role, idempotencyKey: key });
      await prisma.idempotencyReceipt.updateMany({ where: { userId: owner.userId, key }, data: { result: { member: { email: member.email, role } } } });
      const replay = await setProjectMember(owner, { projectId, email: member.email, role, idempotencyKey: key });
      expect(replay).toMatchObject({ replayed: true, result: { member: { email: member.email, role, status: role ? "active" : null } } });
    }
  });

  it("made while the address is being confirmed always end as a membership", async () => {
    const owner = await newUser("Owner");
    const projects = [await newProject(owner, "A"), await newProject(owner, "B"), await newProject(owner, "C")];
    const invitee = await unconfirmed("racing");
    await Promise.all([
      confirmEmail({ token: invitee.token, password: "their password" }),
      ...projects.map((projectId) => setMember(owner, projectId, invitee.email, "editor")),
    ]);
    const prisma = await getPrisma();
    expect(await prisma.projectInvitation.count({ where: { email: invitee.email } })).toBe(0);
    expect((await listProjects(invitee.actor)).items.map((p) => p.id).sort()).toEqual([...projects].sort());
  });

  it("for one address accepted twice at the same moment make one membership", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    const email = newEmail("provider");
    await setMember(owner, projectId, email, "viewer");
    // Two first sign-ins through an outside provider at once (two browser tabs).
    const [a, b] = await Promise.all([accountForProviderEmail(email), accountForProviderEmail(email)]);
    expect(a.id).toBe(b.id);
    const prisma = await getPrisma();
    expect(await prisma.membership.count({ where: { projectId, userId: a.id } })).toBe(1);
    expect(await prisma.projectInvitation.count({ where: { email } })).toBe(0);
  });

  it("go with the project when it is deleted", async () => {
    const { projectId, owner } = await projectWithPeople({ owner: "owner" });
    const email = newEmail("orphan");
    await setMember(owner, projectId, email, "viewer");
    const prisma = await getPrisma();
    await prisma.project.delete({ where: { id: projectId } });
    expect(await prisma.projectInvitation.count({ where: { email } })).toBe(0);
  });
});

describe(`the operator's create-project on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("makes a confirmed account the owner, and invites any other address as owner", async () => {
    const confirmed = await newUser("Lead");
    const made = await createProjectForOwner({ name: "  Kick-off ", ownerEmail: confirmed.email });
    expect(made).toEqual({ project: { id: expect.any(String), name: "Kick-off" }, owner: { email: confirmed.email, role: "owner", status: "active" } });
    expect((await listProjects(confirmed)).items).toEqual([expect.objectContaining({ id: made.project.id, role: "owner" })]);

    const email = newEmail("first-owner");
    const invited = await createProjectForOwner({ name: "Start", ownerEmail: email });
    expect(invited.owner).toEqual({ email, role: "owner", status: "invited" });
    const later = await accountForProviderEmail(email);
    expect((await listProjects(asActor(later))).items).toEqual([expect.objectContaining({ id: invited.project.id, role: "owner" })]);
    await expect(createProjectForOwner({ name: " ", ownerEmail: email })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
  });
});
