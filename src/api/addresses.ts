// Which IP addresses a file_url may reach: public unicast only. Everything in IANA's
// special-purpose registries (IPv4: RFC 6890 and updates; IPv6: the same, plus everything
// outside 2000::/3, the only block allocated for global unicast) is refused: loopback,
// private and shared networks, link-local (cloud metadata), documentation, benchmarking,
// protocol assignments, multicast and reserved space, and IPv6 forms that carry an IPv4
// address (mapped, NAT64, 6to4, Teredo) are judged by the address inside or refused.

/** An IPv4 block: first address as a 32-bit number, prefix length, and what it is. */
type V4Block = [string, number, string];

const SPECIAL_V4: V4Block[] = [
  ["0.0.0.0", 8, "this network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared (carrier-grade NAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation"],
  ["192.31.196.0", 24, "AS112"],
  ["192.52.193.0", 24, "AMT"],
  ["192.88.99.0", 24, "6to4 relay anycast"],
  ["192.168.0.0", 16, "private"],
  ["192.175.48.0", 24, "AS112 direct delegation"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

const v4Number = (parts: number[]) => ((parts[0] << 24) | (parts[1] << 16) | (parts[2] << 8) | parts[3]) >>> 0;
const V4_BLOCKS = SPECIAL_V4.map(([start, bits, what]) => ({ start: v4Number(parseIPv4(start)!), mask: bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0, what }));

export function parseIPv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const nums = parts.map(Number);
  return nums.every((n) => n <= 255) ? nums : null;
}

/** Eight 16-bit groups, or null. Takes "::" and a dotted IPv4 tail. */
export function parseIPv6(text: string): number[] | null {
  let s = text.toLowerCase().replace(/^\[|\]$/g, "");
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const v4 = parseIPv4(dotted[2]);
    if (!v4) return null;
    s = `${dotted[1]}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]);
  const tail = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || (halves.length === 2 && missing < 1)) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!all.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

/** Why an IPv4 address may not be fetched, or null when it is public. */
export function specialIPv4(parts: number[]): string | null {
  const n = v4Number(parts);
  if (n === 0xffffffff) return "broadcast";
  return V4_BLOCKS.find((b) => ((n & b.mask) >>> 0) === b.start)?.what ?? null;
}

/** Why an IPv6 address may not be fetched, or null when it is public. */
export function specialIPv6(g: number[]): string | null {
  const embedded = (hi: number, lo: number) => specialIPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return embedded(g[6], g[7]) && `IPv4-mapped ${embedded(g[6], g[7])}`;
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return embedded(g[6], g[7]) && `NAT64 ${embedded(g[6], g[7])}`;
  if (g.every((x) => x === 0)) return "unspecified";
  if (g.slice(0, 7).every((x) => x === 0) && g[7] === 1) return "loopback";
  if ((g[0] & 0xe000) !== 0x2000) {
    if ((g[0] & 0xfe00) === 0xfc00) return "unique local";
    if ((g[0] & 0xffc0) === 0xfe80) return "link-local";
    if ((g[0] & 0xff00) === 0xff00) return "multicast";
    return "outside global unicast";
  }
  if (g[0] === 0x2001 && g[1] < 0x200) return "IETF protocol assignments (Teredo, benchmarking, ORCHID)";
  if (g[0] === 0x2001 && g[1] === 0x0db8) return "documentation";
  if (g[0] === 0x2002) return "6to4";
  if (g[0] === 0x3fff && g[1] < 0x1000) return "documentation";
  return null;
}

/** Why a literal address (IPv4 or IPv6) may not be fetched; null when public, undefined when `host` is not an address. */
export function specialAddress(host: string): string | null | undefined {
  const v4 = parseIPv4(host);
  if (v4) return specialIPv4(v4);
  if (host.includes(":")) {
    const v6 = parseIPv6(host);
    return v6 ? specialIPv6(v6) : "unparsable IPv6";
  }
  return undefined;
}
