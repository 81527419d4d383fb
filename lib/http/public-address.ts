import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Whether an IP address is a public unicast address. Loopback, private, link-local, carrier-grade
 * NAT, multicast, reserved, documentation and translation ranges (which can hide an IPv4 address
 * inside IPv6) are all refused: a URL someone else chose (a client metadata document, a webhook) must not make the server reach inward.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === "unicast";
}

/** The loopback addresses tests may allow (BRIEFS_OAUTH_CIMD_ALLOW_LOOPBACK, BRIEFS_WEBHOOK_ALLOW_LOOPBACK). */
export function isLoopbackAddress(address: string): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

class BlockedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address.`);
    this.name = "BlockedAddressError";
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for sockets that resolves a host name and refuses the connection when any answer is
 * not public. It runs at connect time, so a DNS answer that changes after a first check (rebinding)
 * is caught too. `allow` admits extra addresses (loopback in tests).
 */
export function publicOnlyLookup(allow: (address: string) => boolean = () => false) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, answers) => {
      if (error) return callback(error, "", 0);
      const list = answers as dns.LookupAddress[];
      const bad = list.find((a) => !isPublicAddress(a.address) && !allow(a.address));
      if (bad || list.length === 0) {
        return callback(Object.assign(new BlockedAddressError(hostname, bad?.address ?? "nothing"), { code: "EBLOCKED" }), "", 0);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}

/** An IP literal in a URL host (`[::1]` → `::1`), or null for a DNS name. */
export function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : null;
}
