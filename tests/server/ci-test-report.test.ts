import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTokenWithAdminCommand, freePort, startAppServer, waitForHealth, type AppServer } from "../support/app-server";
import { junit } from "../support/ci-proof";
import { startOidcIssuer, type OidcIssuer } from "../support/oidc-issuer";
import { ciAppEnv } from "../support/ci-app-env";
import { runTsx } from "../support/spawn-tsx";
import { toolOk } from "./mcp-calls";

type Answer = { status: number; body: { ok: boolean; result?: Record<string, unknown>; error?: { code: string; message: string; details?: Record<string, unknown> } }; headers: Headers };

/**
 * POST /api/github/test-report over HTTP against the built app, with a local stand-in for GitHub's
 * token issuer: the app fetches its discovery document and keys as it would GitHub's.
 */
describe(`signed test reports over HTTP on ${process.env.BRIEFS_TEST_DB}`, () => {
  let issuer: OidcIssuer;
  let server: AppServer;
  let origin: string;
  let token: string;
  let briefId: string;
  let headSha: string;
  let removeDatabase: (() => Promise<void>) | undefined;
  const repository = `octo/shop-${crypto.randomBytes(3).toString("hex")}`;
  let run = 100;

  beforeAll(async () => {
    issuer = await startOidcIssuer();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const app = await ciAppEnv(origin, issuer.issuer);
    const env = app.env;
    removeDatabase = app.remove;
    const email = `owner.${crypto.randomBytes(4).toString("hex")}@example.test`;
    const fixture = await runTsx("tests/support/ci-proof-fixture.ts", [email, repository], env);
    if (fixture.code !== 0) throw new Error(`The fixture failed: ${fixture.stderr}`);
    ({ briefId, headSha } = JSON.parse(fixture.stdout.trim().split("\n").at(-1)!));
    token = await createTokenWithAdminCommand(env, { email, scopes: "brief:read", name: "reader" });
    server = startAppServer(port, env);
    await waitForHealth(server, origin, 200);
  });

  afterAll(async () => {
    await server?.stop();
    await issuer?.stop();
    await removeDatabase?.();
  });

  const claims = (more: Record<string, unknown> = {}) => ({ aud: origin, repository, ref: "refs/pull/7/merge", sha: "b".repeat(40), run_id: String(++run), run_attempt: "1", ...more });

  async function upload(body: string | Buffer, bearer?: string): Promise<Answer> {
    const response = await fetch(`${origin}/api/github/test-report`, {
      method: "POST",
      headers: { "content-type": "application/xml", ...(bearer !== undefined && { authorization: `Bearer ${bearer}` }) },
      body: typeof body === "string" ? body : new Uint8Array(body),
    });
    return { status: response.status, body: await response.json(), headers: response.headers };
  }

  const evidenceCount = async () => {
    const trace = await toolOk(origin, token, "brief_trace", { briefId });
    return (trace.criteria as Array<{ evidence: unknown[] }>).reduce((n, c) => n + c.evidence.length, 0);
  };

  const report = junit([{ name: "AC-1 charges a saved card" }, { name: "AC-2 refuses an expired card", outcome: "failure", message: "charged anyway" }]);

  it("records a verified report, shows its provenance in brief_trace, and answers a retry with the first outcome", async () => {
    const signed = await issuer.sign(claims());
    const first = await upload(report, signed);
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body.result).toMatchObject({
      replayed: false,
      repository,
      pullRequest: { number: 7, headSha },
      briefs: [{ briefId, recorded: [{ criterionId: "AC-1", result: "pass", passed: 1, failed: 0 }, { criterionId: "AC-2", result: "fail", passed: 0, failed: 1 }], findingsRecorded: [expect.any(String)] }],
    });
    const trace = await toolOk(origin, token, "brief_trace", { briefId });
    const criteria = trace.criteria as Array<{ id: string; status: string; evidence: Array<{ provenance: Record<string, unknown> }> }>;
    expect(criteria.map((c) => [c.id, c.status])).toEqual([
      ["AC-1", "proven"],
      ["AC-2", "failing"],
    ]);
    expect(criteria[0].evidence[0].provenance).toEqual({
      kind: "ci",
      provider: "github-actions",
      repository,
      workflow: "CI",
      runId: String(run),
      runUrl: `https://github.com/${repository}/actions/runs/${run}/attempts/1`,
      sha: headSha,
      testedSha: "b".repeat(40),
      ref: "refs/pull/7/merge",
      pullRequest: 7,
    });
    expect((trace.openFindings as unknown[]).length).toBe(1);

    const again = await upload(report, signed);
    expect(again.status).toBe(200);
    expect(again.body.result).toEqual({ ...first.body.result, replayed: true });
    expect(await evidenceCount()).toBe(2);
  });

  it("accepts a token signed by a key the issuer published after its keys were first fetched", async () => {
    const fetched = issuer.jwksFetches();
    expect(fetched).toBeGreaterThan(0);
    await issuer.rotate();
    const answer = await upload(junit([{ name: "AC-1 charges a saved card" }]), await issuer.sign(claims()));
    expect(answer.status).toBe(200);
    expect(issuer.jwksFetches()).toBeGreaterThan(fetched);
  });

  it("refuses tokens it cannot verify with 401 and stores nothing", async () => {
    const before = await evidenceCount();
    const now = Math.floor(Date.now() / 1000);
    const cases: Array<[string, string | undefined]> = [
      ["missing", undefined],
      ["expired", await issuer.sign(claims(), { expiresIn: -120, notBefore: now - 600 })],
      ["not yet valid", await issuer.sign(claims(), { notBefore: now + 600 })],
      ["another audience", await issuer.sign({ ...claims(), aud: "https://briefs.example.com" })],
      ["another issuer", await issuer.sign(claims(), { iss: "https://token.actions.githubusercontent.com" })],
      ["a key the issuer never published", await issuer.sign(claims(), { key: issuer.outsider })],
      ["alg none", issuer.unsigned(claims())],
      ["not a token", "abc.def.ghi"],
    ];
    for (const [what, bearer] of cases) {
      const answer = await upload(report, bearer);
      expect({ what, status: answer.status, code: answer.body.error?.code }).toEqual({ what, status: 401, code: "PROJECT_ACCESS_DENIED" });
      expect(answer.headers.get("www-authenticate")).toContain("invalid_token");
      expect(JSON.stringify(answer.body)).not.toMatch(/at \w+ \(|node_modules/);
    }
    expect(await evidenceCount()).toBe(before);
  });

  it("refuses an unconnected repository, bad reports and reports naming no criterion, storing nothing", async () => {
    const before = await evidenceCount();
    const refused = async (body: string | Buffer, more: Record<string, unknown>, status: number, reason: string) => {
      const answer = await upload(body, await issuer.sign(claims(more)));
      expect({ reason, status: answer.status, got: answer.body.error?.details?.reason }).toEqual({ reason, status, got: reason });
      expect(answer.body.ok).toBe(false);
      expect(answer.body.error?.message).toEqual(expect.any(String));
    };
    await refused(report, { repository: "someone/else" }, 403, "repository_not_connected");
    await refused(Buffer.alloc(5 * 1024 * 1024 + 1, "a"), {}, 413, "too_large");
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><testsuites><testsuite><testcase name="AC-1 &lol2;"/></testsuite></testsuites>`;
    await refused(laughs, {}, 400, "doctype_refused");
    const xxe = `<?xml version="1.0"?><!DOCTYPE t [<!ENTITY x SYSTEM "file:///etc/passwd">]><testsuite><testcase name="AC-1 &x;"/></testsuite>`;
    await refused(xxe, {}, 400, "doctype_refused");
    await refused(`<testsuites><testsuite><testcase name="AC-1"></testsuite>`, {}, 400, "malformed_xml");
    await refused(`<report><case name="AC-1"/></report>`, {}, 422, "not_junit");
    await refused(junit([{ name: "AC-9 is nobody's" }, { name: "AC-1 skipped", outcome: "skipped" }]), {}, 422, "no_known_criterion");
    await refused(report, { ref: "refs/heads/main", sha: "c".repeat(40) }, 422, "no_pull_request");
    expect(await evidenceCount()).toBe(before);
  });
});
