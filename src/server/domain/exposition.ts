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
 * added by expositionOf). A caller with many samples per label set renders the set once with
 * labelPairs and passes the text to every family, so a sample costs one string and no objects.
 */
export class FamilyLines {
  readonly lines: string[] = [];
  constructor(readonly name: string, readonly help: string, readonly type: "gauge") {}

  /** A sample: `pairs` from labelPairs ("" for none), `extra` more pairs after them ("" for none). */
  add(pairs: string, value: number, extra = ""): void {
    const all = extra === "" ? pairs : pairs === "" ? extra : `${pairs},${extra}`;
    this.lines.push(all === "" ? `${this.name} ${formatValue(value)}` : `${this.name}{${all}} ${formatValue(value)}`);
  }
}

/**
 * The exposition of families in order; a family without samples still states its HELP and TYPE.
 * Each family's lines are joined once, then the families.
 */
export function expositionOf(families: readonly FamilyLines[], openMetrics: boolean): string {
  const parts: string[] = [];
  for (const f of families) {
    parts.push(`# HELP ${f.name} ${escapeHelp(f.help, openMetrics)}\n# TYPE ${f.name} ${f.type}`);
    if (f.lines.length > 0) parts.push(f.lines.join("\n"));
  }
  if (openMetrics) parts.push("# EOF");
  parts.push("");
  return parts.join("\n");
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
  return expositionOf(
    families.map((f) => {
      const lines = new FamilyLines(f.name, f.help, f.type);
      for (const s of f.samples) lines.add(render(s.labels), s.value, s.extra === undefined ? "" : render(s.extra));
      return lines;
    }),
    openMetrics,
  );
}
