import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for GitHub's REST API on 127.0.0.1, speaking its protocol for what the App calls:
 * `POST /app/installations/{id}/access_tokens`, answered only for a request whose bearer JWT is
 * signed (RS256) with the App's private key — checked against its public key — names the App as
 * issuer and has not expired; and the check runs an installation writes
 * (`POST /repos/{owner}/{repo}/check-runs`, `PATCH …/check-runs/{id}`, each only with a token it
 * issued), recorded in `checkRuns`; `failCheckRuns(n)` makes the next n of them fail, `whileNextCheckRunWaits` holds the
 * next one's answer. Other routes
 * can be added per test with `route`.
 */
export async function startGithubStandIn(options: { appId: string; publicKey: crypto.KeyObject }) {
  const requests: Array<{ method: string; path: string; authorization: string | undefined; body: string }> = [];
  const routes = new Map<string, (body: string) => { status: number; json: unknown }>();
  let issued = 0;
  const tokens = new Set<string>();
  const checkRuns: Array<{ method: "POST" | "PATCH"; id: number; path: string; body: Record<string, unknown> }> = [];
  let checkRunIds = 9000;
  let failing: { remaining: number; status: number } = { remaining: 0, status: 502 };
  const recorded = new Set<() => void>();
  let beforeAnswer: (() => Promise<void>) | undefined;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = (req.url ?? "/").split("?")[0];
    requests.push({ method: req.method ?? "", path, authorization: req.headers.authorization, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(json));
    };
    const token = /^POST \/app\/installations\/(\d+)\/access_tokens$/.exec(`${req.method} ${path}`);
    if (token) {
      const problem = appJwtProblem(req.headers.authorization, options.appId, options.publicKey);
      if (problem) return send(401, { message: problem, documentation_url: "https://docs.github.com/rest" });
      issued += 1;
      tokens.add(`ghs_standin${token[1]}x${issued}`);
      return send(201, { token: `ghs_standin${token[1]}x${issued}`, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: { checks: "write", pull_requests: "read", metadata: "read" } });
    }
    const checkRun = /^(POST) \/repos\/[^/]+\/[^/]+\/check-runs$|^(PATCH) \/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/.exec(`${req.method} ${path}`);
    if (checkRun) {
      if (!tokens.has(/^token (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "")) return send(401, { message: "Bad credentials" });
      if (failing.remaining > 0) {
        failing.remaining -= 1;
        return send(failing.status, { message: failing.status >= 500 ? "Server Error" : "Bad credentials" });
      }
      const hold = beforeAnswer;
      beforeAnswer = undefined;
      await hold?.();
      const method = checkRun[1] ? "POST" : "PATCH";
      const id = method === "POST" ? ++checkRunIds : Number(checkRun[3]);
      const parsed = JSON.parse(body) as Record<string, unknown>;
      checkRuns.push({ method, id, path, body: parsed });
      for (const listener of recorded) listener();
      return send(method === "POST" ? 201 : 200, { id, status: parsed.status, conclusion: parsed.conclusion, head_sha: parsed.head_sha, name: parsed.name });
    }
    const route = routes.get(`${req.method} ${path}`);
    if (route) {
      const answer = route(body);
      return send(answer.status, answer.json);
    }
    send(404, { message: "Not Found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    checkRuns,
    /** The first recorded check run `match` accepts, as soon as it is recorded; rejects after `ms`. */
    waitForCheckRun: (match: (run: (typeof checkRuns)[number]) => boolean, ms: number) =>
      new Promise<(typeof checkRuns)[number]>((resolve, reject) => {
        const look = () => {
          const found = checkRuns.find(match);
          if (!found) return;
          clearTimeout(timer);
          recorded.delete(look);
          resolve(found);
        };
        const timer = setTimeout(() => {
          recorded.delete(look);
          reject(new Error(`No matching check run within ${ms} ms; recorded: ${JSON.stringify(checkRuns)}`));
        }, ms);
        recorded.add(look);
        look();
      }),
    /** Runs `fn` while the next check-run request waits for its answer, as if GitHub were slow. */
    whileNextCheckRunWaits: (fn: () => Promise<void>) => void (beforeAnswer = fn),
    failCheckRuns: (remaining: number, status = 502) => void (failing = { remaining, status }),
    route: (methodAndPath: string, handler: (body: string) => { status: number; json: unknown }) => void routes.set(methodAndPath, handler),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Why an Authorization header is not a valid App JWT, or null when it is (GitHub's rules: RS256, iss = App id, exp at most 10 minutes ahead). */
function appJwtProblem(header: string | undefined, appId: string, publicKey: crypto.KeyObject): string | null {
  const jwt = /^Bearer (.+)$/i.exec(header ?? "")?.[1];
  if (!jwt) return "A JSON web token could not be decoded";
  const [head, payload, signature] = jwt.split(".");
  if (!head || !payload || !signature) return "A JSON web token could not be decoded";
  const decode = (part: string) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
  if (decode(head).alg !== "RS256") return "A JSON web token could not be decoded";
  const valid = crypto.verify("RSA-SHA256", Buffer.from(`${head}.${payload}`), publicKey, Buffer.from(signature, "base64url"));
  if (!valid) return "A JSON web token could not be decoded";
  const claims = decode(payload);
  const now = Math.floor(Date.now() / 1000);
  if (String(claims.iss) !== appId) return "'Issuer' claim ('iss') must be an Integer";
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 660) return "'Expiration time' claim ('exp') is too far in the future";
  return null;
}

/** A fresh App key pair, the private key as PEM in the form GitHub hands out (PKCS#1) or PKCS#8. */
export function appKeyPair(format: "pkcs1" | "pkcs8" = "pkcs1") {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { privateKeyPem: privateKey.export({ type: format, format: "pem" }).toString(), publicKey };
}
