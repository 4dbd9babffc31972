"use client";

import { useEffect, useState } from "react";

/** A list's search is sent once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 250;

/** `value` once it has stayed the same for `ms` (a search box asks the server once per pause, not per key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** "3 monitors", or with filters "1 monitor matches" / "3 monitors match". */
export function countText(total: number, noun: string, filtered: boolean): string {
  const things = `${total} ${noun}${total === 1 ? "" : "s"}`;
  return filtered ? `${things} ${total === 1 ? "matches" : "match"}` : things;
}
