/** Numbers of the service pages, in words a person reads. */
export function percentText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  if (value === 100) return "100 %";
  // Never round an imperfect figure up to 100 %: 99.996 reads 99.99 %.
  const floored = Math.floor(value * 100) / 100;
  return `${floored.toFixed(2)} %`;
}

export function msText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/** "GET https://…", "TCP host:port", "DNS A name @resolver" or "TLS host:port": what a service checks. */
export function targetText(type: string, config: Record<string, unknown>): string {
  if (type === "http") return `${String(config.method ?? "GET")} ${String(config.url ?? "")}`;
  if (type === "dns")
    return `DNS ${String(config.record_type ?? "A")} ${String(config.name ?? "")}${config.resolver ? ` @${String(config.resolver)}` : ""}`;
  if (type === "browser") return `Browser ${String(config.url ?? "")}`;
  if (type === "ping") return `Ping ${String(config.host ?? "")}`;
  if (type === "grpc")
    return `gRPC ${String(config.host ?? "")}:${String(config.port ?? "")}${config.service ? ` ${String(config.service)}` : ""}${config.tls ? " (TLS)" : ""}`;
  if (type === "tls") return `TLS ${String(config.host ?? "")}:${String(config.port ?? 443)}`;
  return `TCP ${String(config.host ?? "")}:${String(config.port ?? "")}`;
}
