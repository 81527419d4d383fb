import { describe, expect, it } from "vitest";
import { criterionMatcher } from "./criterion-mentions";
import { parseJunit } from "./parse-junit";

describe("reading JUnit reports", () => {
  it("finds cases in nested suites, with their outcome and first message", () => {
    const cases = parseJunit(`<?xml version="1.0"?>
      <testsuites><testsuite name="a">
        <testcase name="one &amp; two" classname="a.b"/>
        <testsuite name="inner"><testcase name="fails"><failure message="boom &lt;1&gt;">trace</failure></testcase></testsuite>
        <testcase name="errs"><error>no message attribute</error></testcase>
        <testcase name="skips"><skipped/></testcase>
      </testsuite></testsuites>`);
    expect(cases).toEqual([
      { name: "one & two", classname: "a.b", outcome: "pass" },
      { name: "errs", classname: "", outcome: "fail", message: "no message attribute" },
      { name: "skips", classname: "", outcome: "skip" },
      { name: "fails", classname: "", outcome: "fail", message: "boom <1>" },
    ]);
    expect(parseJunit(`<testsuite><testcase name="alone"/></testsuite>`)).toEqual([{ name: "alone", classname: "", outcome: "pass" }]);
  });

  it("refuses a document type before parsing, and malformed XML", () => {
    expect(() => parseJunit(`<!DOCTYPE x><testsuite/>`)).toThrow(expect.objectContaining({ status: 400, error: expect.objectContaining({ details: { reason: "doctype_refused" } }) }));
    expect(() => parseJunit(`<testsuite><!ENTITY a "b"></testsuite>`)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => parseJunit(`<testsuite><testcase></testsuite>`)).toThrow(expect.objectContaining({ status: 400, error: expect.objectContaining({ details: { reason: "malformed_xml" } }) }));
    // An undeclared entity stays text: nothing is looked up.
    expect(parseJunit(`<testsuite><testcase name="AC-1 &x;"/></testsuite>`)[0].name).toBe("AC-1 &x;");
  });
});

describe("criteria named by a test case", () => {
  const named = criterionMatcher(["AC-2", "AC-20", "R.1"]);
  const of = (name: string, classname = "") => [...named({ name, classname, outcome: "pass" })].sort();
  it("takes whole words only, in the name or the classname", () => {
    expect(of("AC-2 refuses an expired card")).toEqual(["AC-2"]);
    expect(of("refuses", "checkout.test_AC-2")).toEqual(["AC-2"]);
    expect(of("AC-20 and AC-2")).toEqual(["AC-2", "AC-20"]);
    expect(of("AC-21, AC-2a, XAC-2, AC-2-1, ac-2")).toEqual([]);
    expect(of("R.1 holds; R01 does not")).toEqual(["R.1"]);
  });
});
