/** A Server-Sent Events stream read by hand, for tests: each `data:` line parsed as JSON. */
export type StreamEvent = Record<string, unknown> & { kind: string };

export class EventStream {
  private readonly events: StreamEvent[] = [];
  private readonly waiters = new Set<() => void>();
  private buffer = "";
  ended = false;
  readonly done: Promise<void>;

  constructor(readonly response: Response) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    this.done = (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          this.buffer += value;
          let end: number;
          while ((end = this.buffer.indexOf("\n\n")) >= 0) {
            const block = this.buffer.slice(0, end);
            this.buffer = this.buffer.slice(end + 2);
            const data = block.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
            if (data) this.events.push(JSON.parse(data) as StreamEvent);
          }
          this.wake();
        }
      } catch {
        // Aborted or cut off: ended either way.
      } finally {
        this.ended = true;
        this.wake();
      }
    })();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Every event received so far. */
  get received(): readonly StreamEvent[] {
    return this.events;
  }

  /** The first event from index `from` on that matches, waiting for it up to `timeoutMs`. */
  async next(match: (event: StreamEvent) => boolean, { from = 0, timeoutMs = 10_000 } = {}): Promise<StreamEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.slice(from).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`The stream ended without the event; received: ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No matching event within ${timeoutMs} ms; received: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, left);
        function done() {
          clearTimeout(timer);
          waiters.delete(done);
          resolve();
        }
        const waiters = this.waiters;
        waiters.add(done);
      });
    }
  }
}

/** Opens GET /api/live with a session cookie. */
export async function openLiveStream(origin: string, cookie: string, signal: AbortSignal, headers: Record<string, string> = {}): Promise<EventStream> {
  const response = await fetch(`${origin}/api/live`, { headers: { cookie, accept: "text/event-stream", ...headers }, signal });
  if (response.status !== 200) throw new Error(`GET /api/live answered ${response.status}: ${await response.text()}`);
  return new EventStream(response);
}
