/** Reading a tRPC error from the dashboard face (see the errorFormatter in src/server/api/trpc.ts). */
type ErrorData = {
  appCode?: string;
  details?: Record<string, string[]>;
  scheduleCode?: string;
  field?: string | null;
  httpStatus?: number;
};

function dataOf(err: unknown): ErrorData {
  return ((err as { data?: ErrorData } | null)?.data ?? {}) as ErrorData;
}

/** A sentence a person understands. */
export function errorText(err: unknown): string {
  if (!err) return "";
  const data = dataOf(err);
  if (data.httpStatus === 401) return "Please sign in again: your session has ended.";
  if (err instanceof Error && err.message && !/^fetch failed|Failed to fetch/i.test(err.message)) return err.message;
  return "Something went wrong; please try again.";
}

/** Messages per form field: validation details, or the schedule error's field (spec 7.2). */
export function fieldErrors(err: unknown): Record<string, string> {
  const data = dataOf(err);
  const out: Record<string, string> = {};
  if (data.scheduleCode) {
    out[data.field ?? "schedule"] = `${errorText(err)} (${data.scheduleCode})`;
    return out;
  }
  for (const [field, messages] of Object.entries(data.details ?? {})) out[field] = messages.join(" ");
  return out;
}

export function scheduleCodeOf(err: unknown): string | undefined {
  return dataOf(err).scheduleCode;
}
