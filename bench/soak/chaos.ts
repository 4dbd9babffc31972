// The chaos loop and the memory sampler of the soak.
import { kill, launch, rssMiB, serverPid, type Member, type MemberSpec } from "./fleet";

export type Kill = { role: string; index: number; pid: number; at: number; restartedMs: number | null };

/**
 * Every `everyMs` (a random wait between its two bounds) kills one random member with kill -9
 * (its whole process group) and starts it again the same way, waiting until it is ready before the
 * next wait begins. Stops at `stop()` (after the restart in progress).
 */
export function startChaos(
  members: Member[],
  specs: Map<Member, MemberSpec>,
  dir: string,
  everyMs: [number, number],
  log: (msg: string) => void,
) {
  const kills: Kill[] = [];
  let on = true;
  let wake = () => {};
  const loop = (async () => {
    while (on) {
      const wait = everyMs[0] + Math.random() * (everyMs[1] - everyMs[0]);
      await new Promise<void>((r) => {
        const t = setTimeout(r, wait);
        wake = () => {
          clearTimeout(t);
          r();
        };
      });
      if (!on) break;
      // A random process among the kinds killed least so far: every kind dies before any dies twice.
      const killed = (role: string) => kills.filter((k) => k.role === role).length;
      const fewest = Math.min(...members.map((m) => killed(m.role)));
      const candidates = members.filter((m) => killed(m.role) === fewest);
      const victim = candidates[Math.floor(Math.random() * candidates.length)]!;
      const pid = victim.child.pid ?? 0;
      const exited = new Promise((r) => victim.child.once("exit", r));
      if (!kill(victim, "SIGKILL")) continue;
      const k: Kill = { role: victim.role, index: victim.index, pid, at: Date.now(), restartedMs: null };
      kills.push(k);
      await exited;
      log(`chaos: kill -9 ${victim.role} ${victim.index} (pid ${pid})`);
      await launch(specs.get(victim)!, dir, victim);
      k.restartedMs = Date.now() - k.at;
    }
  })();
  return {
    kills,
    async stop() {
      on = false;
      wake();
      await loop;
    },
  };
}

export type RssSample = { role: string; index: number; pid: number; at: number; mib: number };

/** Samples every member's resident memory every `everyMs` until `stop()`. */
export function sampleRss(members: Member[], everyMs: number) {
  const samples: RssSample[] = [];
  const take = () => {
    for (const m of members) {
      const pid = serverPid(m);
      const mib = pid ? rssMiB(pid) : null;
      if (pid && mib !== null) samples.push({ role: m.role, index: m.index, pid, at: Date.now(), mib });
    }
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    stop: () => {
      clearInterval(timer);
      take();
    },
  };
}
