import { operatorMetrics } from "../server/observability/operator-metrics";
import { checkFromConfig, runCheck } from "../server/checks";
import { checkResultWire } from "../server/checks/stored-result";
import { testRun } from "../server/checks/test-run";
import type { OutboundPolicy } from "../server/outbound";
import { checkTypesHere } from "./check-types";
import type { ServiceType } from "../shared/service-types";

/**
 * The probe agent: a Node process that talks to Lifeline only over HTTP with `X-Auth` (so a private
 * probe runs anywhere). It leases its due checks a little ahead, starts each at its due instant, runs
 * at most `concurrency` at once, and posts results in batches. Platform probes check under the
 * outbound guard (OUTBOUND_ALLOW_PRIVATE); private probes check anything.
 */
export type AgentOptions = {
  appUrl: string;
  token: string;
  /** Checks running at once at most. */
  concurrency?: number;
  /** How often the agent asks for due checks. */
  leaseEveryMs?: number;
  /** Results are posted when this many wait, or after flushEveryMs. */
  batchSize?: number;
  flushEveryMs?: number;
  /** OUTBOUND_ALLOW_PRIVATE for a platform probe (ignored by private probes). */
  allowPrivate?: boolean;
  /** The check types this probe runs; default: those its host can (check-types.ts). */
  types?: ServiceType[];
  version?: string;
  log?: (line: Record<string, unknown>) => void;
};

type Lease = {
  service_id: number;
  lane: number;
  slot: number;
  due_at: string;
  lease_expires_at: string;
  check: Record<string, unknown>;
};

/** A configuration to test once now ("Test this check" on this probe; no service behind it). */
type LeasedTest = { id: number; expires_at: string; check: Record<string, unknown> };

export type AgentStats = {
  checks: number;
  posted: number;
  refused: number;
  batches: number;
  leaseCalls: number;
  lagMs: number[];
  errors: number;
};

export const AGENT_VERSION = "lifeline-probe/1";

/** Checks due within this many seconds are leased ahead (each starts at its due instant). */
const LOOKAHEAD_SECONDS = 2;
/** The longest an idle probe waits between lease calls. */
const IDLE_MS = 5000;

export class ProbeAgent {
  private readonly o: Required<Omit<AgentOptions, "log" | "types">> & Pick<AgentOptions, "log" | "types">;
  private types: ServiceType[] = [];
  private policy: OutboundPolicy | null = { allowPrivate: false };
  private pending = 0; // leased, not yet finished
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Results waiting to be posted, each with the end of its lease (after it, the slot is another probe's). */
  private buffer: { body: Record<string, unknown>; leaseEnds: number }[] = [];
  private timers = new Set<NodeJS.Timeout>();
  private leaseTimer: NodeJS.Timeout | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private leasing: Promise<void> | null = null;
  private readonly testing = new Set<Promise<void>>();
  private flushing: Promise<void> = Promise.resolve();
  readonly stats: AgentStats = { checks: 0, posted: 0, refused: 0, batches: 0, leaseCalls: 0, lagMs: [], errors: 0 };

  constructor(options: AgentOptions) {
    this.o = {
      concurrency: 100,
      leaseEveryMs: 500,
      batchSize: 100,
      flushEveryMs: 500,
      allowPrivate: false,
      version: AGENT_VERSION,
      ...options,
      appUrl: options.appUrl.replace(/\/+$/, ""),
    };
  }

  /** Authenticates (learning whether it is a platform or a private probe) and starts the loops. */
  async start(): Promise<{ id: number; kind: string; name: string }> {
    const self = (await this.call("GET", "/probe/self")) as { data: { id: number; kind: string; name: string } };
    this.policy = self.data.kind === "platform" ? { allowPrivate: this.o.allowPrivate } : null;
    this.types = this.o.types ?? checkTypesHere();
    this.flushTimer = setInterval(() => void this.flush(), this.o.flushEveryMs);
    this.leaseLoop();
    return self.data;
  }

  /** Stops leasing, lets leased checks finish (or drops those not yet started) and posts what is left. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.leaseTimer) clearTimeout(this.leaseTimer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.leasing;
    await Promise.all([...this.testing]);
    while (this.running > 0) await new Promise((r) => setTimeout(r, 20));
    await this.flush();
    await this.flushing;
  }

  /**
   * Asks for due checks every leaseEveryMs, jittered by half either way (checks fall due on whole
   * seconds, so probes asking at fixed phases would hand every check to the same probe). With nothing
   * due soon it waits until the lane's next check enters the lookahead, at most IDLE_MS (a service
   * created meanwhile is due at once: it waits that long at most), so an idle probe costs little.
   */
  private leaseLoop(): void {
    if (this.stopped) return;
    void this.leaseDue().then((nextDueAt) => {
      if (this.stopped) return;
      const untilDue =
        nextDueAt === undefined ? 0 : nextDueAt === null ? IDLE_MS : nextDueAt - LOOKAHEAD_SECONDS * 1000 - Date.now();
      const wait = Math.min(IDLE_MS, Math.max(this.o.leaseEveryMs, untilDue));
      this.leaseTimer = setTimeout(() => this.leaseLoop(), wait * (0.5 + Math.random()));
    });
  }

  /** Leases what is due; answers when the lane's next check is due if nothing was (null: none), else undefined. */
  private async leaseDue(): Promise<number | null | undefined> {
    if (this.stopped || this.leasing) return undefined;
    const room = Math.min(500, this.o.concurrency * 4 - this.pending);
    if (room <= 0) return undefined;
    let idleUntil: number | null | undefined;
    this.leasing = (async () => {
      try {
        this.stats.leaseCalls++;
        const leased = (await this.call("POST", "/probe/leases", {
          max: room,
          lookahead_seconds: LOOKAHEAD_SECONDS,
          types: this.types,
        })) as { data: Lease[]; next_due_at: string | null; tests?: LeasedTest[] };
        for (const test of leased.tests ?? []) this.test(test);
        for (const lease of leased.data) this.schedule(lease);
        // A full answer means more is due: ask again at once instead of waiting for the next tick.
        if (leased.data.length === room) setImmediate(() => void this.leaseDue());
        if (leased.data.length === 0) idleUntil = leased.next_due_at ? Date.parse(leased.next_due_at) : null;
      } catch (err) {
        this.stats.errors++;
        this.o.log?.({ msg: "lease failed", error: (err as Error).message });
      } finally {
        this.leasing = null;
      }
    })();
    await this.leasing;
    return idleUntil;
  }

  private schedule(lease: Lease): void {
    this.pending++;
    const wait = Math.max(0, new Date(lease.due_at).getTime() - Date.now());
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.run(lease);
    }, wait);
    this.timers.add(timer);
  }

  private async run(lease: Lease): Promise<void> {
    if (this.running >= this.o.concurrency) await new Promise<void>((r) => this.waiting.push(r));
    this.running++;
    try {
      const start = Date.now();
      const lagMs = Math.max(0, start - new Date(lease.due_at).getTime());
      this.stats.lagMs.push(lagMs);
      operatorMetrics().probeLeaseLagSeconds.observe(lagMs / 1000);
      if (this.stats.lagMs.length > 100_000) this.stats.lagMs.splice(0, 50_000);
      const { type, ...config } = lease.check;
      const result = await runCheck(checkFromConfig(String(type), config), { policy: this.policy });
      this.stats.checks++;
      operatorMetrics().probeResults.inc({ outcome: result.outcome });
      this.buffer.push({ body: checkResultWire(lease, result), leaseEnds: Date.parse(lease.lease_expires_at) });
      if (this.buffer.length >= this.o.batchSize) void this.flush();
    } finally {
      this.running--;
      this.pending--;
      this.waiting.shift()?.();
    }
  }

  /**
   * Runs a test at once, outside the checks' concurrency (someone waits for it, and an account has
   * one at a time), with the same check module and outbound setting, and posts its answer alone.
   */
  private test(test: LeasedTest): void {
    const done = (async () => {
      try {
        const { type, ...config } = test.check;
        const answer = await testRun(checkFromConfig(String(type), config), this.policy);
        await this.call("POST", `/probe/tests/${test.id}/result`, answer);
      } catch (err) {
        this.stats.errors++;
        this.o.log?.({ msg: "test failed", test: test.id, error: (err as Error).message });
      }
    })();
    this.testing.add(done);
    void done.finally(() => this.testing.delete(done));
  }

  /** Posts the waiting results (one batch after another, never two at once). */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      while (this.buffer.length > 0) {
        const batch = this.buffer.splice(0, batchLength(this.buffer));
        try {
          const answer = (await this.call("POST", "/probe/results", { results: batch.map((r) => r.body) })) as {
            data: { accepted: number; refused: unknown[] };
          };
          this.stats.batches++;
          this.stats.posted += answer.data.accepted;
          this.stats.refused += answer.data.refused.length;
        } catch (err) {
          this.stats.errors++;
          this.o.log?.({ msg: "posting results failed", error: (err as Error).message, results: batch.length });
          // Kept for the next flush unless the lease has surely expired (then the slot is another probe's).
          if (!this.stopped) this.buffer.unshift(...batch.filter((r) => r.leaseEnds > Date.now()));
          break;
        }
      }
    });
    return this.flushing;
  }

  private async call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
    const res = await fetch(`${this.o.appUrl}/api/v1${path}`, {
      method,
      headers: {
        "X-Auth": this.o.token,
        "X-Probe-Version": this.o.version,
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
    return JSON.parse(text);
  }
}

/**
 * How many of the waiting results one post takes: up to 500, with at most two screenshots (each
 * at most ~273 KB in base64) so a batch stays under the server's 1 MiB body limit.
 */
function batchLength(buffer: readonly { body: { screenshot?: unknown } }[]): number {
  let shots = 0;
  for (let i = 0; i < Math.min(buffer.length, 500); i++) {
    if (buffer[i]!.body.screenshot && ++shots > 2) return i;
  }
  return Math.min(buffer.length, 500);
}

/** p-th percentile (0-100) of the samples, or null. */
export function percentile(samples: number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
