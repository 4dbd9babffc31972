import { AppError } from "../../../shared/errors";

/** The largest request body the REST and dashboard faces read: 1 MiB (the ping route keeps its own cap). */
export const MAX_BODY_BYTES = 1024 * 1024;

export const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "The request body is larger than 1 MiB");

/**
 * Reads a request body without ever holding more than `limit` bytes: a declared Content-Length over
 * the limit is refused before reading anything, and a chunked body is cancelled at the limit. The
 * caller answers 413; the rest of the upload is never buffered.
 */
export async function readBodyLimited(req: Request, limit = MAX_BODY_BYTES): Promise<Buffer | AppError> {
  const declared = Number(req.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await req.body?.cancel().catch(() => {});
    return tooLarge();
  }
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
