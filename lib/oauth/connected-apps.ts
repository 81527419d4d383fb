import { getPrisma } from "@/lib/db/client";
import type { Actor } from "@/lib/auth/actor";
import { accessDenied } from "@/lib/errors";
import { revokeGrantTokens } from "./issue-token-pair";
import { verifiedHost } from "./resolve-client";

export type ConnectedAppView = {
  grantId: string;
  clientName: string;
  /** The domain a metadata document was fetched from; null for self-registered (unverified) clients. */
  verifiedHost: string | null;
  scopes: string[];
  grantedAt: string;
  lastUsedAt: string | null;
};

function requireWebActor(actor: Actor): void {
  // Connected apps are managed by the person, never by a token acting for them.
  if (actor.door !== "web") throw accessDenied();
}

/** The applications the person has let act for them, most recently granted first. */
export async function listConnectedApps(actor: Actor): Promise<ConnectedAppView[]> {
  requireWebActor(actor);
  const prisma = await getPrisma();
  const grants = await prisma.oAuthGrant.findMany({
    where: { userId: actor.userId, revokedAt: null },
    include: { client: true },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
  });
  return grants.map((g) => ({
    grantId: g.id,
    clientName: g.client.name,
    verifiedHost: verifiedHost(g.client),
    scopes: g.scopes,
    grantedAt: g.createdAt.toISOString(),
    lastUsedAt: g.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Disconnects an app: its grant and every token issued under it stop working at once. */
export async function revokeConnectedApp(actor: Actor, grantId: string, now = new Date()): Promise<void> {
  requireWebActor(actor);
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const grant = await tx.oAuthGrant.findFirst({ where: { id: grantId, userId: actor.userId } });
    if (!grant) throw accessDenied();
    if (!grant.revokedAt) await revokeGrantTokens(tx, grant.id, now);
  });
}
