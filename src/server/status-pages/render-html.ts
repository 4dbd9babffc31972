import type { PublicComponent, PublicIncident, PublicMaintenance, PublicStatus } from "../services/status-pages/public";
import { escapeMarkup as e } from "../domain/escape";

/**
 * The public status page as one server-rendered HTML document: all content in the first answer,
 * no script, light and dark by `prefers-color-scheme`, from 360 px up. Every user text is escaped.
 */
const CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#111827;--muted:#4b5563;--card:#f9fafb;--line:#d1d5db;--ok:#047857;--warn:#92400e;--bad:#b91c1c;--none:#9ca3af;--maint:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#0b0f19;--fg:#f3f4f6;--muted:#d1d5db;--card:#111827;--line:#374151;--ok:#34d399;--warn:#fbbf24;--bad:#f87171;--none:#6b7280;--maint:#93c5fd}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,sans-serif}
main{max-width:56rem;margin:0 auto;padding:1rem}h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.2rem;margin:1.5rem 0 .5rem}
.muted{color:var(--muted)}.overall{padding:1rem;border:2px solid var(--line);border-radius:.5rem;font-weight:600;font-size:1.2rem}
.operational{color:var(--ok)}.degraded{color:var(--warn)}.down{color:var(--bad)}.paused,.unknown{color:var(--muted)}.maintenance{color:var(--maint)}
.component{background:var(--card);border:1px solid var(--line);border-radius:.5rem;padding:.75rem;margin:.5rem 0}
.row{display:flex;justify-content:space-between;gap:1rem;flex-wrap:wrap}
.bars{display:flex;gap:1px;margin:.5rem 0 0;padding:0;list-style:none;height:2rem}
.bars li{flex:1;min-width:1px;border-radius:1px;background:var(--none)}.bars li.b-ok{background:var(--ok)}.bars li.b-warn{background:var(--warn)}.bars li.b-bad{background:var(--bad)}
.bars li.b-maint{box-shadow:inset 0 -5px 0 var(--maint)}.bars li:focus{outline:2px solid var(--fg);outline-offset:1px}
.bars li{position:relative}.bars li:hover::after,.bars li:focus::after{content:attr(aria-label);position:absolute;bottom:calc(100% + 6px);white-space:nowrap;background:var(--fg);color:var(--bg);padding:.2rem .45rem;border-radius:.25rem;font-size:.8rem;z-index:1;pointer-events:none}
.bars li:nth-child(-n+45)::after{left:0}.bars li:nth-child(n+46)::after{right:0}
ul.incidents{padding-left:1.2rem}form{display:flex;gap:.5rem;flex-wrap:wrap}input{font:inherit;padding:.4rem}button{font:inherit;padding:.4rem .8rem}
`;

function barClass(pct: number | null): string {
  if (pct === null) return "";
  if (pct >= 99.9) return "b-ok";
  if (pct >= 95) return "b-warn";
  return "b-bad";
}

function dayText(d: { date: string; uptime_pct: number | null; incidents: number; maintenance?: true }): string {
  const figure = d.uptime_pct === null ? "no data" : `${d.uptime_pct}% uptime`;
  const maintained = d.maintenance ? ", maintenance" : "";
  return `${d.date}: ${figure}, ${d.incidents} ${d.incidents === 1 ? "incident" : "incidents"}${maintained}`;
}

/**
 * An instant as UTC text (`2026-11-27 14:00 UTC`), marked for `/local-time.js`, which rewrites it in
 * the reader's time zone when scripts run; without script the UTC text stays.
 */
function instant(iso: string): string {
  return `<time datetime="${iso}" data-local>${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC</time>`;
}

function maintenanceItem(w: PublicMaintenance): string {
  return (
    `<li><strong>${e(w.title)}</strong>: ${instant(w.starts_at)} to ${instant(w.ends_at)}` +
    `<br><span class="muted">Affects ${e(w.components.join(", "))}</span>` +
    (w.description ? `<p style="white-space:pre-wrap;margin:.25rem 0">${e(w.description)}</p>` : "") +
    `</li>`
  );
}

/** The maintenance section: nothing when no window is running or scheduled. */
function maintenanceSection(m: PublicStatus["maintenance"]): string {
  const list = (items: PublicMaintenance[]) => `<ul class="incidents">${items.map(maintenanceItem).join("")}</ul>`;
  return (
    (m.active.length ? `<h2>Maintenance in progress</h2>${list(m.active)}` : "") +
    (m.scheduled.length ? `<h2>Scheduled maintenance</h2>${list(m.scheduled)}` : "")
  );
}

/** A duration in words, to the minute ("2 h 5 min", "45 min", "3 d 2 h"). */
function durationText(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

function component(c: PublicComponent): string {
  const leftOut = c.maintenance_checks_90d
    ? ` (${c.maintenance_checks_90d} ${c.maintenance_checks_90d === 1 ? "check" : "checks"} during maintenance not counted)`
    : c.maintenance_seconds_90d
      ? ` (${durationText(c.maintenance_seconds_90d)} of maintenance not counted)`
      : "";
  const uptime =
    c.uptime_90d === undefined
      ? ""
      : `<span class="muted">${c.uptime_90d === null ? "no data" : `${c.uptime_90d}%`} uptime over 90 days${leftOut}</span>`;
  const bars = c.days
    ? `<ol class="bars" aria-label="Daily uptime of ${e(c.name)}, last 90 days">${c.days
        // The day's figure shows above the bar on hover and on keyboard focus (CSS, no script), and is its accessible name.
        .map(
          (d) =>
            `<li class="${barClass(d.uptime_pct)}${d.maintenance ? " b-maint" : ""}" tabindex="0" aria-label="${e(dayText(d))}"></li>`,
        )
        .join("")}</ol>`
    : "";
  return `<section class="component"><div class="row"><h3 style="margin:0;font-size:1rem">${e(c.name)}</h3><strong class="${c.status}">${e(c.status_text)}</strong></div>${uptime}${bars}</section>`;
}

function incident(i: PublicIncident): string {
  const until = i.resolved_at ? ` until <time datetime="${i.resolved_at}">${i.resolved_at}</time>` : " (ongoing)";
  const updates = i.updates.length
    ? `<ol class="updates">${i.updates.map((u) => `<li><strong>${e(u.status)}</strong> <time datetime="${u.created_at}">${u.created_at}</time>: ${e(u.message)}</li>`).join("")}</ol>`
    : "";
  return `<li><strong>${e(i.component)}</strong> down from <time datetime="${i.opened_at}">${i.opened_at}</time>${until}: <span class="cause">${e(i.cause)}</span>${updates}</li>`;
}

function documentOf(title: string, body: string, script = ""): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${e(title)}</title><link rel="icon" href="/favicon.ico" sizes="32x32"><link rel="icon" href="/icon.svg" type="image/svg+xml"><style>${CSS}</style>${script}</head><body><main>${body}</main></body></html>`;
}

/** The subscribe form (public and password pages): works without script, posts to `/status/{slug}/subscribe`. */
export function subscribeForm(action: string, problem: string | null = null): string {
  return (
    `<h2 id="subscribe">Get incident updates by email</h2><form method="post" action="${e(action)}"><label for="sub-email">Email address</label>` +
    `<input id="sub-email" name="email" type="email" autocomplete="email" maxlength="254" required>` +
    `<input type="hidden" name="maintenance" value="0"><label><input type="checkbox" name="maintenance" value="1" checked> Also planned maintenance</label>` +
    `<button type="submit">Subscribe</button></form>` +
    (problem ? `<p role="alert" class="down">${e(problem)}</p>` : "") +
    `<p class="muted">A confirmation link is mailed first; nothing else is sent until you follow it. Every mail has a one-click unsubscribe link.</p>`
  );
}

/** `subscribePath`: where the subscribe form posts, or null for a page that takes no subscribers. */
export function renderStatusHtml(
  s: PublicStatus,
  feedPath: string,
  jsonPath: string,
  subscribePath: string | null = null,
): string {
  const groups = s.groups
    .map((g) =>
      g.name === null
        ? g.components.map(component).join("")
        : `<h2>${e(g.name)}</h2>${g.components.map(component).join("")}`,
    )
    .join("");
  const active = s.incidents.active.length
    ? `<ul class="incidents">${s.incidents.active.map(incident).join("")}</ul>`
    : `<p>No active incidents.</p>`;
  const past = s.incidents.past.length
    ? `<ul class="incidents">${s.incidents.past.map(incident).join("")}</ul>`
    : `<p>No incidents in the last 90 days.</p>`;
  return documentOf(
    s.title,
    `<h1>${e(s.title)}</h1>${s.description ? `<p>${e(s.description)}</p>` : ""}` +
      `<p class="overall ${s.status.indicator}" role="status">${e(s.status.description)}</p>` +
      `<h2>Components</h2>${groups || "<p>No components yet.</p>"}` +
      maintenanceSection(s.maintenance) +
      `<h2>Active incidents</h2>${active}<h2>Past incidents (90 days)</h2>${past}` +
      (subscribePath ? subscribeForm(subscribePath) : "") +
      `<p class="muted">Updated <time datetime="${s.generated_at}">${s.generated_at}</time> · <a href="${e(jsonPath)}">JSON</a> · <a href="${e(feedPath)}">Atom feed</a></p>`,
    s.maintenance.active.length + s.maintenance.scheduled.length ? `<script src="/local-time.js" defer></script>` : "",
  );
}

/** The password form of a `password` page: its title only, nothing else of the page. */
export function renderPasswordForm(action: string, failed: boolean): string {
  return documentOf(
    "Password required",
    `<h1>This status page is protected</h1><form method="post" action="${e(action)}"><label for="pw">Password</label>` +
      `<input id="pw" name="password" type="password" autocomplete="current-password" required><button type="submit">Open</button></form>` +
      (failed ? `<p role="alert" class="down">Wrong password.</p>` : ""),
  );
}

export function renderMessage(title: string, text: string, extra = ""): string {
  return documentOf(title, `<h1>${e(title)}</h1><p>${e(text)}</p>${extra}`);
}
