import { describe, expect, it } from "vitest";
import { importRefusal } from "./import-refusal";

describe("an import refusal", () => {
  it("puts each issue next to the file it names, and the rest in general", () => {
    const refusal = importRefusal(
      {
        code: "VALIDATION_ERROR",
        message: "The arguments are not valid.",
        details: { issues: [{ path: "bad.md", message: "The file is not valid UTF-8 text." }, { path: "choices", message: "Not JSON." }] },
      },
      ["good.md", "bad.md"],
    );
    expect(refusal).toEqual({ bySource: { "bad.md": ["The file is not valid UTF-8 text."] }, general: ["Not JSON."] });
  });

  it("keeps the headline when no issue names a file", () => {
    expect(importRefusal({ code: "CONTENT_TOO_LARGE", message: "Content is too large. Split the document.", details: { limit: 1 } }, ["a.md"])).toEqual({
      bySource: {},
      general: ["Content is too large. Split the document."],
    });
    expect(importRefusal({ code: "PROJECT_ACCESS_DENIED", message: "No access." }, [])).toEqual({ bySource: {}, general: ["No access."] });
  });
});
