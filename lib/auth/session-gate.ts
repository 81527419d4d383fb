import { redirect } from "next/navigation";
import { auth } from "./next-auth";
import { actorLabel, type Actor } from "./actor";
import { allScopes } from "./scopes";
import { getPrisma } from "@/lib/db/client";
import { noteActingUser } from "@/lib/observe/request-context";

/**
 * The web door's gate: the signed-in person as an Actor. A person holds every scope;
 * what they may do is decided by their project roles.
 */
export async function getWebActor(): Promise<Actor | null> {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const prisma = await getPrisma();
  const user = await prisma.user.findUnique({ where: { id: userId } });
  if (!user) return null;
  noteActingUser(user.id);
  return { userId: user.id, email: user.email, label: actorLabel(user), door: "web", scopes: allScopes };
}

export async function requireWebActor(returnTo?: string): Promise<Actor> {
  const actor = await getWebActor();
  if (!actor) redirect(returnTo ? `/signin?callbackUrl=${encodeURIComponent(returnTo)}` : "/signin");
  return actor;
}

/** The server-side session of this request's cookie (lib/sessions), if signed in. */
export async function currentSessionId(): Promise<string | undefined> {
  return (await auth())?.sessionId;
}
