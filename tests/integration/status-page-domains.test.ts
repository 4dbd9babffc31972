import crypto from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseEnv, testDb } from "../support/db";
import { baseUrl, call, expectStandardError, registerUser, type TestUser } from "../support/http";
import { startDnsServer, type DnsServer } from "../support/dns-server";
import { dashboardCookie, trpcMutation } from "../support/dashboard";
import { startLifeline, type RunningLifeline } from "../support/lifeline";
import { sweep } from "../support/sweeper";

// Custom domains serve only once proven through DNS (docs/api-status-pages.md "Custom domains").
// A DNS server on loopback holds the records; a second web process on the suite's database asks it
// (DNS_SERVERS), as do the sweeps this file runs. Pages are served by both processes: what one
// process changes, the other serves (or stops serving) on its next request.
let dns: DnsServer;
let other: RunningLifeline;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  dns = await startDnsServer();
  other = await startLifeline({ ...databaseEnv(), DNS_SERVERS: dns.address }, { args: ["--web-only"] });
  [alice, bob] = await Promise.all([registerUser("domain-alice"), registerUser("domain-bob")]);
}, 240_000);
afterAll(async () => {
  // Their pages go, so the suite's later sweeps (on the run's empty DNS server) find no verified domain of this file.
  for (const user of [alice, bob].filter(Boolean)) {
    const list = await call("GET", "/status-pages", { token: user.access });
    for (const p of list.body?.data ?? []) await call("DELETE", `/status-pages/${p.id}`, { token: user.access });
  }
  await other?.stop();
  await dns?.stop();
});

const api = (method: string, route: string, user: TestUser, body?: unknown) =>
  call(method, `${other.baseUrl}/api/v1${route}`, { token: user.access, body });
const uniqueDomain = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}.example.com`;
const slug = () => `dom-${crypto.randomUUID().slice(0, 8)}`;

/** `/` (or another path) with that Host on a server: status, Location and body. */
function atHost(server: string, host: string, method = "GET") {
  return new Promise<{ status: number; location: string | undefined; body: string }>((resolve, reject) => {
    const req = http.request(`${server}/`, { method, headers: { host } }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** What a host no page serves answers, on both processes, for GET and POST. */
async function expectServesNothing(host: string) {
  for (const server of [baseUrl(), other.baseUrl]) {
    const get = await atHost(server, host);
    expect({ status: get.status, location: get.location }, `${server} GET ${host}`).toEqual({
      status: 307,
      location: "/monitors",
    });
    expect((await atHost(server, host, "POST")).status, `${server} POST ${host}`).toBe(404);
  }
}

async function expectServes(host: string, title: string) {
  for (const server of [baseUrl(), other.baseUrl]) {
    const res = await atHost(server, host);
    expect(res.status, `${server} ${host}`).toBe(200);
    expect(res.body).toContain(title);
  }
}

async function createPage(user: TestUser, domain: string, title = "Domain page") {
  const res = await api("POST", "/status-pages", user, { slug: slug(), title, custom_domain: domain });
  expect(res.status).toBe(201);
  return res.body.data as { id: number; custom_domain_verification: Record<string, any> };
}

const verify = (user: TestUser, id: number) => api("POST", `/status-pages/${id}/custom-domain/verify`, user);

/** Alice's page at a fresh domain, verified through its record. */
async function verifiedPage(title: string) {
  const domain = uniqueDomain("verified");
  const page = await createPage(alice, domain, title);
  const v = page.custom_domain_verification;
  dns.set(v.record_name, "TXT", [v.record_value]);
  const res = await verify(alice, page.id);
  expect(res.body.data.status).toBe("verified");
  return { domain, page, record: v.record_name as string, token: v.record_value as string };
}

describe("a custom domain serves only once its TXT record holds the page's token", () => {
  it("a domain claimed without its record serves nothing; with the record on the DNS server it serves the page on every process", async () => {
    // The attack: Bob names a domain that is not his; before verification existed, `/` with that Host served his page.
    const domain = uniqueDomain("status-victim");
    const page = await createPage(bob, domain, "Bob page at someone else domain");
    const v = page.custom_domain_verification;
    expect(v).toMatchObject({
      domain,
      status: "pending",
      record_name: `_lifeline-challenge.${domain}`,
      record_type: "TXT",
      token_issued: true,
      verified_at: null,
      error: null,
    });
    expect(v.record_value).toMatch(/^lifeline-verify-[A-Za-z0-9_-]{32}$/);
    await expectServesNothing(domain);
    // Checked now with no record: still nothing.
    const missing = await verify(bob, page.id);
    expect(missing.status).toBe(200);
    expect(missing.body.data).toMatchObject({ status: "pending", error: "token_not_found", record_value: null });
    expect(dns.queries.some((q) => q.name === v.record_name && q.type === "TXT")).toBe(true);
    await expectServesNothing(domain);
    // Another value at the name is not the token.
    dns.set(v.record_name, "TXT", ["lifeline-verify-someone-else", "v=spf1 -all"]);
    expect((await verify(bob, page.id)).body.data.error).toBe("token_not_found");
    await expectServesNothing(domain);

    // The owner of the DNS name creates the record: the page is served at the domain.
    dns.set(v.record_name, "TXT", ["v=spf1 -all", v.record_value]);
    const ok = await verify(bob, page.id);
    expect(ok.body.data).toMatchObject({ status: "verified", error: null, record_value: null });
    expect(ok.body.data.verified_at).toMatch(/Z$/);
    await expectServes(domain, "Bob page at someone else domain");
    // The token was shown once: the page's answers never carry it again.
    const read = await api("GET", `/status-pages/${page.id}`, bob);
    expect(read.body.data.custom_domain_verification).toMatchObject({ status: "verified", record_value: null });
    expect(read.text).not.toContain(v.record_value);
    expect(
      (await testDb().one<{ h: string }>("SELECT domain_token_hash AS h FROM status_pages WHERE id = ?", [page.id]))!.h,
    ).not.toContain(v.record_value);
  });

  it("a record that goes away stops the domain at the sweeper's next check of it, within the hour", async () => {
    const { domain, page, record, token } = await verifiedPage("Checked hourly");
    await expectServes(domain, "Checked hourly");
    dns.remove(record);
    // Half an hour later the record is not due yet: still served.
    const env = { DNS_SERVERS: dns.address };
    const early = await sweep(new Date(Date.now() + 30 * 60_000), env);
    expect(early.code, early.stderr).toBe(0);
    await expectServes(domain, "Checked hourly");
    // An hour later the sweep looks, finds no token, and the domain stops serving on every process.
    const late = await sweep(new Date(Date.now() + 61 * 60_000), env);
    expect(late.code, late.stderr).toBe(0);
    expect(late.report!.counts.domains_checked).toBeGreaterThanOrEqual(1);
    expect(late.report!.counts.domains_unverified).toBeGreaterThanOrEqual(1);
    await expectServesNothing(domain);
    const read = await api("GET", `/status-pages/${page.id}`, alice);
    expect(read.body.data.custom_domain_verification).toMatchObject({ status: "pending", error: "token_not_found" });
    // Put back, a later sweep of the pending claim (every 5 minutes for a day) verifies it again.
    dns.set(record, "TXT", [token]);
    const again = await sweep(new Date(Date.now() + 2 * 3600_000), env);
    expect(again.code, again.stderr).toBe(0);
    await expectServes(domain, "Checked hourly");
  });
});

/** A new token for a pending domain (POST .../custom-domain/token). */
async function reissue(user: TestUser, id: number) {
  const res = await api("POST", `/status-pages/${id}/custom-domain/token`, user);
  expect(res.status).toBe(200);
  return res.body.data as { record_value: string };
}

describe("a claim never tells whether another page has the domain", () => {
  it("claiming a domain another organization's page serves answers exactly as claiming a free one, and never serves the claimant", async () => {
    const taken = await verifiedPage("Alice verified page");
    const free = uniqueDomain("free");
    const shape = (data: any) => ({
      ...data,
      id: 0,
      slug: "",
      url: "",
      date_created: "",
      date_modified: "",
      custom_domain: "",
      custom_domain_verification: {
        ...data.custom_domain_verification,
        domain: "",
        record_name: "",
        record_value: typeof data.custom_domain_verification.record_value,
        next_check_at: typeof data.custom_domain_verification.next_check_at,
      },
    });
    const onTaken = await api("POST", "/status-pages", bob, {
      slug: slug(),
      title: "Mine",
      custom_domain: taken.domain,
    });
    const onFree = await api("POST", "/status-pages", bob, { slug: slug(), title: "Mine", custom_domain: free });
    expect([onTaken.status, onFree.status]).toEqual([201, 201]);
    expect(shape(onTaken.body.data)).toEqual(shape(onFree.body.data));
    // Changing a page's domain to the taken one, and to a free one: the same again.
    const page = onFree.body.data.id;
    const toTaken = await api("PATCH", `/status-pages/${page}`, bob, { custom_domain: taken.domain });
    const toFree = await api("PATCH", `/status-pages/${page}`, bob, { custom_domain: uniqueDomain("free2") });
    expect([toTaken.status, toFree.status]).toEqual([200, 200]);
    expect(shape(toTaken.body.data)).toEqual(shape(toFree.body.data));
    // Verifying: the claimant's token is not in the record, so the same answer as at a free domain.
    const verifyTaken = await verify(bob, onTaken.body.data.id);
    const verifyFree = await verify(bob, page);
    expect([verifyTaken.status, verifyFree.status]).toEqual([200, 200]);
    const v = (d: any) => ({ ...d, domain: "", record_name: "", checked_at: "", next_check_at: "" });
    expect(v(verifyTaken.body.data)).toEqual(v(verifyFree.body.data));
    expect(verifyTaken.body.data).toMatchObject({ status: "pending", error: "token_not_found" });
    // Alice's page is still the one served there.
    await expectServes(taken.domain, "Alice verified page");
  });

  it("the domain's owner moves it to another page by replacing the token in the record", async () => {
    const first = await verifiedPage("First holder");
    const second = await createPage(alice, first.domain, "Second holder");
    // Both tokens in the record: the page serving the domain keeps it.
    dns.set(first.record, "TXT", [first.token, second.custom_domain_verification.record_value]);
    expect((await verify(alice, second.id)).body.data).toMatchObject({ status: "pending", error: "held_by_another" });
    await expectServes(first.domain, "First holder");
    // Only the second's: it takes the domain, and the first stops serving it in the same write.
    dns.set(first.record, "TXT", [second.custom_domain_verification.record_value]);
    expect((await verify(alice, second.id)).body.data.status).toBe("verified");
    await expectServes(first.domain, "Second holder");
    const firstNow = await api("GET", `/status-pages/${first.page.id}`, alice);
    expect(firstNow.body.data.custom_domain_verification).toMatchObject({
      status: "pending",
      error: "token_not_found",
    });
  });
});

describe("a page deleted or a domain removed or changed frees it at once", () => {
  it("removing, changing or deleting stops the domain on every process at its next request, and a dangling record verifies no one else", async () => {
    const removed = await verifiedPage("Removed");
    // Removed through the suite's server: the other process stops serving it at once too.
    expect(
      (await call("PATCH", `/status-pages/${removed.page.id}`, { token: alice.access, body: { custom_domain: null } }))
        .status,
    ).toBe(200);
    await expectServesNothing(removed.domain);

    const changed = await verifiedPage("Changed");
    const patched = await call("PATCH", `/status-pages/${changed.page.id}`, {
      token: alice.access,
      body: { custom_domain: uniqueDomain("moved") },
    });
    expect(patched.body.data.custom_domain_verification).toMatchObject({ status: "pending", token_issued: true });
    await expectServesNothing(changed.domain);

    const deleted = await verifiedPage("Deleted");
    expect((await call("DELETE", `/status-pages/${deleted.page.id}`, { token: alice.access })).status).toBe(204);
    await expectServesNothing(deleted.domain);
    // The deleted page's record is still in DNS (a dangling record): Bob claims the domain, and his
    // page cannot verify with it, by hand or by the sweeper.
    const claim = await createPage(bob, deleted.domain, "Takeover");
    expect((await verify(bob, claim.id)).body.data).toMatchObject({ status: "pending", error: "token_not_found" });
    const swept = await sweep(new Date(Date.now() + 10 * 60_000), { DNS_SERVERS: dns.address });
    expect(swept.code, swept.stderr).toBe(0);
    await expectServesNothing(deleted.domain);
  });
});

describe("tokens and errors", () => {
  it("a domain from before verification has no token until one is issued; a verified one keeps its token; no domain is a 409", async () => {
    const domain = uniqueDomain("legacy");
    const page = await createPage(alice, domain);
    // As the migration leaves a domain stored before verification existed.
    await testDb().run(
      "UPDATE status_pages SET domain_token_hash = NULL, domain_token_at = NULL, domain_check_at = NULL WHERE id = ?",
      [page.id],
    );
    const read = await api("GET", `/status-pages/${page.id}`, alice);
    expect(read.body.data.custom_domain_verification).toMatchObject({ status: "pending", token_issued: false });
    expectStandardError(await verify(alice, page.id), 409, "CONFLICT");
    const issued = await reissue(alice, page.id);
    dns.set(`_lifeline-challenge.${domain}`, "TXT", [issued.record_value]);
    expect((await verify(alice, page.id)).body.data.status).toBe("verified");
    expectStandardError(await api("POST", `/status-pages/${page.id}/custom-domain/token`, alice), 409, "CONFLICT");
    const bare = await api("POST", "/status-pages", alice, { slug: slug(), title: "No domain" });
    expect(bare.body.data.custom_domain_verification).toBeNull();
    expectStandardError(await verify(alice, bare.body.data.id), 409, "CONFLICT");
    // The dashboard's face: the same refusal in tRPC's error shape.
    const cookie = await dashboardCookie(other.baseUrl, alice.email, alice.password);
    const viaTrpc = await trpcMutation(
      other.baseUrl,
      "statusPages.verifyDomain",
      { id: bare.body.data.id },
      { cookie },
    );
    expect(viaTrpc.status).toBe(409);
    expect(viaTrpc.body.error.data).toMatchObject({
      appCode: "CONFLICT",
      details: { custom_domain: expect.any(Array) },
    });
    // The dashboard's page of a pending domain shows the record to create and its state, in its first HTML.
    const pendingDomain = uniqueDomain("dashboard");
    const pending = await createPage(alice, pendingDomain);
    const html = await (await fetch(`${other.baseUrl}/status-pages/${pending.id}`, { headers: { cookie } })).text();
    expect(html).toContain(`_lifeline-challenge.${pendingDomain}`);
    expect(html).toContain("Not verified: the domain serves nothing until its DNS record is seen.");
    // Another organization's page: 404, as an unknown one.
    expectStandardError(await verify(bob, page.id), 404, "NOT_FOUND");
    expectStandardError(await api("POST", `/status-pages/${page.id}/custom-domain/token`, bob), 404, "NOT_FOUND");
  });
});
