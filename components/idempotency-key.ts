/**
 * A fresh key for one user action (docs/contract.md#idempotency): a double click or a retried request replays
 * instead of applying twice. getRandomValues also works on plain-http origins, unlike randomUUID.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}
