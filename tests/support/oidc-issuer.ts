import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";

/** The claims a GitHub Actions OIDC token carries, as GitHub names them. */
export type ActionsTokenClaims = {
  repository: string;
  ref: string;
  sha: string;
  workflow: string;
  run_id: string;
  run_attempt: string;
  [claim: string]: unknown;
};

type SigningKey = { kid: string; privateKey: CryptoKey; jwk: JWK };

async function newKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = crypto.randomBytes(8).toString("hex");
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" } };
}

/**
 * GitHub's token issuer as the app meets it, on loopback: a discovery document, a JWKS, and tokens
 * signed RS256 with the real claim names. `rotate()` serves a new key in place of the old one (as
 * GitHub does, the app must fetch the set again); `outsider()` signs with a key never published.
 */
export async function startOidcIssuer() {
  let published = [await newKey()];
  const outsiderKey = await newKey();
  let jwksFetches = 0;
  const server = http.createServer((request, response) => {
    const json = (body: unknown) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (request.url === "/.well-known/openid-configuration") return json({ issuer, jwks_uri: `${issuer}/.well-known/jwks`, id_token_signing_alg_values_supported: ["RS256"] });
    if (request.url === "/.well-known/jwks") {
      jwksFetches++;
      return json({ keys: published.map((key) => key.jwk) });
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function sign(claims: Partial<ActionsTokenClaims> & { aud: string }, options: { key?: SigningKey; iss?: string; expiresIn?: number; notBefore?: number } = {}): Promise<string> {
    const key = options.key ?? published[0];
    const now = Math.floor(Date.now() / 1000);
    const repository = claims.repository ?? "octo/shop";
    return new SignJWT({
      sub: `repo:${repository}:pull_request`,
      repository,
      repository_owner: repository.split("/")[0],
      ref: "refs/pull/7/merge",
      sha: "f".repeat(40),
      workflow: "CI",
      workflow_ref: `${repository}/.github/workflows/ci.yml@refs/pull/7/merge`,
      run_id: "1001",
      run_attempt: "1",
      actor: "octocat",
      event_name: "pull_request",
      ...claims,
    })
      .setProtectedHeader({ alg: "RS256", kid: key.kid, typ: "JWT" })
      .setIssuer(options.iss ?? issuer)
      .setIssuedAt(now - 5)
      .setNotBefore(options.notBefore ?? now - 5)
      .setExpirationTime(now + (options.expiresIn ?? 300))
      .sign(key.privateKey);
  }

  return {
    issuer,
    sign,
    /** The same claims, unsigned, with alg none. */
    unsigned(claims: Record<string, unknown>): string {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const now = Math.floor(Date.now() / 1000);
      return `${part({ alg: "none", typ: "JWT" })}.${part({ iss: issuer, iat: now, nbf: now, exp: now + 300, ...claims })}.`;
    },
    outsider: outsiderKey,
    async rotate(): Promise<void> {
      published = [await newKey()];
    },
    jwksFetches: () => jwksFetches,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type OidcIssuer = Awaited<ReturnType<typeof startOidcIssuer>>;
