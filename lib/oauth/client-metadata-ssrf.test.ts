import { describe, expect, it } from "vitest";
import { ipLiteral, isPublicAddress, publicOnlyLookup } from "@/lib/http/public-address";
import { fetchClientMetadata } from "./fetch-client-metadata";

describe("the SSRF guard of client metadata fetches", () => {
  it.each(["93.184.215.14", "1.1.1.1", "2606:4700:4700::1111"])("lets public %s through", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254", // cloud metadata
    "100.64.0.1", // carrier-grade NAT
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "::ffff:127.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
    "2002:7f00:1::", // 6to4 of 127.0.0.1
    "ff02::1",
    "not-an-ip",
  ])("blocks %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it("recognises IP literals in URL hosts, in the forms URL normalises to", () => {
    expect(ipLiteral(new URL("https://[::1]/x").hostname)).toBe("::1");
    expect(ipLiteral(new URL("https://0x7f.1/x").hostname)).toBe("127.0.0.1");
    expect(ipLiteral(new URL("https://2130706433/x").hostname)).toBe("127.0.0.1");
    expect(ipLiteral("example.com")).toBeNull();
  });

  it("refuses a loopback IP literal before connecting", async () => {
    await expect(fetchClientMetadata(new URL("https://127.0.0.1/client.json"), { allowLoopback: false })).rejects.toThrow(/not a public address/);
    await expect(fetchClientMetadata(new URL("https://[::ffff:10.0.0.1]/client.json"), { allowLoopback: false })).rejects.toThrow(/not a public address/);
    await expect(fetchClientMetadata(new URL("https://0x7f.1/client.json"), { allowLoopback: false })).rejects.toThrow(/not a public address/);
  });

  it("refuses a DNS name whose answers include a private address, at lookup time", async () => {
    const lookup = publicOnlyLookup();
    // `localhost` resolves through the system resolver to loopback: the rebinding case in miniature.
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup("localhost", {}, (e) => resolve(e)));
    expect(error?.code).toBe("EBLOCKED");
    await expect(fetchClientMetadata(new URL("https://localhost/client.json"), { allowLoopback: false })).rejects.toThrow(/not a public address/);
  });

  it("allows loopback only when the test setting says so", async () => {
    const lookup = publicOnlyLookup((a) => a === "127.0.0.1" || a === "::1");
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => lookup("localhost", {}, (e) => resolve(e)));
    expect(error).toBeNull();
  });
});
