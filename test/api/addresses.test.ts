// The file_url address rules: public unicast passes, every special-purpose block is refused.
import { describe, expect, it } from "vitest";
import { parseIPv6, specialAddress } from "../../src/api/addresses";
import { dohResolver } from "../../src/api/resolve-host";

describe("special-purpose addresses", () => {
  it("lets public unicast through", () => {
    for (const a of ["1.1.1.1", "8.8.8.8", "100.63.255.255", "100.128.0.1", "172.32.0.1", "192.0.3.1", "198.20.0.1", "223.255.255.255", "2606:4700::1111", "2a00:1450:4001::200e"]) {
      expect(specialAddress(a), a).toBeNull();
    }
  });

  it("refuses every special-purpose block, IPv4 inside IPv6 included", () => {
    const refused = {
      "0.1.2.3": "this network", "10.9.8.7": "private", "100.64.0.1": "shared", "127.8.8.8": "loopback", "169.254.169.254": "link-local",
      "172.31.255.255": "private", "192.0.0.170": "IETF", "192.0.2.1": "documentation", "192.88.99.1": "6to4", "192.168.1.1": "private",
      "198.19.255.255": "benchmarking", "198.51.100.1": "documentation", "203.0.113.9": "documentation", "224.0.0.1": "multicast",
      "250.1.1.1": "reserved", "255.255.255.255": "broadcast",
      "::": "unspecified", "::1": "loopback", "::ffff:10.0.0.1": "IPv4-mapped private", "::ffff:7f00:1": "IPv4-mapped loopback",
      "64:ff9b::a9fe:a9fe": "NAT64 link-local", "fd00::1": "unique local", "fe80::1%eth0": "link-local", "ff02::1": "multicast",
      "2001:db8::1": "documentation", "2001::1": "IETF", "2002:7f00:1::1": "6to4", "3fff::1": "documentation", "5f00::1": "outside global unicast",
    };
    for (const [address, why] of Object.entries(refused)) expect(specialAddress(address), address).toMatch(new RegExp(why));
  });

  it("reads IPv6 in all its spellings", () => {
    expect(parseIPv6("::1")).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIPv6("[2001:db8::8:800:200c:417a]")).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
    expect(parseIPv6("::ffff:1.2.3.4")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    for (const bad of ["1::2::3", "12345::", "1:2:3:4:5:6:7", "g::1"]) expect(parseIPv6(bad), bad).toBeNull();
  });

  it("resolves with DNS over HTTPS, A and AAAA, and tells a failed lookup from a name without address", async () => {
    const answers: Record<string, unknown> = {
      "A:a.example": { Status: 0, Answer: [{ type: 5, data: "b.example." }, { type: 1, data: "1.2.3.4" }] },
      "AAAA:a.example": { Status: 0, Answer: [{ type: 28, data: "2606:4700::1" }] },
      "A:gone.example": { Status: 3 },
      "AAAA:gone.example": { Status: 3 },
      "A:broken.example": { Status: 2 },
      "AAAA:broken.example": { Status: 2 },
    };
    const fetcher = (async (url: string) => {
      const u = new URL(url);
      return Response.json(answers[`${u.searchParams.get("type")}:${u.searchParams.get("name")}`]);
    }) as unknown as typeof fetch;
    const resolver = dohResolver("https://resolver.example/dns-query", fetcher);
    expect(await resolver.resolve("a.example")).toEqual(["1.2.3.4", "2606:4700::1"]);
    expect(await resolver.resolve("gone.example")).toEqual([]);
    await expect(resolver.resolve("broken.example")).rejects.toThrow(/status 2/);
  });
});
