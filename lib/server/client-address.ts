import dc from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import net from "node:net";
import type { Socket } from "node:net";

/**
 * The client's address, for rate limits. Route handlers and server actions see only headers, and
 * Next fills `X-Forwarded-For` with the peer's address only when the client sent none, so a client
 * could name any address it likes. Instead, every incoming request gets this header, overwritten
 * with the address the app trusts: the TCP peer, or, behind BRIEFS_TRUST_PROXY proxies, the entry
 * the farthest trusted proxy added to X-Forwarded-For.
 */
const CLIENT_ADDRESS_HEADER = "x-briefs-client-address";

const holder = globalThis as unknown as { __briefsClientAddresses?: boolean };

/** In the server process, before requests arrive (instrumentation.ts). */
export function stampClientAddresses(trustedProxies: number): void {
  if (holder.__briefsClientAddresses) return;
  holder.__briefsClientAddresses = true;
  dc.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    request.headers[CLIENT_ADDRESS_HEADER] = clientAddress(socket.remoteAddress, request.headers["x-forwarded-for"], trustedProxies);
  });
}

/** The stamped address; "unknown" where none was stamped (then all such requests share one count). */
export function clientAddressOf(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}

export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trustedProxies: number): string {
  let address = peer;
  if (trustedProxies > 0) {
    const hops = [forwardedFor ?? []].flat().join(",").split(",").map((a) => a.trim()).filter(Boolean);
    // Each trusted proxy appends the address it was reached from; entries before those are the client's say.
    if (hops.length > 0) address = hops[Math.max(0, hops.length - trustedProxies)];
  }
  return rateLimitKeyOf(address ?? "unknown");
}

/**
 * IPv4 as is (also when written IPv4-mapped); IPv6 by its /64 network, since one subscriber
 * usually holds a whole /64 and could otherwise change address at will.
 */
export function rateLimitKeyOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!net.isIPv6(address)) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16)).join(":")}::/64`;
}
