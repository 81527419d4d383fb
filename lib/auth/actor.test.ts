import { describe, expect, it } from "vitest";
import { actorLabel } from "./actor";
import { checkStrings } from "@/lib/validation/check-strings";

describe("actorLabel", () => {
  it("is the name, else the email, and names the token for agents", () => {
    expect(actorLabel({ name: " Dana ", email: "d@example.test" })).toBe("Dana");
    expect(actorLabel({ name: null, email: "d@example.test" })).toBe("d@example.test");
    expect(actorLabel({ name: "Dana", email: "d@example.test", tokenName: "ci" })).toBe("d@example.test via ci");
  });

  it("keeps at most 200 characters without splitting a character in two", () => {
    const label = actorLabel({ email: "d@example.test", tokenName: "🚀".repeat(300) });
    expect(Array.from(label)).toHaveLength(200);
    expect(checkStrings(label)).toEqual([]);
  });
});
