import { describe, expect, it } from "vitest";
import { narrowedScopes, requestedScopes } from "./oauth-scopes";

describe("requested scopes", () => {
  it("offers everything when the client names none, so the person chooses", () => {
    expect(requestedScopes(undefined)).toEqual(["brief:read", "brief:propose", "brief:write"]);
    expect(requestedScopes("")).toEqual(["brief:read", "brief:propose", "brief:write"]);
    expect(requestedScopes("offline_access")).toEqual(["brief:read", "brief:propose", "brief:write"]);
  });

  it("keeps known scopes, adds read to write, and drops unknown ones", () => {
    expect(requestedScopes("brief:read")).toEqual(["brief:read"]);
    expect(requestedScopes("brief:write")).toEqual(["brief:read", "brief:write"]);
    expect(requestedScopes("brief:propose")).toEqual(["brief:read", "brief:propose"]);
    expect(requestedScopes("openid brief:read offline_access")).toEqual(["brief:read"]);
  });

  it("refuses a request with no known scope", () => {
    expect(requestedScopes("admin")).toBeNull();
  });

  it("lets a refresh narrow but never widen", () => {
    expect(narrowedScopes(undefined, ["brief:read", "brief:write"])).toEqual(["brief:read", "brief:write"]);
    expect(narrowedScopes("brief:read", ["brief:read", "brief:write"])).toEqual(["brief:read"]);
    expect(narrowedScopes("brief:write", ["brief:read"])).toBeNull();
    // Writing includes suggesting: a writing grant may be narrowed to it, a reading one not widened.
    expect(narrowedScopes("brief:propose", ["brief:read", "brief:write"])).toEqual(["brief:read", "brief:propose"]);
    expect(narrowedScopes("brief:propose", ["brief:read"])).toBeNull();
    expect(narrowedScopes("admin", ["brief:read"])).toBeNull();
  });
});
