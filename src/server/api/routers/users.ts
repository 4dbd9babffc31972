import { z } from "zod";
import { envelope } from "../../../shared/schemas/common";
import { passwordInput, profileInput, userSummary } from "../../../shared/schemas/accounts";
import * as auth from "../../services/accounts/auth";
import { router, userProcedure } from "../trpc";

const tags = ["Accounts"];

export const usersRouter = router({
  profile: userProcedure
    .meta({ openapi: { method: "GET", path: "/users/profile", tags, summary: "Read the profile", protect: true } })
    .input(z.void())
    .output(envelope(userSummary))
    .query(async ({ ctx }) => ({ data: await auth.profile(ctx.user.userId) })),

  updateProfile: userProcedure
    .meta({ openapi: { method: "PUT", path: "/users/profile", tags, summary: "Update the profile", protect: true } })
    .input(profileInput)
    .output(envelope(userSummary))
    .mutation(async ({ ctx, input }) => ({ data: await auth.updateProfile(ctx.user.userId, input) })),

  changePassword: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/users/password",
        tags,
        summary: "Change the password; other sessions are revoked",
        protect: true,
      },
      successStatus: 204,
      throttled: true,
    })
    .input(passwordInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await auth.changePassword(ctx.user.userId, ctx.user.sessionId, input);
    }),
});
