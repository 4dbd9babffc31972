import { Resolver } from "node:dns/promises";
import { env } from "../../env";

/** A TXT lookup's outcome: the records' texts, no such name or no TXT record there, or a failure. */
export type TxtLookup = { kind: "records"; values: string[][] } | { kind: "none" } | { kind: "failed"; code: string };

/** Answers that say the name has no TXT record (not a failure of the lookup). */
const NONE = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "NODATA"]);

let shared: Resolver | null = null;

/**
 * The process's resolver: `DNS_SERVERS` when set (tests point it at a DNS server on loopback),
 * else the system's. One try per server, each bounded by `timeoutMs`.
 */
function resolver(timeoutMs: number): Resolver {
  if (shared) return shared;
  const r = new Resolver({ timeout: timeoutMs, tries: 1 });
  const servers = env().dnsServers;
  if (servers) r.setServers(servers);
  return (shared = r);
}

/** The TXT records at `name`, within `timeoutMs` whatever the servers do. */
export async function lookupTxt(name: string, timeoutMs: number): Promise<TxtLookup> {
  const r = resolver(timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<TxtLookup>((resolve) => {
    timer = setTimeout(() => resolve({ kind: "failed", code: "ETIMEOUT" }), timeoutMs + 500);
  });
  const lookup = r.resolveTxt(name).then(
    (values): TxtLookup => ({ kind: "records", values }),
    (err: NodeJS.ErrnoException): TxtLookup =>
      NONE.has(err.code ?? "") ? { kind: "none" } : { kind: "failed", code: err.code ?? "EUNKNOWN" },
  );
  try {
    return await Promise.race([lookup, late]);
  } finally {
    clearTimeout(timer);
  }
}
