import { z } from "zod";
import { envelope, id } from "../../../shared/schemas/common";
import {
  confirmTotpInput,
  keyOptions,
  recoveryCodes,
  registerKeyInput,
  secondFactorProof,
  securityKey,
  totpEnrolment,
  twoFactorStatus,
} from "../../../shared/schemas/two-factor";
import * as twoFactor from "../../services/accounts/two-factor";
import * as keys from "../../services/accounts/security-keys";
import { clientAddress } from "../../auth/client-address";
import { router, userProcedure } from "../trpc";

const tags = ["Two-factor sign-in"];
const FRESH =
  " Needs a fresh second factor in the body (code, recovery_code or security_key); a wrong one is 400 keyed by its field, throttled like sign-in codes.";

/** The signed-in user's own second factors (docs/api-auth.md). */
export const twoFactorRouter = router({
  status: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/auth/two-factor",
        tags,
        summary: "My second factors (no secret)",
        protect: true,
      },
    })
    .input(z.void())
    .output(envelope(twoFactorStatus))
    .query(async ({ ctx }) => ({ data: await twoFactor.twoFactorStatus(ctx.user.userId) })),

  startTotp: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/two-factor/totp",
        tags,
        summary: "Start enrolling an authenticator app: the secret, its otpauth URI and QR code, shown this once",
        protect: true,
      },
      successStatus: 201,
      conflict: "An authenticator app is already enrolled",
    })
    .input(z.void())
    .output(envelope(totpEnrolment))
    .mutation(async ({ ctx }) => ({ data: await twoFactor.startTotpEnrolment(ctx.user.userId) })),

  confirmTotp: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/two-factor/totp/confirm",
        tags,
        summary: "Confirm the enrolment with a first code; answers the recovery codes, shown this once",
        protect: true,
      },
      throttled: true,
    })
    .input(confirmTotpInput)
    .output(envelope(recoveryCodes))
    .mutation(async ({ ctx, input }) => ({
      data: await twoFactor.confirmTotp(ctx.user.userId, input.code, new Date(), clientAddress(ctx.headers)),
    })),

  removeTotp: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/two-factor/totp/remove",
        tags,
        summary: "Remove the authenticator app." + FRESH,
        protect: true,
      },
      successStatus: 204,
      throttled: true,
    })
    .input(secondFactorProof)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await twoFactor.removeTotp(ctx.user.userId, input, new Date(), clientAddress(ctx.headers));
    }),

  regenerateRecoveryCodes: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/two-factor/recovery-codes",
        tags,
        summary: "New recovery codes (the old ones stop working), shown this once." + FRESH,
        protect: true,
      },
      throttled: true,
    })
    .input(secondFactorProof)
    .output(envelope(recoveryCodes))
    .mutation(async ({ ctx, input }) => ({
      data: await twoFactor.regenerateRecoveryCodes(ctx.user.userId, input, new Date(), clientAddress(ctx.headers)),
    })),

  keyRegistrationOptions: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/two-factor/security-keys/options",
        tags,
        summary: "Start registering a security key: options for navigator.credentials.create() and a challenge token",
        protect: true,
      },
    })
    .input(z.void())
    .output(envelope(keyOptions))
    .mutation(async ({ ctx }) => ({ data: await keys.registrationOptions(ctx.user.userId, new Date()) })),

  keyChallenge: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/two-factor/security-keys/challenge",
        tags,
        summary: "A challenge for confirming a change with a security key (navigator.credentials.get() options)",
        protect: true,
      },
    })
    .input(z.void())
    .output(envelope(keyOptions))
    .mutation(async ({ ctx }) => ({ data: await keys.freshKeyChallenge(ctx.user.userId, new Date()) })),

  registerKey: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/two-factor/security-keys",
        tags,
        summary: "Register the security key that answered the registration options",
        protect: true,
      },
      successStatus: 201,
    })
    .input(registerKeyInput)
    .output(envelope(securityKey.extend({ recovery_codes: z.array(z.string()) })))
    .mutation(async ({ ctx, input }) => ({
      data: await twoFactor.registerKeyWithCodes(ctx.user.userId, input, new Date()),
    })),

  removeKey: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/two-factor/security-keys/{id}/remove",
        tags,
        summary: "Remove a security key." + FRESH,
        protect: true,
      },
      successStatus: 204,
      throttled: true,
    })
    .input(secondFactorProof.extend({ id: id() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      const { id: keyId, ...proof } = input;
      await twoFactor.removeSecurityKey(ctx.user.userId, keyId, proof, new Date(), clientAddress(ctx.headers));
    }),
});
