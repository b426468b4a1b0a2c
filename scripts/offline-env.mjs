// Environment for every wrangler/vite child process: keeps the tools off the network
// (no telemetry, no error reports, no Cloudflare API lookups).
export function offlineEnv(extra = {}) {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_SEND_ERROR_REPORTS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    ...extra,
  };
}

export const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
