// `npm start`: build the production bundle and serve it with `wrangler dev` on
// http://127.0.0.1:8787 (local D1 migrated first, embedded defaults on, the cron
// reachable at /__scheduled). Flags after `--` reach `wrangler dev`; `--persist-to`
// also reaches the migration step so a fresh state folder is migrated before the
// first request. Set SKIP_BUILD=1 to reuse an existing build. wrangler's local trace
// collector is off unless `--traces` is given (scripts/local-traces.mjs).
import { bin } from "./offline-env.mjs";
import { serve, step } from "./run.mjs";
import { flagValue, startLocalCron } from "./local-cron.mjs";
import { tracesEnv, withoutTracesFlag } from "./local-traces.mjs";

const { traces, args } = withoutTracesFlag(process.argv.slice(2));
const persistArgs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--persist-to" && args[i + 1]) persistArgs.push("--persist-to", args[i + 1]);
  else if (args[i]?.startsWith("--persist-to=")) persistArgs.push(args[i]);
}
const has = (flag) => args.some((a) => a === flag || a.startsWith(`${flag}=`));

if (process.env.SKIP_BUILD !== "1") step(bin("vite"), ["build"]);
step(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", ...persistArgs]);
serve(
  bin("wrangler"),
  ["dev", "--test-scheduled", ...(has("--port") ? [] : ["--port", "8787"]), ...(has("--ip") ? [] : ["--ip", "127.0.0.1"]), ...args],
  { env: tracesEnv(traces) },
);
startLocalCron(`http://${flagValue(args, "--ip") ?? "127.0.0.1"}:${flagValue(args, "--port") ?? 8787}`);
