"use client";

import Link from "next/link";
import { useState, type ComponentProps } from "react";

/**
 * A link whose page (with its server-rendered first screen and data) is fetched as soon as the pointer
 * rests on it or it gets keyboard focus, so the click shows the page without waiting for the server.
 */
export function PrefetchLink({ onMouseEnter, onFocus, prefetch, ...props }: ComponentProps<typeof Link>) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? true : prefetch}
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
