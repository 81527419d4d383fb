import { describe, expect, it } from "vitest";
import { clientAddress, rateLimitKeyOf } from "./client-address";

describe("the client address", () => {
  it("is the TCP peer unless proxies are trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
    expect(clientAddress("::ffff:203.0.113.7", undefined, 0)).toBe("203.0.113.7");
  });

  it("behind trusted proxies, is the entry the farthest of them added", () => {
    // The client wrote "1.1.1.1" itself; the one proxy appended the address it saw.
    expect(clientAddress("10.0.0.2", "1.1.1.1, 203.0.113.7", 1)).toBe("203.0.113.7");
    // A CDN then a load balancer: the CDN appended the client, the balancer the CDN.
    expect(clientAddress("10.0.0.2", "1.1.1.1, 203.0.113.7, 198.51.100.9", 2)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", ["1.1.1.1", "203.0.113.7"], 1)).toBe("203.0.113.7");
    // Fewer entries than proxies: the first is the best there is.
    expect(clientAddress("10.0.0.2", "203.0.113.7", 3)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
  });

  it("groups IPv6 addresses by their /64 network", () => {
    expect(rateLimitKeyOf("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKeyOf("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(rateLimitKeyOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitKeyOf("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitKeyOf("192.0.2.1")).toBe("192.0.2.1");
  });
});
