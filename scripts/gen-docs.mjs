// `npm run docs`: writes the generated references, docs/api.md (the Worker's route table
// with its notes) and docs/tunables.md (the TUNABLES table). They are built inside the
// Worker's own runtime by test/worker/docs-in-step.test.ts, from the live Hono app and
// the tunables table; run with --update, that test writes the files instead of failing
// when they differ. Without --update (as in `npm test`) it is the check that they are
// in step.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const vitest = fileURLToPath(new URL("../node_modules/vitest/vitest.mjs", import.meta.url));
const run = spawnSync(process.execPath, [vitest, "run", "--project", "worker", "test/worker/docs-in-step.test.ts", "--update"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_SEND_ERROR_REPORTS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
  },
});
process.exit(run.status ?? 1);
