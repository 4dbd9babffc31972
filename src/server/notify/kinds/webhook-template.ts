import type { Payload } from "../payload";

const PLACEHOLDER = /\{\{\s*([a-z_]+(?:\.[a-z_]+)*)\s*\}\}/g;

/** Whether a body template is JSON (its placeholders are then JSON-escaped): it starts with { or [. */
export const isJsonTemplate = (template: string) => /^\s*(\[|\{(?!\{))/.test(template);

/**
 * A webhook's `body_template` filled in from the payload: `{{monitor.name}}`, `{{incident.reason}}`,
 * `{{event}}`... (any path into the JSON payload). Unknown or null paths become empty text. In a JSON
 * template each value is escaped as the inside of a JSON string.
 */
export function renderBodyTemplate(template: string, payload: Payload): { body: string; contentType: string } {
  const asJson = isJsonTemplate(template);
  const body = template.replace(PLACEHOLDER, (_, path: string) => {
    let value: unknown = payload;
    for (const key of path.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
    const text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
    return asJson ? JSON.stringify(text).slice(1, -1) : text;
  });
  return { body, contentType: asJson ? "application/json" : "text/plain; charset=utf-8" };
}
