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

/** What a non-public range is, in words people act on; ranges without a common name stay as ipaddr.js calls them. */
const RANGE_WORDS: Record<string, string> = {
  loopback: "loopback: this machine",
  private: "a private network",
  uniqueLocal: "a private network (unique local)",
  linkLocal: "link-local, where cloud metadata services answer",
  carrierGradeNat: "carrier-grade NAT",
  unspecified: "unspecified",
  broadcast: "broadcast",
  multicast: "multicast",
};

function rangeWords(address: string): string {
  let parsed = ipaddr.parse(address);
  let prefix = "";
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
    prefix = `IPv4 ${parsed.toString()}, `;
  }
  const range = parsed.range();
  return prefix + (RANGE_WORDS[range] ?? `reserved (${range})`);
}

/**
 * Why a URL host that is an IP literal may not be reached, or null when it may (a public address,
 * one `allow` admits, or a DNS name, which only the lookup at connect time can judge). Deliveries
 * check this before connecting, and webhook URLs when they are saved, so both refuse the same.
 */
export function literalAddressProblem(hostname: string, allow: (address: string) => boolean = () => false): string | null {
  const literal = ipLiteral(hostname);
  if (!literal || isPublicAddress(literal) || allow(literal)) return null;
  return `${hostname} is not a public address (${rangeWords(literal)})`;
}
