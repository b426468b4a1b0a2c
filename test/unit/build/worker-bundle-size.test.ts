// Budgets of the build. The SPA's initial JavaScript (index.html's entry and what it
// preloads) stays within 150 kB gzip, so a shared link opens fast on a phone.
// The Worker as deployed (its script, the resvg WebAssembly module and the embedded
// font that draw the share cards, and every other module of the build) stays within
// 3 MB gzip: Cloudflare's limit for a Worker on the free plan, where a full layout
// engine would not fit. Its source maps (`upload_source_maps`) are uploaded beside it and
// do not count toward that limit; they have their own, 15 MB gzip (Cloudflare's changelog,
// "Source maps are Generally Available", 2025-03-25). Builds the app as `npm run build`
// does, then measures dist/vantage.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { beforeAll, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const LIMIT_BYTES = 3 * 1024 * 1024;
const SOURCE_MAP_LIMIT_BYTES = 15 * 1024 * 1024;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === ".vite" || name === "wrangler.json") return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

beforeAll(() => {
  const build = spawnSync(process.execPath, [join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "error"], {
    cwd: root,
    encoding: "utf8",
    // As `npm run build` runs it: vitest sets NODE_ENV=test, which would build React for development.
    env: {
      ...process.env,
      NODE_ENV: "production",
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_SEND_ERROR_REPORTS: "false",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
    },
  });
  expect(build.status, build.stderr).toBe(0);
}, 180_000);

it("the Worker bundle is within 3 MB gzip, and its source maps within 15 MB", () => {
  const built = files(join(root, "dist/vantage"));
  const maps = built.filter((f) => f.endsWith(".map"));
  const modules = built.filter((f) => !f.endsWith(".map"));
  expect(modules.some((f) => f.endsWith(".wasm"))).toBe(true);
  expect(modules.reduce((sum, file) => sum + gzipped(file), 0)).toBeLessThan(LIMIT_BYTES);
  expect(maps.length).toBeGreaterThan(0);
  expect(maps.reduce((sum, file) => sum + gzipped(file), 0)).toBeLessThan(SOURCE_MAP_LIMIT_BYTES);
});

it("the SPA's initial JavaScript is within 150 kB gzip", () => {
  const html = readFileSync(join(root, "dist/client/index.html"), "utf8");
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => join(root, "dist/client", m[1]!));
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.reduce((sum, file) => sum + gzipped(file), 0)).toBeLessThan(150 * 1024);
});
