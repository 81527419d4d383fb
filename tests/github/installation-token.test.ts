import { afterEach, describe, expect, it } from "vitest";
import { buildGithubApp, installationToken } from "@/lib/github/github-app";
import { appKeyPair, startGithubStandIn } from "@/tests/support/github-stand-in";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe("installation tokens", () => {
  for (const format of ["pkcs1", "pkcs8"] as const) {
    it(`gets one with the App's JWT, its key in ${format.toUpperCase()}, and reuses it while it lasts`, async () => {
      const keys = appKeyPair(format);
      const github = await startGithubStandIn({ appId: "4242", publicKey: keys.publicKey });
      closers.push(github.close);
      const app = buildGithubApp({ appId: "4242", privateKey: keys.privateKeyPem, apiUrl: github.url });

      const token = await installationToken(77, app);
      expect(token).toMatch(/^ghs_standin77x/);
      expect(await installationToken(77, app)).toBe(token);
      expect(github.requests.filter((r) => r.path === "/app/installations/77/access_tokens")).toHaveLength(1);
    });
  }

  it("fails when the App's key is not the one GitHub knows", async () => {
    const github = await startGithubStandIn({ appId: "4242", publicKey: appKeyPair().publicKey });
    closers.push(github.close);
    const app = buildGithubApp({ appId: "4242", privateKey: appKeyPair().privateKeyPem, apiUrl: github.url });
    await expect(installationToken(77, app)).rejects.toThrow(/JSON web token/);
  });
});
