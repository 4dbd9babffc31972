import net from "node:net";

/**
 * Which hops of X-Forwarded-For the operator trusts (TRUST_PROXY): none (the default: the client is
 * the socket's peer), a number of proxies in front of Lifeline, or the proxies' addresses (CIDRs).
 */
export type TrustProxy =
  { kind: "none" } | { kind: "hops"; hops: number } | { kind: "cidrs"; list: net.BlockList; text: string };

/** Parses TRUST_PROXY: unset or empty, a hop count (`1`), or comma-separated CIDRs or addresses. */
export function parseTrustProxy(value: string | undefined): TrustProxy | Error {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return { kind: "none" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops > 32 ? new Error("a hop count is at most 32") : { kind: "hops", hops };
  }
  const list = new net.BlockList();
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [address, prefix] = part.split("/");
    const family = net.isIP(address ?? "");
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    if (
      !family ||
      !Number.isInteger(bits) ||
      bits < 0 ||
      bits > (family === 6 ? 128 : 32) ||
      (prefix !== undefined && !/^\d+$/.test(prefix))
    ) {
      return new Error(`"${part}" is neither a hop count nor an address or CIDR (e.g. 10.0.0.0/8, ::1)`);
    }
    list.addSubnet(address!, bits, family === 6 ? "ipv6" : "ipv4");
  }
  return { kind: "cidrs", list, text };
}

/** An address as written by a socket or a proxy, without an IPv4-mapped IPv6 prefix; null if not an address. */
export function normalizeAddress(raw: string | undefined | null): string | null {
  const trimmed = raw?.trim().replace(/^\[(.*)\]$/, "$1");
  if (!trimmed) return null;
  const unmapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed)?.[1] ?? trimmed;
  return net.isIP(unmapped) ? unmapped.toLowerCase() : null;
}

/**
 * The client's address: the socket's peer, unless the operator trusts proxies; then X-Forwarded-For
 * is read from the right (the entry the nearest proxy added) past the trusted hops: `hops` proxies,
 * or every entry inside the trusted CIDRs. An entry that is not an address stops the walk at the
 * last good one. Without a peer (a server that cannot tell it) the address is unknown.
 */
export function resolveClientAddress(
  peer: string | null,
  forwardedFor: string | null,
  trust: TrustProxy,
): string | null {
  const socket = normalizeAddress(peer);
  if (!socket) return null;
  if (trust.kind === "none") return socket;
  const chain = [
    ...(forwardedFor ?? "")
      .split(",")
      .map((e) => e.trim())
      .filter(Boolean),
    socket,
  ];
  let client = socket;
  for (let i = chain.length - 1, passed = 0; i >= 0; i--) {
    const address = normalizeAddress(chain[i]);
    if (!address) break;
    client = address;
    const trusted =
      trust.kind === "hops"
        ? passed < trust.hops
        : trust.list.check(address, net.isIP(address) === 6 ? "ipv6" : "ipv4");
    if (!trusted) break;
    passed += 1;
  }
  return client;
}
