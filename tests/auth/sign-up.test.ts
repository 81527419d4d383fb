import { describe, expect, it } from "vitest";
import { signUp } from "@/lib/users/sign-up";
import { ensureUser } from "@/lib/users/ensure-user";
import { verifyCredentials } from "@/lib/users/verify-credentials";
import { canLinkExternalIdentity } from "@/lib/users/can-link-external-identity";
import { newUser } from "../support/fixtures";

describe(`sign-up and linking on ${process.env.BRIEFS_TEST_DB}`, () => {
  it("signs a new person up with a hashed password they can sign in with", async () => {
    const email = `new.${Date.now()}@example.test`;
    const user = await signUp({ name: "New", email: email.toUpperCase(), password: "correct horse" });
    expect(user.email).toBe(email);
    expect(await verifyCredentials(email, "correct horse")).toEqual(user);
    expect(await verifyCredentials(email, "wrong horse")).toBeNull();
  });

  it("never takes over an existing account, with or without a password", async () => {
    const oauthOnly = await newUser("Olivia");
    await expect(signUp({ email: oauthOnly.email, password: "attacker-pass" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await verifyCredentials(oauthOnly.email, "attacker-pass")).toBeNull();

    const email = `pw.${Date.now()}@example.test`;
    await signUp({ email, password: "first-owner" });
    await expect(signUp({ email, password: "second-comer" })).rejects.toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await verifyCredentials(email, "first-owner")).not.toBeNull();
  });

  it("links an outside identity only to an account without a password", async () => {
    const passwordless = await ensureUser(`sso.${Date.now()}@example.test`);
    expect(await canLinkExternalIdentity(passwordless.email)).toBe(true);
    expect(await canLinkExternalIdentity(`nobody.${Date.now()}@example.test`)).toBe(true);
    const email = `owned.${Date.now()}@example.test`;
    await signUp({ email, password: "mine-only" });
    expect(await canLinkExternalIdentity(email)).toBe(false);
  });
});
