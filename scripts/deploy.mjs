// `npm run deploy`: build with the production environment of wrangler.toml, check the
// bundle is that production build under production's own Worker name (deploy-guard.mjs),
// apply D1 migrations to the remote database, and deploy exactly that bundle. Needs `wrangler login` (or
// CLOUDFLARE_API_TOKEN) and the resources and secrets listed in docs/operations.md.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { deployRefusal, workerNames } from "./deploy-guard.mjs";
import { bin } from "./offline-env.mjs";

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The Worker config the build wrote (vite's redirected config), as `wrangler deploy` will read it. */
function builtConfig() {
  const redirect = resolve(".wrangler/deploy/config.json");
  const { configPath } = JSON.parse(readFileSync(redirect, "utf8"));
  const path = resolve(dirname(redirect), configPath);
  return { path, config: JSON.parse(readFileSync(path, "utf8")) };
}

run(bin("vite"), ["build"], { CLOUDFLARE_ENV: "production" });
const built = builtConfig();
const refusal = deployRefusal(built.config, workerNames(readFileSync("wrangler.toml", "utf8")));
if (refusal) {
  console.error(`Refusing to deploy: ${refusal}.`);
  process.exit(1);
}
run(bin("wrangler"), ["d1", "migrations", "apply", "DB", "--remote", "--env", "production", "-c", "wrangler.toml"]);
run(bin("wrangler"), ["deploy", "-c", built.path]);
