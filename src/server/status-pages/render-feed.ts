import type { PublicStatus } from "../services/status-pages/public";
import { escapeMarkup as e } from "../domain/escape";

/**
 * An Atom feed of the page's incidents (open and of 90 days) and their updates, newest first, and
 * its maintenance windows running or scheduled. Every text escaped.
 */
export function renderStatusFeed(s: PublicStatus, feedUrl: string): string {
  const all = [...s.incidents.active, ...s.incidents.past].sort((a, b) => (a.opened_at < b.opened_at ? 1 : -1));
  const times = all.flatMap((i) => [i.resolved_at ?? i.opened_at, ...i.updates.map((u) => u.created_at)]).sort();
  const updated = times.at(-1) ?? s.generated_at;
  const updateEntries = all.flatMap((i) =>
    i.updates.map(
      (u, n) =>
        `<entry><id>${e(`${s.url}#incident-${i.opened_at}-${i.component}-update-${n + 1}`)}</id><title>${e(`${i.component}: ${u.status}`)}</title><updated>${u.created_at}</updated><link href="${e(s.url)}"/><content type="text">${e(u.message)}</content></entry>`,
    ),
  );
  const windows = [...s.maintenance.active, ...s.maintenance.scheduled].map((w) => {
    const text = `${w.starts_at} to ${w.ends_at}. Affects ${w.components.join(", ")}.${w.description ? `\n\n${w.description}` : ""}`;
    return `<entry><id>${e(`${s.url}#maintenance-${w.starts_at}-${w.title}`)}</id><title>${e(`Maintenance: ${w.title}`)}</title><updated>${w.starts_at}</updated><published>${w.starts_at}</published><link href="${e(s.url)}"/><content type="text">${e(text)}</content></entry>`;
  });
  const entries =
    windows.join("") +
    updateEntries.join("") +
    all
      .map((i) => {
        const when = i.resolved_at ?? i.opened_at;
        const title = i.resolved_at ? `${i.component}: resolved` : `${i.component}: down`;
        const text = i.resolved_at
          ? `Down from ${i.opened_at} until ${i.resolved_at}: ${i.cause}.`
          : `Down since ${i.opened_at}: ${i.cause}.`;
        return `<entry><id>${e(`${s.url}#incident-${i.opened_at}-${i.component}`)}</id><title>${e(title)}</title><updated>${when}</updated><published>${i.opened_at}</published><link href="${e(s.url)}"/><content type="text">${e(text)}</content></entry>`;
      })
      .join("");
  return `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><id>${e(s.url)}</id><title>${e(s.title)}</title><updated>${updated}</updated><link rel="self" href="${e(feedUrl)}"/><link href="${e(s.url)}"/><author><name>${e(s.title)}</name></author>${entries}</feed>\n`;
}
