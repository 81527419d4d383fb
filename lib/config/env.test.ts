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

describe("GitHub App settings", () => {
  const key = "-----BEGIN RSA PRIVATE KEY-----\\nMIIB\\n-----END RSA PRIVATE KEY-----";

  it("reads the App, its key with escaped line breaks, and a list of webhook secrets; the API defaults to GitHub's", () => {
    expect(readEnv({ GITHUB_APP_ID: "4242", GITHUB_APP_PRIVATE_KEY: key, GITHUB_WEBHOOK_SECRET: "new-secret, old-secret" })).toMatchObject({
      GITHUB_APP_ID: "4242",
      GITHUB_APP_PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----",
      GITHUB_WEBHOOK_SECRET: ["new-secret", "old-secret"],
      GITHUB_API_URL: "https://api.github.com",
    });
    expect(readEnv({ GITHUB_API_URL: "http://127.0.0.1:9999", BRIEFS_WEBHOOK_ALLOW_LOOPBACK: "1" }).GITHUB_API_URL).toBe("http://127.0.0.1:9999");
  });

  it.each([
    [{ GITHUB_APP_ID: "4242" }, "GITHUB_APP_PRIVATE_KEY: is required with GITHUB_APP_ID"],
    [{ GITHUB_APP_ID: "my-app", GITHUB_APP_PRIVATE_KEY: key }, "GITHUB_APP_ID: must be the App's numeric id"],
    [{ GITHUB_APP_PRIVATE_KEY: "not a key" }, "GITHUB_APP_PRIVATE_KEY: must be a PEM private key"],
    [{ GITHUB_APP_PRIVATE_KEY: key, GITHUB_APP_PRIVATE_KEY_FILE: "/etc/app.pem" }, "GITHUB_APP_PRIVATE_KEY_FILE: set either"],
    [{ GITHUB_API_URL: "http://github.example.com/api/v3" }, "GITHUB_API_URL: must be an https:// URL"],
    [{ GITHUB_API_URL: "http://127.0.0.1:9999" }, "GITHUB_API_URL: must be an https:// URL"],
  ])("refuses %o with a message naming the variable", (source, message) => {
    expect(() => readEnv(source)).toThrow(message);
  });
});
