/**
 * The crontab line of a period monitor, pure: a standard five-field expression that fires exactly
 * every `periodSeconds`, or null when no such line exists (a period that is not a whole number of
 * minutes, or whose steps do not divide the hour, the day or the week evenly: 7 minutes, 5 hours, 2
 * days). Lines of two hours or more carry `CRON_TZ=UTC` so a daylight-saving change does not stretch
 * or shorten a period (cron daemons without CRON_TZ run them in the machine's zone).
 */
export type CrontabLine = { timezone: "UTC" | null; expression: string };

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;
const WEEK = 7 * DAY;

export function periodCrontab(periodSeconds: number): CrontabLine | null {
  if (!Number.isInteger(periodSeconds) || periodSeconds <= 0 || periodSeconds % MINUTE !== 0) return null;
  const minutes = periodSeconds / MINUTE;
  if (minutes < 60 && 60 % minutes === 0)
    return { timezone: null, expression: minutes === 1 ? "* * * * *" : `*/${minutes} * * * *` };
  if (periodSeconds === HOUR) return { timezone: null, expression: "0 * * * *" };
  const hours = periodSeconds / HOUR;
  if (Number.isInteger(hours) && hours < 24 && 24 % hours === 0)
    return { timezone: "UTC", expression: `0 */${hours} * * *` };
  if (periodSeconds === DAY) return { timezone: "UTC", expression: "0 0 * * *" };
  if (periodSeconds === WEEK) return { timezone: "UTC", expression: "0 0 * * 0" };
  return null;
}
