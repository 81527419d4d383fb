import { describe, expect, it } from "vitest";
import { formatDateTime, formatRelative } from "./date-format";

describe("dates as the app shows them", () => {
  it("writes server-rendered dates in UTC with one fixed format, whatever the machine's zone", () => {
    expect(formatDateTime("2026-11-21T06:01:59.000Z")).toBe("21 Nov 2026, 06:01 UTC");
  });

  it("shows a value that is not a date as it is, and nothing for a missing one", () => {
    expect(formatDateTime("someday")).toBe("someday");
    expect(formatDateTime(undefined)).toBe("");
    expect(formatDateTime(42)).toBe("");
  });

  it("says 'just now' for the last 45 seconds and then counts in the largest whole unit", () => {
    expect(formatRelative(-10_000)).toBe("just now");
    expect(formatRelative(10_000)).toBe("in a moment");
    expect(formatRelative(-3 * 60_000)).toMatch(/3 minutes ago/);
    expect(formatRelative(-2 * 3600_000)).toMatch(/2 hours ago/);
    expect(formatRelative(-24 * 3600_000)).toMatch(/yesterday|1 day ago/);
  });
});
