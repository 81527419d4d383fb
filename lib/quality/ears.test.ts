import { describe, expect, it } from "vitest";
import { earsPattern } from "./ears";

describe("EARS patterns", () => {
  it.each([
    ["The system shall encrypt stored card numbers.", "ubiquitous"],
    ["FR-3: The system shall encrypt stored card numbers.", "ubiquitous"],
    ["When a payment fails, the system shall email the payer.", "event"],
    ["WHEN a user submits the form THEN the system SHALL validate every field", "event"],
    ["While the device is offline, the app shall queue changes.", "state"],
    ["Where SSO is configured, the sign-in page shall show the provider's button.", "optional"],
    ["If the card is declined, then the system shall keep the basket.", "unwanted"],
    ["IF the token has expired THEN the API SHALL answer 401", "unwanted"],
    ["While offline, when the user saves, the app shall queue the change.", "complex"],
    ["If the card is declined, the system shall keep the basket.", null],
    ["The system must encrypt stored card numbers.", null],
    ["After sign-in the system shall show the dashboard.", null],
    ["When a payment fails, email the payer.", null],
  ])("%s → %s", (text, pattern) => {
    expect(earsPattern(text)).toBe(pattern);
  });
});
