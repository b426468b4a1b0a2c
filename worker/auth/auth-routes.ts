// /api/auth: sign-in (the Google redirect flow; ID token → session beside the embedded
// provider only), refresh-token rotation, logout (which ends the sign-in's refresh and
// access tokens and its live sockets), and, in development only, the embedded identity
// provider. Per-IP sign-in limits are applied in front of this sub-app (worker/app.ts);
// the session itself starts in one place, session.ts.
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { identityMode, publicOrigin, sessionSigningKey } from "../config";
import { getDb } from "../db/database";
import { ApiError, errorJson, parseWith, readJson } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { embeddedOnly } from "../http/stand-ins";
import {
  AuthorizeParamsSchema,
  checkAuthorizeRequest,
  ChosenAccountSchema,
  exchangeDevCode,
  issueDevCode,
  renderAccountChooser,
} from "./dev-authorize";
import { STAND_IN_PAGE_CSP } from "../http/stand-in-page";
import { devJwks, mintDevIdToken } from "./dev-identity-provider";
import {
  authorizeRedirect,
  callbackUrl,
  exchangeCode,
  newFlow,
  openFlow,
  sealFlow,
  stateMatches,
  verifyFlowIdToken,
  type AuthErrorCode,
} from "./google-flow";
import { verifyIdToken } from "./id-token-verifier";
import { identityConfig, identityKeySet, type IdentityConfig } from "./identity-config";
import { safeFromPath } from "./redirect-target";
import { familyOfToken, rotateRefreshToken } from "./refresh-tokens";
import { EMAIL_NOT_VERIFIED_MESSAGE, endSession, sessionMaxAgeMs, sessionResponse, startSession, type LoadUserDocument } from "./session";
import { clearFlowCookie, clearRefreshCookie, readFlowCookie, readRefreshCookie, setFlowCookie, setRefreshCookie } from "./session-cookies";
import { signInFailure } from "./sign-in-failure";
import { findUser } from "./users";

const SessionRequestSchema = z.object({ idToken: z.string().min(1).max(8192) });
const DevIdTokenRequestSchema = z.object({
  email: z.email().max(254),
  name: z.string().max(64).optional(),
  nonce: z.string().max(256).optional(),
});
const TokenRequestSchema = z.object({
  grant_type: z.literal("authorization_code"),
  code: z.string().min(1).max(4096),
  redirect_uri: z.string().min(1).max(2048),
  client_id: z.string().min(1).max(256),
  client_secret: z.string().max(256).default(""),
  code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, "code_verifier is malformed"),
});

/** Routes that exist only while the embedded identity provider is the active one (503 beside a live Stripe key). */
const embeddedIdentityOnly = embeddedOnly(identityMode, "Not found.");

function requireIdentity(env: Env, requestUrl: string): IdentityConfig {
  const config = identityConfig(env, publicOrigin(env, requestUrl));
  if (!config) throw new ApiError(503, "not-configured", "Sign-in is not configured on this server.");
  return config;
}

function signedOut(c: Context<AppEnv>) {
  clearRefreshCookie(c);
  return errorJson(c, 401, "unauthenticated", "Please log in again.");
}

/** Form posts (browser forms, OAuth token requests) as plain string fields. */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header("Content-Type") ?? "";
  if (type.includes("application/json")) {
    const body = await readJson(c, z.record(z.string(), z.string()));
    return body;
  }
  let parsed: Awaited<ReturnType<typeof c.req.parseBody>>;
  try {
    parsed = await c.req.parseBody();
  } catch {
    // A multipart type without a boundary, or a body that does not match its type.
    throw new ApiError(400, "invalid-argument", "The form body could not be read.");
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) if (typeof value === "string") fields[key] = value;
  return fields;
}

/** `loadUserDocument`: the player's user document for session answers (worker/me, handed in by the app). */
export function authRoutes(loadUserDocument: LoadUserDocument) {
  const app = new Hono<AppEnv>();

  // ID token → session. Only beside the embedded identity provider (tests, the bench,
  // scripts): the SPA signs in with the redirect flow, whose ID token is bound to this
  // browser by the flow's nonce. With Google, any ID token for our client — one minted
  // for another of our pages, say, or replayed from a log — would otherwise buy a
  // 30-day session here (security review finding 5).
  app.post("/session", embeddedIdentityOnly, async (c) => {
    const { idToken } = await readJson(c, SessionRequestSchema);
    const config = requireIdentity(c.env, c.req.url);
    const now = Date.now();
    const verified = await verifyIdToken(idToken, identityKeySet(config), {
      issuers: config.issuers,
      audience: config.audience,
      now,
    });
    if (!verified.ok) throw new ApiError(401, "unauthenticated", `The sign-in token was rejected (${verified.reason}).`);
    if (!verified.claims.emailVerified) throw new ApiError(403, "email-not-verified", EMAIL_NOT_VERIFIED_MESSAGE);
    return c.json(await startSession(c, loadUserDocument, verified.claims, now));
  });

  app.post("/refresh", async (c) => {
    const token = readRefreshCookie(c);
    if (!token) return signedOut(c);
    const now = Date.now();
    const db = getDb(c.env);
    const outcome = await rotateRefreshToken(db, token, now, sessionMaxAgeMs(c.env));
    if (!outcome.ok) {
      // A replayed (stolen) token revoked its family: its open sockets close too.
      if (outcome.reason === "reused") await endSession(c.env, outcome, now);
      return signedOut(c);
    }
    const user = await findUser(db, outcome.userId);
    if (!user) {
      await endSession(c.env, outcome, now);
      return signedOut(c);
    }
    if (outcome.token) setRefreshCookie(c, outcome.token, outcome.expiresAt, now);
    return c.json(await sessionResponse(c.env, loadUserDocument, user, outcome.familyId, now, c.req.raw));
  });

  // Ends the sign-in of this browser's refresh cookie: its refresh tokens, its access
  // tokens and its live sockets. Other devices of the same player stay signed in.
  app.post("/logout", async (c) => {
    const token = readRefreshCookie(c);
    const session = token ? await familyOfToken(getDb(c.env), token) : null;
    if (session) await endSession(c.env, session, Date.now());
    clearRefreshCookie(c);
    return c.json({ ok: true });
  });

  app.get("/google/start", async (c) => {
    const origin = publicOrigin(c.env, c.req.url);
    const config = identityConfig(c.env, origin);
    // The flow cookie is signed with the session key: without one, sign-in cannot start.
    if (!config || !sessionSigningKey(c.env)) return signInFailure(c, "start", "not-configured");
    const now = Date.now();
    const flow = newFlow(safeFromPath(c.req.query("from")), c.req.query("reauth") === "1");
    setFlowCookie(c, await sealFlow(c.env, flow, now));
    return c.redirect(await authorizeRedirect(config, origin, flow), 302);
  });

  app.get("/google/callback", async (c) => {
    const fail = (code: AuthErrorCode) => signInFailure(c, "callback", code);
    const origin = publicOrigin(c.env, c.req.url);
    const config = identityConfig(c.env, origin);
    if (!config || !sessionSigningKey(c.env)) return fail("not-configured");
    const now = Date.now();
    const query = c.req.query();
    if (query.error) return fail(query.error === "access_denied" ? "access-denied" : "invalid-request");
    const flow = await openFlow(c.env, readFlowCookie(c), now);
    if (!flow || !stateMatches(flow, query.state)) return fail("invalid-state");
    if (!query.code) return fail("invalid-request");
    const exchanged = await exchangeCode(c.env, config, origin, query.code, flow, now);
    if (!exchanged.ok) return fail(exchanged.code);
    const verified = await verifyFlowIdToken(config, exchanged.idToken, flow, now);
    if (!verified.ok) return fail("invalid-id-token");
    if (!verified.claims.emailVerified) return fail("email-not-verified");
    await startSession(c, loadUserDocument, verified.claims, now);
    clearFlowCookie(c);
    return c.redirect(flow.from, 302);
  });

  const dev = new Hono<AppEnv>();
  dev.use(embeddedIdentityOnly);
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
  dev.get("/authorize", (c) => {
    const config = requireIdentity(c.env, c.req.url);
    const params = parseWith(AuthorizeParamsSchema, c.req.query());
    checkAuthorizeRequest(params, config, callbackUrl(publicOrigin(c.env, c.req.url)));
    c.header("Content-Security-Policy", STAND_IN_PAGE_CSP);
    return c.html(renderAccountChooser(params));
  });
  dev.post("/authorize", async (c) => {
    const config = requireIdentity(c.env, c.req.url);
    const fields = await formFields(c);
    const params = parseWith(AuthorizeParamsSchema, fields);
    checkAuthorizeRequest(params, config, callbackUrl(publicOrigin(c.env, c.req.url)));
    const account = parseWith(ChosenAccountSchema, { email: fields.email, name: fields.name || undefined });
    const code = await issueDevCode(c.env, params, account, Date.now());
    const target = new URL(params.redirect_uri);
    target.search = new URLSearchParams({ code, state: params.state }).toString();
    return c.redirect(target.toString(), 302);
  });
  dev.post("/token", async (c) => {
    const config = requireIdentity(c.env, c.req.url);
    const body = parseWith(TokenRequestSchema, await formFields(c));
    const result = await exchangeDevCode(
      c.env,
      config,
      {
        code: body.code,
        redirectUri: body.redirect_uri,
        clientId: body.client_id,
        clientSecret: body.client_secret,
        codeVerifier: body.code_verifier,
      },
      Date.now(),
    );
    if (!result.ok) throw new ApiError(result.error === "invalid_client" ? 401 : 400, result.error, result.message);
    return c.json({ id_token: result.idToken, token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });
  });
  app.route("/dev", dev);

  return app;
}
