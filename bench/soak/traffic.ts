// The soak's traffic, all on loopback: the webhook receiver that counts notifications, the HTTP
// targets the services check (some flip between up and down), and the pings (a steady rate with a
// burst at the top of each minute, plus each due monitor's ping shortly before it is expected).
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { SeededMonitor } from "./seed";

export type Arrival = {
  eventId: number;
  event: string;
  monitorId: number | null;
  serviceId: number | null;
  at: number;
};

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return (server.address() as AddressInfo).port;
}

const close = (server: http.Server) =>
  new Promise<void>((r) => {
    server.closeAllConnections();
    server.close(() => r());
  });

/** A webhook receiver: every notification's event id, event, monitor or service, and arrival time. */
export async function startReceiver() {
  const arrivals: Arrival[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      try {
        const p = JSON.parse(body) as {
          event: string;
          event_id: number;
          monitor?: { id: number } | null;
          service?: { id: number } | null;
        };
        arrivals.push({
          eventId: p.event_id,
          event: p.event,
          monitorId: p.monitor?.id ?? null,
          serviceId: p.service?.id ?? null,
          at: Date.now(),
        });
      } catch {
        /* not a notification */
      }
      res.end("ok");
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/hook`, arrivals, close: () => close(server) };
}

/** `count` HTTP targets on one loopback server (`/t/<i>`): up answers 200, down 500. */
export async function startTargets(count: number) {
  const down = new Set<number>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    req.resume();
    const i = Number(/^\/t\/(\d+)/.exec(req.url ?? "")?.[1]);
    res.writeHead(down.has(i) ? 500 : 200, { "content-type": "text/plain" });
    res.end(down.has(i) ? "broken" : "healthy");
  });
  const port = await listen(server);
  return {
    urls: Array.from({ length: count }, (_, i) => `http://127.0.0.1:${port}/t/${i}`),
    setDown: (i: number, isDown: boolean) => void (isDown ? down.add(i) : down.delete(i)),
    requests: () => requests,
    close: () => close(server),
  };
}

export type Acknowledged = { rid: string; monitorId: number };

export type PingCounts = { sent: number; ok: number; limited: number; failed: number; skipped: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One POST ping; "ok" only for `200 OK` (the ping is committed), "limited" for 429. */
async function ping(endpoint: string, token: string, rid: string): Promise<"ok" | "limited" | "failed"> {
  try {
    const res = await fetch(`${endpoint}/${token}?rid=${rid}`, {
      method: "POST",
      body: "soak",
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (res.status === 200 && text === "OK") return "ok";
    return res.status === 429 ? "limited" : "failed";
  } catch {
    return "failed"; // refused or cut (a killed process): not acknowledged, so not promised
  }
}

/**
 * The pings. `due`: monitors that must stay up, each pinged `leadMs` before it is expected, retried
 * with the same rid on the next endpoint until acknowledged or its grace has run out (a job's
 * wrapper retrying). `background`: monitors not due during the run, pinged at `rate` per second
 * (at most `maxInFlight` at once; beyond that a ping is skipped and counted) and `burst` at once at
 * the top of each minute. `endpoints` are ping URL prefixes (`<base>/ping`).
 */
export function startPings(o: {
  endpoints: string[];
  due: SeededMonitor[];
  background: SeededMonitor[];
  graceMs: number;
  leadMs: number;
  rate: number;
  burst: number;
  maxInFlight: number;
}) {
  const acknowledged: Acknowledged[] = [];
  const counts: PingCounts = { sent: 0, ok: 0, limited: 0, failed: 0, skipped: 0 };
  /** Due monitors whose ping was never acknowledged before their grace ran out. */
  const missedDue: number[] = [];
  let loadOn = true;
  let dueOn = true;
  let inFlight = 0;
  let next = 0;
  const send = async (m: SeededMonitor, endpoint: string, rid = crypto.randomUUID()) => {
    counts.sent++;
    inFlight++;
    const outcome = await ping(endpoint, m.token, rid);
    inFlight--;
    if (outcome === "ok") {
      counts.ok++;
      acknowledged.push({ rid, monitorId: m.id });
    } else if (outcome === "limited") counts.limited++;
    else counts.failed++;
    return outcome;
  };
  const endpoint = () => o.endpoints[next++ % o.endpoints.length]!;
  const background = () => o.background[Math.floor(Math.random() * o.background.length)]!;

  const pingDue = async (m: SeededMonitor) => {
    const rid = crypto.randomUUID();
    const until = m.expectedAt + o.graceMs - 1000;
    while (dueOn) {
      if ((await send(m, endpoint(), rid)) === "ok") return;
      if (Date.now() > until) break;
      await sleep(250);
    }
    missedDue.push(m.id);
  };
  const due = [...o.due].sort((a, b) => a.expectedAt - b.expectedAt);
  const dueLoop = (async () => {
    const pending: Promise<void>[] = [];
    let i = 0;
    while (dueOn && i < due.length) {
      while (i < due.length && due[i]!.expectedAt - o.leadMs <= Date.now()) pending.push(pingDue(due[i++]!));
      await sleep(100);
    }
    await Promise.all(pending);
  })();

  const steadyLoop = (async () => {
    if (o.background.length === 0) return;
    const tickMs = 100;
    let owed = 0;
    let lastMinute = Math.floor(Date.now() / 60_000);
    while (loadOn) {
      owed += (o.rate * tickMs) / 1000;
      for (; owed >= 1; owed--) {
        if (inFlight >= o.maxInFlight) counts.skipped++;
        else void send(background(), endpoint());
      }
      const minute = Math.floor(Date.now() / 60_000);
      if (minute !== lastMinute) {
        lastMinute = minute;
        for (let k = 0; k < o.burst; k++) {
          if (inFlight >= o.maxInFlight) await sleep(5);
          if (!loadOn) break;
          void send(background(), endpoint());
        }
      }
      await sleep(tickMs);
    }
  })();

  return {
    acknowledged,
    counts,
    missedDue,
    /** Stops the steady load and bursts and waits for their pings in flight. */
    async stopLoad() {
      loadOn = false;
      await steadyLoop;
      while (inFlight > 0) await sleep(50);
    },
    /** Stops the due pings (after their retries end) . */
    async stopDue() {
      dueOn = false;
      await dueLoop;
    },
  };
}
