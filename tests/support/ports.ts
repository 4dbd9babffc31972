import net from "node:net";

/**
 * A port the system has just handed out as free: listen on port 0, read the port, close. Ports the
 * browsers call "unsafe" (which Next refuses to listen on) are skipped.
 */
export async function freePort(host = "127.0.0.1"): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.unref();
      server.on("error", reject);
      server.listen(0, host, () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    if (!UNSAFE_PORTS.has(port)) return port;
  }
}

// The fetch standard's bad ports above 1024 (the ephemeral range starts far above the rest).
const UNSAFE_PORTS = new Set([
  1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);
