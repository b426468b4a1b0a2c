// `npm run deploy`: build with the production environment of wrangler.toml, apply D1
// migrations to the remote database, and deploy. Needs `wrangler login` (or
// CLOUDFLARE_API_TOKEN) and the resources and secrets listed in the README.
import { spawnSync } from "node:child_process";
import { bin } from "./offline-env.mjs";

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(bin("vite"), ["build"], { CLOUDFLARE_ENV: "production" });
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--remote", "--env", "production", "-c", "wrangler.toml"]);
run(bin("wrangler"), ["deploy"]);
