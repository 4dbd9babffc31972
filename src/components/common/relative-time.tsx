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
