// Money in and out over HTTP (spec §7): coin-pack checkout, the Stripe webhook, the
// player's Connect payout account, and Vantage Cash withdrawals; plus the simulated
// provider's local pages in development. Every route but the webhook and the simulator
// pages needs a signed-in player, whose id comes only from the verified token, and
// counts against that player's payment rate limit (they may call Stripe).
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { findPack } from "../../src/shared/packs";
import { type CheckoutOutcome, CheckoutSessionRequestSchema } from "../../src/shared/schemas/checkout";
import { RETURNED_PAYMENT_DISPUTED, WithdrawalRequestSchema } from "../../src/shared/schemas/redemptions";
import { identityMessage, identityRefusalCode } from "../../src/shared/schemas/identity";
import { unitsToMinor } from "../../src/shared/money";
import { requireUser } from "../auth/require-user";
import { paymentsMode, publicOrigin } from "../config";
import { getDb } from "../db/database";
import { ApiError, bodyText, readJson } from "../http/api-error";
import { refusalError } from "../http/refusals";
import type { AppEnv } from "../http/app-types";
import { limitBody } from "../http/body-limit";
import { limitPaymentCalls } from "../http/rate-limit";
import { tunables } from "../tunables";
import { getPaymentsProvider } from "./configured-provider";
import type { PaymentsProvider } from "./payments-provider";
import { connectStatusOf, findPayoutAccount, insertPayoutAccount } from "./payout-accounts";
import { freshPayoutAccount, holderKeysOf } from "./payout-destination";
import { checkPayoutIdentity, PAYOUT_IDENTITY_IN_USE_MESSAGE, payoutIdentityInUse } from "./payout-identity";
import { checkPayee, payeeRefusal } from "./payout-payee";
import { listRedemptionsWithRetry, redemptionIdFor, submitRedemption } from "./redemption-service";
import { simRoutes } from "./sim-routes";
import { allowInRegion, RegionRulesUnread, rulesInForce } from "../protection/request-region";
import { checkRegion } from "../../src/shared/play-regions";
import { withRulesVersion } from "../sweepstakes/rules-gate";
import { protectionWallet } from "../protection/wallet";
import { paymentsWallet, UNDER_REVIEW_MESSAGE } from "./wallet";
import { loggerFor } from "../logging/logger";
import { handleStripeWebhook, refuseBeforeBody, WEBHOOK_BODY_LIMIT_BYTES } from "./stripe-webhook";
import { handleConnectWebhook, refuseConnectEventBeforeBody } from "./connect-webhook";

const EmptyRequestSchema = z.union([z.object({}), z.null()]);
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/** A provider call whose failure is the provider's, not ours: a 502 the client can show. */
async function viaProvider<T>(env: Env, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    loggerFor(env).error("payment provider call failed", err);
    throw new ApiError(502, "provider-unavailable", "The payment provider could not complete the request. Please try again.");
  }
}

/** The player's payout account, made at the provider if they have none; its bank accounts are claimed only by a withdrawal. */
async function accountOrCreate(env: Env, provider: PaymentsProvider, user: { id: string; email: string }, now: number) {
  const existing = await freshPayoutAccount(env, provider, user.id, now);
  if (existing) return existing;
  const state = await provider.createPayoutAccount({ userId: user.id, email: user.email });
  const keys = await holderKeysOf(env, user.id, state, now);
  return insertPayoutAccount(getDb(env), { userId: user.id, provider: provider.kind, state, keys, now });
}

/**
 * Whether `region` (a payout account holder's address) offers no redemptions now, by the rules
 * in force, as the wallet judges a new request there; false for no region, and while the
 * operators' entries cannot be read (the status only informs: the wallet decides).
 */
async function addressNotRedeemable(env: Env, region: string | null, now: number): Promise<boolean> {
  if (region === null) return false;
  const play = await rulesInForce(env, now).catch((err: unknown) => {
    if (err instanceof RegionRulesUnread) return null;
    throw err;
  });
  return play?.place ? !checkRegion(region, play.place.rules, "redeem", now).ok : false;
}

function checkoutRoutes() {
  const app = new Hono<AppEnv>();
  app.use(requireUser, limitPaymentCalls);
  app.post("/session", async (c) => {
    const { amountCents } = await readJson(c, CheckoutSessionRequestSchema);
    const pack = findPack(amountCents);
    if (!pack) throw new ApiError(400, "invalid-argument", "Unknown pack amount.");
    const play = await withRulesVersion(c.env, allowInRegion(c, "purchase"));
    const origin = publicOrigin(c.env, c.req.url);
    const provider = await getPaymentsProvider(c.env, origin);
    const userId = c.var.user.id;
    const now = Date.now();
    // Player protection: the wallet checks age, break and purchase limits and holds this
    // pack against the limits (so parallel checkouts cannot pass them) until it is credited,
    // the session fails to open, or the hold expires with the session.
    const wallet = protectionWallet(c.env, userId);
    const holdMs = tunables(c.env).CHECKOUT_HOLD_MINUTES * 60_000;
    const hold = await wallet.reservePurchase(userId, { holdId: crypto.randomUUID(), amountCents: pack.amountCents, holdMs }, now, play);
    if (!hold.ok) throw refusalError(hold);
    let session: { id: string; url: string };
    try {
      session = await provider.createCheckoutSession({
        userId,
        email: c.var.user.email,
        pack,
        // Stripe writes the session's id in place of {CHECKOUT_SESSION_ID}: the shop asks what became of it.
        successUrl: `${origin}/shop?checkout=success&session={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}/shop?checkout=cancel`,
        now,
        expiresAt: now + holdMs,
      });
    } catch (err) {
      loggerFor(c.env).error("checkout session creation failed", err);
      await wallet.releasePurchaseHold(userId, hold.holdId, now);
      throw new ApiError(502, "checkout-failed", "Failed to create checkout session");
    }
    // A break, closure or freeze that came while the session was being made withdraws it (the
    // wallet's alarm expires it at the provider): the player is refused, not sent to pay.
    const attached = await wallet.attachPurchaseHold(userId, { holdId: hold.holdId, sessionId: session.id }, now, play);
    if (attached.refused) throw refusalError(attached.refused);
    return c.json({ url: session.url });
  });

  // What became of a checkout the player came back from, asked of their own wallet (a session
  // of someone else's is one it never saw: `waiting`). The shop says so when a pack was declined.
  app.get("/sessions/:sessionId", async (c) => {
    const sessionId = c.req.param("sessionId");
    if (!CHECKOUT_SESSION_ID.test(sessionId)) throw new ApiError(404, "not-found", "No such checkout session.");
    const userId = c.var.user.id;
    const outcome = await paymentsWallet(c.env, userId).checkoutOutcome(userId, sessionId, Date.now());
    c.header("Cache-Control", "private, no-store");
    return c.json(outcome satisfies CheckoutOutcome);
  });
  return app;
}

/** A Checkout Session id as the provider makes them (Stripe's `cs_…`, the simulator's `cs_sim_…`). */
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,250}$/;

/** The webhook sets its own body limit (limitRequestBodies skips it), after the header checks. */
export const STRIPE_WEBHOOK_PATH = "/api/stripe/webhook";

function webhookRoutes() {
  const app = new Hono<AppEnv>();
  const limit = limitBody(WEBHOOK_BODY_LIMIT_BYTES);
  // A declared oversize body is refused first (a 413 reads nothing); then a missing
  // signature, still without reading; only then is a body of undeclared length counted.
  const refuseDeclaredOversize = createMiddleware<AppEnv>(async (c, next) =>
    c.req.header("Content-Length") !== undefined && c.req.header("Transfer-Encoding") === undefined ? limit(c, next) : next(),
  );
  const refuseUnsigned = createMiddleware<AppEnv>(async (c, next) => {
    const refused = refuseBeforeBody(c.env, c.req.header("Stripe-Signature"));
    if (refused) return c.json(refused.body, refused.status);
    await next();
  });
  app.post("/webhook", refuseDeclaredOversize, refuseUnsigned, limit, async (c) => {
    const raw = await bodyText(c);
    const outcome = await handleStripeWebhook(c.env, raw, c.req.header("Stripe-Signature"), Date.now());
    return c.json(outcome.body, outcome.status);
  });
  // The Connect endpoint (connected accounts' events, its own secret): payout.paid marks redemptions paid.
  app.post("/connect-webhook", async (c) => {
    const refused = refuseConnectEventBeforeBody(c.env, c.req.header("Stripe-Signature"));
    if (refused) return c.json(refused.body, refused.status);
    const outcome = await handleConnectWebhook(c.env, await bodyText(c), c.req.header("Stripe-Signature"), Date.now());
    return c.json(outcome.body, outcome.status);
  });
  return app;
}

function connectRoutes() {
  const app = new Hono<AppEnv>();
  app.use(requireUser, limitPaymentCalls);

  app.get("/status", async (c) => {
    const provider = await getPaymentsProvider(c.env, publicOrigin(c.env, c.req.url));
    const db = getDb(c.env);
    const maxAgeMs = tunables(c.env).CONNECT_STATUS_CACHE_MS;
    const account = await viaProvider(c.env, () => freshPayoutAccount(c.env, provider, c.var.user.id, Date.now(), maxAgeMs));
    const status = connectStatusOf(account);
    // Told from the claims withdrawals made; reading the status claims nothing (payout-identity.ts).
    if (account && (await payoutIdentityInUse(db, c.var.user.id, account))) status.payoutIdentityInUse = true;
    // A verified player whose payout account is in another name is told so before asking.
    const payee = account?.payoutsEnabled ? await checkPayee(db, c.var.user.id, account) : null;
    if (payee && !payee.ok && payee.problem === "name-differs") status.payeeNotVerifiedPerson = true;
    // And one whose payout account's address is where Vantage Cash is not redeemable now (the wallet refuses and holds those).
    if (account?.payoutsEnabled && (await addressNotRedeemable(c.env, account.holderRegion, Date.now()))) {
      status.payoutAddressNotRedeemable = true;
    }
    return c.json(status);
  });

  app.post("/create-or-link", async (c) => {
    await readJson(c, EmptyRequestSchema);
    const provider = await getPaymentsProvider(c.env, publicOrigin(c.env, c.req.url));
    return c.json(connectStatusOf(await viaProvider(c.env, () => accountOrCreate(c.env, provider, c.var.user, Date.now()))));
  });

  app.post("/onboarding-link", async (c) => {
    await readJson(c, EmptyRequestSchema);
    const origin = publicOrigin(c.env, c.req.url);
    const provider = await getPaymentsProvider(c.env, origin);
    const link = await viaProvider(c.env, async () => {
      const account = await accountOrCreate(c.env, provider, c.var.user, Date.now());
      return provider.onboardingLink({
        accountId: account.accountId,
        refreshUrl: `${origin}/redeem?onboarding=refresh`,
        returnUrl: `${origin}/redeem?onboarding=return`,
      });
    });
    return c.json({ url: link.url });
  });

  return app;
}

function withdrawalRoutes() {
  const app = new Hono<AppEnv>();
  app.use(requireUser, limitPaymentCalls);

  app.post("/", async (c) => {
    const { amount } = await readJson(c, WithdrawalRequestSchema);
    const amountCents = unitsToMinor("cash", amount)!;
    // The request's own parts first: a bad key is refused before the payout account is asked after.
    const key = c.req.header("Idempotency-Key");
    if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) {
      throw new ApiError(400, "invalid-argument", "Idempotency-Key must be 8–64 letters, digits, '-' or '_'.");
    }
    const play = await withRulesVersion(c.env, allowInRegion(c, "redeem"));
    const now = Date.now();
    // Age first (a clear answer before any payout-account lookup); the wallet checks it
    // again inside the transaction that holds the amount.
    const wallet = protectionWallet(c.env, c.var.user.id);
    const refused = await wallet.checkPlay(c.var.user.id, "redeem", now, play);
    if (refused) throw refusalError(refused);
    // Identity next, for the same reason; the wallet checks it again in the same transaction.
    const person = await wallet.getIdentity(c.var.user.id, now);
    if (person.status !== "verified") throw new ApiError(403, identityRefusalCode(person.status), identityMessage(person.status)!);
    const provider = await getPaymentsProvider(c.env, publicOrigin(c.env, c.req.url));
    const account = await viaProvider(c.env, () => freshPayoutAccount(c.env, provider, c.var.user.id, now));
    if (!account?.payoutsEnabled) throw new ApiError(403, "payouts-disabled", "Finish onboarding to enable payouts.");
    const identity = await checkPayoutIdentity(getDb(c.env), { userId: c.var.user.id, account, amountCents, now });
    if (!identity.ok) throw new ApiError(403, "payout-identity-in-use", PAYOUT_IDENTITY_IN_USE_MESSAGE);
    // Only to the verified person: the account's holders must be the person the player's document showed.
    const payee = await checkPayee(getDb(c.env), c.var.user.id, account);
    if (!payee.ok) throw refusalError(payeeRefusal(payee.problem));
    // Nothing is claimed yet: the wallet may still refuse, hold or review the withdrawal. The
    // bank account becomes this player's only right before its transfer, checked again then
    // (payout-destination.ts); a claim by another player meanwhile holds it there.
    const redemptionId = await redemptionIdFor(c.var.user.id, key);
    const redemption = await submitRedemption(
      c.env,
      provider,
      // Where the account's holder lives (its address as the provider has it): the wallet refuses a region closed to redemptions.
      {
        userId: c.var.user.id,
        accountId: account.accountId,
        account: async () => account,
        amountCents,
        redemptionId,
        payoutRegion: account.holderRegion,
      },
      now,
      play,
    );
    if (redemption.status === "failed" && redemption.failureReason === RETURNED_PAYMENT_DISPUTED) {
      // A payment came under review between the hold and the transfer: nothing was sent.
      throw new ApiError(409, "redemptions-paused", UNDER_REVIEW_MESSAGE, { redemption });
    }
    if (redemption.status === "failed") {
      throw new ApiError(422, "payout-failed", "The payout failed and the amount was returned to your balance.", { redemption });
    }
    return c.json({ redemption });
  });

  app.get("/", async (c) => {
    const now = Date.now();
    const userId = c.var.user.id;
    if (paymentsMode(c.env) === "unconfigured") {
      return c.json({ redemptions: await listRedemptionsWithRetry(c.env, null, { userId, accountId: null }, () => Date.now()) });
    }
    const provider = await getPaymentsProvider(c.env, publicOrigin(c.env, c.req.url));
    const account = await findPayoutAccount(getDb(c.env), userId);
    const accountId = account && account.provider === provider.kind ? account.accountId : null;
    const destination = () => freshPayoutAccount(c.env, provider, userId, now);
    return c.json({ redemptions: await listRedemptionsWithRetry(c.env, provider, { userId, accountId, destination }, () => Date.now()) });
  });

  return app;
}

/** Mounted at the API root: /checkout, /stripe (webhook, connect-webhook), /connect, /withdrawals, /payments/sim. */
export function paymentsRoutes() {
  const app = new Hono<AppEnv>();
  app.route("/checkout", checkoutRoutes());
  app.route("/stripe", webhookRoutes());
  app.route("/connect", connectRoutes());
  app.route("/withdrawals", withdrawalRoutes());
  app.route("/payments/sim", simRoutes());
  return app;
}
