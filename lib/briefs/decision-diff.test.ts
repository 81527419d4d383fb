import { describe, expect, it } from "vitest";
import { diffDecisions } from "./decision-diff";

const a = { text: "Use zod", stated: true };
const b = { text: "Postgres", source: "call" };
const c = { text: "No SSO" };

describe("diffDecisions", () => {
  it("returns null when nothing changed, whatever the order", () => {
    expect(diffDecisions([a, b], [b, a])).toBeNull();
    expect(diffDecisions(undefined, undefined)).toBeNull();
    expect(diffDecisions(undefined, [])).toBeNull();
    expect(diffDecisions([a], [{ stated: true, text: "Use zod" }])).toBeNull();
  });

  it("lists added and removed decisions", () => {
    expect(diffDecisions([a, b], [b, c])).toEqual({ added: [c], removed: [a] });
    expect(diffDecisions(undefined, [a])).toEqual({ added: [a], removed: [] });
    expect(diffDecisions([a], undefined)).toEqual({ added: [], removed: [a] });
  });

  it("treats an edited decision as one removed and one added", () => {
    expect(diffDecisions([a], [{ ...a, stated: false }])).toEqual({ added: [{ ...a, stated: false }], removed: [a] });
  });

  it("counts duplicates as a multiset", () => {
    expect(diffDecisions([a], [a, a])).toEqual({ added: [a], removed: [] });
    expect(diffDecisions([a, a, b], [a])).toEqual({ added: [], removed: [a, b] });
  });
});
