import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  auditRun,
  leakedSecrets,
  recordIssued,
  recordServerLog,
  RUN_DIR_ENV,
  secretsIn,
} from "../support/issued-secrets";

/** The integration runs' whole-run "no credential in a server log" check (tests/support/issued-secrets.ts). */
describe("the whole-run secret audit", () => {
  const access = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl";
  const ping = "pt_8Hq2Lm4Nz7Vx1Rc9Kw3Bf6Td";
  let dir: string | undefined;
  afterEach(() => {
    delete process.env[RUN_DIR_ENV];
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("finds credentials by field name at any depth, ignoring short values", () => {
    const found = secretsIn({
      data: {
        access,
        refresh: `${access}r`,
        monitor: { ping_token: ping, name: "token" },
        token: "short",
        config: { secret: "s3cret-signing-key-16" },
      },
    });
    expect(found.sort()).toEqual([access, `${access}r`, ping, "s3cret-signing-key-16"].sort());
  });

  it("finds the password and the query values inside an integration's URL fields", () => {
    const found = secretsIn({
      config: {
        url: "https://ntfyuser:ntfy-password-of-16@ntfy.example.com/?token=gotify-query-secret-1&x=1",
        api_url: "https://proxy.example.com/",
      },
    });
    expect(found.sort()).toEqual(["gotify-query-secret-1", "ntfy-password-of-16"]);
  });

  it("records answers always and request bodies only when accepted", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-"));
    process.env[RUN_DIR_ENV] = dir;
    recordIssued(201, { secret: "handed-over-and-kept-1" }, { data: { token: ping } });
    recordIssued(400, { secret: "refused-never-stored-22" }, { error: { code: "VALIDATION_ERROR" } });
    expect(fs.readFileSync(path.join(dir, "issued-secrets.txt"), "utf8").trim().split("\n").sort()).toEqual(
      [ping, "handed-over-and-kept-1"].sort(),
    );
  });

  it("fails when a listed log holds a recorded credential, naming the log but not the whole credential", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-"));
    process.env[RUN_DIR_ENV] = dir;
    const clean = path.join(dir, "clean.log");
    const leaky = path.join(dir, "leaky.log");
    fs.writeFileSync(clean, '{"level":"info","event":"request","route":"/ping/{token}"}\n');
    fs.writeFileSync(leaky, `{"level":"error","path":"/ping/${ping}"}\n`);
    recordServerLog(clean);
    recordIssued(201, undefined, { data: { ping_token: ping } });
    expect(auditRun(dir)).toEqual({ logs: 1, secrets: 1 });
    recordServerLog(leaky);
    expect(() => auditRun(dir!)).toThrow(/pt_8Hq….*leaky\.log/);
    expect(leakedSecrets([{ file: "x", text: `...${access}...` }], [access, ping])).toEqual([
      { log: "x", secret: "eyJhbG…" },
    ]);
  });
});
