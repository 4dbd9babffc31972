"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * The dashboard's link. Its page (with its server-rendered first screen and data) is fetched as soon
 * as the pointer rests on it or it gets keyboard focus, so the click shows the page without waiting
 * for the server; a link only coming into view fetches nothing (Next's default would ask the server
 * for every page linked on screen at each view: about 30 requests for a list of 20 rows and the
 * navigation, competing with the first screen's own answer).
 */
export function PrefetchLink({ onMouseEnter, onFocus, prefetch, ...props }: ComponentProps<typeof Link>) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? true : (prefetch ?? false)}
      onMouseEnter={(e) => {
        setIntent(true);
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        setIntent(true);
        onFocus?.(e);
      }}
    />
  );
}
