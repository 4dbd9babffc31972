// The agent's REST client for Lifeline: an organization service token as bearer, bounded retries
// with backoff on network errors, 5xx and 429 (honouring Retry-After).
import type { MonitorFields, RunEvent } from "./mapping";

export type Answer = { status: number; body: any };

/** Lifeline refused what the agent sent (a 4xx other than 429): retrying will not help. */
export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly body: any,
  ) {
    super(body?.error?.message ?? body?.message ?? `HTTP ${status}`);
  }
}

export class LifelineClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly org?: string,
    private readonly attempts = 5,
  ) {}

  /** Creates or updates (the spec's upsert by source and external_id) the monitor; returns its id. */
  async upsertMonitor(fields: MonitorFields): Promise<number> {
    return (await this.send("POST", "/cron-monitors", fields)).body.data.id;
  }

  async updateMonitor(id: number, fields: Record<string, unknown>): Promise<void> {
    await this.send("PATCH", `/cron-monitors/${id}`, fields);
  }

  async deleteMonitor(id: number): Promise<void> {
    await this.send("DELETE", `/cron-monitors/${id}`, undefined, [404]);
  }

  async reportEvent(id: number, event: RunEvent): Promise<void> {
    await this.send("POST", `/cron-monitors/${id}/events`, event);
  }

  private async send(method: string, path: string, body?: unknown, accept: number[] = []): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (this.org) headers["x-org-slug"] = this.org;
    if (body !== undefined) headers["content-type"] = "application/json";
    let wait = 250;
    for (let attempt = 1; ; attempt++) {
      let answer: Answer | undefined;
      let retryAfter = 0;
      try {
        const res = await fetch(`${this.baseUrl.replace(/\/$/, "")}/api/v1${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        const text = await res.text();
        answer = { status: res.status, body: text ? safeJson(text) : null };
        retryAfter = Number(res.headers.get("retry-after")) * 1000 || 0;
      } catch (err) {
        if (attempt >= this.attempts) throw err;
      }
      if (answer) {
        if (answer.status < 400 || accept.includes(answer.status)) return answer;
        if (answer.status !== 429 && answer.status < 500) throw new Refused(answer.status, answer.body);
        if (attempt >= this.attempts) throw new Error(`${method} ${path}: HTTP ${answer.status}`);
      }
      await new Promise((r) => setTimeout(r, Math.min(Math.max(wait, retryAfter), 30_000)));
      wait *= 2;
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
