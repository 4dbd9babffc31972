/** Timestamps on the wire: ISO 8601 in UTC to the second, `YYYY-MM-DDTHH:MM:SSZ` (spec section 1). */
export function isoSeconds(date: Date): string {
  return date.toISOString().slice(0, 19) + "Z";
}

export function isoOrNull(date: Date | null | undefined): string | null {
  return date ? isoSeconds(date) : null;
}
