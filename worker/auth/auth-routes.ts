// /api/auth: exchanging a verified ID token for a session, and (in development only)
// the embedded identity provider's endpoints.
import { Hono } from "hono";
import { z } from "zod";
import { identityMode } from "../config";
import { getDb } from "../db/database";
import { ApiError, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { issueAccessToken } from "./access-tokens";
import { devJwks, mintDevIdToken } from "./dev-identity-provider";
import { verifyIdToken } from "./id-token-verifier";
import { identityConfig, identityKeySet, publicOrigin, type IdentityConfig } from "./identity-config";
import { loadUserDocument } from "../me/user-document";
import { upsertUserFromClaims } from "./users";

const SessionRequestSchema = z.object({ idToken: z.string().min(1).max(8192) });
const DevIdTokenRequestSchema = z.object({
  email: z.email().max(254),
  name: z.string().max(64).optional(),
  nonce: z.string().max(256).optional(),
});

function requireIdentity(env: Env, requestUrl: string): IdentityConfig {
  const config = identityConfig(env, publicOrigin(env, requestUrl));
  if (!config) throw new ApiError(503, "not-configured", "Sign-in is not configured on this server.");
  return config;
}

export function authRoutes() {
  const app = new Hono<AppEnv>();

  app.post("/session", async (c) => {
    const { idToken } = await readJson(c, SessionRequestSchema);
    const config = requireIdentity(c.env, c.req.url);
    const now = Date.now();
    const verified = await verifyIdToken(idToken, identityKeySet(config), {
      issuers: config.issuers,
      audience: config.audience,
      now,
    });
    if (!verified.ok) throw new ApiError(401, "unauthenticated", `The sign-in token was rejected (${verified.reason}).`);
    const db = getDb(c.env);
    const user = await upsertUserFromClaims(db, verified.claims, now);
    const session = await issueAccessToken(c.env, { id: user.id, email: user.email }, now);
    return c.json({ ...session, user: await loadUserDocument(c.env, user, now) });
  });

  const dev = new Hono<AppEnv>();
  dev.use(async (c, next) => {
    if (identityMode(c.env) !== "embedded") throw new ApiError(404, "not-found", "Not found.");
    await next();
  });
  dev.get("/jwks", async (c) => c.json(await devJwks()));
  dev.post("/id-token", async (c) => {
    const body = await readJson(c, DevIdTokenRequestSchema);
    const config = requireIdentity(c.env, c.req.url);
    const idToken = await mintDevIdToken({
      issuer: config.issuers[0]!,
      audience: config.audience,
      email: body.email,
      name: body.name,
      nonce: body.nonce,
      now: Date.now(),
    });
    return c.json({ idToken });
  });
  app.route("/dev", dev);

  return app;
}
