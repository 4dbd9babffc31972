import { z } from "zod";
import { envelope, id } from "../../../shared/schemas/common";
import {
  createOrgInput,
  createServiceTokenInput,
  currentOrg,
  email,
  member,
  org,
  orgSlug,
  role,
  serviceToken,
} from "../../../shared/schemas/accounts";
import { orgSecurity } from "../../../shared/schemas/two-factor";
import { orgSso, orgSsoInput } from "../../../shared/schemas/sso";
import * as sso from "../../services/accounts/sso";
import { AppError } from "../../../shared/errors";
import type { Capability } from "../../../shared/capabilities";
import { resolveOrg } from "../../services/accounts/org-access";
import * as orgs from "../../services/accounts/orgs";
import * as members from "../../services/accounts/members";
import { clientAddress } from "../../auth/client-address";
import * as tokens from "../../services/accounts/service-tokens";
import type { Principal } from "../../services/accounts/principal";
import { orgProcedure, router, userProcedure } from "../trpc";

const tags = ["Organizations"];

/** The organization named in the path, if the caller is a member holding `capability`. */
async function orgInPath(principal: Principal, slug: string, capability?: Capability) {
  const active = await resolveOrg(principal, slug);
  if (capability && !active.capabilities.includes(capability)) {
    throw new AppError("FORBIDDEN", `Only owners and admins can do this in organization ${slug}`);
  }
  return active;
}

export const orgsRouter = router({
  current: orgProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orgs/current",
        tags,
        summary: "The active organization (X-Org-Slug or the default) and the caller's capabilities in it",
        protect: true,
      },
    })
    .input(z.void())
    .output(envelope(currentOrg))
    .query(({ ctx }) => ({
      data: {
        slug: ctx.org.slug,
        name: ctx.org.name,
        plan: ctx.org.plan,
        role: ctx.org.role,
        capabilities: [...ctx.org.capabilities],
      },
    })),

  list: userProcedure
    .meta({ openapi: { method: "GET", path: "/orgs", tags, summary: "My organizations with my role", protect: true } })
    .input(z.void())
    .output(envelope(z.array(org)))
    .query(async ({ ctx }) => ({ data: await orgs.listMyOrgs(ctx.user.userId) })),

  create: userProcedure
    .meta({
      openapi: { method: "POST", path: "/orgs", tags, summary: "Create an organization", protect: true },
      successStatus: 201,
    })
    .input(createOrgInput)
    .output(envelope(org))
    .mutation(async ({ ctx, input }) => ({ data: await orgs.createOrg(ctx.user.userId, input) })),

  security: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orgs/{slug}/security",
        tags,
        summary: "Whether the organization requires two-factor sign-in",
        protect: true,
      },
    })
    .input(z.object({ slug: orgSlug }))
    .output(envelope(orgSecurity))
    .query(async ({ ctx, input }) => ({ data: await orgs.orgSecurity((await orgInPath(ctx.user, input.slug)).id) })),

  setSecurity: userProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/orgs/{slug}/security",
        tags,
        summary:
          "Require two-factor sign-in of the members (owners and admins): members without a second factor get 403 SECOND_FACTOR_ENROLMENT_REQUIRED until they enrol",
        protect: true,
      },
    })
    .input(orgSecurity.extend({ slug: orgSlug }))
    .output(envelope(orgSecurity))
    .mutation(async ({ ctx, input }) => {
      const active = await orgInPath(ctx.user, input.slug, "org.manage");
      return { data: await orgs.setOrgSecurity(active.id, ctx.user.userId, input) };
    }),

  sso: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orgs/{slug}/sso",
        tags,
        summary:
          "The organization's single sign-on (OpenID Connect) settings, without the client secret (owners and admins)",
        protect: true,
      },
    })
    .input(z.object({ slug: orgSlug }))
    .output(envelope(orgSso))
    .query(async ({ ctx, input }) => ({ data: await sso.orgSso(await orgInPath(ctx.user, input.slug, "org.manage")) })),

  setSso: userProcedure
    .meta({
      openapi: {
        method: "PUT",
        path: "/orgs/{slug}/sso",
        tags,
        summary:
          "Configure single sign-on with an OpenID Connect issuer (owners and admins): members are created on first sign-in with the default or mapped role; require_sso refuses the password of members who signed in with it (403 SSO_REQUIRED)",
        protect: true,
      },
    })
    .input(orgSsoInput.extend({ slug: orgSlug }))
    .output(envelope(orgSso))
    .mutation(async ({ ctx, input }) => {
      const { slug, ...settings } = input;
      return { data: await sso.setOrgSso(await orgInPath(ctx.user, slug, "org.manage"), settings) };
    }),

  removeSso: userProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/orgs/{slug}/sso",
        tags,
        summary: "Turn single sign-on off (owners and admins); linked members keep their accounts",
        protect: true,
      },
      successStatus: 204,
    })
    .input(z.object({ slug: orgSlug }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await sso.removeOrgSso(await orgInPath(ctx.user, input.slug, "org.manage"));
    }),

  members: userProcedure
    .meta({
      openapi: { method: "GET", path: "/orgs/{slug}/members", tags, summary: "Members and roles", protect: true },
    })
    .input(z.object({ slug: orgSlug }))
    .output(envelope(z.array(member)))
    .query(async ({ ctx, input }) => ({ data: await members.listMembers(await orgInPath(ctx.user, input.slug)) })),

  addMember: userProcedure
    .meta({
      openapi: { method: "POST", path: "/orgs/{slug}/members", tags, summary: "Add a registered user", protect: true },
      successStatus: 201,
      throttled: true,
    })
    .input(z.object({ slug: orgSlug, email, role }))
    .output(envelope(member))
    .mutation(async ({ ctx, input }) => ({
      data: await members.addMember(await orgInPath(ctx.user, input.slug, "org.manage"), input, {
        inviterId: ctx.user.userId,
        address: clientAddress(ctx.headers),
        now: new Date(),
      }),
    })),

  changeMember: userProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/orgs/{slug}/members/{user_id}",
        tags,
        summary: "Change a member's role",
        protect: true,
      },
    })
    .input(z.object({ slug: orgSlug, user_id: id(), role }))
    .output(envelope(member))
    .mutation(async ({ ctx, input }) => ({
      data: await members.changeRole(await orgInPath(ctx.user, input.slug, "org.manage"), input.user_id, input.role),
    })),

  removeMember: userProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/orgs/{slug}/members/{user_id}",
        tags,
        summary: "Remove a member",
        protect: true,
      },
      successStatus: 204,
    })
    .input(z.object({ slug: orgSlug, user_id: id() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await members.removeMember(await orgInPath(ctx.user, input.slug, "org.manage"), input.user_id);
    }),

  serviceTokens: userProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/orgs/{slug}/service-tokens",
        tags,
        summary: "Service tokens (never the secret)",
        protect: true,
      },
    })
    .input(z.object({ slug: orgSlug }))
    .output(envelope(z.array(serviceToken)))
    .query(async ({ ctx, input }) => ({
      data: await tokens.listServiceTokens(await orgInPath(ctx.user, input.slug, "org.manage")),
    })),

  createServiceToken: userProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/orgs/{slug}/service-tokens",
        tags,
        summary: "Issue a service token (shown once)",
        protect: true,
      },
      successStatus: 201,
    })
    .input(createServiceTokenInput)
    .output(envelope(serviceToken.extend({ token: z.string() })))
    .mutation(async ({ ctx, input }) => ({
      data: await tokens.createServiceToken(await orgInPath(ctx.user, input.slug, "org.manage"), input),
    })),

  revokeServiceToken: userProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/orgs/{slug}/service-tokens/{id}",
        tags,
        summary: "Revoke a service token at once",
        protect: true,
      },
      successStatus: 204,
    })
    .input(z.object({ slug: orgSlug, id: id() }))
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await tokens.revokeServiceToken(await orgInPath(ctx.user, input.slug, "org.manage"), input.id);
    }),
});
