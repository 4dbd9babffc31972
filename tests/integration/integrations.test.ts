import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { call, expectStandardError, registerUser, serviceToken } from "../support/http";
import { monitorRow } from "../support/monitors";
import { confirmByMail } from "../support/integrations";
import { mailText, seedMonitor, startReceiver, startSmtp } from "../support/sweeper";

const webhook = (url = "https://hooks.example.test/lifeline") => ({ name: "Ops webhook", kind: "webhook", url });

describe("integrations CRUD (decisions 7)", () => {
  it("creates a webhook with a generated secret shown in full only on create, then reads, lists, changes and deletes it", async () => {
    const user = await registerUser("integrations");
    const created = await call("POST", "/integrations", { token: user.access, body: webhook() });
    expect(created.status).toBe(201);
    const hook = created.body.data;
    expect(hook).toMatchObject({
      name: "Ops webhook",
      kind: "webhook",
      url: "https://hooks.example.test/…/****",
      email: null,
      confirmed: true,
      is_default: false,
    });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);

    const read = await call("GET", `/integrations/${hook.id}`, { token: user.access });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id: hook.id, kind: "webhook", secret: `****${hook.secret.slice(-4)}` });

    const list = await call("GET", "/integrations", { token: user.access });
    expect(list.body.data.map((i: any) => i.id)).toEqual([hook.id]);
    expect(list.body.meta).toEqual({ page: 1, limit: 20, total: 1, totalPages: 1 });

    const patched = await call("PATCH", `/integrations/${hook.id}`, {
      token: user.access,
      body: { name: "Renamed", is_default: true },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ name: "Renamed", is_default: true });
    expect(patched.body.data.secret).toBe(`****${hook.secret.slice(-4)}`);

    const rotated = await call("PATCH", `/integrations/${hook.id}`, {
      token: user.access,
      body: { rotate_secret: true },
    });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(hook.secret);
    expect((await call("GET", `/integrations/${hook.id}`, { token: user.access })).body.data.secret).toBe(
      `****${rotated.body.data.secret.slice(-4)}`,
    );

    expect((await call("DELETE", `/integrations/${hook.id}`, { token: user.access })).status).toBe(204);
    expectStandardError(await call("GET", `/integrations/${hook.id}`, { token: user.access }), 404, "NOT_FOUND");
  });

  it("keeps a secret given on create (answered masked), and creates slack and email integrations without one", async () => {
    const user = await registerUser("kinds");
    const own = await call("POST", "/integrations", {
      token: user.access,
      body: { ...webhook(), secret: "my-own-signing-secret" },
    });
    expect(own.body.data.secret).toBe("****cret");
    const slack = await call("POST", "/integrations", {
      token: user.access,
      body: { name: "Slack", kind: "slack", url: "https://hooks.slack.test/services/T/B/X" },
    });
    expect(slack.status).toBe(201);
    expect(slack.body.data).not.toHaveProperty("secret");
    const email = await call("POST", "/integrations", {
      token: user.access,
      body: { name: "On call", kind: "email", email: "oncall@example.test" },
    });
    expect(email.status).toBe(201);
    expect(email.body.data).toMatchObject({ kind: "email", email: "oncall@example.test", url: null, confirmed: false });
    const onlyEmail = await call("GET", "/integrations?kind=email", { token: user.access });
    expect(onlyEmail.body.data.map((i: any) => i.kind)).toEqual(["email"]);
  });

  it("validates the fields of each kind: http(s) URLs, email addresses, no stray fields", async () => {
    const user = await registerUser("invalid");
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "x", kind: "webhook" }, "url"],
      [{ name: "x", kind: "webhook", url: "ftp://files.example.test/x" }, "url"],
      [{ name: "x", kind: "slack", url: "not a url" }, "url"],
      [{ name: "x", kind: "email", email: "not-an-address" }, "email"],
      [{ name: "x", kind: "email" }, "email"],
      [{ name: "x", kind: "email", email: "a@example.test", url: "https://x.example.test" }, "url"],
      [{ name: "x", kind: "slack", url: "https://hooks.slack.test/x", secret: "0123456789abcdef" }, "secret"],
      [{ name: "", kind: "webhook", url: "https://x.example.test" }, "name"],
      [{ name: "x", kind: "pager", url: "https://x.example.test" }, "kind"],
    ];
    for (const [body, field] of cases) {
      const res = await call("POST", "/integrations", { token: user.access, body });
      expectStandardError(res, 400, "VALIDATION_ERROR");
      expect(Object.keys(res.body.error.details), JSON.stringify(body)).toContain(field);
    }
    const email = await call("POST", "/integrations", {
      token: user.access,
      body: { name: "x", kind: "email", email: "a@example.test" },
    });
    const patch = await call("PATCH", `/integrations/${email.body.data.id}`, {
      token: user.access,
      body: { rotate_secret: true },
    });
    expectStandardError(patch, 400, "VALIDATION_ERROR");
    expect(patch.body.error.details).toHaveProperty("rotate_secret");
  });

  it("lets cronmonitor.view read and requires cronmonitor.edit to change", async () => {
    const owner = await registerUser("caps");
    const hook = (await call("POST", "/integrations", { token: owner.access, body: webhook() })).body.data;
    const viewer = await serviceToken(owner, ["cronmonitor.view"]);
    expect((await call("GET", "/integrations", { token: viewer })).status).toBe(200);
    expect((await call("GET", `/integrations/${hook.id}/deliveries`, { token: viewer })).status).toBe(200);
    expectStandardError(await call("POST", "/integrations", { token: viewer, body: webhook() }), 403, "FORBIDDEN");
    expectStandardError(
      await call("PATCH", `/integrations/${hook.id}`, { token: viewer, body: { name: "x" } }),
      403,
      "FORBIDDEN",
    );
    expectStandardError(await call("DELETE", `/integrations/${hook.id}`, { token: viewer }), 403, "FORBIDDEN");
    expectStandardError(await call("POST", `/integrations/${hook.id}/test`, { token: viewer }), 403, "FORBIDDEN");
    const editor = await serviceToken(owner, ["cronmonitor.edit"]);
    expect(
      (await call("PATCH", `/integrations/${hook.id}`, { token: editor, body: { name: "by token" } })).status,
    ).toBe(200);
    expectStandardError(await call("GET", "/integrations"), 401, "UNAUTHORIZED");
  });

  it("isolates organizations: another organization's integration is 404 and cannot be changed", async () => {
    const alice = await registerUser("alice");
    const charlie = await registerUser("charlie");
    const hook = (await call("POST", "/integrations", { token: alice.access, body: webhook() })).body.data;
    for (const [method, path, body] of [
      ["GET", `/integrations/${hook.id}`, undefined],
      ["PATCH", `/integrations/${hook.id}`, { name: "mine now" }],
      ["DELETE", `/integrations/${hook.id}`, undefined],
      ["POST", `/integrations/${hook.id}/test`, undefined],
      ["GET", `/integrations/${hook.id}/deliveries`, undefined],
    ] as const) {
      expectStandardError(await call(method, path, { token: charlie.access, body }), 404, "NOT_FOUND");
    }
    expect((await call("GET", "/integrations", { token: charlie.access })).body.data).toEqual([]);
    expect((await call("GET", `/integrations/${hook.id}`, { token: alice.access })).body.data.name).toBe("Ops webhook");
  });

  it("lets a cron monitor list only integrations of its own organization", async () => {
    const alice = await registerUser("alice");
    const charlie = await registerUser("charlie");
    const mine = (await call("POST", "/integrations", { token: alice.access, body: webhook() })).body.data;
    const theirs = (await call("POST", "/integrations", { token: charlie.access, body: webhook() })).body.data;
    const monitor = { name: "job", schedule_kind: "period", period_seconds: 3600 };
    const refused = await call("POST", "/cron-monitors", {
      token: alice.access,
      body: { ...monitor, integration_ids: [mine.id, theirs.id] },
    });
    expectStandardError(refused, 400, "VALIDATION_ERROR");
    expect(refused.body.error.details.integration_ids[0]).toContain(String(theirs.id));
    const created = await call("POST", "/cron-monitors", {
      token: alice.access,
      body: { ...monitor, integration_ids: [mine.id] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.integration_ids).toEqual([mine.id]);
    const patch = await call("PATCH", `/cron-monitors/${created.body.data.id}`, {
      token: alice.access,
      body: { integration_ids: [theirs.id] },
    });
    expectStandardError(patch, 400, "VALIDATION_ERROR");
    expect((await monitorRow(created.body.data.id)).integration_ids).toBe(`[${mine.id}]`);
  });

  it("removes a deleted integration from the monitors that listed it", async () => {
    const user = await registerUser("cleanup");
    const a = (await call("POST", "/integrations", { token: user.access, body: webhook() })).body.data;
    const b = (await call("POST", "/integrations", { token: user.access, body: webhook() })).body.data;
    const m = await seedMonitor(user, { integrationIds: [a.id, b.id] });
    expect((await call("DELETE", `/integrations/${a.id}`, { token: user.access })).status).toBe(204);
    expect(JSON.parse((await monitorRow(m.id)).integration_ids)).toEqual([b.id]);
  });
});

describe("POST /integrations/{id}/test", () => {
  it("sends a signed test event to a webhook now and records the attempt", async () => {
    const receiver = await startReceiver();
    try {
      const user = await registerUser("test-hook");
      const hook = (await call("POST", "/integrations", { token: user.access, body: webhook(receiver.url) })).body.data;
      const res = await call("POST", `/integrations/${hook.id}/test`, { token: user.access });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        integration_id: hook.id,
        event: "test",
        event_id: null,
        attempt: 1,
        status: "success",
        response_status: 200,
        error: null,
      });
      expect(receiver.received).toHaveLength(1);
      const { body, headers } = receiver.received[0]!;
      expect(headers["x-signature"]).toBe(
        `sha256=${crypto.createHmac("sha256", hook.secret).update(body).digest("hex")}`,
      );
      expect(JSON.parse(body)).toMatchObject({
        event: "test",
        event_id: null,
        monitor: null,
        incident: null,
        run: null,
      });
      const deliveries = await call("GET", `/integrations/${hook.id}/deliveries`, { token: user.access });
      const { answer, ...attempt } = res.body.data;
      expect(answer).toBe("ok"); // the receiver's answer, shown by "Send test"
      expect(deliveries.body.data).toEqual([attempt]);
    } finally {
      await receiver.close();
    }
  });

  it("answers a failed attempt with its reason, without leaking the URL", async () => {
    const user = await registerUser("test-down");
    const hook = (
      await call("POST", "/integrations", { token: user.access, body: webhook("http://127.0.0.1:9/secret-path") })
    ).body.data;
    const res = await call("POST", `/integrations/${hook.id}/test`, { token: user.access });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: "failed", response_status: null });
    expect(res.body.data.error).toMatch(/connection failed/);
    expect(res.body.data.error).not.toContain("secret-path");
  });

  it("sends a test email through the configured SMTP server once the recipient confirmed the address", async () => {
    const smtp = await startSmtp();
    try {
      const user = await registerUser("test-mail");
      const address = `test-${crypto.randomUUID().slice(0, 8)}@example.test`;
      const mail = (
        await call("POST", "/integrations", {
          token: user.access,
          body: { name: "mail", kind: "email", email: address },
        })
      ).body.data;
      await confirmByMail(smtp.mails, address);
      const res = await call("POST", `/integrations/${mail.id}/test`, { token: user.access });
      expect(res.body.data).toMatchObject({ status: "success", event: "test" });
      const tests = smtp.mails.filter(
        (m) => m.to.includes(address) && mailText(m).includes("Subject: [Lifeline] Test notification from Lifeline"),
      );
      expect(tests).toHaveLength(1);
      expect(smtp.mails.filter((m) => m.to.includes(address))).toHaveLength(2); // the confirmation, then the test
    } finally {
      await smtp.close();
    }
  });
});
