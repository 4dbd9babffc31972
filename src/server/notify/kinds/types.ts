import type { IntegrationKind, KindConfig } from "../../../shared/integration-kinds";
import type { Message } from "../message";

/** One HTTP request a kind sends for one message. */
export type KindRequest = { method: "POST" | "PUT"; url: string; headers: Record<string, string>; body: string };

/** What a renderer may need besides the message: the integration (for idempotency keys). */
export type KindContext = { integrationId: number };

/**
 * A kind: its renderer (message and config → the request, pure) and, optionally, which answers are
 * permanent refusals beyond the common ones (401, 403, 404, 410).
 */
export type KindSender<K extends IntegrationKind> = {
  kind: K;
  render(m: Message, config: KindConfig<K>, ctx: KindContext): KindRequest;
  permanentRefusal?(status: number, body: string): string | null;
};

export const json = (url: string, body: unknown, headers: Record<string, string> = {}, method: "POST" | "PUT" = "POST"): KindRequest => ({
  method,
  url,
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** `base` without trailing slashes, then `path`. */
export const join = (base: string, path: string) => base.replace(/\/+$/, "") + path;

export const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max - 1) + "…" : s);
