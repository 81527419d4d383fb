"use client";

import type { LiveEvent } from "@/lib/live/live-event";
import type { PageDataWire } from "@/lib/live/page-data-wire";

/**
 * What pages hear: the server's events, where a change to a brief the person has open carries the
 * page's data (lib/live/pushed-page-data.ts), plus `access` when the person's projects changed.
 */
export type LiveMessage = Exclude<LiveEvent, { kind: "brief" }> | (Extract<LiveEvent, { kind: "brief" }> & { page?: PageDataWire }) | { kind: "access" } | { kind: "notification" };
export type StreamStatus = "connecting" | "live" | "offline" | "signed-out";

type ChannelMessage = { type: "event"; event: LiveMessage } | { type: "status"; status: StreamStatus } | { type: "hello" };

const CHANNEL = "briefs-live";
const LEADER_LOCK = "briefs-live-leader";
const REOPEN_FIRST_MS = 1_000;
const REOPEN_MAX_MS = 30_000;
const OFFLINE_AFTER_MS = 3_000;

/**
 * The tab's view of the person's live stream (GET /api/live). Browsers allow six connections per
 * origin over HTTP/1.1 across all tabs, so a browser keeps one stream, not one per tab: the tab that
 * holds a Web Lock opens it and passes every event to the others over a BroadcastChannel. When that
 * tab closes, the lock passes to another tab, which opens the stream again; its opening `sync` tells
 * every tab to check what it shows. Without Web Locks (a page not served over HTTPS or localhost),
 * each tab keeps its own stream.
 */
class LiveConnection {
  private readonly listeners = new Set<(message: LiveMessage) => void>();
  private readonly statusListeners = new Set<(status: StreamStatus) => void>();
  private channel: BroadcastChannel | null = null;
  private leading = false;
  status: StreamStatus = "connecting";

  constructor() {
    if (typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = ({ data }: MessageEvent<ChannelMessage>) => {
        if (data.type === "event") this.deliver(data.event);
        else if (data.type === "status") this.setStatus(data.status);
        else if (data.type === "hello" && this.leading) this.channel?.postMessage({ type: "status", status: this.status } satisfies ChannelMessage);
      };
    }
    if (this.channel && typeof navigator !== "undefined" && navigator.locks) {
      void navigator.locks.request(LEADER_LOCK, () => {
        this.lead();
        // Held for the life of the tab: released when it closes.
        return new Promise<void>(() => {});
      });
      this.channel.postMessage({ type: "hello" } satisfies ChannelMessage);
      // A tab that follows: its page was rendered moments ago, but a change may have landed since.
      queueMicrotask(() => {
        if (!this.leading) this.deliver({ kind: "sync" });
      });
    } else {
      this.lead();
    }
  }

  subscribe(listener: (message: LiveMessage) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  onStatus(listener: (status: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => void this.statusListeners.delete(listener);
  }

  private deliver(message: LiveMessage): void {
    for (const listener of [...this.listeners]) listener(message);
  }

  private setStatus(status: StreamStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener(status);
    if (this.leading) this.channel?.postMessage({ type: "status", status } satisfies ChannelMessage);
  }

  private lead(): void {
    this.leading = true;
    let delay = REOPEN_FIRST_MS;
    const open = () => {
      const source = new EventSource("/api/live");
      source.onopen = () => {
        delay = REOPEN_FIRST_MS;
        this.setStatus("live");
      };
      source.onmessage = ({ data }: MessageEvent<string>) => {
        let message: LiveMessage;
        try {
          message = JSON.parse(data) as LiveMessage;
        } catch {
          return;
        }
        this.deliver(message);
        this.channel?.postMessage({ type: "event", event: message } satisfies ChannelMessage);
      };
      source.onerror = () => {
        // CONNECTING: the browser reconnects by itself (the server asks for 1 s). CLOSED: the server
        // refused the stream; find out whether the person is signed out, and try again later.
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          void fetch("/api/live?probe=1", { cache: "no-store" }).then(
            (answer) => this.setStatus(answer.status === 401 ? "signed-out" : "offline"),
            () => this.setStatus("offline"),
          );
          setTimeout(open, delay);
          delay = Math.min(delay * 2, REOPEN_MAX_MS);
        } else {
          // A restart or a deploy reconnects within a second or two: only a longer gap is news.
          setTimeout(() => {
            if (source.readyState !== EventSource.OPEN) this.setStatus("offline");
          }, OFFLINE_AFTER_MS);
        }
      };
    };
    open();
  }
}

let connection: LiveConnection | undefined;

/** The tab's connection, opened on first use. */
export function liveConnection(): LiveConnection {
  connection ??= new LiveConnection();
  return connection;
}
