import { describe, expect, it } from "vitest";
import { parseRateLimitOverrides, rateLimitNames } from "./policy";

describe("BRIEFS_RATE_LIMITS", () => {
  it("reads name=points/window and name=off", () => {
    const parsed = parseRateLimitOverrides(" sign-up-address=50/1h, mcp-token=off,sign-in-account=3/90s ", rateLimitNames);
    expect(parsed).toEqual(
      new Map<string, unknown>([
        ["sign-up-address", { points: 50, windowSeconds: 3600 }],
        ["mcp-token", "off"],
        ["sign-in-account", { points: 3, windowSeconds: 90 }],
      ]),
    );
    expect(parseRateLimitOverrides("", rateLimitNames)).toEqual(new Map());
  });

  it.each([
    ["sign-up-address=50", "is not name=points/window"],
    ["sign-up-address=50/1d", "is not name=points/window"],
    ["signup=50/1h", 'unknown limit "signup"'],
    ["mcp-token=0/1m", "must allow at least 1 request"],
  ])("refuses %s with a message saying what is wrong", (text, message) => {
    expect(parseRateLimitOverrides(text, rateLimitNames)).toContain(message);
  });
});
