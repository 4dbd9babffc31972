import { z } from "zod";
import { text } from "./text";

/** A TOTP code: six digits. */
const totpCode = text().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app");
const recoveryCode = text().min(1).max(64);
/** A browser's WebAuthn answer (PublicKeyCredential as JSON), checked by the WebAuthn library. */
const keyResponse = z
  .object({
    id: text().max(1024),
    rawId: text().max(1024),
    type: text().max(32),
    response: z.record(text().max(64), z.unknown()),
    clientExtensionResults: z.record(text().max(64), z.unknown()).optional(),
    authenticatorAttachment: text().max(32).optional(),
  })
  .passthrough();

export const securityKeyAnswer = z.object({
  challenge: text()
    .max(200)
    .optional()
    .describe("The challenge token of POST /auth/two-factor/security-keys/challenge (not in a sign-in)"),
  response: keyResponse,
});

/** One second factor: exactly one of a TOTP code, a recovery code, a security key's answer. */
export const secondFactorProof = z.object({
  code: totpCode.optional(),
  recovery_code: recoveryCode.optional(),
  security_key: securityKeyAnswer.optional(),
});

export const secondFactorLoginInput = secondFactorProof.extend({
  challenge: text().min(1).max(200).describe("The challenge of the login's 401 SECOND_FACTOR_REQUIRED answer"),
});

export const confirmTotpInput = z.object({ code: totpCode });

export const totpEnrolment = z.object({
  secret: z.string().describe("Base32 secret, shown this once"),
  otpauth_uri: z.string(),
  qr_svg: z.string().describe("The otpauth URI as a QR code (SVG)"),
});
export const recoveryCodes = z.object({
  recovery_codes: z.array(z.string()).describe("Shown this once; each works once"),
});
export const securityKey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  totp: z.boolean(),
  recovery_codes_left: z.number().int(),
  security_keys: z.array(securityKey),
});
export const keyOptions = z.object({ challenge: z.string(), options: z.record(z.string(), z.unknown()) });
export const registerKeyInput = z.object({
  challenge: text().min(1).max(200),
  name: text().max(100).default(""),
  response: keyResponse,
});
export const orgSecurity = z.object({ require_two_factor: z.boolean() });
