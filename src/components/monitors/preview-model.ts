import {
  describeSchedule,
  formatInZone,
  nextFireTimes,
  parseSchedule,
  ScheduleError,
  scheduleErrorMessage,
  utcOffsetMinutes,
  type ScheduleErrorCode,
} from "../../shared/schedule";

export type ScheduleDraft = { kind: "cron" | "period"; cron: string; timezone: string; periodSeconds: number | null };

export type Fire = { at: Date; inZone: string; iso: string; dstChange: string | null };

export type PreviewResult =
  | { ok: true; text: string; zone: string; fires: Fire[]; ms: number }
  | { ok: false; code: ScheduleErrorCode; message: string; generic: string; field: string | null; ms: number };

export const PREVIEW_COUNT = 5;

/** Intl formatters are costly to build (milliseconds): one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function zoneFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      timeZone: zone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      timeZoneName: "short",
    });
    formatters.set(zone, f);
  }
  return f;
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/**
 * The live preview, computed in the browser by the one schedule engine (same validator, codes and
 * messages as the API): the human text and the next fire times, each flagged when the zone's UTC
 * offset changes before it (a DST transition).
 */
export function computePreview(draft: ScheduleDraft, now: Date): PreviewResult {
  const started = performance.now();
  try {
    const schedule = parseSchedule({
      kind: draft.kind,
      cron: draft.kind === "cron" ? draft.cron : undefined,
      tz: draft.timezone,
      period: draft.kind === "period" ? draft.periodSeconds : undefined,
    });
    const zone = schedule.kind === "cron" ? schedule.timezone : draft.timezone;
    const times = nextFireTimes(schedule, now, PREVIEW_COUNT);
    const zoneFormat = zoneFormatter(zone);
    let previous = utcOffsetMinutes(now, zone);
    const fires = times.map((at) => {
      const offset = utcOffsetMinutes(at, zone);
      const dstChange = offset !== previous ? `${offsetText(previous)} → ${offsetText(offset)}` : null;
      previous = offset;
      return { at, inZone: zoneFormat.format(at), iso: formatInZone(at, zone), dstChange };
    });
    return { ok: true, text: describeSchedule(schedule), zone, fires, ms: performance.now() - started };
  } catch (err) {
    if (!(err instanceof ScheduleError)) throw err;
    return {
      ok: false,
      code: err.code,
      message: err.message,
      generic: scheduleErrorMessage(err.code),
      field: err.field,
      ms: performance.now() - started,
    };
  }
}
