import crypto from "node:crypto";
import { actorLabel, type Actor } from "@/lib/auth/actor";
import { allScopes, type Scope } from "@/lib/auth/scopes";
import { ensureUser } from "@/lib/users/ensure-user";
import { createProject } from "@/lib/projects/create-project";
import { getPrisma } from "@/lib/db/client";
import type { ProjectRole } from "@/lib/generated/prisma/client";

export function uniqueKey(): string {
  return crypto.randomUUID();
}

/** A new person with a unique email; tests never share users, so they can run side by side. */
export async function newUser(name = "Test User"): Promise<Actor> {
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}.${crypto.randomBytes(4).toString("hex")}@example.test`;
  const user = await ensureUser(email, name);
  return { userId: user.id, email: user.email, label: actorLabel(user), door: "web", scopes: allScopes };
}

export function viaToken(actor: Actor, scopes: readonly Scope[] = allScopes, tokenName = "test"): Actor {
  return { ...actor, door: "mcp", scopes, label: actorLabel({ email: actor.email, tokenName }) };
}

export async function newProject(owner: Actor, name = "Project"): Promise<string> {
  const { result } = await createProject(owner, { name, idempotencyKey: uniqueKey() });
  return result.project.id;
}

export async function addMember(projectId: string, member: Actor, role: ProjectRole): Promise<void> {
  const prisma = await getPrisma();
  await prisma.membership.create({ data: { projectId, userId: member.userId, role } });
}

/** The common cast: Alice owns a fresh project, Bob edits it. */
export async function ownerAndEditor(): Promise<{ alice: Actor; bob: Actor; projectId: string }> {
  const [alice, bob] = await Promise.all([newUser("Alice"), newUser("Bob")]);
  const projectId = await newProject(alice);
  await addMember(projectId, bob, "editor");
  return { alice, bob, projectId };
}

/** A unique address nobody has used yet. */
export function newEmail(name = "person"): string {
  return `${name.toLowerCase().replace(/\W+/g, ".")}.${crypto.randomBytes(4).toString("hex")}@example.test`;
}

/** The account of an address as the database holds it (for tests that check what changed). */
export async function accountOf(email: string) {
  const prisma = await getPrisma();
  return prisma.user.findUnique({ where: { email } });
}

export function asActor(user: { id: string; email: string; name: string | null }): Actor {
  return { userId: user.id, email: user.email, label: actorLabel(user), door: "web", scopes: allScopes };
}
