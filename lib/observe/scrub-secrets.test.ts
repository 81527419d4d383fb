import { describe, expect, it } from "vitest";
import { holdsCredential, REDACTED, scrubSecrets } from "./scrub-secrets";
import { requestIdFrom } from "./request-context";

describe("scrubSecrets", () => {
  it.each([
    ["an API token", "token brf_Zm9vYmFyYmF6cXV4cXV1eHF1dXhxdXV4cXV1eHF1dXhxdXV4 was refused", "brf_Zm9v"],
    ["an OAuth refresh token", "refresh brr_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG", "brr_abc"],
    ["a bearer header", "Authorization: Bearer some.jwt.value-here", "some.jwt"],
    ["a share link's token", "GET /s/brs_q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8 failed", "q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6"],
    ["a session id", "session Xq8fT2mZ0vL9pR4sK7wN1bC6yH3jD5gA8eU0iO2tQ4r expired", "Xq8fT2mZ0vL9pR4sK7wN1bC6yH3jD5gA8eU0iO2tQ4r"],
    ["an unsubscribe signature", "GET /unsubscribe?u=1&k=mention&t=IXhPliDCTAvGie8SopSHMaISXRV0CQEH01Ka9ZM0NmQ", "IXhPliDCTAvGie8SopSHMaISXRV0CQEH01Ka9ZM0NmQ"],
    ["a webhook secret", "secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw+Abc/def==", "whsec_MfKQ"],
    ["a code in a query", "/oauth/callback?code=abc123&state=xyz789", "abc123"],
  ])("removes %s", (_, text, secret) => {
    const scrubbed = scrubSecrets(text);
    expect(scrubbed).not.toContain(secret);
    expect(scrubbed).toContain(REDACTED);
  });

  it("keeps ids and digests an operator searches for, and ordinary text", () => {
    const text = "brief 0192f3a4-5b6c-7d8e-9f01-23456789abcd failed after migration 2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881";
    expect(scrubSecrets(text)).toBe(text);
    const migration = "Migration 20261127031912_outbox_and_webhooks failed and was rolled back";
    expect(scrubSecrets(migration)).toBe(migration);
    expect(scrubSecrets("The database could not be opened at start: connect ECONNREFUSED")).toBe(
      "The database could not be opened at start: connect ECONNREFUSED",
    );
  });
});

describe("holdsCredential", () => {
  it.each([
    ["an API token", "brf_hOm4WLVljOSEcK3b_H-KTd-2Y6k9J8VPfKPbglX4c6o"],
    ["an OAuth access token inside other text", "trace-bro_abcdefghijklmnopqrstuvwxyz012345"],
    ["a share link's token", "brs_q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6j7k8l9z0x1c"],
    ["a webhook secret", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
  ])("finds %s", (_, value) => {
    expect(holdsCredential(value)).toBe(true);
    expect(requestIdFrom(value)).not.toBe(value);
  });

  it.each([
    ["a UUID", "0192f3a4-5b6c-7d8e-9f01-23456789abcd"],
    ["a proxy's hex id", "2d711642b726b04401627ca9fbac32f5"],
    ["a client's own name for a request", "checkout-retry-3:brf_"],
  ])("keeps %s as a request id", (_, value) => {
    expect(holdsCredential(value)).toBe(false);
    expect(requestIdFrom(value)).toBe(value);
  });
});
