// Secrets are set with `wrangler secret put` (or .dev.vars locally) and never appear in
// wrangler.toml, so `wrangler types` cannot see them. They are all optional: when one is
// missing in development the embedded default stands in (see worker/config.ts).
// Declared once and merged into both the global `Env` and `Cloudflare.Env` (the one
// `cloudflare:workers` hands out), which `wrangler types` now generates separately.
interface VantageSecrets {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  SESSION_SIGNING_KEY?: string;
  ODDS_API_KEY?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** The Cloudflare account and an API token with Account Analytics Read: the Health view reads metrics with them. */
  METRICS_ACCOUNT_ID?: string;
  METRICS_API_TOKEN?: string;
}
interface Env extends VantageSecrets {}
declare namespace Cloudflare {
  interface Env extends VantageSecrets {}
}
