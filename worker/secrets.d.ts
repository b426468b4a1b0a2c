// Secrets are set with `wrangler secret put` (or .dev.vars locally) and never appear in
// wrangler.toml, so `wrangler types` cannot see them. They are all optional: when one is
// missing in development the embedded default stands in (see worker/config.ts).
declare namespace Cloudflare {
  interface Env {
    GOOGLE_CLIENT_ID?: string;
    GOOGLE_CLIENT_SECRET?: string;
    SESSION_SIGNING_KEY?: string;
    ODDS_API_KEY?: string;
    STRIPE_SECRET_KEY?: string;
    STRIPE_WEBHOOK_SECRET?: string;
  }
}
