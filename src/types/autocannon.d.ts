declare module "autocannon" {
  namespace autocannon {
    type Options = {
      url: string;
      connections?: number;
      duration?: number;
      requests?: Array<{ setupRequest?: (req: Record<string, unknown>) => Record<string, unknown> }>;
    };
    type Result = {
      "2xx": number;
      non2xx: number;
      errors: number;
      timeouts: number;
      latency: { p50: number; p99: number; average: number };
      requests: { average: number };
    };
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
