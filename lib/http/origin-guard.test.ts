import { describe, expect, it } from "vitest";
import { isAppOrigin } from "./origin-guard";

// No APP_URL in tests: the app's origin is http://localhost:<PORT or 3000>.
describe("posts from the app's own pages", () => {
  it("accept the app's origin and its loopback aliases on the same port", () => {
    expect(isAppOrigin("http://localhost:3000")).toBe(true);
    expect(isAppOrigin("http://127.0.0.1:3000")).toBe(true);
  });

  it("refuse other ports, schemes, sites, null and no Origin", () => {
    for (const origin of ["http://localhost:3001", "https://localhost:3000", "https://evil.example", "null", null]) {
      expect(isAppOrigin(origin)).toBe(false);
    }
  });
});
