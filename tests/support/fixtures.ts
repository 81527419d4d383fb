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

/** Where a person of a test stands: a role in the project, or outside it (a member of nothing). */
export type Standing = ProjectRole | "outsider";

/** A person of a test: where they stand, and optionally their display name (else the key, capitalised). */
export type CastMember = Standing | { role: Standing; name: string };

export type ProjectWithPeople<Cast> = { projectId: string } & { [K in keyof Cast]: Actor };

/**
 * A fresh project with these people in these roles, e.g.
 * `projectWithPeople({ owner: "owner", editor: "editor", stranger: "outsider" })`. The first owner
 * creates the project; everyone is a new user, so tests that use it can run side by side.
 */
export async function projectWithPeople<const Cast extends Record<string, CastMember>>(
  cast: Cast,
  projectName = "Project",
): Promise<ProjectWithPeople<Cast>> {
  const entries = Object.entries(cast).map(([key, member]) => {
    const { role, name } = typeof member === "string" ? { role: member, name: undefined } : member;
    return { key, role, name: name ?? key.charAt(0).toUpperCase() + key.slice(1) };
  });
  const founder = entries.find((entry) => entry.role === "owner");
  if (!founder) throw new Error("projectWithPeople needs an owner to create the project");
  const actors = await Promise.all(entries.map((entry) => newUser(entry.name)));
  const people = Object.fromEntries(entries.map((entry, i) => [entry.key, actors[i]]));
  const projectId = await newProject(people[founder.key], projectName);
  for (const { key, role } of entries) {
    if (key !== founder.key && role !== "outsider") await addMember(projectId, people[key], role);
  }
  return { projectId, ...people } as ProjectWithPeople<Cast>;
}

/** The common cast: Alice owns a fresh project, Bob edits it. */
export async function ownerAndEditor(): Promise<{ alice: Actor; bob: Actor; projectId: string }> {
  return projectWithPeople({ alice: "owner", bob: "editor" });
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
