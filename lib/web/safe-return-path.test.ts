import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./safe-return-path";

describe("safeReturnPath", () => {
  it("keeps paths on this site", () => {
    expect(safeReturnPath("/projects/1?tab=x")).toBe("/projects/1?tab=x");
  });
  it.each(["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "", undefined, ["/a", "/b"]])(
    "refuses %j",
    (value) => {
      expect(safeReturnPath(value)).toBe("/projects");
    },
  );
});
