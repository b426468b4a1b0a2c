// Three test projects: Worker code in workerd (real D1, KV, Durable Objects, cron),
// React components in happy-dom, and pure shared rules in plain Node.
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { defineConfig, type Plugin } from "vitest/config";

// Miniflare keeps the tests' throwaway D1 and Durable Object SQLite files under the OS
// temp folder. On Linux that folder is put in RAM (/dev/shm) unless TMPDIR says otherwise:
// on a disk shared with other work every storage write waits for an fsync, which made
// a 1,000-wallet settlement test take minutes instead of seconds.
if (!process.env.TMPDIR && existsSync("/dev/shm")) process.env.TMPDIR = "/dev/shm";

// stripe's published files name source maps whose sources (src/*.ts) are not in the
// package, and Vite prints "Sourcemap … points to missing source files" for each file it
// loads. Loading them without the map comment keeps that out of the test output; stack
// traces still name stripe's .js files.
const stripeWithoutSourceMaps: Plugin = {
  name: "stripe-without-source-maps",
  enforce: "pre",
  async load(id) {
    if (!/\/node_modules\/stripe\/.+\.js$/.test(id)) return null;
    return (await readFile(id, "utf8")).replace(/^\/\/# sourceMappingURL=.*$/m, "");
  },
};

/**
 * The Worker tests in workerd (real D1, KV, Durable Objects, cron, queues). With
 * `isolate: false` its files share one runtime per vitest worker: starting a runtime per file
 * was two thirds of the suite's time.
 */
async function workerProject() {
  return {
    plugins: [
      stripeWithoutSourceMaps,
      cloudflareTest(async () => ({
        main: "./worker/index.ts",
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: await readD1Migrations("migrations"),
            // Bets on live simulator games are not held in tests that do not test the
            // delay; test/worker/live-*.test.ts set it (and a fake sleep) themselves.
            LIVE_BET_DELAY_SECONDS: "0",
            // Bought Vantage Cash is redeemable at once in tests that do not test the hold
            // on fresh purchases; those set PURCHASE_HOLD_DAYS (and pass it to the wallet) themselves.
            PURCHASE_HOLD_DAYS: "0",
            // A new account's first redemption is sent at once in tests that do not test the
            // review queue; identity-review.test.ts passes its own REDEMPTION_REVIEW_* values.
            REDEMPTION_REVIEW_NEW_ACCOUNT_DAYS: "0",
            // Expected log lines (settlement runs, queue batches) stay out of the test output.
            LOG_LEVEL: "silent",
            // Test requests carry no cf location, and money fails closed where the place is
            // unknown: every test plays from Texas unless it says otherwise (the region
            // tests pass their own cf with DEV_REGION "-", or set DEV_REGION themselves).
            DEV_REGION: "US-TX",
          },
          // Durable Objects as in wrangler.toml: wallets are evicted when idle, as in
          // production (wallet-eviction.test.ts evicts one on purpose). Miniflare's
          // `unsafePreventEviction` belongs to a binding in the whole project's runtime,
          // not to one test; a test that needed a resident object would need its own project.

          // The SPA's shell as static assets (the build's own is not there in tests): the
          // share pages (worker/share-cards/) answer with it plus their link-preview tags.
          assets: { directory: "./test/worker/fixtures/spa", binding: "ASSETS" },

          // The settlement queue as in wrangler.toml, but delivering within 50 ms.
          queueConsumers: {
            "vantage-settlement": {
              maxBatchSize: 100,
              maxBatchTimeout: 0.05,
              maxRetries: 10,
              deadLetterQueue: "vantage-settlement-dlq",
            },
            "vantage-settlement-dlq": { maxBatchSize: 100, maxBatchTimeout: 0.05, maxRetries: 20 },
            "vantage-push": { maxBatchSize: 50, maxBatchTimeout: 0.05, maxRetries: 5 },
          },
        },
      })),
    ],
    ssr: { optimizeDeps: { include: ["stripe"] } },
    test: {
      name: "worker",
      // Files share a runtime (isolate: false): test/worker/apply-migrations.ts gives each
      // file fresh storage and memos, vitest restores globals and mocks after each.
      isolate: false,
      unstubGlobals: true,
      restoreMocks: true,
      // Loaded once per runtime and pre-bundled, each dependency is one module instead of
      // hundreds (zod alone is ~200), which takes about half a second off every file's setup.
      // Every entry point the code imports is listed so one copy of each library is loaded.
      deps: {
        optimizer: {
          ssr: {
            enabled: true,
            include: [
              "zod",
              "hono",
              "hono/body-limit",
              "hono/cookie",
              "hono/factory",
              "hono/http-exception",
              "drizzle-orm",
              "drizzle-orm/d1",
              "drizzle-orm/sqlite-core",
              "jose",
              "stripe",
              "fast-check",
              "@block65/webcrypto-web-push",
              "ml-levenberg-marquardt",
            ],
          },
        },
      },
      include: ["test/worker/**/*.test.ts"],
      setupFiles: ["./test/worker/apply-migrations.ts"],
      testTimeout: HANG_CEILING_MS,
      // Replays a failed abuse run: FUZZ_SEED=… / CHAOS_SEED=… npm test (read with inject()).
      provide: { FUZZ_SEED: process.env.FUZZ_SEED ?? "", CHAOS_SEED: process.env.CHAOS_SEED ?? "" },
    },
  };
}

/**
 * A ceiling for a test that hangs, not a speed limit, in every project: the heaviest tests
 * (200 bets on one wallet, the brute-force checks of the pricing and play-through rules) take
 * 1–2 s alone and several times that on a machine busy with other work (`npm run test:busy`
 * failed a unit one at vitest's 5 s default).
 */
const HANG_CEILING_MS = 30_000;

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to its own process (one
    // worker on two cores), but a file's time is split between that process and the
    // file's own workerd or happy-dom, so one file at a time keeps about one core busy
    // (the worker project serially: 149 s of CPU in 160 s).
    maxWorkers: "100%",
    projects: [
      await workerProject(),
      {
        plugins: [react()],
        test: {
          name: "dom",
          environment: "happy-dom",
          include: ["test/dom/**/*.test.tsx"],
          setupFiles: ["./test/dom/setup.ts"],
          testTimeout: HANG_CEILING_MS,
        },
      },
      {
        test: {
          name: "unit",
          environment: "node",
          include: ["test/unit/**/*.test.ts"],
          testTimeout: HANG_CEILING_MS,
        },
      },
    ],
  },
});
