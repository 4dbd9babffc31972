import { z } from "zod";
import { envelope } from "../../../shared/schemas/common";
import { loginInput, meOutput, refreshInput, registerInput, tokenPair } from "../../../shared/schemas/accounts";
import { secondFactorLoginInput } from "../../../shared/schemas/two-factor";
import * as auth from "../../services/accounts/auth";
import { DEVICE_HEADER } from "../../auth/throttle";
import { publicProcedure, router, userProcedure } from "../trpc";

const tags = ["Accounts"];

/** The device token (docs/limits.md): answered by a successful login, sent back on the next ones. */
const deviceHeader = z.object({
  "X-Device-Token": z
    .string()
    .describe(
      "The device token a previous login answered: this client is a known device, throttled on its own count (docs/limits.md)",
    ),
});

export const authRouter = router({
  register: publicProcedure
    .meta({
      openapi: { method: "POST", path: "/auth/register", tags, summary: "Create a user account" },
      successStatus: 201,
      throttled: true,
    })
    .input(registerInput)
    .output(envelope(tokenPair))
    .mutation(async ({ ctx, input }) => ({
      data: await auth.register(input, new Date(), auth.clientAddress(ctx.headers)),
    })),

  login: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/login",
        tags,
        summary: "Sign in: access and refresh tokens",
        description:
          "An account with two-factor sign-in answers 401 with error.code SECOND_FACTOR_REQUIRED, error.challenge (a token, 5 minutes), error.methods (totp, security_key, recovery_code) and, with a security key, error.security_key_options (for navigator.credentials.get); answer it at POST /auth/login/second-factor.",
        requestHeaders: deviceHeader.partial(),
        responseHeaders: deviceHeader,
      },
      throttled: true,
    })
    .input(loginInput)
    .output(envelope(tokenPair))
    .mutation(async ({ ctx, input }) => {
      // A known device (the X-Device-Token a login answered before) is throttled on its own count.
      const { device, ...pair } = await auth.login(
        input,
        new Date(),
        auth.clientAddress(ctx.headers),
        ctx.headers.get(DEVICE_HEADER),
      );
      ctx.response.headers["X-Device-Token"] = device;
      return { data: pair };
    }),

  loginSecondFactor: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/login/second-factor",
        tags,
        summary:
          "Sign in, second step: the login's challenge with a TOTP code, a recovery code or a security key's answer",
        description:
          "Answers the token pair as POST /auth/login does. A wrong second factor is 401 UNAUTHORIZED; wrong ones count against the account and the address like wrong passwords (429 RATE_LIMITED past them). A code is accepted once; a recovery code works once.",
        requestHeaders: deviceHeader.partial(),
        responseHeaders: deviceHeader,
      },
      throttled: true,
    })
    .input(secondFactorLoginInput)
    .output(envelope(tokenPair))
    .mutation(async ({ ctx, input }) => {
      const { device, ...pair } = await auth.loginSecondFactor(
        input,
        new Date(),
        auth.clientAddress(ctx.headers),
        ctx.headers.get(DEVICE_HEADER),
      );
      ctx.response.headers["X-Device-Token"] = device;
      return { data: pair };
    }),

  refresh: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/refresh",
        tags,
        summary: "Rotate the refresh token; the old one stops working",
      },
    })
    .input(refreshInput)
    .output(envelope(z.object({ access: z.string(), refresh: z.string() })))
    .mutation(async ({ input }) => ({ data: await auth.refresh(input.refresh) })),

  logout: userProcedure
    .meta({
      openapi: { method: "POST", path: "/auth/logout", tags, summary: "Revoke the current session", protect: true },
      successStatus: 204,
    })
    .input(z.void())
    .output(z.void())
    .mutation(async ({ ctx }) => {
      await auth.logout(ctx.user.sessionId);
    }),

  me: userProcedure
    .meta({ openapi: { method: "GET", path: "/auth/me", tags, summary: "The signed-in user", protect: true } })
    .input(z.void())
    .output(envelope(meOutput))
    .query(async ({ ctx }) => ({ data: await auth.me(ctx.user.userId) })),
});
