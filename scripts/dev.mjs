// `npm run dev`: migrate the local D1 database, then run the SPA and the Worker together
// under Vite at http://localhost:5173 with local D1/KV/Durable Objects and the embedded
// defaults (dev sign-in, odds simulator, simulated payments).
import { bin } from "./offline-env.mjs";
import { serve, step } from "./run.mjs";
import { flagValue, startLocalCron } from "./local-cron.mjs";

step(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"]);
serve(bin("vite"), ["dev", ...process.argv.slice(2)]);
startLocalCron(`http://localhost:${flagValue(process.argv.slice(2), "--port") ?? 5173}`);
