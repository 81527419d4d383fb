import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { appOrigin } from "@/lib/config/app-origin";
import { env } from "@/lib/config/env";
import { isLoopbackHost } from "@/lib/http/loopback-host";
import { ReportRefused } from "./report-refused";

/** The claims of a GitHub Actions OIDC token that a report's provenance is made of. */
export type ActionsClaims = {
  repository: string;
  ref: string;
  sha: string;
  workflow: string;
  runId: string;
  runAttempt: number;
  serverUrl?: string;
};

type KeySet = ReturnType<typeof createRemoteJWKSet>;

// One key set per issuer for the life of the process: jose caches the keys and fetches them again
// when a token names a key id it does not have (the issuer rotated its keys).
const keySets = new Map<string, Promise<KeySet>>();

function allowedFetchUrl(url: URL): boolean {
  return url.protocol === "https:" || (env().BRIEFS_WEBHOOK_ALLOW_LOOPBACK && url.protocol === "http:" && isLoopbackHost(url.hostname));
}

/** The issuer's keys, found through its discovery document. */
async function discoverKeys(issuer: string): Promise<KeySet> {
  const response = await fetch(`${issuer.replace(/\/$/, "")}/.well-known/openid-configuration`, { redirect: "error", signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`discovery answered ${response.status}`);
  const document = (await response.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof document.jwks_uri !== "string" || !URL.canParse(document.jwks_uri)) throw new Error("discovery names no jwks_uri");
  const jwksUri = new URL(document.jwks_uri);
  if (!allowedFetchUrl(jwksUri)) throw new Error("jwks_uri is not https");
  // An unknown key id fetches the set again at most this often; the tests' loopback issuer rotates at once.
  const cooldownDuration = env().BRIEFS_WEBHOOK_ALLOW_LOOPBACK ? 0 : 30_000;
  return createRemoteJWKSet(jwksUri, { cooldownDuration, timeoutDuration: 10_000 });
}

function keysOf(issuer: string): Promise<KeySet> {
  let keys = keySets.get(issuer);
  if (!keys) {
    keys = discoverKeys(issuer);
    keySets.set(issuer, keys);
    // A failed discovery is not remembered: the next upload tries again.
    keys.catch(() => keySets.delete(issuer));
  }
  return keys;
}

const stringClaim = (payload: JWTPayload, name: string): string => {
  const value = payload[name];
  if (typeof value !== "string" || !value) throw new ReportRefused(401, "token_invalid", `The token has no "${name}" claim; send a GitHub Actions OIDC token.`);
  return value;
};

/**
 * Verifies a GitHub Actions OIDC token (docs/github.md#uploading-test-reports): RS256 only, signed by
 * a key the configured issuer publishes, for this app as audience, within its lifetime. Any failure
 * is 401 with a reason, and the token is never echoed back.
 */
export async function verifyActionsToken(token: string): Promise<ActionsClaims> {
  const issuer = env().GITHUB_OIDC_ISSUER;
  let keys: KeySet;
  try {
    keys = await keysOf(issuer);
  } catch {
    throw new ReportRefused(503, "issuer_unreachable", "The token's issuer could not be reached to fetch its keys; try again later.");
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keys, { issuer, audience: appOrigin(), algorithms: ["RS256"], requiredClaims: ["exp", "iat"] }));
  } catch (error) {
    const why = error instanceof Error && "code" in error ? String((error as { code: unknown }).code) : "ERR_JWT_INVALID";
    throw new ReportRefused(401, "token_invalid", tokenMessage(why), { check: why });
  }
  const runAttempt = Number(stringClaim(payload, "run_attempt"));
  const runId = stringClaim(payload, "run_id");
  if (!/^\d{1,18}$/.test(runId) || !Number.isSafeInteger(runAttempt) || runAttempt < 1) {
    throw new ReportRefused(401, "token_invalid", "The token's run_id and run_attempt must be numbers.");
  }
  const serverUrl = typeof payload.server_url === "string" && /^https:\/\/[^/]+$/.test(payload.server_url) ? payload.server_url : undefined;
  return {
    repository: stringClaim(payload, "repository").toLowerCase(),
    ref: stringClaim(payload, "ref"),
    sha: stringClaim(payload, "sha").toLowerCase(),
    workflow: stringClaim(payload, "workflow"),
    runId,
    runAttempt,
    ...(serverUrl && { serverUrl }),
  };
}

function tokenMessage(code: string): string {
  switch (code) {
    case "ERR_JWT_EXPIRED":
      return "The token has expired; request a new one in the workflow step that uploads.";
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      return "The token is not for this app or not from the configured issuer, or is not valid yet (audience must be this app's APP_URL).";
    case "ERR_JWKS_NO_MATCHING_KEY":
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return "The token's signature does not match any key its issuer publishes.";
    case "ERR_JOSE_ALG_NOT_ALLOWED":
      return "The token must be signed with RS256.";
    default:
      return "The token is not a valid GitHub Actions OIDC token.";
  }
}
