"use client";

import { localDateTime, relativeTime } from "./time";
import { useNow } from "./use-now";

export function RelativeTime({ iso, empty = "never" }: { iso: string | null; empty?: string }) {
  const now = useNow(5000);
  if (!iso) return <span className="muted">{empty}</span>;
  return (
    <time dateTime={iso} title={localDateTime(iso)} suppressHydrationWarning>
      {relativeTime(iso, now)}
    </time>
  );
}

/**
 * A date and time in the viewer's zone and locale. The server render writes it in the server's, so the
 * browser's first render may differ: that text alone is allowed to (no hydration error), then it is the viewer's.
 */
export function LocalTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {localDateTime(iso)}
    </time>
  );
}
