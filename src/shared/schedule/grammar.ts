// Grammar of the cron expression text: 5-field Vixie/Debian crontab or one lowercase macro.
// Everything else (seconds/year fields, L W # ? H, CRON_TZ= prefixes, …) is rejected here,
// before any calendar logic runs.

import { ScheduleError } from "./errors";

/** A parsed expression. Each set is a boolean table indexed by the field's value. */
export type CronSpec = {
  /** Whitespace-normalized source text (a macro stays a macro). */
  expression: string;
  /** The 5-field form (macros expanded), e.g. "0 0 * * *" for "@daily". */
  fiveField: string;
  minutes: boolean[]; // 0-59
  hours: boolean[]; // 0-23
  daysOfMonth: boolean[]; // 1-31 (index 0 unused)
  months: boolean[]; // 1-12 (index 0 unused)
  daysOfWeek: boolean[]; // 0-6, Sunday = 0 (7 is folded into 0)
  /** Vixie rule: the field text starts with "*" (including "*\/2"), so day matching ANDs instead of ORs. */
  dayOfMonthStar: boolean;
  dayOfWeekStar: boolean;
  /**
   * Debian cron's fixed-time job: neither the minute nor the hour field starts with `*` (Vixie cron's
   * entry.c sets MIN_STAR/HR_STAR only then). So `0 1-3`, `23 0-20/2`, `30 1,2` are fixed-time;
   * `*\/30 2` and `0 *` are wildcard jobs.
   */
  fixedTime: boolean;
};

export const MACROS: Readonly<Record<string, string>> = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *",
};

type FieldRule = { label: string; min: number; max: number; names?: readonly string[]; nameBase?: number };

const MONTH_NAMES = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

const RULES = {
  minute: { label: "minute", min: 0, max: 59 },
  hour: { label: "hour", min: 0, max: 23 },
  dayOfMonth: { label: "day-of-month", min: 1, max: 31 },
  month: { label: "month", min: 1, max: 12, names: MONTH_NAMES, nameBase: 1 },
  dayOfWeek: { label: "day-of-week", min: 0, max: 7, names: DAY_NAMES, nameBase: 0 },
} satisfies Record<string, FieldRule>;

/** Parses and checks the grammar. Throws ScheduleError("invalid_cron_syntax") tagged with `field`. */
export function parseCronExpression(expression: string, field: string): CronSpec {
  const fail: (message: string) => never = (message) => {
    throw new ScheduleError("invalid_cron_syntax", message, field);
  };
  if (typeof expression !== "string") fail("cron expression must be a string");
  const trimmed = expression.trim();
  if (trimmed === "") fail("cron expression is empty");

  const tokens = trimmed.split(/[ \t]+/);
  const firstToken = tokens[0] ?? "";
  if (/^(CRON_TZ|TZ)=/i.test(firstToken)) {
    fail(`a ${firstToken.split("=")[0]}= prefix is not supported; set the time zone separately`);
  }
  if (firstToken.startsWith("@")) {
    if (tokens.length !== 1) fail(`macro ${firstToken} must be the whole expression`);
    return parseMacro(firstToken, fail);
  }
  if (tokens.length !== 5) {
    const extra = tokens.length > 5 ? "; seconds and year fields are not supported" : "";
    fail(`expected 5 fields (minute hour day-of-month month day-of-week), got ${tokens.length}${extra}`);
  }

  const [minuteText = "", hourText = "", domText = "", monthText = "", dowText = ""] = tokens;
  const minutes = parseField(minuteText, RULES.minute, fail);
  const hours = parseField(hourText, RULES.hour, fail);
  const daysOfMonth = parseField(domText, RULES.dayOfMonth, fail);
  const months = parseField(monthText, RULES.month, fail);
  const daysOfWeekWith7 = parseField(dowText, RULES.dayOfWeek, fail);
  const daysOfWeek = daysOfWeekWith7.slice(0, 7);
  if (daysOfWeekWith7[7]) daysOfWeek[0] = true; // 7 is Sunday too
  return {
    expression: tokens.join(" "),
    fiveField: tokens.join(" "),
    minutes,
    hours,
    daysOfMonth,
    months,
    daysOfWeek,
    dayOfMonthStar: domText.startsWith("*"),
    dayOfWeekStar: dowText.startsWith("*"),
    fixedTime: !minuteText.startsWith("*") && !hourText.startsWith("*"),
  };
}

function parseMacro(token: string, fail: (message: string) => never): CronSpec {
  if (token === "@reboot") fail("@reboot is not supported: it does not fire on a schedule");
  const expansion = MACROS[token];
  if (expansion === undefined) {
    const hint = MACROS[token.toLowerCase()] ? " (macros are lowercase)" : "";
    fail(`unknown macro ${token}${hint}; supported: ${Object.keys(MACROS).join(" ")}`);
  }
  return { ...parseCronExpression(expansion, "unused"), expression: token };
}

function parseField(text: string, rule: FieldRule, fail: (message: string) => never): boolean[] {
  const where = `${rule.label} field`;
  if (text.includes("#")) fail(`${where}: '#' (nth weekday) is not supported`);
  if (text.includes("?")) fail(`${where}: '?' is not supported; use '*'`);

  const set = new Array<boolean>(rule.max + 1).fill(false);
  for (const item of text.split(",")) {
    if (item === "") fail(`${where}: empty list item in '${text}'`);
    const [first, last, step] = parseItem(item, rule, where, fail);
    for (let value = first; value <= last; value += step) set[value] = true;
  }
  return set;
}

/** One list item → [first, last, step]. Forms: *, n, a-b, and each of those followed by /step. */
function parseItem(
  item: string,
  rule: FieldRule,
  where: string,
  fail: (message: string) => never,
): [number, number, number] {
  const slashParts = item.split("/");
  if (slashParts.length > 2) fail(`${where}: '${item}' has more than one '/'`);
  const [base = "", stepText] = slashParts;
  let step = 1;
  if (stepText !== undefined) {
    if (!/^[0-9]+$/.test(stepText)) fail(`${where}: step '${stepText}' is not a number`);
    step = Number(stepText);
    if (step === 0) fail(`${where}: step must be at least 1`);
  }

  if (base === "*") return [rule.min, rule.max, step];
  const rangeParts = base.split("-");
  if (rangeParts.length > 2) fail(`${where}: '${base}' is not a valid range`);
  const [firstText = "", lastText = ""] = rangeParts;
  const first = parseValue(firstText, rule, where, fail);
  if (rangeParts.length === 1) {
    // "5/15" means 5-max/15 (Debian); a lone "5" is just 5.
    return [first, stepText === undefined ? first : rule.max, step];
  }
  const last = parseValue(lastText, rule, where, fail);
  if (first > last) fail(`${where}: range ${base} is reversed`);
  return [first, last, step];
}

function parseValue(text: string, rule: FieldRule, where: string, fail: (message: string) => never): number {
  if (/^[0-9]+$/.test(text)) {
    const value = Number(text);
    if (value < rule.min || value > rule.max) {
      fail(`${where}: ${text} is out of range ${rule.min}-${rule.max}`);
    }
    return value;
  }
  const nameIndex = rule.names ? rule.names.indexOf(text.toLowerCase()) : -1;
  if (nameIndex >= 0) return nameIndex + (rule.nameBase ?? 0);
  return fail(`${where}: ${describeBadValue(text)}`);
}

function describeBadValue(text: string): string {
  if (text === "") return "missing value";
  if (/^(L|LW|[0-9]*L)$/i.test(text)) return `'${text}': 'L' (last day) is not supported`;
  if (/^[0-9]*W$/i.test(text)) return `'${text}': 'W' (nearest weekday) is not supported`;
  if (/^H/i.test(text)) return `'${text}': 'H' (hashed value) is not supported`;
  return `invalid value '${text}'`;
}
