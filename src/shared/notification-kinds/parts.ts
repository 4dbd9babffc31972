import { z } from "zod";
import { storable } from "../schemas/text";
import type { HttpRequest, KindField } from "./kind";

/** Building blocks the kind files share: schema fields, form fields, request helpers. */

export const httpUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: "Enter an http:// or https:// URL" })
    .max(2048, "Use at most 2048 characters")
    .describe(what);
export const text = (what: string, max = 256) =>
  z.string().check(storable).trim().min(1, "Enter a value").max(max, `Use at most ${max} characters`).describe(what);
export const apiUrl = (host: string) =>
  httpUrl(`The service's API root (default ${host}): a proxy, a regional endpoint or a test receiver`).optional();

export const apiUrlField = (host: string): KindField => ({
  name: "api_url",
  label: "API URL (optional)",
  input: "url",
  placeholder: host,
  help: `Leave empty for ${host}. Set it for a proxy, a regional endpoint or a test receiver.`,
});
export const webhookUrlField = (placeholder: string, help: string, top = false): KindField => ({
  name: "url",
  label: top ? "Incoming-webhook URL" : "Webhook URL",
  input: "url",
  required: true,
  top,
  placeholder,
  help,
});

export const json = (
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  method: "POST" | "PUT" = "POST",
): HttpRequest => ({
  method,
  url,
  headers: { "Content-Type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** `base` without trailing slashes, then `path`. */
export const join = (base: string, path: string) => base.replace(/\/+$/, "") + path;

export const clip = (s: string, max: number) => (s.length > max ? s.slice(0, max - 1) + "…" : s);

/** A key unique to one send (a test has no event id to derive one from). */
export const randomKey = () => globalThis.crypto.randomUUID();
