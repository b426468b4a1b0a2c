// The Worker as deployed (its script, the resvg WebAssembly module and the embedded
// font that draw the share cards, and every other module of the build) stays within
// 3 MB gzip: Cloudflare's limit for a Worker on the free plan, where a full layout
// engine would not fit. Builds the app as `npm run build` does, then measures dist/vantage.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const LIMIT_BYTES = 3 * 1024 * 1024;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === ".vite" || name === "wrangler.json") return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

it("the Worker bundle is within 3 MB gzip", { timeout: 180_000 }, () => {
  const build = spawnSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", WRANGLER_SEND_ERROR_REPORTS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  expect(build.status, build.stderr).toBe(0);
  const modules = files(join(root, "dist/vantage"));
  expect(modules.some((f) => f.endsWith(".wasm"))).toBe(true);
  const gzipped = modules.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
  expect(gzipped).toBeLessThan(LIMIT_BYTES);
});
