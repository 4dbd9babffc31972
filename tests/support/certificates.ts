import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A self-signed certificate for `localhost` and 127.0.0.1 valid between two instants relative to
 * now (in hours), made with the machine's `openssl` in a temporary directory (`openssl ca
 * -selfsign` takes any start and end date, past ones included).
 */
export function selfSignedCertificate(fromHours: number, toHours: number): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-cert-"));
  const at = (hours: number) =>
    new Date(Date.now() + hours * 3_600_000)
      .toISOString()
      .replace(/[-:T]/g, "")
      .replace(/\.\d+Z$/, "Z");
  try {
    fs.writeFileSync(
      path.join(dir, "ca.cnf"),
      [
        "[ ca ]",
        "default_ca = d",
        "[ d ]",
        "database = index.txt",
        "new_certs_dir = .",
        "serial = serial",
        "default_md = sha256",
        "policy = p",
        "copy_extensions = copy",
        "[ p ]",
        "commonName = supplied",
      ].join("\n"),
    );
    fs.writeFileSync(path.join(dir, "index.txt"), "");
    fs.writeFileSync(path.join(dir, "serial"), "01\n");
    const run = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "pipe" });
    run([
      "req",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-keyout",
      "key.pem",
      "-out",
      "req.csr",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
    ]);
    run([
      "ca",
      "-batch",
      "-config",
      "ca.cnf",
      "-selfsign",
      "-keyfile",
      "key.pem",
      "-in",
      "req.csr",
      "-out",
      "cert.pem",
      "-startdate",
      at(fromHours),
      "-enddate",
      at(toHours),
    ]);
    return {
      key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
      cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
