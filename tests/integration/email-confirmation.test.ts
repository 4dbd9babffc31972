import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, expectStandardError, registerUser, type Answer, type TestUser } from "../support/http";
import { testDb } from "../support/db";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { confirmationLink, confirmationMails, confirmByMail } from "../support/integrations";
import { ping } from "../support/monitors";
import { eventually, mailText, rows, seedMonitor, startSmtp, sweep } from "../support/sweeper";

// An email integration's address receives nothing but its confirmation mail until the recipient
// follows the link in it (a real SMTP server started here; the server's SMTP_URL points to it).

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const newAddress = (name: string) => `${name}-${crypto.randomUUID().slice(0, 8)}@example.test`;
const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
const stored = (id: number) =>
  testDb().one<{ confirmed_at: string | null; confirm_token_hash: string | null }>(
    `SELECT confirmed_at, confirm_token_hash FROM integrations WHERE id = ?`,
    [id],
  );
const quietPeriod = () => new Promise((r) => setTimeout(r, 2500)); // longer than the embedded sweeper's delivery poll
/** Ends the integration's 10-minute confirmation-mail window, as ten minutes passing would (docs/limits.md). */
const tenMinutesLater = (id: number) =>
  testDb().run(`UPDATE rate_limits SET window_end = ? WHERE "key" = ?`, [Date.now() - 1000, `confirm-mail:${id}`]);

function expectMailLimited(res: Answer, min: number, max: number, message: RegExp) {
  expectStandardError(res, 429, "RATE_LIMITED");
  const wait = Number(res.headers.get("retry-after"));
  expect(wait).toBeGreaterThanOrEqual(min);
  expect(wait).toBeLessThanOrEqual(max);
  expect(res.body.error.message).toMatch(message);
}

async function emailIntegration(user: TestUser, address: string) {
  const res = await call("POST", "/integrations", {
    token: user.access,
    body: { name: "On call", kind: "email", email: address, is_default: true },
  });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; confirmed: boolean };
}

describe("email integrations need the recipient's confirmation", () => {
  it("mails a link on create, stores only its digest, and sends nothing else until the link is followed", async () => {
    const user = await registerUser("confirm");
    const address = newAddress("oncall");
    const integration = await emailIntegration(user, address);
    expect(integration.confirmed).toBe(false);

    const first = await eventually(() => confirmationMails(smtp.mails, address)[0]);
    const text = mailText(first);
    expect(text).not.toContain("On call"); // nothing the account chose reaches an unconfirmed address
    const token = confirmationLink(first).split("/").pop()!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await stored(integration.id);
    expect(row!.confirm_token_hash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(await rows(`SELECT * FROM integrations WHERE id = ?`, integration.id))).not.toContain(token);

    // A test is refused on both faces; an incident is skipped with its reason recorded.
    const test = await call("POST", `/integrations/${integration.id}/test`, { token: user.access });
    expectStandardError(test, 409, "INTEGRATION_UNCONFIRMED");
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const viaTrpc = await trpcMutation(baseUrl(), "integrations.test", { id: integration.id }, { cookie });
    expect(viaTrpc.status).toBe(409);
    expect(viaTrpc.body.error.data.appCode).toBe("INTEGRATION_UNCONFIRMED");
    const monitor = await seedMonitor(user);
    await ping(monitor.ping_token, "/fail");
    await sweep(null);
    const skipped = await eventually(async () => {
      const r = await call("GET", `/integrations/${integration.id}/deliveries`, { token: user.access });
      return r.body.data.find((d: any) => d.event === "incident.opened");
    });
    expect(skipped).toMatchObject({
      status: "failed",
      attempt: 1,
      error: "not sent: the recipient has not confirmed the address yet",
    });
    await quietPeriod();
    expect(mailsTo(address)).toHaveLength(1);

    // The recipient confirms: the link works once; then tests and incidents are mailed.
    const page = await fetch(confirmationLink(first));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("Address confirmed");
    expect((await fetch(confirmationLink(first))).status).toBe(404);
    expect((await call("GET", `/integrations/${integration.id}`, { token: user.access })).body.data.confirmed).toBe(
      true,
    );
    expect((await stored(integration.id))!.confirm_token_hash).toBeNull();

    expect(
      (await call("POST", `/integrations/${integration.id}/test`, { token: user.access })).body.data,
    ).toMatchObject({ status: "success" });
    expect((await ping(monitor.ping_token)).status).toBe(200);
    await sweep(null);
    await eventually(() => mailsTo(address).some((m) => mailText(m).includes("is back UP")));
    expect(mailsTo(address).map((m) => mailText(m).match(/^Subject: (.*)$/m)?.[1])).toEqual([
      "[Lifeline] Confirm that this address may receive notifications",
      "[Lifeline] Test notification from Lifeline",
      expect.stringContaining("is back UP"),
    ]);
  });

  it("asks again when the address changes or is saved again unconfirmed; an older link stops working", async () => {
    const user = await registerUser("reconfirm");
    const address = newAddress("first");
    const integration = await emailIntegration(user, address);
    const first = await eventually(() => confirmationMails(smtp.mails, address)[0]);

    // Saved again with the same, unconfirmed address (once the 10-minute mail window has passed): a new link replaces the old one.
    await tenMinutesLater(integration.id);
    const again = await call("PATCH", `/integrations/${integration.id}`, {
      token: user.access,
      body: { email: address },
    });
    expect(again.body.data.confirmed).toBe(false);
    const second = await eventually(() => confirmationMails(smtp.mails, address)[1]);
    expect((await fetch(confirmationLink(first))).status).toBe(404);
    expect((await fetch(confirmationLink(second))).status).toBe(200);

    // Renaming a confirmed integration asks nothing; a new address is unconfirmed until its recipient agrees.
    expect(
      (
        await call("PATCH", `/integrations/${integration.id}`, {
          token: user.access,
          body: { name: "Renamed", email: address },
        })
      ).body.data.confirmed,
    ).toBe(true);
    const moved = newAddress("second");
    await tenMinutesLater(integration.id);
    const patched = await call("PATCH", `/integrations/${integration.id}`, {
      token: user.access,
      body: { email: moved },
    });
    expect(patched.body.data).toMatchObject({ email: moved, confirmed: false });
    expectStandardError(
      await call("POST", `/integrations/${integration.id}/test`, { token: user.access }),
      409,
      "INTEGRATION_UNCONFIRMED",
    );
    await confirmByMail(smtp.mails, moved);
    expect((await call("POST", `/integrations/${integration.id}/test`, { token: user.access })).body.data.status).toBe(
      "success",
    );
    expect(confirmationMails(smtp.mails, address)).toHaveLength(2);
  });

  it("answers an expired link with 410 and an unknown one with 404, confirming nothing", async () => {
    const user = await registerUser("expired");
    const address = newAddress("late");
    const integration = await emailIntegration(user, address);
    const mail = await eventually(() => confirmationMails(smtp.mails, address)[0]);
    await testDb().run(`UPDATE integrations SET confirm_sent_at = ? WHERE id = ?`, [
      new Date(Date.now() - 8 * 24 * 3600_000),
      integration.id,
    ]);
    const expired = await fetch(confirmationLink(mail));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("expired");
    expect((await fetch(`${baseUrl()}/confirm-email/${"x".repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/confirm-email/short`)).status).toBe(404);
    expect((await stored(integration.id))!.confirmed_at).toBeNull();
  });
});

describe("confirmation mails are limited", () => {
  it("mails an integration at most once per 10 minutes and 5 times a day; a refused re-send (429, both faces) stores nothing and sends nothing", async () => {
    const user = await registerUser("resend");
    const address = newAddress("resend");
    const integration = await emailIntegration(user, address);
    const first = await eventually(() => confirmationMails(smtp.mails, address)[0]);

    const resend = await call("PATCH", `/integrations/${integration.id}`, {
      token: user.access,
      body: { name: "Renamed", email: address },
    });
    expectMailLimited(resend, 1, 600, /less than 10 minutes ago/);
    const moved = await call("PATCH", `/integrations/${integration.id}`, {
      token: user.access,
      body: { email: newAddress("elsewhere") },
    });
    expectMailLimited(moved, 1, 600, /less than 10 minutes ago/);
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const viaTrpc = await trpcMutation(
      baseUrl(),
      "integrations.update",
      { id: integration.id, email: address },
      { cookie },
    );
    expect(viaTrpc.status).toBe(429);
    expect(Number(viaTrpc.body.error.data.retryAfterSeconds)).toBeGreaterThan(0);
    expect(viaTrpc.body.error.data).toMatchObject({ appCode: "RATE_LIMITED", httpStatus: 429 });
    const row = await rows<{ name: string; email: string }>(
      `SELECT name, email FROM integrations WHERE id = ?`,
      integration.id,
    );
    expect(row).toEqual([{ name: "On call", email: address }]);
    // A change that mails nothing is not limited.
    expect(
      (await call("PATCH", `/integrations/${integration.id}`, { token: user.access, body: { name: "Renamed" } }))
        .status,
    ).toBe(200);
    await quietPeriod();
    expect(mailsTo(address)).toHaveLength(1);
    expect((await fetch(confirmationLink(first))).status).toBe(200); // the first link still works (and confirms the address)

    // Confirmed addresses changed again and again: each new address is a confirmation mail, five a day.
    for (let n = 2; n <= 5; n++) {
      await tenMinutesLater(integration.id);
      const next = newAddress(`move-${n}`);
      expect(
        (await call("PATCH", `/integrations/${integration.id}`, { token: user.access, body: { email: next } })).status,
      ).toBe(200);
      await eventually(() => confirmationMails(smtp.mails, next)[0]);
    }
    await tenMinutesLater(integration.id);
    const sixth = newAddress("move-6");
    expectMailLimited(
      await call("PATCH", `/integrations/${integration.id}`, { token: user.access, body: { email: sixth } }),
      601,
      24 * 3600,
      /5 confirmation mails per integration per day/,
    );
    await quietPeriod();
    expect(mailsTo(sixth)).toHaveLength(0);
    const deliveries = await rows(
      `SELECT id FROM deliveries WHERE integration_id = ? AND event = 'confirmation'`,
      integration.id,
    );
    expect(deliveries).toHaveLength(5);
  });

  it("lets at most 20 email integrations of an organization await confirmation, also when created at once; a confirmation makes room", async () => {
    const user = await registerUser("unconfirmed-cap");
    const addresses = Array.from({ length: 24 }, (_, i) => newAddress(`cap-${i}`));
    const answers = await Promise.all(
      addresses.map((email) =>
        call("POST", "/integrations", { token: user.access, body: { name: "Cap", kind: "email", email } }),
      ),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(20);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expectStandardError(refused, 409, "CONFLICT");
      expect(refused.body.error.message).toMatch(/At most 20 email integrations/);
      expect(Object.keys(refused.body.error.details)).toEqual(["email"]);
    }
    const orgId = (await rows<{ id: number }>(`SELECT default_org_id AS id FROM users WHERE id = ?`, user.id))[0]!.id;
    const waiting = async () =>
      Number(
        (
          await rows<{ n: number }>(
            `SELECT COUNT(*) AS n FROM integrations WHERE org_id = ? AND kind = 'email' AND confirmed_at IS NULL`,
            orgId,
          )
        )[0]!.n,
      );
    expect(await waiting()).toBe(20);
    const cookie = await dashboardCookie(baseUrl(), user.email, user.password);
    const viaTrpc = await trpcMutation(
      baseUrl(),
      "integrations.create",
      { name: "One more", kind: "email", email: newAddress("cap-trpc"), is_default: false },
      { cookie },
    );
    expect(viaTrpc.status).toBe(409);
    expect(viaTrpc.body.error.data.appCode).toBe("CONFLICT");
    expect(
      (
        await call("POST", "/integrations", {
          token: user.access,
          body: { name: "Hook", kind: "webhook", url: "https://receiver.example.test/hook" },
        })
      ).status,
    ).toBe(201);

    // One recipient confirms: room for one more.
    const confirmed = created[0]!.body.data as { id: number; email: string };
    await confirmByMail(smtp.mails, confirmed.email);
    const room = await call("POST", "/integrations", {
      token: user.access,
      body: { name: "Cap", kind: "email", email: newAddress("cap-room") },
    });
    expect(room.status).toBe(201);
    expect(await waiting()).toBe(20);

    // A confirmed address changed while 20 await: 409, nothing stored, and its mail budget given back.
    await tenMinutesLater(confirmed.id);
    const change = () =>
      call("PATCH", `/integrations/${confirmed.id}`, { token: user.access, body: { email: newAddress("cap-change") } });
    expectStandardError(await change(), 409, "CONFLICT");
    expect((await rows(`SELECT email FROM integrations WHERE id = ?`, confirmed.id))[0]).toEqual({
      email: confirmed.email,
    });
    expect((await call("DELETE", `/integrations/${created[1]!.body.data.id}`, { token: user.access })).status).toBe(
      204,
    );
    const changed = await change();
    expect(changed.status).toBe(200);
    expect(changed.body.data.confirmed).toBe(false);
    expect(await waiting()).toBe(20);
  }, 60_000);
});
