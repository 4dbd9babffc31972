import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
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
  testDb().one<{ confirmed_at: string | null; confirm_token_hash: string | null }>(`SELECT confirmed_at, confirm_token_hash FROM integrations WHERE id = ?`, [id]);
const quietPeriod = () => new Promise((r) => setTimeout(r, 2500)); // longer than the embedded sweeper's delivery poll

async function emailIntegration(user: TestUser, address: string) {
  const res = await call("POST", "/integrations", { token: user.access, body: { name: "On call", kind: "email", email: address, is_default: true } });
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
    expect(skipped).toMatchObject({ status: "failed", attempt: 1, error: "not sent: the recipient has not confirmed the address yet" });
    await quietPeriod();
    expect(mailsTo(address)).toHaveLength(1);

    // The recipient confirms: the link works once; then tests and incidents are mailed.
    const page = await fetch(confirmationLink(first));
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/);
    expect(await page.text()).toContain("Address confirmed");
    expect((await fetch(confirmationLink(first))).status).toBe(404);
    expect((await call("GET", `/integrations/${integration.id}`, { token: user.access })).body.data.confirmed).toBe(true);
    expect((await stored(integration.id))!.confirm_token_hash).toBeNull();

    expect((await call("POST", `/integrations/${integration.id}/test`, { token: user.access })).body.data).toMatchObject({ status: "success" });
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

    // Saved again with the same, unconfirmed address: a new link replaces the old one.
    const again = await call("PATCH", `/integrations/${integration.id}`, { token: user.access, body: { email: address } });
    expect(again.body.data.confirmed).toBe(false);
    const second = await eventually(() => confirmationMails(smtp.mails, address)[1]);
    expect((await fetch(confirmationLink(first))).status).toBe(404);
    expect((await fetch(confirmationLink(second))).status).toBe(200);

    // Renaming a confirmed integration asks nothing; a new address is unconfirmed until its recipient agrees.
    expect((await call("PATCH", `/integrations/${integration.id}`, { token: user.access, body: { name: "Renamed", email: address } })).body.data.confirmed).toBe(true);
    const moved = newAddress("second");
    const patched = await call("PATCH", `/integrations/${integration.id}`, { token: user.access, body: { email: moved } });
    expect(patched.body.data).toMatchObject({ email: moved, confirmed: false });
    expectStandardError(await call("POST", `/integrations/${integration.id}/test`, { token: user.access }), 409, "INTEGRATION_UNCONFIRMED");
    await confirmByMail(smtp.mails, moved);
    expect((await call("POST", `/integrations/${integration.id}/test`, { token: user.access })).body.data.status).toBe("success");
    expect(confirmationMails(smtp.mails, address)).toHaveLength(2);
  });

  it("answers an expired link with 410 and an unknown one with 404, confirming nothing", async () => {
    const user = await registerUser("expired");
    const address = newAddress("late");
    const integration = await emailIntegration(user, address);
    const mail = await eventually(() => confirmationMails(smtp.mails, address)[0]);
    await testDb().run(`UPDATE integrations SET confirm_sent_at = ? WHERE id = ?`, [new Date(Date.now() - 8 * 24 * 3600_000), integration.id]);
    const expired = await fetch(confirmationLink(mail));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("expired");
    expect((await fetch(`${baseUrl()}/confirm-email/${"x".repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/confirm-email/short`)).status).toBe(404);
    expect((await stored(integration.id))!.confirmed_at).toBeNull();
  });
});
