// Operator commands: `npm run admin -- <command> ...`.
//   org:plan <slug> <plan>   set an organization's plan (free, pro, team, scale, enterprise)
//   probe:platform <name>    register a further platform probe and print its token (shown once)
import { PLAN_NAMES } from "../src/shared/plans";
import { setPlan } from "../src/server/services/accounts/orgs";
import { migrate } from "../src/server/migrate";
import { addPlatformProbe } from "../src/server/services/uptime/platform-probe";

const [command, ...args] = process.argv.slice(2);

async function main(): Promise<number> {
  await migrate();
  if (command === "org:plan" && args.length === 2) {
    const [slug, plan] = args as [string, string];
    if (!(PLAN_NAMES as string[]).includes(plan)) {
      console.error(`Unknown plan "${plan}". Plans: ${PLAN_NAMES.join(", ")}`);
      return 2;
    }
    await setPlan(slug, plan);
    console.log(`Organization ${slug} is now on the ${plan} plan`);
    return 0;
  }
  if (command === "probe:platform" && args.length >= 1) {
    const { id, token } = await addPlatformProbe(args[0]!, args[1] ?? "");
    console.log(`Platform probe ${id} registered. Its token (shown only now): ${token}`);
    return 0;
  }
  console.error("usage: npm run admin -- org:plan <slug> <plan> | probe:platform <name> [location]");
  return 2;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
