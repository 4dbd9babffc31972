/**
 * Maintenance on a public status page, pure (`now` passed in): which of the page's components a
 * running window covers, and the windows the page lists (running or scheduled, earliest first), each
 * naming only the page's components it covers. A window that covers none of them is not published.
 */
export type PageWindow = {
  title: string;
  description: string;
  start: Date;
  end: Date;
  targets: { cronMonitorId: number | null; serviceId: number | null; projectId: number | null }[];
};

/** A component of the page: its key (`m<id>` or `s<id>`), its object's project, and its name on the page. */
export type PageObject = { key: string; projectId: number | null; name: string };

export type ListedWindow = { title: string; description: string; start: Date; end: Date; components: string[] };

/** At most this many windows are listed (and read) per page, the earliest first. */
export const MAX_PAGE_WINDOWS = 10;

const covers = (w: PageWindow, o: PageObject) =>
  w.targets.some(
    (t) =>
      (t.cronMonitorId !== null && o.key === `m${t.cronMonitorId}`) ||
      (t.serviceId !== null && o.key === `s${t.serviceId}`) ||
      (t.projectId !== null && o.projectId === t.projectId),
  );

export function pageMaintenance(
  windows: PageWindow[],
  objects: PageObject[],
  now: Date,
): { maintained: Set<string>; active: ListedWindow[]; scheduled: ListedWindow[]; changesAt: number | null } {
  const maintained = new Set<string>();
  const active: ListedWindow[] = [];
  const scheduled: ListedWindow[] = [];
  let changesAt: number | null = null;
  const t = now.getTime();
  for (const w of windows) {
    if (w.end.getTime() <= t) continue;
    const covered = objects.filter((o) => covers(w, o));
    if (covered.length === 0) continue;
    const running = w.start.getTime() <= t;
    const listed = {
      title: w.title,
      description: w.description,
      start: w.start,
      end: w.end,
      components: [...new Set(covered.map((o) => o.name))],
    };
    (running ? active : scheduled).push(listed);
    if (running) for (const o of covered) maintained.add(o.key);
    const next = running ? w.end.getTime() : w.start.getTime();
    if (changesAt === null || next < changesAt) changesAt = next;
  }
  return { maintained, active, scheduled, changesAt };
}
