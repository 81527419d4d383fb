import { describe, expect, it } from "vitest";
import { pickVerifiedGitHubEmail } from "./github-verified-email";

describe("pickVerifiedGitHubEmail", () => {
  const emails = [
    { email: "old@example.test", primary: false, verified: true },
    { email: "main@example.test", primary: true, verified: true },
    { email: "public-unverified@example.test", primary: false, verified: false },
  ];

  it("takes the public address when verified, else the verified primary", () => {
    expect(pickVerifiedGitHubEmail("old@example.test", emails)).toBe("old@example.test");
    expect(pickVerifiedGitHubEmail(null, emails)).toBe("main@example.test");
    expect(pickVerifiedGitHubEmail("public-unverified@example.test", emails)).toBe("main@example.test");
  });

  it("takes nothing unverified, and nothing when GitHub did not answer with a list", () => {
    expect(pickVerifiedGitHubEmail(null, [{ email: "p@example.test", primary: true, verified: false }])).toBeNull();
    expect(pickVerifiedGitHubEmail("p@example.test", { message: "Bad credentials" })).toBeNull();
    expect(pickVerifiedGitHubEmail("p@example.test", [])).toBeNull();
  });
});
