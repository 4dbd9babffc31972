import { isUtf8 } from "node:buffer";

/** Run rules of decisions 4: the rolling duration baseline and the drift flag. */
export const BASELINE_RUNS = 20;
export const BASELINE_MIN_RUNS = 5;

/** Median of the last successful durations (newest first, at most 20); null below 5 runs. */
export function baselineMs(recentSuccessDurations: readonly number[]): number | null {
  const sample = recentSuccessDurations.slice(0, BASELINE_RUNS);
  if (sample.length < BASELINE_MIN_RUNS) return null;
  const sorted = [...sample].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** `duration - baseline > max(drift_pct * baseline, drift_min_seconds * 1000)`. */
export function isDrifted(
  durationMs: number,
  baseline: number | null,
  driftPct: number,
  driftMinSeconds: number,
): boolean {
  if (baseline === null) return false;
  return durationMs - baseline > Math.max(driftPct * baseline, driftMinSeconds * 1000);
}

/** A completion without rid closes a synthesized running run only if it started recently enough. */
export function pairingWindowMs(maxRuntimeSeconds: number | null): number {
  return (maxRuntimeSeconds ?? 24 * 3600) * 1000;
}

/** Log bodies are capped at 102400 bytes, cut on a UTF-8 character boundary. */
export const LOG_LIMIT_BYTES = 102_400;

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * The run log as stored (a ping body, a reported `log`): the bytes verbatim when they are UTF-8
 * without NUL (the common case: one check, one decode). Otherwise what neither engine can hold is
 * replaced by U+FFFD the same way on SQLite and PostgreSQL: NUL (PostgreSQL's `text` cannot hold it)
 * and invalid UTF-8 (each maximal invalid sequence, as TextDecoder does; a reported `log`'s unpaired
 * surrogates arrive here already as U+FFFD from TextEncoder). `bytes` is the stored text's size.
 */
export function capLog(body: Uint8Array): { text: string; bytes: number; truncated: boolean } {
  const bytes = isUtf8(body) && body.indexOf(0) === -1 ? body : storableBytes(body);
  if (bytes.length <= LOG_LIMIT_BYTES) return { text: decoder.decode(bytes), bytes: bytes.length, truncated: false };
  let end = LOG_LIMIT_BYTES;
  // Step back over continuation bytes (10xxxxxx) so a multi-byte character is never split.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  const kept = bytes.subarray(0, end);
  return { text: decoder.decode(kept), bytes: kept.length, truncated: true };
}

function storableBytes(body: Uint8Array): Uint8Array {
  return new TextEncoder().encode(decoder.decode(body).replaceAll("\0", "\uFFFD"));
}
