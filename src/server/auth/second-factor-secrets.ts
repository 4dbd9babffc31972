import crypto from "node:crypto";
import * as OTPAuth from "otpauth";
import { env } from "../../env";
import { hashPassword, verifyPassword } from "./passwords";
import { TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW } from "../domain/two-factor";

/**
 * The secrets of two-factor sign-in. A TOTP secret is stored sealed (AES-256-GCM under a key
 * derived from APP_SECRET), so a copy of the database alone gives no codes; it is shown once, at
 * enrolment, and no read answers it again. Recovery codes are stored as argon2id hashes, like
 * passwords. Code checks compare in constant time (otpauth's check, argon2's verify).
 */

const SEAL_VERSION = "v1";
const sealKey = () => Buffer.from(crypto.hkdfSync("sha256", env().appSecret, "lifeline", "totp-secret", 32));

export function sealSecret(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", sealKey(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [SEAL_VERSION, iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The secret, or null when the sealed text is not ours (another APP_SECRET, tampered). */
export function openSecret(sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== SEAL_VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", sealKey(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

const totp = (secretBase32: string, label = "") =>
  new OTPAuth.TOTP({
    issuer: "Lifeline",
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });

/** A new TOTP secret (160 random bits, base32) and its otpauth:// URI with a QR code of it (SVG). */
export async function newTotpSecret(label: string): Promise<{ secret: string; uri: string; qrSvg: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const uri = totp(secret, label).toString();
  const { default: QRCode } = await import("qrcode"); // loaded by an enrolment only
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret, uri, qrSvg };
}

/** How many steps from `now`'s the code matched (within the window), or null. */
export function totpDelta(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  return totp(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
}

/** Recovery codes: 10 lowercase base32 characters (50 bits) each, unambiguous to type. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export function newRecoveryCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return code;
}

export const hashRecoveryCode = (normalized: string) => hashPassword(normalized);
export const recoveryCodeMatches = (hash: string, normalized: string) => verifyPassword(hash, normalized);
