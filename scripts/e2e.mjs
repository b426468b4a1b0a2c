// `npm run test:e2e`: the player journeys in a real browser. Builds the app, serves it
// exactly as `npm start` does on a private port with a fresh state folder, and runs
// test/e2e/*.e2e.ts (playwright-core driving Debian's Chromium) against it.
// Screenshots of each journey's end go to test-results/e2e (printed at the end).
import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { spawnSync } from "node:child_process";
import { startAppServer } from "./app-server.mjs";
import { bin, offlineEnv } from "./offline-env.mjs";
import { step } from "./run.mjs";

const CHROMIUM = "/usr/bin/chromium";
if (!existsSync(CHROMIUM)) {
  console.error(`✖ ${CHROMIUM} is missing. Install Debian's Chromium: apt-get update && apt-get install -y chromium`);
  process.exit(1);
}

const screenshots = resolve("test-results/e2e");
mkdirSync(screenshots, { recursive: true });

if (process.env.SKIP_BUILD !== "1") step(bin("vite"), ["build"]);
// Reality checks fall due 15 s into a session (not 30+ minutes), so the play-tools journey can
// meet one; they only apply to players who turned them on.
const server = await startAppServer({ build: false, args: ["--var", "REALITY_CHECK_INTERVAL_SECONDS:15"] });
let status = 1;
try {
  console.log(`e2e: app at ${server.baseUrl} (state ${server.persistTo})`);
  const result = spawnSync(bin("vitest"), ["run", "--config", "vitest.e2e.config.ts", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: offlineEnv({ E2E_BASE_URL: server.baseUrl, E2E_SCREENSHOTS: screenshots, E2E_CHROMIUM: CHROMIUM }),
  });
  status = result.status ?? 1;
  if (status !== 0) console.error(`\nLast app server output:\n${server.log().slice(-3000)}`);
} finally {
  await server.stop({ keepLogAt: resolve(screenshots, "app-server.log") });
}
console.log(`\ne2e screenshots and the app server's log: ${screenshots}`);
process.exit(status);
