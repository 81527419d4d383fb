import { describe, expect, it } from "vitest";
import { initialViewOf, viewHref } from "./view-url";

describe("the brief page's view in its URL", () => {
  it("reads by default and edits only when asked, at a known section", () => {
    expect(initialViewOf({})).toEqual({ mode: "read" });
    expect(initialViewOf({ mode: "print" })).toEqual({ mode: "read" });
    expect(initialViewOf({ mode: ["edit", "read"] })).toEqual({ mode: "edit" });
    expect(initialViewOf({ mode: "edit", section: "requirements" })).toEqual({ mode: "edit", section: "requirements" });
    expect(initialViewOf({ mode: "edit", section: "__proto__" })).toEqual({ mode: "edit" });
    expect(initialViewOf({ section: "goal" })).toEqual({ mode: "read" });
  });

  it("writes the same URLs back", () => {
    expect(viewHref("/projects/p/briefs/b", "read")).toBe("/projects/p/briefs/b");
    expect(viewHref("/projects/p/briefs/b", "edit")).toBe("/projects/p/briefs/b?mode=edit");
    expect(viewHref("/projects/p/briefs/b", "edit", "goal")).toBe("/projects/p/briefs/b?mode=edit&section=goal");
  });
});
