import { describe, expect, it } from "vitest";
import { readEnv } from "./env";

describe("sign-up and mail settings", () => {
  it("default to open sign-up in development and tests, by invitation under npm start, by domain when domains are listed", () => {
    expect(readEnv({ NODE_ENV: "development" }).signUpMode).toBe("open");
    expect(readEnv({ NODE_ENV: "test" }).signUpMode).toBe("open");
    expect(readEnv({}).signUpMode).toBe("open");
    expect(readEnv({ NODE_ENV: "production" }).signUpMode).toBe("invite");
    expect(readEnv({ NODE_ENV: "production", BRIEFS_SIGNUP_DOMAINS: "Example.com, @example.org" })).toMatchObject({
      signUpMode: "domains",
      BRIEFS_SIGNUP_DOMAINS: ["example.com", "example.org"],
    });
    expect(readEnv({ NODE_ENV: "production", BRIEFS_SIGNUP: "open" }).signUpMode).toBe("open");
  });

  it.each([
    [{ BRIEFS_SIGNUP: "domains" }, "BRIEFS_SIGNUP_DOMAINS: is required with BRIEFS_SIGNUP=domains"],
    [{ BRIEFS_SIGNUP: "invite", BRIEFS_SIGNUP_DOMAINS: "example.com" }, "BRIEFS_SIGNUP_DOMAINS: is read only with BRIEFS_SIGNUP=domains"],
    [{ BRIEFS_SIGNUP_DOMAINS: "example.com,not a domain" }, "not a domain name: not a domain"],
    [{ BRIEFS_SIGNUP: "everyone" }, "BRIEFS_SIGNUP:"],
    [{ SMTP_URL: "smtp://mail.example.com:587" }, "EMAIL_FROM: is required with SMTP_URL"],
    [{ SMTP_URL: "https://mail.example.com", EMAIL_FROM: "Briefs <b@example.com>" }, "SMTP_URL: must be an smtp:// or smtps:// URL"],
  ])("refuses %o with a message naming the variable", (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });

  it("takes SMTP with a sender", () => {
    expect(readEnv({ SMTP_URL: "smtps://user:pw@mail.example.com:465", EMAIL_FROM: "Briefs <briefs@example.com>" })).toMatchObject({
      SMTP_URL: "smtps://user:pw@mail.example.com:465",
      EMAIL_FROM: "Briefs <briefs@example.com>",
    });
  });
});
