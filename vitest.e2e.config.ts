// Browser journeys (run by scripts/e2e.mjs against a live `npm start` server): one
// file at a time, generous timeouts, plain Node environment driving Chromium.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "e2e",
    environment: "node",
    include: ["test/e2e/**/*.e2e.ts"],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
