import dgram from "node:dgram";
import net from "node:net";
import dnsPacket from "dns-packet";

/**
 * A small authoritative DNS server on loopback (UDP and TCP on one port) whose records a test sets
 * and removes, for anything Lifeline resolves through `DNS_SERVERS` (custom domain verification,
 * and DNS checks). The wire format is dns-packet's. A name with no record at all answers NXDOMAIN,
 * a name with records of other types an empty NOERROR (NODATA); a CNAME is answered for any type and
 * followed within the server's records. `fail(name, "SERVFAIL")` answers that code, `fail(name,
 * "timeout")` never answers. `queries` lists what was asked, oldest first.
 */
export type DnsRecord =
  | { type: "A" | "AAAA" | "CNAME" | "NS" | "PTR"; data: string }
  | { type: "TXT"; data: string | string[] }
  | { type: "MX"; data: { preference: number; exchange: string } };
export type DnsType = DnsRecord["type"];

export type DnsServer = {
  /** `127.0.0.1:<port>`: the value for DNS_SERVERS. */
  address: string;
  port: number;
  /** Replaces the records of that name and type. */
  set(name: string, type: DnsType, records: DnsRecord["data"][], ttl?: number): void;
  /** Removes the name's records of that type (every type when none is given), and any failure set for it. */
  remove(name: string, type?: DnsType): void;
  fail(name: string, how: "SERVFAIL" | "REFUSED" | "timeout"): void;
  queries: { name: string; type: string; transport: "udp" | "tcp" }[];
  stop(): Promise<void>;
};

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;
const key = (name: string) => name.toLowerCase().replace(/\.$/, "");

export async function startDnsServer(): Promise<DnsServer> {
  const zone = new Map<string, Map<DnsType, { data: DnsRecord["data"][]; ttl: number }>>();
  const failures = new Map<string, "SERVFAIL" | "REFUSED" | "timeout">();
  const queries: DnsServer["queries"] = [];

  /** The answer to a query (null: stay silent). */
  function answer(query: dnsPacket.Packet, transport: "udp" | "tcp"): dnsPacket.Packet | null {
    const q = query.questions?.[0];
    const base = { type: "response" as const, id: query.id, questions: query.questions ?? [] };
    // AA, plus RD echoed from the query (dns-packet keeps the header's flags; the low 4 bits are the rcode).
    const flags = (rcode: number) =>
      dnsPacket.AUTHORITATIVE_ANSWER | ((query.flags ?? 0) & dnsPacket.RECURSION_DESIRED) | rcode;
    if (!q) return { ...base, flags: flags(RCODE.REFUSED) };
    queries.push({ name: q.name, type: q.type, transport });
    const failure = failures.get(key(q.name));
    if (failure === "timeout") return null;
    if (failure) return { ...base, flags: flags(RCODE[failure]) };
    const answers: dnsPacket.Answer[] = [];
    let name = key(q.name);
    for (let hops = 0; hops < 8; hops++) {
      const records = zone.get(name);
      if (!records) break;
      const cname = records.get("CNAME");
      if (cname && q.type !== "CNAME") {
        const target = cname.data[0] as string;
        answers.push({ type: "CNAME", name, ttl: cname.ttl, data: target } as dnsPacket.Answer);
        name = key(target);
        continue;
      }
      const own = records.get(q.type as DnsType);
      for (const data of own?.data ?? []) answers.push({ type: q.type, name, ttl: own!.ttl, data } as dnsPacket.Answer);
      break;
    }
    const known = zone.has(key(q.name));
    return { ...base, flags: flags(known ? RCODE.NOERROR : RCODE.NXDOMAIN), answers };
  }

  const onUdp = (udp: dgram.Socket) => (msg: Buffer, from: dgram.RemoteInfo) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const reply = answer(query, "udp");
    if (reply) udp.send(dnsPacket.encode(reply), from.port, from.address);
  };
  const tcp = net.createServer((socket) => {
    let buffered = Buffer.alloc(0);
    socket.on("data", (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2 && buffered.length >= 2 + buffered.readUInt16BE(0)) {
        const size = buffered.readUInt16BE(0);
        const message = buffered.subarray(0, 2 + size);
        buffered = buffered.subarray(2 + size);
        try {
          const reply = answer(dnsPacket.streamDecode(message), "tcp");
          if (reply) socket.write(dnsPacket.streamEncode(reply));
        } catch {
          socket.destroy();
          return;
        }
      }
    });
    socket.on("error", () => {});
  });

  // One port for both transports: a UDP port the system picks, then TCP on the same one (again if taken).
  let udp: dgram.Socket;
  let port = 0;
  for (let attempt = 0; ; attempt++) {
    udp = dgram.createSocket("udp4");
    udp.on("message", onUdp(udp));
    await new Promise<void>((resolve, reject) => {
      udp.once("error", reject);
      udp.bind(0, "127.0.0.1", () => resolve());
    });
    port = udp.address().port;
    const listening = await new Promise<boolean>((resolve) => {
      tcp.once("error", () => resolve(false));
      tcp.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (listening) break;
    await new Promise<void>((resolve) => udp.close(() => resolve()));
    if (attempt >= 10) throw new Error("no port free for both UDP and TCP");
  }

  return {
    address: `127.0.0.1:${port}`,
    port,
    queries,
    set(name, type, data, ttl = 1) {
      const records = zone.get(key(name)) ?? new Map();
      records.set(type, { data, ttl });
      zone.set(key(name), records);
    },
    remove(name, type) {
      failures.delete(key(name));
      const records = zone.get(key(name));
      if (!records) return;
      if (type) records.delete(type);
      if (!type || records.size === 0) zone.delete(key(name));
    },
    fail(name, how) {
      failures.set(key(name), how);
    },
    stop: () =>
      Promise.all([
        new Promise<void>((resolve) => udp.close(() => resolve())),
        new Promise<void>((resolve) => tcp.close(() => resolve())),
      ]).then(() => {}),
  };
}
