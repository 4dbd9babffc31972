import crypto from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { env } from "../../env";
import { logger } from "../observability/log";

/** argon2id (the library's default algorithm) with OWASP's recommended cost. */
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Checks a password against its argon2id hash. `subject` (an email) names the check in a log line
 * written under NODE_ENV=test only (at level info, whatever LOG_LEVEL says down to info), one per
 * argon2 verification, so tests count the real checks (the email appears only as a digest).
 */
export async function verifyPassword(passwordHash: string, password: string, subject?: string): Promise<boolean> {
  if (subject !== undefined && env().nodeEnv === "test") {
    const digest = crypto.createHash("sha256").update(subject.trim().toLowerCase()).digest("hex").slice(0, 16);
    logger().info({ event: "password_check", subject: digest });
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verified against when the email is unknown, so both failures cost the same time. */
let dummyHash: Promise<string> | null = null;
export async function burnPasswordCheck(password: string, subject?: string): Promise<void> {
  dummyHash ??= hashPassword("lifeline-dummy-password");
  await verifyPassword(await dummyHash, password, subject);
}
