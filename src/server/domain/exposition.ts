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
  if (Number.isFinite(v)) return String(v);
  if (Number.isNaN(v)) return "NaN";
  return v > 0 ? "+Inf" : "-Inf";
}

/** `k="v",k2="v2"` (no braces): one string, no intermediate arrays. */
function pairs(labels: Labels): string {
  let text = "";
  for (const k in labels) text += `${text === "" ? "" : ","}${k}="${escapeLabelValue(labels[k]!)}"`;
  return text;
}

/**
 * The exposition of families in order; a family without samples still states its HELP and TYPE.
 * One array of lines joined once; a `labels` object shared by several samples (a monitor's id, name
 * and project across its families) is rendered once, and a sample costs one string.
 */
export function exposition(families: readonly Family[], openMetrics: boolean): string {
  const out: string[] = [];
  const rendered = new Map<Labels, string>();
  for (const f of families) {
    const name = f.name;
    out.push(`# HELP ${name} ${escapeHelp(f.help, openMetrics)}`, `# TYPE ${name} ${f.type}`);
    for (const s of f.samples) {
      let base = rendered.get(s.labels);
      if (base === undefined) rendered.set(s.labels, (base = pairs(s.labels)));
      const extra = s.extra === undefined ? "" : pairs(s.extra);
      const all = extra === "" ? base : base === "" ? extra : `${base},${extra}`;
      out.push(all === "" ? `${name} ${formatValue(s.value)}` : `${name}{${all}} ${formatValue(s.value)}`);
    }
  }
  if (openMetrics) out.push("# EOF");
  out.push("");
  return out.join("\n");
}
