import { describe, expect, it } from "vitest";
import { uuid7 } from "./uuid7";

describe("uuid7", () => {
  it("is a version 7, variant 1 UUID whose first 48 bits are the time", () => {
    const id = uuid7(Date.UTC(2026, 10, 23, 12, 0, 0, 5));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, "").slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 23, 12, 0, 0, 5));
  });

  it("sorts by creation time across milliseconds", () => {
    const ids = [uuid7(1_000), uuid7(1_001), uuid7(2_000)];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => uuid7(5))).size).toBe(1000);
  });
});
