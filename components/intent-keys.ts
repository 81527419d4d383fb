/**
 * One idempotency key per intended change. The same intent, tried again while its answer is
 * unknown (a lost response, a double click, a resubmitted form), gets the same key, so the server
 * applies it at most once and replays its answer. Once an answer arrives, applied or refused, the
 * intent is settled: doing it again is a new change with a new key.
 */
export class IntentKeys {
  private readonly open = new Map<string, string>();

  constructor(private readonly mint: () => string = newIdempotencyKey) {}

  /** The key for this intent; intents are equal when their JSON is (whatever the key order). */
  keyFor(intent: unknown): string {
    const print = printOf(intent);
    let key = this.open.get(print);
    if (key === undefined) {
      key = this.mint();
      this.open.set(print, key);
    }
    return key;
  }

  /** The server answered this intent; the next attempt at it is a new change. */
  settle(intent: unknown): void {
    this.open.delete(printOf(intent));
  }
}

/** getRandomValues also works on plain-http origins, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `web-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function printOf(intent: unknown): string {
  return JSON.stringify(intent, (_key, value: unknown) =>
    value && typeof value === "object" && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value,
  );
}
