import { describe, expect, it } from "vitest";
import { auditChanges, auditObjectType, scrubUrl } from "../../src/server/domain/audit";
import { ssoRole, verifiedEmail, passwordRefused } from "../../src/server/domain/sso";

describe("audit entries hold no secret", () => {
  it("takes the user, password and credential parameters out of URLs", () => {
    expect(scrubUrl("https://bob:hunter2@hooks.example.com/x?token=abc&team=ops")).toBe(
      "https://%5Bredacted%5D@hooks.example.com/x?token=%5Bredacted%5D&team=ops",
    );
    expect(scrubUrl("https://hooks.slack.com/services/T0/B0/XYZ")).toBe("https://hooks.slack.com/[redacted]");
    expect(scrubUrl("postgres://u:p@db/x")).not.toContain(":p@");
    expect(scrubUrl("plain text with no url")).toBe("plain text with no url");
  });

  it("records secret fields as changed, at any depth, and leaves path parameters out", () => {
    const changes = auditChanges({
      id: 4,
      slug: "acme",
      name: "ops",
      secret: "s3cret-value",
      config: { url: "https://u:pw@x.example/", headers: { Authorization: "Bearer t" }, api_key: "k" },
      client_secret: "cs",
      code: "123456",
    });
    expect(changes).toEqual({
      name: "ops",
      secret: "[changed]",
      config: { url: "https://%5Bredacted%5D@x.example/", headers: "[changed]", api_key: "[changed]" },
      client_secret: "[changed]",
      code: "[changed]",
    });
    expect(JSON.stringify(changes)).not.toMatch(/s3cret|pw@|Bearer|"k"|"cs"|123456/);
  });

  it("names the object a route changes", () => {
    expect(auditObjectType("/cron-monitors/{id}")).toBe("cron-monitors");
    expect(auditObjectType("/cron-monitors/{id}/snooze")).toBe("cron-monitors");
    expect(auditObjectType("/orgs/{slug}/members/{user_id}")).toBe("members");
    expect(auditObjectType("/orgs/{slug}/sso")).toBe("sso");
    expect(auditObjectType("/auth/two-factor/totp/confirm")).toBe("two-factor");
  });
});

describe("single sign-on rules", () => {
  const config = {
    defaultRole: "viewer" as const,
    roleClaim: "groups",
    roleMap: { ops: "admin" as const, dev: "member" as const },
  };
  it("maps the highest role any group names, else the default", () => {
    expect(ssoRole({ groups: ["dev", "ops"] }, config)).toBe("admin");
    expect(ssoRole({ groups: "dev" }, config)).toBe("member");
    expect(ssoRole({ groups: ["toString", "__proto__"] }, config)).toBe("viewer");
    expect(ssoRole({}, config)).toBe("viewer");
  });
  it("accepts only an email the issuer does not call unverified", () => {
    expect(verifiedEmail({ email: "A@Corp.Example", email_verified: true })).toBe("a@corp.example");
    expect(verifiedEmail({ email: "a@corp.example", email_verified: false })).toBeNull();
    expect(verifiedEmail({ email: "" })).toBeNull();
  });
  it("refuses the password of a linked member of an organization requiring SSO, never an owner's", () => {
    expect(passwordRefused([{ requireSso: true, role: "member" }])).toBe(true);
    expect(passwordRefused([{ requireSso: true, role: "owner" }])).toBe(false);
    expect(passwordRefused([{ requireSso: false, role: "member" }])).toBe(false);
  });
});
