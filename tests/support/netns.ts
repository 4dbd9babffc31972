import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A probe agent in a network namespace the test creates (`unshare -n`, which needs root or
 * CAP_SYS_ADMIN): its loopback is brought up and told to ignore ICMP echo requests
 * (net.ipv4.icmp_echo_ignore_all is per namespace), so 127.0.0.1 there does not answer a ping;
 * no address outside loopback is involved. It reaches Lifeline only through a Unix socket this
 * process forwards to Lifeline's loopback port (tests/support/netns-probe.ts relays to it).
 */
export async function startProbeInSilentNamespace(appUrl: string, token: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lifeline-netns-"));
  const socketPath = path.join(dir, "lifeline.sock");
  const target = new URL(appUrl);
  const bridge = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    const close = () => (client.destroy(), upstream.destroy());
    client.once("error", close);
    upstream.once("error", close);
  });
  await new Promise<void>((r) => bridge.listen(socketPath, r));
  let output = "";
  const setup = "ip link set lo up && echo 1 > /proc/sys/net/ipv4/icmp_echo_ignore_all";
  const child = spawn(
    "unshare",
    ["-n", "sh", "-c", `${setup} && exec "$0" --import tsx tests/support/netns-probe.ts`, process.execPath],
    {
      env: { ...process.env, LIFELINE_SOCKET: socketPath, PROBE_TOKEN: token, OUTBOUND_ALLOW_PRIVATE: "" },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise((r) => child.once("exit", r));
  return {
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await new Promise((r) => bridge.close(r));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
