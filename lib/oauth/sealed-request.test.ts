import { describe, expect, it } from "vitest";
import { sealAuthorizationRequest, SEAL_LIFETIME_MS, unsealAuthorizationRequest } from "./sealed-request";
import type { AuthorizationRequest } from "./authorization-request";

const request: AuthorizationRequest = {
  clientId: "client-1",
  redirectUri: "http://127.0.0.1:4000/callback",
  state: "xyz",
  codeChallenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
  scopes: ["brief:read", "brief:write"],
  resource: "http://localhost:3000/api/mcp",
};

describe("the sealed consent request", () => {
  it("round-trips for the person it was shown to, within its lifetime", () => {
    const now = Date.now();
    const sealed = sealAuthorizationRequest(request, "user-a", now);
    expect(unsealAuthorizationRequest(sealed, "user-a", now + SEAL_LIFETIME_MS - 1)).toEqual(request);
  });

  it("is refused for someone else, after expiry, or when altered", () => {
    const now = Date.now();
    const sealed = sealAuthorizationRequest(request, "user-a", now);
    expect(unsealAuthorizationRequest(sealed, "user-b", now)).toBeNull();
    expect(unsealAuthorizationRequest(sealed, "user-a", now + SEAL_LIFETIME_MS)).toBeNull();

    const [payload, mac] = sealed.split(".");
    const json = JSON.parse(Buffer.from(payload, "base64url").toString());
    json.request.redirectUri = "https://evil.example/callback";
    const forged = `${Buffer.from(JSON.stringify(json)).toString("base64url")}.${mac}`;
    expect(unsealAuthorizationRequest(forged, "user-a", now)).toBeNull();
    expect(unsealAuthorizationRequest(`${payload}.${mac.slice(0, -2)}AA`, "user-a", now)).toBeNull();
    expect(unsealAuthorizationRequest("garbage", "user-a", now)).toBeNull();
    expect(unsealAuthorizationRequest(`${sealed}.extra`, "user-a", now)).toBeNull();
  });
});
