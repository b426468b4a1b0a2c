// `npm run dev`: migrate the local D1 database, then run the SPA and the Worker together
// under Vite at http://localhost:5173 with local D1/KV/Durable Objects and the embedded
// defaults (dev sign-in, odds simulator, simulated payments). wrangler's local trace
// collector is off unless `--traces` is given (scripts/local-traces.mjs).
import { bin } from "./offline-env.mjs";
import { serve, step } from "./run.mjs";
import { flagValue, startLocalCron } from "./local-cron.mjs";
import { tracesEnv, withoutTracesFlag } from "./local-traces.mjs";

const { traces, args } = withoutTracesFlag(process.argv.slice(2));
step(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"]);
serve(bin("vite"), ["dev", ...args], { env: tracesEnv(traces) });
startLocalCron(`http://localhost:${flagValue(args, "--port") ?? 5173}`);
