// `npm run db:migrate`: creates the database if needed and applies the committed migrations.
import { env } from "../src/env";
import { migrate } from "../src/server/migrate";

const applied = await migrate(env().databaseUrl, (line) => console.log(line));
console.log(applied.length ? `${applied.length} migration(s) applied` : "database is up to date");
