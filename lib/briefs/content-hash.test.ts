import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { approvalHash, contentHash, fingerprint } from "./content-hash";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("contentHash", () => {
  it("is sha256 of the RFC 8785 canonical JSON, computed independently", () => {
    const content = {
      "ﬁ": 1,
      c: { z: null, y: 10.0 },
      "😀": 2,
      b: [1, 1.5e2, -0.000001, 1e21],
      "€": true,
      a: "é😀\n",
    };
    // Keys sorted by UTF-16 code unit (so 😀 = D83D… before ﬁ = FB01), numbers in ECMAScript form,
    // non-ASCII text raw, control characters escaped.
    const canonical = '{"a":"é😀\\n","b":[1,150,-0.000001,1e+21],"c":{"y":10,"z":null},"€":true,"😀":2,"ﬁ":1}';
    expect(contentHash(content)).toBe(`sha256:${sha256(canonical)}`);
  });

  it("ignores key order and excludes the checklist mirror", () => {
    const items = [{ text: "A", checked: true }];
    const content = { goal: "g", testingQaChecklist: items };
    expect(contentHash({ testingQaChecklist: items, goal: "g" })).toBe(contentHash(content));
    expect(contentHash({ ...content, checklist: items })).toBe(contentHash(content));
  });

  it("covers the checklist, its attribution and _draft", () => {
    const content = { goal: "g", testingQaChecklist: [{ text: "A", checked: false }], _draft: {} };
    expect(contentHash({ ...content, testingQaChecklist: [{ text: "A", checked: true }] })).not.toBe(contentHash(content));
    expect(contentHash({ ...content, testingQaChecklist: [{ text: "A", checked: false, addedBy: "ann" }] })).not.toBe(
      contentHash(content),
    );
    expect(contentHash({ ...content, _draft: { goal: "h" } })).not.toBe(contentHash(content));
  });

  it("hashes the empty document", () => {
    expect(contentHash({})).toBe(`sha256:${sha256("{}")}`);
  });
});

describe("approvalHash", () => {
  const content = {
    requirements: ["R1"],
    testingQaChecklist: [{ text: "A", checked: false }],
    _draft: { requirements: ["R1", "R2?"] },
  };

  it("is the hash of the content without checklist, _draft and mirror", () => {
    expect(approvalHash(content)).toBe(`sha256:${sha256('{"requirements":["R1"]}')}`);
    expect(approvalHash({ ...content, checklist: content.testingQaChecklist })).toBe(approvalHash(content));
  });

  it("is unchanged by checklist and _draft edits", () => {
    expect(approvalHash({ ...content, testingQaChecklist: [{ text: "A", checked: true, checkedBy: "q" }] })).toBe(
      approvalHash(content),
    );
    expect(approvalHash({ ...content, testingQaChecklist: [] })).toBe(approvalHash(content));
    expect(approvalHash({ ...content, _draft: "anything" })).toBe(approvalHash(content));
  });

  it("changes when a requirement changes", () => {
    expect(approvalHash({ ...content, requirements: ["R1 edited"] })).not.toBe(approvalHash(content));
  });
});

describe("fingerprint", () => {
  it("is hex sha256 of the canonical arguments without idempotencyKey", () => {
    const args = { title: "T", projectId: "p1", idempotencyKey: "k1" };
    expect(fingerprint(args)).toBe(sha256('{"projectId":"p1","title":"T"}'));
  });

  it("does not depend on the key or on argument order, but on every other argument", () => {
    expect(fingerprint({ a: 1, b: [2], idempotencyKey: "x" })).toBe(fingerprint({ idempotencyKey: "y", b: [2], a: 1 }));
    expect(fingerprint({ a: 1, b: [2] })).not.toBe(fingerprint({ a: 1, b: [3] }));
    expect(fingerprint({ a: 1 })).not.toBe(fingerprint({ a: 1, ifVersionNum: 3 }));
  });
});
