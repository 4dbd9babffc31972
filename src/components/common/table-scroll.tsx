import type { ReactNode } from "react";

/**
 * A region that scrolls sideways on narrow screens: reachable with the keyboard (Tab, then the arrow
 * keys scroll it) and named, so a screen reader says what it holds.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
