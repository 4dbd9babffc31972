// Leader election with a coordination.k8s.io/v1 Lease, so several replicas run one active agent:
// the holder renews the Lease every third of its duration; another replica takes it over once it
// has not been renewed for a whole duration (or was released). Losing it ends the leader's work.
import { CoordinationV1Api, type KubeConfig, type V1Lease } from "@kubernetes/client-node";

export type LeaderOptions = {
  kubeConfig: KubeConfig;
  namespace: string;
  name: string;
  identity: string;
  leaseSeconds: number;
  log: (line: Record<string, unknown>) => void;
};

export class LeaderElector {
  private readonly api: CoordinationV1Api;
  private leading = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly opts: LeaderOptions) {
    this.api = opts.kubeConfig.makeApiClient(CoordinationV1Api);
  }

  /** Tries now and every third of the lease; `onLead` once it holds the Lease, `onLose` if it loses it. */
  run(onLead: () => void, onLose: () => void) {
    const tick = async () => {
      if (this.stopped) return;
      const held = await this.tryHold().catch((err) => {
        this.opts.log({ event: "k8s_agent.lease_error", error: String(err?.message ?? err) });
        return false;
      });
      if (held && !this.leading) {
        this.leading = true;
        this.opts.log({ event: "k8s_agent.leading", identity: this.opts.identity });
        onLead();
      } else if (!held && this.leading) {
        this.leading = false;
        this.opts.log({ event: "k8s_agent.lost_lease", identity: this.opts.identity });
        onLose();
      }
      if (!this.stopped) this.timer = setTimeout(tick, (this.opts.leaseSeconds * 1000) / 3);
    };
    void tick();
  }

  /** Stops renewing and, when leading, releases the Lease so another replica takes over at once. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (!this.leading) return;
    const { namespace, name } = this.opts;
    const lease = await this.api.readNamespacedLease({ name, namespace }).catch(() => undefined);
    if (lease?.spec?.holderIdentity !== this.opts.identity) return;
    lease.spec.holderIdentity = undefined;
    await this.api.replaceNamespacedLease({ name, namespace, body: lease }).catch(() => undefined);
  }

  private async tryHold(): Promise<boolean> {
    const { namespace, name, identity, leaseSeconds } = this.opts;
    const now = new Date();
    let lease: V1Lease;
    try {
      lease = await this.api.readNamespacedLease({ name, namespace });
    } catch (err: any) {
      if (err?.code !== 404) throw err;
      const spec = {
        holderIdentity: identity,
        leaseDurationSeconds: leaseSeconds,
        acquireTime: now,
        renewTime: now,
        leaseTransitions: 0,
      };
      await this.api.createNamespacedLease({ namespace, body: { metadata: { name, namespace }, spec } });
      return true;
    }
    const spec = lease.spec ?? {};
    const mine = spec.holderIdentity === identity;
    const renewed = spec.renewTime ? new Date(spec.renewTime).getTime() : 0;
    const expired =
      !spec.holderIdentity || renewed + (spec.leaseDurationSeconds ?? leaseSeconds) * 1000 < now.getTime();
    if (!mine && !expired) return false;
    lease.spec = {
      ...spec,
      holderIdentity: identity,
      leaseDurationSeconds: leaseSeconds,
      renewTime: now,
      ...(mine ? {} : { acquireTime: now, leaseTransitions: (spec.leaseTransitions ?? 0) + 1 }),
    };
    try {
      await this.api.replaceNamespacedLease({ name, namespace, body: lease });
      return true;
    } catch (err: any) {
      if (err?.code === 409) return false; // another replica wrote it first
      throw err;
    }
  }
}
