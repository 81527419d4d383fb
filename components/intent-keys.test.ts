import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_MAX } from "@/lib/contract/bounds";
import { IntentKeys, newIdempotencyKey } from "./intent-keys";

function counting() {
  let n = 0;
  return new IntentKeys(() => `k${++n}`);
}

describe("one idempotency key per intended change", () => {
  it("gives a retry of an unanswered intent the same key, so the server applies it once", () => {
    const keys = counting();
    const save = { briefId: "b1", ifVersionNum: 3, title: "New" };
    expect(keys.keyFor(save)).toBe("k1");
    expect(keys.keyFor({ ...save })).toBe("k1");
  });

  it("treats intents with the same JSON as the same, whatever the key order", () => {
    const keys = counting();
    expect(keys.keyFor({ a: 1, b: { c: [1, 2], d: "x" } })).toBe(keys.keyFor({ b: { d: "x", c: [1, 2] }, a: 1 }));
  });

  it("gives a different change a new key, and keeps each open intent's own key", () => {
    const keys = counting();
    const tickFirst = { index: 0, expectedText: "A", checked: true };
    const tickSecond = { index: 1, expectedText: "B", checked: true };
    expect(keys.keyFor(tickFirst)).toBe("k1");
    expect(keys.keyFor(tickSecond)).toBe("k2");
    expect(keys.keyFor({ ...tickFirst, checked: false })).toBe("k3");
    expect(keys.keyFor(tickFirst)).toBe("k1");
  });

  it("starts a new change with a new key once the intent was answered", () => {
    const keys = counting();
    const comment = { briefId: "b1", body: "Looks good" };
    const first = keys.keyFor(comment);
    keys.settle(comment);
    const second = keys.keyFor(comment);
    expect(second).not.toBe(first);
    expect(keys.keyFor(comment)).toBe(second);
  });

  it("settles only the intent that was answered", () => {
    const keys = counting();
    keys.keyFor("a");
    keys.keyFor("b");
    keys.settle("a");
    expect(keys.keyFor("b")).toBe("k2");
    expect(keys.keyFor("a")).toBe("k3");
  });

  it("mints keys the contract accepts: unguessable and within the key bound", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^web-[0-9a-f]{32}$/);
    expect(a.length).toBeLessThanOrEqual(IDEMPOTENCY_KEY_MAX);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
