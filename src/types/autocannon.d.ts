declare module "autocannon" {
  namespace autocannon {
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      /** Stop after this many requests (instead of after `duration`). */
      amount?: number;
      /** Seconds before a request counts as timed out (default 10). */
      timeout?: number;
      requests?: Array<{ setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }>;
    };
    type Result = {
      "2xx": number;
      non2xx: number;
      errors: number;
      timeouts: number;
      latency: { p50: number; p99: number; average: number; max: number };
      requests: { average: number };
    };
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
