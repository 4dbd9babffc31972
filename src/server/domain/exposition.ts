/**
 * Prometheus' text exposition format (0.0.4) and OpenMetrics 1.0, written by hand for the
 * organization metrics (docs/api-metrics.md). Pure: families in, text out. Gauges only
 * (every organization figure is a current value).
 */
export type Labels = Record<string, string>;
/** `extra` labels follow `labels`; a `labels` object shared by many samples is rendered once. */
export type Sample = { labels: Labels; extra?: Labels; value: number };
export type Family = { name: string; help: string; type: "gauge"; samples: Sample[] };

export const TEXT_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
export const OPENMETRICS_CONTENT_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/** OpenMetrics when the Accept header names it (Prometheus asks for it first), the text format otherwise. */
export function wantsOpenMetrics(accept: string | null): boolean {
  return /application\/openmetrics-text/i.test(accept ?? "");
}

/** A label value: backslash, double quote and line feed escaped (both formats). */
export const escapeLabelValue = (v: string) =>
  /[\\"\n]/.test(v) ? v.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n") : v;

/** HELP text: backslash and line feed escaped; OpenMetrics escapes the double quote too. */
const escapeHelp = (v: string, openMetrics: boolean) => {
  const s = v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n");
  return openMetrics ? s.replace(/"/g, '\\"') : s;
};

export function formatValue(v: number): string {
  if (v === 1) return "1";
  if (v === 0) return "0";
  if (Number.isFinite(v)) return String(v);
  if (Number.isNaN(v)) return "NaN";
  return v > 0 ? "+Inf" : "-Inf";
}

/** `k="v",k2="v2"` (no braces), values escaped: a label set as a sample line writes it. */
export function labelPairs(labels: Labels): string {
  let text = "";
  for (const k in labels) text += `${text === "" ? "" : ","}${k}="${escapeLabelValue(labels[k]!)}"`;
  return text;
}

/**
 * One family's sample lines, written as the samples come (format-independent: HELP and TYPE are
 * added by expositionBytes) straight into a growing byte buffer as UTF-8: a line is garbage as soon
 * as it is written, so 50,000 lines leave no strings for the garbage collector to keep. A caller
 * with many samples per label set renders the set once with labelPairs and passes the text to
 * every family.
 */
export class FamilyLines {
  private buffer = Buffer.allocUnsafe(16 * 1024);
  private used = 0;
  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: "gauge",
  ) {}

  /** A sample: `pairs` from labelPairs ("" for none), `extra` more pairs after them ("" for none). */
  add(pairs: string, value: number, extra = ""): void {
    const all = extra === "" ? pairs : pairs === "" ? extra : `${pairs},${extra}`;
    const line = all === "" ? `${this.name} ${formatValue(value)}\n` : `${this.name}{${all}} ${formatValue(value)}\n`;
    const most = line.length * 3; // UTF-8 bytes per UTF-16 unit, at most
    if (this.used + most > this.buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.used + most));
      this.buffer.copy(larger, 0, 0, this.used);
      this.buffer = larger;
    }
    this.used += this.buffer.write(line, this.used, "utf8");
  }

  /** The lines written so far, each ending in a line feed. */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.used);
  }
}

/**
 * The exposition of families in order, as UTF-8; a family without samples still states its HELP
 * and TYPE.
 */
export function expositionBytes(families: readonly FamilyLines[], openMetrics: boolean): Buffer<ArrayBuffer> {
  const parts: Buffer[] = [];
  for (const f of families) {
    parts.push(
      Buffer.from(`# HELP ${f.name} ${escapeHelp(f.help, openMetrics)}\n# TYPE ${f.name} ${f.type}\n`, "utf8"),
      f.bytes(),
    );
  }
  if (openMetrics) parts.push(Buffer.from("# EOF\n"));
  return Buffer.concat(parts);
}

/**
 * The exposition of families given sample by sample; a `labels` (or `extra`) object shared by
 * several samples is rendered once.
 */
export function exposition(families: readonly Family[], openMetrics: boolean): string {
  const rendered = new Map<Labels, string>();
  const render = (labels: Labels) => {
    let text = rendered.get(labels);
    if (text === undefined) rendered.set(labels, (text = labelPairs(labels)));
    return text;
  };
  return expositionBytes(
    families.map((f) => {
      const lines = new FamilyLines(f.name, f.help, f.type);
      for (const s of f.samples) lines.add(render(s.labels), s.value, s.extra === undefined ? "" : render(s.extra));
      return lines;
    }),
    openMetrics,
  ).toString("utf8");
}
