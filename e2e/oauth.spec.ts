import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { newPerson, signUp } from "./support/people";
import { createProject } from "./support/projects";
import { callMcpTool, newIdempotencyKey, postMcp, readMcpMessage } from "./support/mcp";
import { consentInBrowser, startCallbackListener } from "./support/oauth";

// The app's origin is the issuer; oauth4webapi is strict about https, so loopback http is allowed here.
const insecure = { [oauth.allowInsecureRequests]: true } as const;

async function discover(baseURL: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(baseURL);
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: "oauth2", ...insecure }));
}

async function authorizationUrl(as: oauth.AuthorizationServer, clientId: string, redirectUri: string, resource: string) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: "code",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    resource,
    scope: "brief:read brief:write",
  }).toString();
  return { url: url.toString(), verifier, state };
}

async function toolNames(request: APIRequestContext, token: string): Promise<string[]> {
  const response = await postMcp(request, token, "tools/list");
  expect(response.status()).toBe(200);
  const message = await readMcpMessage(response);
  return (message.result!.tools as Array<{ name: string }>).map((t) => t.name);
}

test("an MCP client registers, the person consents in the browser, and the client works until revoked", async ({ page, baseURL }) => {
  const pm = newPerson("Priya");
  await signUp(page, pm);
  const projectId = await createProject(page, "Connected through OAuth");
  await page.context().clearCookies();

  const resource = `${baseURL}/api/mcp`;
  // The endpoint says where to sign in: 401 → protected-resource document → authorization server.
  const challenge = await page.request.post("/api/mcp", { data: {}, failOnStatusCode: false });
  expect(challenge.status()).toBe(401);
  const prm = await (await page.request.get("/.well-known/oauth-protected-resource/api/mcp")).json();
  expect(prm.authorization_servers).toEqual([baseURL]);

  const as = await discover(prm.authorization_servers[0]);
  const listener = await startCallbackListener();
  const redirectUri = listener.redirectUri;
  const client = await oauth.processDynamicClientRegistrationResponse(
    await oauth.dynamicClientRegistrationRequest(
      as,
      // Registered without a port, used with one (RFC 8252 §7.3).
      { client_name: "Strict Test Client", redirect_uris: ["http://127.0.0.1/callback"], grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "none" },
      insecure,
    ),
  );
  const { url, verifier, state } = await authorizationUrl(as, client.client_id, redirectUri, resource);

  await consentInBrowser(page, {
    authorizationUrl: url,
    person: pm,
    redirectPrefix: redirectUri,
    expect: async (p) => {
      await expect(p.getByTestId("client-name")).toHaveText("Strict Test Client");
      await expect(p.getByText("unverified")).toBeVisible();
      await expect(p.getByTestId("redirect-host")).toHaveText(new URL(redirectUri).host);
      await expect(p.getByText(/on your own computer/)).toBeVisible();
      await expect(p.getByLabel("Read briefs")).toBeChecked();
      await expect(p.getByLabel("Suggest changes for a person to accept")).toBeChecked();
      await expect(p.getByLabel("Change briefs")).toBeChecked();
    },
  });
  // Checks state and iss (RFC 9207) as a strict client must.
  const callback = oauth.validateAuthResponse(as, client, await listener.received, state);
  await listener.close();
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), callback, redirectUri, verifier, { additionalParameters: { resource }, ...insecure }),
  );
  expect(tokens.token_type).toBe("bearer");
  expect(tokens.refresh_token).toBeTruthy();

  expect(await toolNames(page.request, tokens.access_token)).toContain("brief_checklist_update");
  const { brief } = (await callMcpTool(page.request, tokens.access_token, "brief_create", {
    projectId,
    title: "Written by a connected app",
    content: { testingQaChecklist: [{ text: "Tick over OAuth", checked: false }] },
    idempotencyKey: newIdempotencyKey(),
  })) as { brief: { id: string } };
  const ticked = (await callMcpTool(page.request, tokens.access_token, "brief_checklist_update", {
    briefId: brief.id,
    index: 0,
    expectedText: "Tick over OAuth",
    checked: true,
    idempotencyKey: newIdempotencyKey(),
  })) as { brief: { content: { testingQaChecklist: Array<{ checkedBy: string }> } } };
  expect(ticked.brief.content.testingQaChecklist[0].checkedBy).toBe(`${pm.email} via Strict Test Client`);

  const refreshed = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), tokens.refresh_token!, { additionalParameters: { resource }, ...insecure }),
  );
  expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
  expect(await toolNames(page.request, refreshed.access_token)).toContain("brief_update");

  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), refreshed.refresh_token!, insecure));
  expect((await postMcp(page.request, refreshed.access_token, "tools/list")).status()).toBe(401);
});

test("a client known by its metadata document connects read-only, shows in Connected apps, and stops when disconnected", async ({ page, baseURL }) => {
  const person = newPerson("Quinn");
  await signUp(page, person);

  // The client's metadata document, served by this test (loopback is allowed by a test-only setting).
  const documentServer = http.createServer((req, res) => {
    const self = `http://127.0.0.1:${(documentServer.address() as AddressInfo).port}${req.url}`;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ client_id: self, client_name: "Metadata Agent", redirect_uris: ["http://127.0.0.1/callback"], grant_types: ["authorization_code", "refresh_token"], token_endpoint_auth_method: "none" }));
  });
  await new Promise<void>((resolve) => documentServer.listen(0, "127.0.0.1", resolve));
  try {
    const host = `127.0.0.1:${(documentServer.address() as AddressInfo).port}`;
    const clientId = `http://${host}/oauth/client.json`;
    const as = await discover(baseURL!);
    expect(as.client_id_metadata_document_supported).toBe(true);
    const client: oauth.Client = { client_id: clientId, token_endpoint_auth_method: "none" };
    // Any port on loopback (RFC 8252 §7.3), as native clients choose one at run time.
    const listener = await startCallbackListener();
    const redirectUri = listener.redirectUri;
    const resource = `${baseURL}/api/mcp`;
    const { url, verifier, state } = await authorizationUrl(as, clientId, redirectUri, resource);
    await consentInBrowser(page, {
      authorizationUrl: url,
      person,
      redirectPrefix: redirectUri,
      grantWrite: false,
      expect: async (p) => {
        await expect(p.getByTestId("client-name")).toHaveText("Metadata Agent");
        await expect(p.getByText(`verified domain: ${host}`)).toBeVisible();
      },
    });
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), oauth.validateAuthResponse(as, client, await listener.received, state), redirectUri, verifier, insecure),
    );
    await listener.close();
    expect(tokens.scope).toBe("brief:read");
    const names = await toolNames(page.request, tokens.access_token);
    expect(names).toContain("brief_get_full");
    expect(names).not.toContain("brief_update");

    await page.goto("/settings/connected-apps");
    const row = page.getByRole("list", { name: "Connected applications" }).getByRole("listitem").filter({ hasText: "Metadata Agent" });
    await expect(row).toContainText(host);
    await expect(row).toContainText("brief:read");
    await expect(row).not.toContainText("brief:write");
    await expect(row).not.toContainText("Never");
    await row.getByRole("button", { name: "Disconnect Metadata Agent" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByText("No connected applications")).toBeVisible();
    expect((await postMcp(page.request, tokens.access_token, "tools/list")).status()).toBe(401);
  } finally {
    await new Promise<void>((resolve) => documentServer.close(() => resolve()));
  }
});

test("the consent page cannot be framed by another site", async ({ page, baseURL }) => {
  const target = `${baseURL}/oauth/authorize?client_id=x`;
  const response = await page.request.get(target, { maxRedirects: 0 });
  expect(response.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(await response.text()).toContain("cannot be accepted");
  await page.setContent('<iframe id="f" title="framed"></iframe>');
  // Wait for the frame to finish (blocked frames load an error document), then look inside.
  await page.evaluate(
    (src) =>
      new Promise<void>((resolve) => {
        const frame = document.getElementById("f") as HTMLIFrameElement;
        frame.onload = () => resolve();
        frame.src = src;
      }),
    target,
  );
  for (const frame of page.frames().filter((f) => f !== page.mainFrame())) {
    await expect(frame.locator("body")).not.toContainText("cannot be accepted");
  }
});
