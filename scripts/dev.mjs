// `npm run dev`: migrate the local D1 database, then run the SPA and the Worker together
// under Vite at http://localhost:5173 with local D1/KV/Durable Objects and the embedded
// defaults (dev sign-in, odds simulator, simulated payments).
import { bin } from "./offline-env.mjs";
import { serve, step } from "./run.mjs";

step(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml"]);
serve(bin("vite"), ["dev", ...process.argv.slice(2)]);
