import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, type Page } from "@playwright/test";
import type { Person } from "./people";

/**
 * Where a native client would listen for the authorization response: a loopback server on a port
 * chosen now (the app matches loopback redirects on any port). `received` is the URL it was sent.
 */
export async function startCallbackListener(): Promise<{ redirectUri: string; received: Promise<URL>; close: () => Promise<void> }> {
  let deliver: (url: URL) => void = () => {};
  const received = new Promise<URL>((resolve) => (deliver = resolve));
  const server = http.createServer((req, res) => {
    const { port } = server.address() as AddressInfo;
    res.writeHead(200, { "content-type": "text/plain" }).end("The client received the answer.");
    if (req.url?.startsWith("/callback")) deliver(new URL(req.url, `http://127.0.0.1:${port}`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The browser part of an OAuth connection: open the authorization URL, sign in when asked, check
 * what the consent screen says, and allow; the browser then goes to the client's redirect URI.
 */
export async function consentInBrowser(
  page: Page,
  options: { authorizationUrl: string; person: Person; redirectPrefix: string; expect?: (page: Page) => Promise<void>; grantWrite?: boolean },
): Promise<void> {
  await page.goto(options.authorizationUrl);
  if (new URL(page.url()).pathname === "/signin") {
    await page.getByLabel("Email").fill(options.person.email);
    await page.getByLabel("Password").fill(options.person.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page.getByRole("heading", { name: "Connect an application to your briefs" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${options.person.email}`)).toBeVisible();
  await options.expect?.(page);
  if (options.grantWrite === false) {
    await page.getByLabel("Change briefs").uncheck();
    await page.getByLabel("Suggest changes for a person to accept").uncheck();
  }
  const sentBack = page.waitForURL((url) => url.toString().startsWith(options.redirectPrefix));
  await page.getByRole("button", { name: "Allow" }).click();
  await sentBack;
}
