import { describe, expect, it } from "vitest";
import { diffWords, markedMarkdown, MARKS } from "./word-diff";

const { insOpen: I, insClose: i, delOpen: D, delClose: d } = MARKS;

describe("word diff", () => {
  it("marks runs of changed words, keeping the words both texts share", () => {
    expect(diffWords("Customers export as CSV.", "Account owners export as CSV or PDF.")).toEqual([
      { op: "del", text: "Customers " },
      { op: "add", text: "Account owners " },
      { op: "same", text: "export as " },
      { op: "del", text: "CSV." },
      { op: "add", text: "CSV or PDF." },
    ]);
  });

  it("keeps block syntax outside the marks, so a marked list item is still a list item", () => {
    const marked = markedMarkdown(diffWords("- one\n- two", "- one\n- two\n- three"));
    expect(marked).toBe(`- one\n- two\n- ${I}three${i}`);
  });

  it("drops marks a text itself carries, so a brief cannot fake a change", () => {
    expect(markedMarkdown([{ op: "same", text: `a${I}b${d}` }])).toBe("ab");
    expect(markedMarkdown([{ op: "del", text: `x${D}` }])).toBe(`${D}x${d}`);
  });
});
