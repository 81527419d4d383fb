import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { s256 } from "@/lib/oauth/pkce";
import { freePort, startAppServer, waitForHealth, type AppServer } from "../support/app-server";
import { ciAppEnv } from "../support/ci-app-env";
import { signedDelivery } from "../support/github-payloads";
import { startOidcIssuer, type OidcIssuer } from "../support/oidc-issuer";
import { otlpReceiver } from "../support/otlp-receiver";
import { formActionRequest, serverActionId } from "../support/server-action-over-http";
import { runTsx } from "../support/spawn-tsx";
import { CookieJar, sealedRequestOf } from "../support/web-session";
import { webhookReceiver } from "../support/webhook-receiver";

/**
 * No secret ever reaches a log (issue 37): every kind of credential the app takes is sent through
 * every door it can come in by, accepted and refused, to the app as an operator runs it (`npm start`,
 * LOG_LEVEL=debug, traces exported over OTLP). Then the whole log and every exported trace are
 * searched for each value. The one exception is the mail fallback's own lines (`mailFallback: true`),
 * which write mail, links and all, to the log on purpose when no mail server is configured.
 */

type Secret = { name: string; value: string };
type Fixture = {
  userId: string;
  projectId: string;
  briefId: string;
  webhookId: string;
  apiToken: string;
  revokedToken: string;
  shareToken: string;
  webhookSecret: string;
  unsubscribePage: string;
  unsubscribeMac: string;
  oneClick: string;
  oneClickMac: string;
};
type LogLine = Record<string, unknown> & { level?: unknown; time?: unknown; msg?: unknown };

const random = (bytes = 32) => crypto.randomBytes(bytes).toString("base64url");
const basic = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString("base64");

describe(`no secret reaches the log or the exported traces (${process.env.BRIEFS_TEST_DB})`, () => {
  /** Every value searched for at the end, with a name that says where it came from. */
  const secrets: Secret[] = [];
  const secret = (name: string, value: string): string => {
    secrets.push({ name, value });
    return value;
  };
  /** Each request's trace id: the export is complete when a span of each has arrived. */
  const traceIds = new Set<string>();
  /** Each request's id, sent as X-Request-Id: each has one request line. */
  const requestIds = new Set<string>();
  /** The request ids of the requests made as the signed-in owner; their log lines must name them. */
  const ownerRequestIds = new Set<string>();

  const ownerEmail = `owner.${crypto.randomBytes(4).toString("hex")}@example.test`;
  const ownerPassword = secret("the owner's password", `Pw-${random(12)}`);
  const githubSecret = secret("GitHub webhook secret", `gh-${random(24)}`);
  const metricsToken = secret("metrics token", random(24));

  let otlp: Awaited<ReturnType<typeof otlpReceiver>>;
  let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
  let issuer: OidcIssuer;
  let server: AppServer;
  let origin: string;
  let fixture: Fixture;
  let removeDatabase: (() => Promise<void>) | undefined;
  let log = "";
  let closed: Promise<void>;

  beforeAll(async () => {
    [otlp, hooks, issuer] = await Promise.all([otlpReceiver(), webhookReceiver(), startOidcIssuer()]);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const app = await ciAppEnv(origin, issuer.issuer, {
      BRIEFS_SIGNUP: "open",
      GITHUB_WEBHOOK_SECRET: githubSecret,
      BRIEFS_METRICS_TOKEN: metricsToken,
      LOG_LEVEL: "debug",
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_BSP_SCHEDULE_DELAY: "100",
    });
    removeDatabase = app.remove;
    // A capability URL, as chat services hand out: the endpoint's own address holds a secret.
    const webhookUrl = `${hooks.url()}/${secret("a webhook URL's secret path", random(24))}`;
    const made = await runTsx("tests/support/secrets-fixture.ts", [ownerEmail, ownerPassword, webhookUrl], app.env);
    if (made.code !== 0) throw new Error(`The fixture failed: ${made.stderr}`);
    fixture = JSON.parse(made.stdout.trim().split("\n").at(-1)!);
    secret("personal API token", fixture.apiToken);
    secret("revoked API token", fixture.revokedToken);
    secret("share link token", fixture.shareToken);
    secret("webhook signing secret", fixture.webhookSecret);
    secret("webhook signing key (without whsec_)", fixture.webhookSecret.replace(/^whsec_/, ""));
    secret("unsubscribe link signature", fixture.unsubscribeMac);
    secret("one-click unsubscribe signature", fixture.oneClickMac);

    server = startAppServer(port, { ...app.env, SMTP_URL: undefined }, undefined, { viaNpmStart: true });
    // The whole output, not the tail the helper keeps; complete once the process's streams close.
    for (const stream of [server.child.stdout, server.child.stderr]) stream?.on("data", (chunk: Buffer) => (log += chunk));
    closed = new Promise((resolve) => server.child.once("close", () => resolve()));
    await waitForHealth(server, origin, 200);
  });

  afterAll(async () => {
    await server?.stop();
    await Promise.all([otlp?.close(), hooks?.stop(), issuer?.stop()]);
    await removeDatabase?.();
  });

  /** One request, in a trace of its own (so its spans can be waited for), never following redirects. */
  async function send(path: string, init: RequestInit & { asOwner?: CookieJar } = {}): Promise<Response> {
    const traceId = crypto.randomBytes(16).toString("hex");
    traceIds.add(traceId);
    const headers = new Headers(init.headers);
    headers.set("traceparent", `00-${traceId}-${crypto.randomBytes(8).toString("hex")}-01`);
    const requestId = `${init.asOwner ? "owner" : "test"}-${crypto.randomUUID()}`;
    if (!headers.has("x-request-id")) {
      requestIds.add(requestId);
      headers.set("x-request-id", requestId);
    }
    if (init.asOwner) {
      ownerRequestIds.add(requestId);
      headers.set("cookie", init.asOwner.header());
    }
    return fetch(`${origin}${path}`, { redirect: "manual", ...init, headers });
  }

  const mcp = (bearer: string | undefined, query = "", body: unknown = { jsonrpc: "2.0", id: 1, method: "tools/list" }) =>
    send(`/api/mcp${query}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...(bearer !== undefined && { authorization: `Bearer ${bearer}` }) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields) });

  /** The session cookies of a jar: the session itself, each of its JWE parts, and the CSRF token. */
  function keepCookies(whose: string, jar: CookieJar): void {
    for (const pair of jar.header().split("; ")) {
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (!/session-token|csrf-token/.test(name)) continue;
      secret(`${whose} cookie ${name}`, value);
      secret(`${whose} cookie ${name} (decoded)`, decodeURIComponent(value));
      for (const part of value.split(".").filter((p) => p.length >= 16)) secret(`${whose} cookie ${name} part`, part);
    }
  }

  // ── The doors, one helper each ──────────────────────────────────────────────────────────────

  async function signIn(email: string, password: string): Promise<{ jar: CookieJar; response: Response }> {
    const jar = new CookieJar();
    const csrf = await send("/api/auth/csrf");
    jar.take(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    secret("next-auth CSRF token", csrfToken);
    const response = await send("/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.header() },
      body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${origin}/projects` }),
    });
    jar.take(response);
    return { jar, response };
  }

  async function apiTokenDoor(): Promise<void> {
    expect((await mcp(fixture.apiToken)).status).toBe(200);
    expect((await mcp(fixture.revokedToken)).status).toBe(401);
    expect((await mcp(secret("a token never issued", `brf_${random()}`))).status).toBe(401);
    expect((await mcp(secret("a malformed bearer", `not-a-token-${random()}`))).status).toBe(401);
    expect((await mcp(fixture.apiToken, "", "{ not json")).status).toBeGreaterThanOrEqual(400);
    expect((await mcp(undefined, `?token=${fixture.apiToken}`)).status).toBe(401);
    expect((await mcp(undefined, `?access_token=${fixture.apiToken}`)).status).toBe(401);
    expect((await send(`/projects?token=${fixture.apiToken}&access_token=${fixture.revokedToken}`)).status).toBeLessThan(500);
    // A change the webhook endpoint is sent, signed with its secret.
    const update = await mcp(fixture.apiToken, "", {
      jsonrpc: "2.0",
      id: 2,
      method: "tools/call",
      params: { name: "brief_update", arguments: { briefId: fixture.briefId, content: { goal: "Still nothing leaks" }, idempotencyKey: crypto.randomUUID() } },
    });
    expect(update.status).toBe(200);
    expect(await update.text()).not.toContain('"isError":true');
  }

  async function passwordDoors(): Promise<CookieJar> {
    // Sign-up through the page's form action: the confirmation mail goes to the log (the fallback).
    const email = `new.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const password = secret("a sign-up password", `Pw-${random(12)}`);
    const signUp = await send("/signup", formActionRequest(serverActionId("signUpWithPassword", "components/auth/actions.ts"), origin, { email, password, name: "New" }));
    expect(signUp.status).toBe(200);
    const link = await until(() => mailedConfirmationLink(email), `the confirmation mail to ${email}`);
    const token = secret("e-mail confirmation token", new URL(link).searchParams.get("token")!);
    expect((await send(`/confirm-email?token=${token}`)).status).toBe(200);
    expect((await send(`/confirm-email?token=${secret("a confirmation token never issued", `brc_${random()}`)}`)).status).toBe(200);
    // The form posts to the page it is on, the token in its address; a right password signs in.
    const confirmAction = serverActionId("confirmEmailAction", "components/auth/actions.ts");
    const wrongConfirm = await send(`/confirm-email?token=${token}`, formActionRequest(confirmAction, origin, { token, password: secret("a wrong password at confirming", `Wrong-${random(12)}`) }));
    expect(wrongConfirm.status).toBe(200);
    const confirmed = await send(`/confirm-email?token=${token}`, formActionRequest(confirmAction, origin, { token, password }));
    expect(confirmed.headers.get("x-action-redirect") ?? "").toContain("/projects");
    const newcomer = new CookieJar();
    newcomer.take(confirmed);
    keepCookies("the newcomer's", newcomer);

    const wrong = await signIn(email, secret("a wrong password", `Wrong-${random(12)}`));
    expect(wrong.jar.has("session-token")).toBe(false);
    const action = serverActionId("signInWithPassword", "components/auth/actions.ts");
    expect((await send("/signin", formActionRequest(action, origin, { email, password: secret("a wrong password in the sign-in form", `Wrong-${random(12)}`), callbackUrl: "/projects" }))).status).toBe(200);
    const viaForm = await send("/signin", formActionRequest(action, origin, { email, password, callbackUrl: "/projects" }));
    expect(viaForm.headers.get("x-action-redirect") ?? "").toContain("/projects");

    const { jar } = await signIn(ownerEmail, ownerPassword);
    expect(jar.has("session-token")).toBe(true);
    keepCookies("the owner's", jar);
    return jar;
  }

  async function sessionDoor(owner: CookieJar): Promise<void> {
    for (const path of ["/projects", `/projects/${fixture.projectId}`, `/projects/${fixture.projectId}/briefs/${fixture.briefId}`, "/settings/tokens", "/api/notifications/count", `/api/briefs/${fixture.briefId}/page-data`]) {
      expect((await send(path, { asOwner: owner })).status, path).toBeLessThan(400);
    }
  }

  async function oauthDoor(owner: CookieJar): Promise<void> {
    const registered = await send("/api/oauth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Secret agent", redirect_uris: ["http://127.0.0.1:45678/callback"], token_endpoint_auth_method: "client_secret_basic" }),
    });
    expect(registered.status).toBe(201);
    const { client_id: clientId, client_secret: clientSecret } = (await registered.json()) as { client_id: string; client_secret: string };
    secret("OAuth client secret", clientSecret);
    const credentials = secret("OAuth client credentials (Basic)", basic(encodeURIComponent(clientId), encodeURIComponent(clientSecret)));

    const codeFor = async () => {
      const verifier = secret("PKCE verifier", random());
      const query = new URLSearchParams({ client_id: clientId, redirect_uri: "http://127.0.0.1:45678/callback", response_type: "code", code_challenge: s256(verifier), code_challenge_method: "S256", state: "st-1", resource: `${origin}/api/mcp` });
      const page = await send(`/oauth/authorize?${query}`, { asOwner: owner });
      expect(page.status).toBe(200);
      const decision = new URLSearchParams({ request: sealedRequestOf(await page.text()), decision: "approve", scope: "brief:read" });
      const back = await send("/oauth/authorize/decision", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", origin }, body: decision, asOwner: owner });
      expect(back.status).toBe(303);
      return { verifier, code: secret("OAuth authorization code", new URL(back.headers.get("location")!).searchParams.get("code")!) };
    };
    const token = (fields: Record<string, string>, auth = credentials) => form("/api/oauth/token", fields, { authorization: `Basic ${auth}` });

    const first = await codeFor();
    const wrongVerifier = await token({ grant_type: "authorization_code", code: first.code, code_verifier: secret("a wrong PKCE verifier", random()), redirect_uri: "http://127.0.0.1:45678/callback" });
    expect(wrongVerifier.status).toBe(400);
    const second = await codeFor();
    const badSecret = await token({ grant_type: "authorization_code", code: second.code, code_verifier: second.verifier }, secret("wrong OAuth client credentials (Basic)", basic(clientId, random())));
    expect(badSecret.status).toBe(401);
    const exchanged = await token({ grant_type: "authorization_code", code: second.code, code_verifier: second.verifier, redirect_uri: "http://127.0.0.1:45678/callback" });
    expect(exchanged.status).toBe(200);
    const pair = (await exchanged.json()) as { access_token: string; refresh_token: string };
    secret("OAuth access token", pair.access_token);
    secret("OAuth refresh token", pair.refresh_token);
    expect((await mcp(pair.access_token)).status).toBe(200);
    const replay = await token({ grant_type: "authorization_code", code: second.code, code_verifier: second.verifier, redirect_uri: "http://127.0.0.1:45678/callback" });
    expect(replay.status).toBe(400);

    const third = await codeFor();
    const fresh = (await (await token({ grant_type: "authorization_code", code: third.code, code_verifier: third.verifier })).json()) as { refresh_token: string };
    secret("OAuth refresh token", fresh.refresh_token);
    const refreshed = await token({ grant_type: "refresh_token", refresh_token: fresh.refresh_token });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
    secret("refreshed OAuth access token", next.access_token);
    secret("refreshed OAuth refresh token", next.refresh_token);
    expect((await form("/api/oauth/revoke", { token: next.refresh_token }, { authorization: `Basic ${credentials}` })).status).toBe(200);
    expect((await form("/api/oauth/revoke", { token: next.access_token, client_id: clientId, client_secret: clientSecret })).status).toBeLessThan(500);
    expect((await token({ grant_type: "refresh_token", refresh_token: next.refresh_token })).status).toBe(400);
    expect((await mcp(secret("an access token never issued", `bro_${random()}`))).status).toBe(401);
  }

  async function shareDoor(): Promise<void> {
    expect((await send(`/s/${fixture.shareToken}`)).status).toBe(200);
    expect((await send(`/s/${secret("a share token never issued", `brs_${random()}`)}`)).status).toBeLessThan(500);
    expect((await send(`/s/${secret("a share token of another shape", random(40))}`)).status).toBeLessThan(500);
  }

  async function unsubscribeDoors(): Promise<void> {
    expect((await send(fixture.unsubscribePage)).status).toBe(200);
    expect((await send(fixture.unsubscribePage.replace("/unsubscribe", "/api/unsubscribe"))).status).toBe(303);
    const oneClick = (path: string) => send(path, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect((await oneClick(fixture.oneClick)).status).toBe(200);
    const forged = fixture.oneClick.replace(fixture.oneClickMac, secret("a forged unsubscribe signature", random()));
    expect((await oneClick(forged)).status).toBe(404);
  }

  async function githubWebhookDoor(): Promise<void> {
    const body = JSON.stringify({ zen: "Keep it logically awesome.", hook_id: 1 });
    const signed = await signedDelivery(githubSecret, body, crypto.randomUUID(), "ping");
    secret("GitHub delivery signature", signed["x-hub-signature-256"]);
    expect((await send("/api/github/webhook", { method: "POST", headers: signed, body })).status).toBe(200);
    const wrong = await signedDelivery(secret("a wrong GitHub webhook secret", random(24)), body, crypto.randomUUID(), "ping");
    secret("a wrongly signed GitHub delivery's signature", wrong["x-hub-signature-256"]);
    expect((await send("/api/github/webhook", { method: "POST", headers: wrong, body })).status).toBe(401);
  }

  async function ciReportDoor(): Promise<void> {
    const claims = { aud: origin, repository: "octo/quiet", ref: "refs/pull/7/merge", sha: "b".repeat(40), run_id: "1", run_attempt: "1" };
    const upload = (bearer: string) =>
      send("/api/github/test-report", { method: "POST", headers: { "content-type": "application/xml", authorization: `Bearer ${bearer}` }, body: `<testsuite><testcase name="AC-1 quiet"/></testsuite>` });
    const good = secret("a CI OIDC token", await issuer.sign(claims));
    secret("a CI OIDC token's signature", good.split(".")[2]);
    expect((await upload(good)).status).toBe(403);
    const outsider = secret("a CI OIDC token signed by an unknown key", await issuer.sign(claims, { key: issuer.outsider }));
    secret("that token's signature", outsider.split(".")[2]);
    expect((await upload(outsider)).status).toBe(401);
  }

  async function metricsDoor(): Promise<void> {
    expect((await send("/api/metrics", { headers: { authorization: `Bearer ${metricsToken}` } })).status).toBe(200);
    expect((await send("/api/metrics", { headers: { authorization: `Bearer ${secret("a wrong metrics token", random(24))}` } })).status).toBe(404);
  }

  async function strayCredentialsDoor(): Promise<void> {
    const password = secret("a password in a Basic header", `Pw-${random(12)}`);
    const header = secret("a Basic header's credentials", basic("someone@example.test", password));
    const cookie = `authjs.session-token=${secret("a forged session cookie", random(48))}; other=${secret("another cookie's value", random(24))}`;
    for (const path of ["/api/health", "/projects", "/api/notifications/count"]) {
      expect((await send(path, { headers: { authorization: `Basic ${header}`, cookie } })).status, path).toBeLessThan(500);
    }
    expect((await send("/api/mcp", { method: "POST", headers: { authorization: `Basic ${header}`, cookie, "content-type": "application/json" }, body: "{}" })).status).toBe(401);
  }

  /** Requests the server fails (500) while a secret is in them: a cut-off form, an address it cannot decode. */
  async function failingRequests(): Promise<void> {
    const password = secret("a password in a form cut off", `Pw-${random(12)}`);
    const whole = formActionRequest(serverActionId("signUpWithPassword", "components/auth/actions.ts"), origin, { email: "cut@example.test", password });
    const cut = String(whole.body).slice(0, String(whole.body).indexOf(password) + password.length);
    expect((await send("/signup", { ...whole, body: cut })).status).toBe(500);
    expect((await send(`/s/${fixture.shareToken}%E0%A4%A`)).status).toBe(500);
    expect((await send(`/projects/%ZZ?token=${fixture.apiToken}`)).status).toBe(500);
  }

  /** A caller may name its request: a token there (a client's mistake, a proxy's copy) is not logged either. */
  async function requestIdDoor(): Promise<void> {
    const response = await send("/api/health", { headers: { "x-request-id": fixture.apiToken } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).not.toBe(fixture.apiToken);
  }

  async function webhookDelivered(): Promise<void> {
    const delivery = await until(() => hooks.received[0], "a webhook delivery");
    secret("webhook delivery signature", delivery.signature);
    for (const part of delivery.signature.split(" ")) secret("webhook delivery signature part", part.replace(/^v1,/, ""));
  }

  // ── Reading what came out ────────────────────────────────────────────────────────────────────

  function lines(): LogLine[] {
    return log
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => {
        try {
          return JSON.parse(line) as LogLine;
        } catch {
          return { unparsed: line };
        }
      });
  }

  function mailedConfirmationLink(email: string): string | undefined {
    for (const line of lines()) {
      if (line.mailFallback !== true || typeof line.msg !== "string" || !line.msg.includes(`To: ${email}`)) continue;
      const link = /https?:\/\/\S+\/confirm-email\?token=\S+/.exec(line.msg);
      if (link) return link[0];
    }
    return undefined;
  }

  /** The trace ids in the exported spans (OTLP/JSON writes them as hex). */
  function exportedTraceIds(): Set<string> {
    return new Set(otlp.bodies.flatMap((body) => [...body.matchAll(/"traceId":"([0-9a-f]{32})"/g)].map((m) => m[1])));
  }

  it("takes every secret through every door, and neither the log nor the traces hold any of them", async () => {
    await apiTokenDoor();
    const owner = await passwordDoors();
    await sessionDoor(owner);
    await oauthDoor(owner);
    await shareDoor();
    await unsubscribeDoors();
    await githubWebhookDoor();
    await ciReportDoor();
    await metricsDoor();
    await strayCredentialsDoor();
    await failingRequests();
    await requestIdDoor();
    await webhookDelivered();
    expect((await send(`/projects/${fixture.projectId}/settings/webhooks/${fixture.webhookId}`, { asOwner: owner })).status).toBe(200);

    await until(() => [...traceIds].every((id) => exportedTraceIds().has(id)) || undefined, "a span of every request in the exported traces");
    await server.stop();
    await closed;

    const parsed = lines();
    const unparsed = parsed.filter((line) => "unparsed" in line || typeof line.level !== "string" || typeof line.time !== "string" || typeof line.msg !== "string");
    expect(unparsed, "every line is a JSON object with level, time and msg").toEqual([]);
    expect(parsed.filter((line) => typeof line.msg === "string" && line.msg.includes("Mail: not configured")), "the mail fallback is said once at start").toHaveLength(1);

    const requests = parsed.filter((line) => line.msg === "request");
    expect(requests.filter((line) => typeof line.requestId !== "string")).toEqual([]);
    // Each request has its line (a form action that redirects adds one: Next renders the new page by a request of its own).
    expect([...requestIds].filter((id) => !requests.some((line) => line.requestId === id)), "requests without a line").toEqual([]);
    const asOwner = requests.filter((line) => ownerRequestIds.has(String(line.requestId)));
    expect(asOwner.length).toBeGreaterThanOrEqual(ownerRequestIds.size);
    expect(asOwner.filter((line) => line.userId !== fixture.userId)).toEqual([]);

    const [mailed, logged] = [true, false].map((fallback) => parsed.filter((line) => (line.mailFallback === true) === fallback).map((line) => JSON.stringify(line)));
    // Each secret found, named, with where it was (the value itself left out).
    const found = (where: string[]) =>
      secrets.flatMap(({ name, value }) => {
        const forms = [value, JSON.stringify(value).slice(1, -1)];
        const text = where.find((t) => forms.some((form) => t.includes(form)));
        return text ? [`${name}: ${forms.reduce((t, form) => t.replaceAll(form, "<secret>"), text).slice(0, 300)}`] : [];
      });
    // The search finds what is there: the mail fallback's own line holds the link it mailed.
    expect(found(mailed).some((where) => where.startsWith("e-mail confirmation token:"))).toBe(true);
    expect(found(logged), "secrets in the log").toEqual([]);
    expect(found(otlp.bodies), "secrets in the exported traces").toEqual([]);
    expect(logged.filter((line) => line.includes(ownerEmail)), "the signed-in person's address in the log").toEqual([]);
    expect(otlp.bodies.filter((body) => body.includes(ownerEmail)), "the signed-in person's address in the traces").toEqual([]);
  });
});

/** Polls until `check` returns something, for at most `timeoutMs` (a poll interval, not a guess at how long it takes). */
async function until<T>(check: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
