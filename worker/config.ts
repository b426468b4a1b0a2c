// Decides, per request, which implementation of each outside service is active. The
// real one is used whenever its secret is set; the embedded default (dev sign-in, odds
// simulator, simulated payments) only when APP_ENV is "development" and the secret is
// missing. In production configuration a missing secret is an operator error, never a
// silent fallback to the simulators.
export type ServiceMode = "real" | "embedded" | "unconfigured";

export function isDevelopment(env: Env): boolean {
  return env.APP_ENV === "development";
}

function modeFor(env: Env, secret: string | undefined): ServiceMode {
  if (secret) return "real";
  return isDevelopment(env) ? "embedded" : "unconfigured";
}

export function identityMode(env: Env): ServiceMode {
  return modeFor(env, env.GOOGLE_CLIENT_ID);
}

export function oddsFeedMode(env: Env): ServiceMode {
  return modeFor(env, env.ODDS_API_KEY);
}

export function paymentsMode(env: Env): ServiceMode {
  return modeFor(env, env.STRIPE_SECRET_KEY);
}

/** Fixed development value; production must set SESSION_SIGNING_KEY. */
const DEV_SESSION_SIGNING_KEY = "vantage-development-session-key-not-secret-0123456789";

/**
 * The public development key stands in only beside the embedded identity provider: once
 * real Google accounts sign in, a key everyone can read would let anyone mint their tokens.
 */
export function sessionSigningKey(env: Env): string | null {
  if (env.SESSION_SIGNING_KEY) return env.SESSION_SIGNING_KEY;
  return identityMode(env) === "embedded" ? DEV_SESSION_SIGNING_KEY : null;
}

export function adminEmails(env: Env): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}
