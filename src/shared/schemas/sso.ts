import { z } from "zod";
import { text } from "./text";

const role = z.enum(["admin", "member", "viewer"]);

/** An organization's single sign-on settings as answered (the client secret never is). */
export const orgSso = z.object({
  enabled: z.boolean().describe("Whether single sign-on is configured"),
  operator_sso: z
    .boolean()
    .describe(
      "Whether the operator's issuer (SSO_ISSUER) signs members in, the organization having no settings of its own",
    ),
  issuer: z.string().nullable(),
  client_id: z.string().nullable(),
  client_secret_set: z.boolean(),
  default_role: role,
  role_claim: z.string().nullable(),
  role_map: z.record(z.string(), role),
  require_sso: z.boolean(),
  redirect_uri: z.string().describe("The redirect URI to register at the issuer"),
  sign_in_url: z.string().describe("Where members start a single sign-on sign-in (the dashboard's sign-in page)"),
});

export const orgSsoInput = z.object({
  issuer: text()
    .max(500)
    .url()
    .regex(/^https?:\/\//, "The issuer is an http(s) URL")
    .describe("The OpenID Connect issuer (its /.well-known/openid-configuration is read)"),
  client_id: text().min(1).max(500),
  client_secret: text().min(1).max(1000).optional().describe("Needed the first time; omitted, the stored one is kept"),
  default_role: role.default("member"),
  role_claim: text().min(1).max(100).nullable().optional().describe("A claim (e.g. groups) whose values map to roles"),
  role_map: z.record(text().min(1).max(200), role).optional().describe("Claim value -> role"),
  require_sso: z.boolean().default(false),
});
