import { getPrisma } from "@/lib/db/client";
import { env } from "@/lib/config/env";
import type { OAuthClient, Prisma } from "@/lib/generated/prisma/client";
import { clientMetadataDocumentSchema, describeIssues } from "./client-metadata-schema";
import { cacheLifetimeMs, ClientMetadataFetchError, fetchClientMetadata } from "./fetch-client-metadata";

type ResolvedClient = { ok: true; client: OAuthClient } | { ok: false; reason: string };

// A failing metadata URL is not asked again for a minute, whoever retries (per app instance).
const FAILURE_MEMORY_MS = 60_000;
const recentFailures = new Map<string, { reason: string; until: number }>();

/** A `client_id` that is a URL names a metadata document (CIMD); anything else is a registered id. */
function isMetadataDocumentId(clientId: string): boolean {
  return clientId.startsWith("https://") || (env().BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK && clientId.startsWith("http://"));
}

/**
 * The client behind a `client_id`: a registered (DCR) client from the database, or a metadata
 * document fetched from its URL and cached as its headers allow. Used at the authorization endpoint;
 * the token endpoint reads the stored row only (`findKnownClient`).
 */
export async function resolveClient(clientId: string, now = new Date()): Promise<ResolvedClient> {
  if (clientId.length === 0 || clientId.length > 2000) return { ok: false, reason: "The client_id is missing or too long." };
  const prisma = await getPrisma();
  if (!isMetadataDocumentId(clientId)) {
    const client = await prisma.oAuthClient.findUnique({ where: { id: clientId } });
    return client && client.kind === "dcr" ? { ok: true, client } : { ok: false, reason: "No application is registered with this client_id." };
  }

  const urlProblem = metadataUrlProblem(clientId);
  if (urlProblem) return { ok: false, reason: urlProblem };
  const cached = await prisma.oAuthClient.findUnique({ where: { id: clientId } });
  if (cached && cached.expiresAt && cached.expiresAt > now) return { ok: true, client: cached };

  const failure = recentFailures.get(clientId);
  if (failure && failure.until > now.getTime()) return { ok: false, reason: failure.reason };
  try {
    const fetched = await fetchClientMetadata(new URL(clientId), { allowLoopback: env().BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK });
    let json: unknown;
    try {
      json = JSON.parse(fetched.text);
    } catch {
      throw new ClientMetadataFetchError("The client metadata document is not JSON.");
    }
    const parsed = clientMetadataDocumentSchema(clientId).safeParse(json);
    if (!parsed.success) throw new ClientMetadataFetchError(`The client metadata document is not valid: ${describeIssues(parsed.error)}.`);
    const doc = parsed.data;
    const data = {
      kind: "cimd" as const,
      name: doc.client_name,
      redirectUris: doc.redirect_uris,
      grantTypes: doc.grant_types ?? ["authorization_code"],
      authMethod: "none",
      applicationType: doc.application_type ?? null,
      clientUri: doc.client_uri ?? null,
      metadata: doc as Prisma.InputJsonValue,
      fetchedAt: now,
      expiresAt: new Date(now.getTime() + cacheLifetimeMs(fetched.cacheControl)),
    };
    const client = await prisma.oAuthClient.upsert({ where: { id: clientId }, create: { id: clientId, ...data }, update: data });
    recentFailures.delete(clientId);
    return { ok: true, client };
  } catch (error) {
    if (!(error instanceof ClientMetadataFetchError)) throw error;
    recentFailures.set(clientId, { reason: error.message, until: now.getTime() + FAILURE_MEMORY_MS });
    return { ok: false, reason: error.message };
  }
}

/** A client the server already knows (registered, or a document fetched at authorization). */
export async function findKnownClient(clientId: string): Promise<OAuthClient | null> {
  if (clientId.length === 0 || clientId.length > 2000) return null;
  return (await getPrisma()).oAuthClient.findUnique({ where: { id: clientId } });
}

/** CIMD URLs are https with a path, no fragment, credentials or dot segments, written in normal form. */
function metadataUrlProblem(clientId: string): string | null {
  if (!URL.canParse(clientId)) return "The client_id is not a valid URL.";
  const url = new URL(clientId);
  if (url.href !== clientId) return "The client_id URL is not in normal form.";
  if (url.hash || clientId.includes("#")) return "The client_id URL must not have a fragment.";
  if (url.username || url.password) return "The client_id URL must not contain credentials.";
  if (url.pathname === "/") return "The client_id URL must have a path.";
  if (/\/\.\.?(\/|$)/.test(clientId.slice(url.origin.length))) return "The client_id URL must not contain dot segments.";
  return null;
}

/** The host a metadata document was fetched from: the domain the consent page calls verified. */
export function verifiedHost(client: OAuthClient): string | null {
  return client.kind === "cimd" ? new URL(client.id).host : null;
}
