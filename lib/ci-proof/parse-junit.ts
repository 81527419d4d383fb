import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ReportRefused } from "./report-refused";

export type TestOutcome = "pass" | "fail" | "skip";

/** One `<testcase>` as far as proof goes. */
export type TestCase = { name: string; classname: string; outcome: TestOutcome; message?: string };

// A document type can declare entities, which expand without bound (billion laughs) or read files
// and URLs (XXE). JUnit reports never need one, so any is refused before the parser sees the text.
const DECLARATION = /<!\s*(DOCTYPE|ENTITY)/i;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === "testsuite" || name === "testcase" || name === "testsuites",
});

const PREDEFINED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The five predefined entities and character references only: nothing a document could declare. */
function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi, (whole, name: string) => {
    if (name[0] !== "#") return PREDEFINED[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

type Node = Record<string, unknown>;

function textOf(value: unknown): string {
  if (typeof value === "string") return unescape(value);
  if (value && typeof value === "object") {
    const node = value as Node;
    if (typeof node.message === "string") return unescape(node.message);
    if (typeof node["#text"] === "string") return unescape(node["#text"]);
  }
  return "";
}

function caseOf(node: Node): TestCase {
  const name = unescape(String(node.name ?? ""));
  const classname = unescape(String(node.classname ?? ""));
  const failed = node.failure ?? node.error;
  if ("failure" in node || "error" in node) {
    const first = Array.isArray(failed) ? failed[0] : failed;
    return { name, classname, outcome: "fail", message: textOf(first).slice(0, 500) };
  }
  return { name, classname, outcome: "skipped" in node ? "skip" : "pass" };
}

function collect(suite: Node, into: TestCase[]): void {
  for (const node of (suite.testcase as Node[] | undefined) ?? []) if (node && typeof node === "object") into.push(caseOf(node));
  for (const inner of (suite.testsuite as Node[] | undefined) ?? []) if (inner && typeof inner === "object") collect(inner, into);
  for (const inner of (suite.testsuites as Node[] | undefined) ?? []) if (inner && typeof inner === "object") collect(inner, into);
}

/**
 * The test cases of a JUnit XML report: `<testsuites>` or `<testsuite>` at the root, suites nested
 * at any depth. A case with `<failure>` or `<error>` failed, one with `<skipped>` was skipped.
 */
export function parseJunit(xml: string): TestCase[] {
  if (DECLARATION.test(xml)) throw new ReportRefused(400, "doctype_refused", "The report declares a document type or entities; JUnit reports need neither, so it was not read.");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new ReportRefused(400, "malformed_xml", `The report is not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col}).`);
  }
  const root = parser.parse(xml) as Node;
  if (!("testsuites" in root) && !("testsuite" in root)) {
    throw new ReportRefused(422, "not_junit", "The report is not JUnit XML: its root element must be <testsuites> or <testsuite>.");
  }
  const cases: TestCase[] = [];
  collect(root, cases);
  return cases;
}
