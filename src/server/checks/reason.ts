/** The words for a failed check, from the error the network gave. One place for every reason. */
export function failureReason(err: unknown, timeoutSeconds: number, aborted: boolean): string {
  const e = err as {
    code?: string;
    name?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  } | null;
  const code = e?.code ?? e?.cause?.code ?? "";
  if (code === "EOUTBOUNDREFUSED") return e?.message ?? "refused by the outbound guard";
  if (
    aborted ||
    e?.name === "AbortError" ||
    e?.name === "TimeoutError" ||
    (code.startsWith("UND_ERR_") && code.includes("TIMEOUT")) ||
    code === "ETIMEDOUT"
  ) {
    return `timeout after ${timeoutSeconds} s`;
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "EAI_NONAME" || code === "ENODATA")
    return "DNS failure: the host name does not resolve";
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET" || code === "EPIPE") return "connection reset";
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "host unreachable";
  if (
    /^(ERR_TLS|ERR_SSL|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_|ERR_OSSL)/.test(code) ||
    /certificate|SSL|TLS/i.test(e?.message ?? "")
  ) {
    return `TLS error: ${e?.message ?? code}`;
  }
  if (code === "ERR_INVALID_URL" || (e?.name === "TypeError" && /URL/i.test(e?.message ?? ""))) return "invalid URL";
  return `error: ${e?.message || code || "unknown"}`;
}
