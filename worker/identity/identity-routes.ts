// Identity before redemption over HTTP: the player's state (GET /api/identity), a new
// verification session (POST /api/identity/session → {url}), the provider's signed events
// (POST /api/identity/webhook), and the simulator's local page in development. The state
// itself is the wallet's (worker/protection/in-wallet/identity.ts); withdrawals check it there.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { canStartVerification, identityMessage, type IdentityState } from "../../src/shared/schemas/identity";
import { requireUser } from "../auth/require-user";
import { publicOrigin } from "../config";
import { getDb } from "../db/database";
import { identityChecks } from "../db/schema";
import { ApiError, bodyText, readJson } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { limitPaymentCalls } from "../http/rate-limit";
import { loggerFor } from "../logging/logger";
import { protectionWallet } from "../protection/wallet";
import { getIdentityPort } from "./configured-identity";
import { handleIdentityWebhook, refuseIdentityEventBeforeBody } from "./identity-webhook";
import { simIdentityRoutes } from "./sim-identity-routes";
import { purgeAfterStandingChange } from "../social/privacy-purge";

const EmptyRequestSchema = z.union([z.object({}), z.null()]);

export function identityRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", requireUser, async (c) => {
    const state: IdentityState = await protectionWallet(c.env, c.var.user.id).getIdentity(c.var.user.id, Date.now());
    return c.json(state);
  });

  app.post("/session", requireUser, limitPaymentCalls, async (c) => {
    await readJson(c, EmptyRequestSchema);
    const userId = c.var.user.id;
    const wallet = protectionWallet(c.env, userId);
    const now = Date.now();
    // Final states are refused before any session is opened at the provider (the wallet refuses them again).
    const current = await wallet.getIdentity(userId, now);
    if (!canStartVerification(current.status)) {
      const message = current.status === "verified" ? "Your identity is already verified." : identityMessage(current.status)!;
      throw new ApiError(409, "identity-final", message);
    }
    const origin = publicOrigin(c.env, c.req.url);
    const port = getIdentityPort(c.env, origin);
    let session: { id: string; url: string };
    try {
      session = await port.createSession({ userId, returnUrl: `${origin}/redeem?identity=return`, now });
    } catch (err) {
      loggerFor(c.env).error("identity session creation failed", err);
      throw new ApiError(502, "provider-unavailable", "The identity provider could not start a verification. Please try again.");
    }
    const begun = await wallet.beginIdentityCheck(userId, { sessionId: session.id }, now);
    if (!begun.ok) throw refusalError(begun);
    const row = { status: "pending" as const, sessionId: session.id, provider: port.kind, reason: null, ownerUserId: null, updatedAt: now };
    await getDb(c.env)
      .insert(identityChecks)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: identityChecks.userId, set: row });
    return c.json({ url: session.url });
  });

  const refuseUnsigned = createMiddleware<AppEnv>(async (c, next) => {
    const refused = refuseIdentityEventBeforeBody(c.env, c.req.header("Stripe-Signature"));
    if (refused) return c.json(refused.body, refused.status);
    await next();
  });
  app.post("/webhook", refuseUnsigned, async (c) => {
    const raw = await bodyText(c);
    const port = getIdentityPort(c.env, publicOrigin(c.env, c.req.url));
    const outcome = await handleIdentityWebhook(c.env, port, raw, c.req.header("Stripe-Signature"), Date.now());
    if (outcome.status === 200 && outcome.closedForAgeOf) await purgeAfterStandingChange(c, outcome.closedForAgeOf);
    return c.json(outcome.body, outcome.status);
  });

  app.route("/sim", simIdentityRoutes());
  return app;
}
