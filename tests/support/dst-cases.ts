/**
 * Debian cron's DST rule (decisions 10), computed by hand for the four expressions of issue 12 in
 * four zones across both changes. Fixed-time jobs (`23 0-20/2`, `0 1-3`, `30 1,2`: neither the
 * minute nor the hour field starts with `*`) run a skipped wall time at the first real minute after
 * the gap (several in one gap, or the gap's end itself, are one fire) and a repeated wall time once;
 * the wildcard job `*\/30 2` skips the gap and runs the repeated hour twice. Shared by the unit test,
 * the schedule-preview test and the sweeper test.
 *
 * Transitions (tzdata):
 *   America/New_York    spring 2027-03-14 02:00 EST(-5) -> 03:00 EDT(-4) at 07:00Z
 *                       fall   2026-11-01 02:00 EDT -> 01:00 EST at 06:00Z (01:00-01:59 twice)
 *   Europe/Berlin       spring 2027-03-28 02:00 CET(+1) -> 03:00 CEST(+2) at 01:00Z
 *                       fall   2026-10-25 03:00 CEST -> 02:00 CET at 01:00Z (02:00-02:59 twice)
 *   Australia/Sydney    spring 2026-10-04 02:00 AEST(+10) -> 03:00 AEDT(+11) at 2026-10-03T16:00Z
 *                       fall   2027-04-04 03:00 AEDT -> 02:00 AEST at 2027-04-03T16:00Z (02:00-02:59 twice)
 *   Australia/Lord_Howe spring 2026-10-04 02:00 (+10:30) -> 02:30 (+11) at 2026-10-03T15:30Z (gap 02:00-02:29)
 *                       fall   2027-04-04 02:00 (+11) -> 01:30 (+10:30) at 2027-04-03T15:00Z (01:30-01:59 twice)
 */
export type DstCase = {
  expression: string;
  timezone: string;
  change: "spring" | "fall";
  from: string;
  fires: string[];
  why: string;
};

const Z = (s: string) => `${s}:00.000Z`;

export const DST_CASES: DstCase[] = [
  // America/New_York, spring forward
  {
    expression: "23 0-20/2 * * *",
    timezone: "America/New_York",
    change: "spring",
    from: "2027-03-14T04:00:00Z",
    fires: [Z("2027-03-14T05:23"), Z("2027-03-14T07:00"), Z("2027-03-14T08:23")],
    why: "00:23 EST; 02:23 skipped -> 03:00 EDT; 04:23 EDT",
  },
  {
    expression: "0 1-3 * * *",
    timezone: "America/New_York",
    change: "spring",
    from: "2027-03-14T04:00:00Z",
    fires: [Z("2027-03-14T06:00"), Z("2027-03-14T07:00"), Z("2027-03-15T05:00")],
    why: "01:00 EST; 02:00 skipped and 03:00 EDT are one fire at 03:00 EDT; next 01:00 EDT",
  },
  {
    expression: "30 1,2 * * *",
    timezone: "America/New_York",
    change: "spring",
    from: "2027-03-14T04:00:00Z",
    fires: [Z("2027-03-14T06:30"), Z("2027-03-14T07:00"), Z("2027-03-15T05:30")],
    why: "01:30 EST; 02:30 skipped -> 03:00 EDT; next 01:30 EDT",
  },
  {
    expression: "*/30 2 * * *",
    timezone: "America/New_York",
    change: "spring",
    from: "2027-03-13T12:00:00Z",
    fires: [Z("2027-03-15T06:00"), Z("2027-03-15T06:30")],
    why: "wildcard: no 02:xx on 03-14; next 02:00 EDT",
  },
  // America/New_York, fall back
  {
    expression: "23 0-20/2 * * *",
    timezone: "America/New_York",
    change: "fall",
    from: "2026-11-01T03:00:00Z",
    fires: [Z("2026-11-01T04:23"), Z("2026-11-01T07:23"), Z("2026-11-01T09:23")],
    why: "00:23 EDT; 02:23 EST; 04:23 EST",
  },
  {
    expression: "0 1-3 * * *",
    timezone: "America/New_York",
    change: "fall",
    from: "2026-11-01T03:00:00Z",
    fires: [Z("2026-11-01T05:00"), Z("2026-11-01T07:00"), Z("2026-11-01T08:00"), Z("2026-11-02T06:00")],
    why: "01:00 EDT once (not 01:00 EST); 02:00 EST; 03:00 EST",
  },
  {
    expression: "30 1,2 * * *",
    timezone: "America/New_York",
    change: "fall",
    from: "2026-11-01T03:00:00Z",
    fires: [Z("2026-11-01T05:30"), Z("2026-11-01T07:30"), Z("2026-11-02T06:30")],
    why: "01:30 EDT once; 02:30 EST",
  },
  {
    expression: "*/30 2 * * *",
    timezone: "America/New_York",
    change: "fall",
    from: "2026-11-01T00:00:00Z",
    fires: [Z("2026-11-01T07:00"), Z("2026-11-01T07:30"), Z("2026-11-02T07:00")],
    why: "02:xx happens once (EST): the repeated hour is 01:xx",
  },
  // Europe/Berlin, spring forward
  {
    expression: "23 0-20/2 * * *",
    timezone: "Europe/Berlin",
    change: "spring",
    from: "2027-03-27T22:00:00Z",
    fires: [Z("2027-03-27T23:23"), Z("2027-03-28T01:00"), Z("2027-03-28T02:23")],
    why: "00:23 CET; 02:23 skipped -> 03:00 CEST; 04:23 CEST",
  },
  {
    expression: "0 1-3 * * *",
    timezone: "Europe/Berlin",
    change: "spring",
    from: "2027-03-27T22:00:00Z",
    fires: [Z("2027-03-28T00:00"), Z("2027-03-28T01:00"), Z("2027-03-28T23:00")],
    why: "01:00 CET; 02:00 and 03:00 one fire at 03:00 CEST; next 01:00 CEST",
  },
  {
    expression: "30 1,2 * * *",
    timezone: "Europe/Berlin",
    change: "spring",
    from: "2027-03-27T22:00:00Z",
    fires: [Z("2027-03-28T00:30"), Z("2027-03-28T01:00"), Z("2027-03-28T23:30")],
    why: "01:30 CET; 02:30 skipped -> 03:00 CEST",
  },
  {
    expression: "*/30 2 * * *",
    timezone: "Europe/Berlin",
    change: "spring",
    from: "2027-03-27T12:00:00Z",
    fires: [Z("2027-03-29T00:00"), Z("2027-03-29T00:30")],
    why: "wildcard: no 02:xx on 03-28",
  },
  // Europe/Berlin, fall back (the double run)
  {
    expression: "23 0-20/2 * * *",
    timezone: "Europe/Berlin",
    change: "fall",
    from: "2026-10-24T21:00:00Z",
    fires: [Z("2026-10-24T22:23"), Z("2026-10-25T00:23"), Z("2026-10-25T03:23")],
    why: "00:23 CEST; 02:23 CEST once (not 02:23 CET); 04:23 CET",
  },
  {
    expression: "0 1-3 * * *",
    timezone: "Europe/Berlin",
    change: "fall",
    from: "2026-10-24T21:00:00Z",
    fires: [Z("2026-10-24T23:00"), Z("2026-10-25T00:00"), Z("2026-10-25T02:00"), Z("2026-10-26T00:00")],
    why: "01:00 CEST; 02:00 CEST once; 03:00 CET",
  },
  {
    expression: "30 1,2 * * *",
    timezone: "Europe/Berlin",
    change: "fall",
    from: "2026-10-24T21:00:00Z",
    fires: [Z("2026-10-24T23:30"), Z("2026-10-25T00:30"), Z("2026-10-26T00:30")],
    why: "01:30 CEST; 02:30 CEST once",
  },
  {
    expression: "*/30 2 * * *",
    timezone: "Europe/Berlin",
    change: "fall",
    from: "2026-10-24T21:00:00Z",
    fires: [Z("2026-10-25T00:00"), Z("2026-10-25T00:30"), Z("2026-10-25T01:00"), Z("2026-10-25T01:30")],
    why: "wildcard: 02:00, 02:30 CEST and again CET",
  },
  // Australia/Sydney, spring forward
  {
    expression: "23 0-20/2 * * *",
    timezone: "Australia/Sydney",
    change: "spring",
    from: "2026-10-03T13:00:00Z",
    fires: [Z("2026-10-03T14:23"), Z("2026-10-03T16:00"), Z("2026-10-03T17:23")],
    why: "00:23 AEST; 02:23 skipped -> 03:00 AEDT; 04:23 AEDT",
  },
  {
    expression: "0 1-3 * * *",
    timezone: "Australia/Sydney",
    change: "spring",
    from: "2026-10-03T13:00:00Z",
    fires: [Z("2026-10-03T15:00"), Z("2026-10-03T16:00"), Z("2026-10-04T14:00")],
    why: "01:00 AEST; 02:00 and 03:00 one fire at 03:00 AEDT",
  },
  {
    expression: "30 1,2 * * *",
    timezone: "Australia/Sydney",
    change: "spring",
    from: "2026-10-03T13:00:00Z",
    fires: [Z("2026-10-03T15:30"), Z("2026-10-03T16:00"), Z("2026-10-04T14:30")],
    why: "01:30 AEST; 02:30 skipped -> 03:00 AEDT",
  },
  {
    expression: "*/30 2 * * *",
    timezone: "Australia/Sydney",
    change: "spring",
    from: "2026-10-03T00:00:00Z",
    fires: [Z("2026-10-04T15:00"), Z("2026-10-04T15:30")],
    why: "wildcard: no 02:xx on 10-04",
  },
  // Australia/Sydney, fall back
  {
    expression: "23 0-20/2 * * *",
    timezone: "Australia/Sydney",
    change: "fall",
    from: "2027-04-03T12:00:00Z",
    fires: [Z("2027-04-03T13:23"), Z("2027-04-03T15:23"), Z("2027-04-03T18:23")],
    why: "00:23 AEDT; 02:23 AEDT once; 04:23 AEST",
  },
  {
    expression: "0 1-3 * * *",
    timezone: "Australia/Sydney",
    change: "fall",
    from: "2027-04-03T12:00:00Z",
    fires: [Z("2027-04-03T14:00"), Z("2027-04-03T15:00"), Z("2027-04-03T17:00"), Z("2027-04-04T15:00")],
    why: "01:00 AEDT; 02:00 AEDT once; 03:00 AEST",
  },
  {
    expression: "30 1,2 * * *",
    timezone: "Australia/Sydney",
    change: "fall",
    from: "2027-04-03T12:00:00Z",
    fires: [Z("2027-04-03T14:30"), Z("2027-04-03T15:30"), Z("2027-04-04T15:30")],
    why: "01:30 AEDT; 02:30 AEDT once",
  },
  {
    expression: "*/30 2 * * *",
    timezone: "Australia/Sydney",
    change: "fall",
    from: "2027-04-03T12:00:00Z",
    fires: [Z("2027-04-03T15:00"), Z("2027-04-03T15:30"), Z("2027-04-03T16:00"), Z("2027-04-03T16:30")],
    why: "wildcard: 02:xx AEDT and again AEST",
  },
  // Australia/Lord_Howe, spring forward (30 minutes: 02:00-02:29 never happen)
  {
    expression: "23 0-20/2 * * *",
    timezone: "Australia/Lord_Howe",
    change: "spring",
    from: "2026-10-03T12:00:00Z",
    fires: [Z("2026-10-03T13:53"), Z("2026-10-03T15:30"), Z("2026-10-03T17:23")],
    why: "00:23 +10:30; 02:23 skipped -> 02:30 +11; 04:23 +11",
  },
  {
    expression: "0 1-3 * * *",
    timezone: "Australia/Lord_Howe",
    change: "spring",
    from: "2026-10-03T12:00:00Z",
    fires: [Z("2026-10-03T14:30"), Z("2026-10-03T15:30"), Z("2026-10-03T16:00"), Z("2026-10-04T14:00")],
    why: "01:00 +10:30; 02:00 skipped -> 02:30 +11; 03:00 +11",
  },
  {
    expression: "30 1,2 * * *",
    timezone: "Australia/Lord_Howe",
    change: "spring",
    from: "2026-10-03T12:00:00Z",
    fires: [Z("2026-10-03T15:00"), Z("2026-10-03T15:30"), Z("2026-10-04T14:30")],
    why: "01:30 +10:30; 02:30 exists (+11), right at the change",
  },
  {
    expression: "*/30 2 * * *",
    timezone: "Australia/Lord_Howe",
    change: "spring",
    from: "2026-10-03T12:00:00Z",
    fires: [Z("2026-10-03T15:30"), Z("2026-10-04T15:00"), Z("2026-10-04T15:30")],
    why: "wildcard: 02:00 skipped, 02:30 +11 happens",
  },
  // Australia/Lord_Howe, fall back (01:30-01:59 twice)
  {
    expression: "23 0-20/2 * * *",
    timezone: "Australia/Lord_Howe",
    change: "fall",
    from: "2027-04-03T12:00:00Z",
    fires: [Z("2027-04-03T13:23"), Z("2027-04-03T15:53"), Z("2027-04-03T17:53")],
    why: "00:23 +11; 02:23 +10:30; 04:23 +10:30",
  },
  {
    expression: "0 1-3 * * *",
    timezone: "Australia/Lord_Howe",
    change: "fall",
    from: "2027-04-03T12:00:00Z",
    fires: [Z("2027-04-03T14:00"), Z("2027-04-03T15:30"), Z("2027-04-03T16:30"), Z("2027-04-04T14:30")],
    why: "01:00 +11 (not repeated); 02:00, 03:00 +10:30",
  },
  {
    expression: "30 1,2 * * *",
    timezone: "Australia/Lord_Howe",
    change: "fall",
    from: "2027-04-03T12:00:00Z",
    fires: [Z("2027-04-03T14:30"), Z("2027-04-03T16:00"), Z("2027-04-04T15:00")],
    why: "01:30 +11 once (not 01:30 +10:30); 02:30 +10:30",
  },
  {
    expression: "*/30 2 * * *",
    timezone: "Australia/Lord_Howe",
    change: "fall",
    from: "2027-04-03T12:00:00Z",
    fires: [Z("2027-04-03T15:30"), Z("2027-04-03T16:00"), Z("2027-04-04T15:30")],
    why: "wildcard: 02:xx is not repeated here",
  },
];
