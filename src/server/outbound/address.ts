import { isIPv4, isIPv6 } from "node:net";

/**
 * What kind of address an IP literal is, for the outbound guard. Only `public` addresses may be
 * reached by default; every other class is refused unless the operator allows private targets.
 * Pure: no DNS, no network.
 */
export type AddressClass =
  | "public"
  | "loopback"
  | "private" // RFC 1918
  | "unique-local" // fc00::/7
  | "link-local"
  | "carrier-grade-nat" // 100.64.0.0/10
  | "multicast"
  | "metadata" // cloud instance metadata endpoints
  | "unspecified"
  | "broadcast"
  | "reserved" // documentation, benchmarking, deprecated and other special-purpose ranges
  | "invalid";

type Range = [prefix: bigint, bits: number, cls: AddressClass];

const v4 = (dotted: string): bigint => dotted.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);

// Most specific first: the first match wins.
const V4_RANGES: [string, number, AddressClass][] = [
  ["255.255.255.255", 32, "broadcast"],
  ["169.254.169.254", 32, "metadata"], // AWS, GCP, Azure, OpenStack...
  ["168.63.129.16", 32, "metadata"], // Azure wire server
  ["100.100.100.200", 32, "metadata"], // Alibaba Cloud
  ["0.0.0.0", 32, "unspecified"],
  ["0.0.0.0", 8, "reserved"], // "this network"
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrier-grade-nat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"], // IETF protocol assignments
  ["192.0.2.0", 24, "reserved"], // documentation
  ["192.88.99.0", 24, "reserved"], // 6to4 relay anycast
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"], // benchmarking
  ["198.51.100.0", 24, "reserved"], // documentation
  ["203.0.113.0", 24, "reserved"], // documentation
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];
const V4: Range[] = V4_RANGES.map(([a, bits, cls]) => [v4(a), bits, cls]);

/** The 128-bit value of an IPv6 literal (zone id dropped; embedded dotted IPv4 allowed). */
function v6(text: string): bigint {
  let s = text.split("%")[0]!;
  const dotted = s.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = v4(dotted[1]!);
    s = `${s.slice(0, -dotted[1]!.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = s.includes("::") ? s.split("::") : [s, null];
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const fill = tail === null ? [] : Array(8 - headParts.length - tailParts.length).fill("0");
  return [...headParts, ...fill, ...tailParts].reduce((acc, g) => (acc << 16n) | BigInt(parseInt(g || "0", 16)), 0n);
}

const V6_RANGES: [string, number, AddressClass][] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["fd00:ec2::254", 128, "metadata"], // AWS IMDS over IPv6
  ["100::", 64, "reserved"], // discard-only
  ["2001:db8::", 32, "reserved"], // documentation
  ["2001::", 23, "reserved"], // IETF protocol assignments (Teredo, ORCHID, ...)
  ["64:ff9b:1::", 48, "reserved"], // local-use NAT64
  ["fc00::", 7, "unique-local"],
  ["fec0::", 10, "reserved"], // deprecated site-local
  ["fe80::", 10, "link-local"],
  ["ff00::", 8, "multicast"],
];
const V6: Range[] = V6_RANGES.map(([a, bits, cls]) => [v6(a), bits, cls]);

const inRange = (value: bigint, width: number, [prefix, bits]: Range) =>
  value >> BigInt(width - bits) === prefix >> BigInt(width - bits);

function classifyV4(value: bigint): AddressClass {
  return V4.find((r) => inRange(value, 32, r))?.[2] ?? "public";
}

/** The class of an IP literal (IPv4 or IPv6, with or without brackets). */
export function classifyAddress(ip: string): AddressClass {
  const text = ip.replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(text)) return classifyV4(v4(text));
  if (!isIPv6(text)) return "invalid";
  const value = v6(text);
  const listed = V6.find((r) => inRange(value, 128, r));
  if (listed) return listed[2];
  const low32 = value & 0xffffffffn;
  // Addresses that carry an IPv4 address get that address's class.
  if (value >> 32n === 0xffffn) return classifyV4(low32); // ::ffff:a.b.c.d (IPv4-mapped)
  if (value >> 32n === 0n) return "reserved"; // ::a.b.c.d (deprecated IPv4-compatible)
  if (value >> 32n === 0x64ff9b0000000000000000n) return classifyV4(low32); // 64:ff9b::/96 NAT64
  if (value >> 112n === 0x2002n) return classifyV4((value >> 80n) & 0xffffffffn); // 6to4
  if (value >> 125n !== 1n) return "reserved"; // outside 2000::/3, the global unicast space
  return "public";
}

export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === "public";
}

/** "a loopback address", "a private address"... for refusal messages. */
export function describeClass(cls: AddressClass): string {
  const names: Record<AddressClass, string> = {
    public: "a public address",
    loopback: "a loopback address",
    private: "a private (RFC 1918) address",
    "unique-local": "a unique-local IPv6 address",
    "link-local": "a link-local address",
    "carrier-grade-nat": "a carrier-grade NAT address",
    multicast: "a multicast address",
    metadata: "a cloud metadata address",
    unspecified: "the unspecified address",
    broadcast: "the broadcast address",
    reserved: "a reserved address",
    invalid: "not an IP address",
  };
  return names[cls];
}
