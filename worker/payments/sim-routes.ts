// The simulated provider's local pages (development only; 404 whenever the simulator is
// not the active provider, 503 beside a live Stripe key: worker/http/stand-ins.ts). The checkout page's Pay button builds the event Stripe would
// send for a paid Checkout Session, signs it with the webhook secret exactly as Stripe
// does, and hands it to the real webhook handler in-process, then returns the player to
// /shop like Stripe's success URL; Cancel returns to the cancel URL. Once paid, the same
// page shows what the wallet holds of the pack and offers what a card holder or the
// merchant can do next — open a dispute (then win or lose it), refund half or all of
// it, or have the issuer send an early fraud warning (actionable or not) — each signed
// and delivered as the Stripe event through the same webhook handler.
// The onboarding page asks for the account holder's legal name (prefilled with the player's
// name, as the simulated identity page prefills the document's), the state of their address
// (prefilled with the one given before, else where the request comes from, else Texas, as the
// checkout page prefills its billing state; left empty, an address without a state) and a bank
// account (routing and account number), keeps the name and the address's region as Stripe keeps
// an Express account's individual (payouts go only to the verified person, see payout-payee.ts,
// and not while the holder's address is where redemptions are not offered, see
// payout-destination.ts), records the
// bank account's keyed-hash fingerprint as the account's payout destination (one payout
// identity per person, see payout-identity.ts: claimed by a withdrawal, not here) and
// completes the simulated Connect account so payouts are enabled. Entering another bank
// account replaces the one before, as a swap in Stripe's Express Dashboard does.
// The unguessable ids in the URLs are the capability, as with Stripe's hosted pages.
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { formatUsd, packFor } from "../../src/shared/packs";
import { addressRegionOf } from "../../src/shared/play-regions";
import { paymentsMode } from "../config";
import { getDb } from "../db/database";
import { payoutAccounts, simCheckoutSessions, users } from "../db/schema";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { embeddedOnly } from "../http/stand-ins";
import { requestRegion } from "../protection/request-region";
import { escapeHtml, STAND_IN_PAGE_CSP, standInPage } from "../http/stand-in-page";
import { stripeWebhookSecret } from "./payments-config";
import { SIM_ACCOUNT_NUMBER, SIM_ROUTING_NUMBER, simulatedFingerprint } from "./payout-identity";
import { SIM_ACCOUNT_ID, SIM_CHECKOUT_ID, simPayoutDestination } from "./simulated-ids";
import { recordSimReversal, simRefundedCents } from "./sim-records";
import { paymentsWallet, type FraudWarning } from "./wallet";
import { handleStripeWebhook, stripeSignatureHeader } from "./stripe-webhook";

/** The longest account holder's name the simulated onboarding page takes (as its identity page takes a document's). */
const HOLDER_NAME_MAX = 100;

const PAGE_STYLE = `main{max-width:24rem}
form{display:inline}button{margin:.25rem .5rem 0 0}
input{font:inherit;width:100%;box-sizing:border-box;padding:.5rem;border-radius:6px;border:1px solid #475569;background:#0f172a;color:#e2e8f0}
.bank{display:block;margin-bottom:.75rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}dt{color:#94a3b8}dd{margin:0;overflow-wrap:anywhere}a{color:#93c5fd}`;

const page = (title: string, body: string) => standInPage(title, body, PAGE_STYLE);

// The simulated payment's Stripe objects, derived from the Checkout Session's id (one
// charge and at most one dispute per payment, as with cards on Stripe).
const hexOf = (sessionId: string) => sessionId.slice("cs_sim_".length);
const paymentIntentOf = (sessionId: string) => `pi_sim_${hexOf(sessionId)}`;
const chargeIdOf = (sessionId: string) => `ch_sim_${hexOf(sessionId)}`;
const disputeIdOf = (sessionId: string) => `dp_sim_${hexOf(sessionId)}`;
const fraudWarningIdOf = (sessionId: string) => `issfr_sim_${hexOf(sessionId)}`;

/** Signs an event the way Stripe does and hands it to the real webhook handler. */
async function deliverSigned(env: Env, type: string, now: number, object: Record<string, unknown>): Promise<void> {
  const secret = stripeWebhookSecret(env);
  if (!secret) throw new ApiError(503, "not-configured", "Payments are not configured on this server.");
  const created = Math.floor(now / 1000);
  const payload = JSON.stringify({
    id: `evt_sim_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type,
    created,
    livemode: false,
    api_version: null,
    data: { object },
  });
  const signature = await stripeSignatureHeader(payload, secret, created);
  const outcome = await handleStripeWebhook(env, payload, signature, now);
  if (outcome.status !== 200) throw new ApiError(outcome.status, "payment-failed", "The simulated payment could not be delivered.");
}

type SimSession = { id: string; userId: string; amountCents: number };

/** What the player's wallet holds of this pack (null before the payment was credited), with its fraud warning. */
async function purchaseOf(env: Env, session: SimSession) {
  const wallet = paymentsWallet(env, session.userId);
  const [purchases, warnings] = await Promise.all([
    wallet.listPurchases(session.userId, Date.now()),
    wallet.listFraudWarnings(session.userId, Date.now()),
  ]);
  const purchase = purchases.find((p) => p.checkout_session_id === session.id);
  return purchase ? { ...purchase, fraudWarning: warnings.find((w) => w.paymentIntent === purchase.payment_intent) ?? null } : null;
}

function warningText(warning: FraudWarning | null): string {
  if (!warning) return "none";
  const kind = warning.actionable ? "actionable" : "not actionable";
  return `${warning.fraudType} (${kind}${warning.open ? ", redemptions held" : warning.cleared ? ", cleared" : ""})`;
}

function afterPaymentActions(session: SimSession, purchase: Awaited<ReturnType<typeof purchaseOf>>): string {
  if (!purchase) return `<p>This checkout is completed.</p><p><a href="/shop">Back to the shop</a></p>`;
  const dispute = purchase.disputes[0];
  const refunded = purchase.refunded_cents;
  const action = (path: string, label: string, cls: string) =>
    `<form method="post" action="/api/payments/sim/checkout/${session.id}/${path}"><button class="${cls}" type="submit">${label}</button></form>`;
  const actions: string[] = [];
  if (!dispute) actions.push(action("dispute", "Dispute", "danger"));
  if (dispute?.open)
    actions.push(action("dispute/won", "Close dispute: won", "pay"), action("dispute/lost", "Close dispute: lost", "danger"));
  // Stripe refunds a charge only while it is not disputed (or after the dispute was won).
  if ((!dispute || dispute.status === "won") && refunded < session.amountCents) {
    if (refunded + Math.floor(session.amountCents / 2) < session.amountCents) actions.push(action("refund/half", "Refund half", "cancel"));
    actions.push(action("refund/full", "Refund", "cancel"));
  }
  // The issuer warns once per charge; Stripe marks the warning actionable while the charge can still be refunded.
  if (!purchase.fraudWarning) {
    actions.push(action("fraud-warning/informational", "Early fraud warning", "danger"));
    if (!dispute && refunded < session.amountCents)
      actions.push(action("fraud-warning/actionable", "Early fraud warning (actionable)", "danger"));
  }
  const coins = (n: number) => n.toLocaleString("en-US");
  return `<p>This checkout is completed.</p>
<dl>
<dt>Payment</dt><dd>${paymentIntentOf(session.id)}</dd>
<dt>Refunded</dt><dd>${formatUsd(refunded)}</dd>
<dt>Dispute</dt><dd>${dispute ? `${dispute.status}${dispute.open ? " (open)" : ""}` : "none"}</dd>
<dt>Fraud warning</dt><dd>${warningText(purchase.fraudWarning)}</dd>
<dt>Taken back</dt><dd>${coins(purchase.reversed_coins)} Coins + ${purchase.reversed_cash / 100} Vantage Cash</dd>
</dl>
${actions.join("\n")}
<p><a href="/shop">Back to the shop</a></p>`;
}

export function simRoutes() {
  const app = new Hono<AppEnv>();
  app.use(embeddedOnly(paymentsMode, "Not found."));

  const findSession = async (env: Env, id: string) => {
    if (!SIM_CHECKOUT_ID.test(id)) throw new ApiError(404, "not-found", "No such checkout session.");
    const [row] = await getDb(env).select().from(simCheckoutSessions).where(eq(simCheckoutSessions.id, id)).limit(1);
    if (!row) throw new ApiError(404, "not-found", "No such checkout session.");
    return row;
  };

  app.get("/checkout/:id", async (c) => {
    const session = await findSession(c.env, c.req.param("id"));
    const pack = packFor(session.amountCents);
    const price = formatUsd(session.amountCents);
    c.header("Content-Security-Policy", STAND_IN_PAGE_CSP);
    let body: string;
    if (session.status === "open") {
      // Checkout asks for the card's billing address; its state is what the Worker judges.
      const here = requestRegion(c.env, c.req.raw);
      const state = here?.startsWith("US-") ? here.slice(3) : "TX";
      body = `<form method="post" action="/api/payments/sim/checkout/${session.id}/pay">
<p><label>Billing address: state (US) <input name="billingState" value="${escapeHtml(state)}" maxlength="2" size="3" pattern="[A-Za-z]{2}" required></label></p>
<button class="pay" type="submit">Pay ${price}</button></form>
<form method="post" action="/api/payments/sim/checkout/${session.id}/cancel"><button class="cancel" type="submit">Cancel</button></form>`;
    } else if (session.status === "completed") {
      body = afterPaymentActions(session, await purchaseOf(c.env, session));
    } else {
      body = `<p>This checkout is ${session.status}.</p><p><a href="/shop">Back to the shop</a></p>`;
    }
    return c.html(
      page(
        "Vantage test checkout",
        `<h1>Vantage coin pack — ${price}</h1>
<p>${pack.coins.toLocaleString("en-US")} Coins + ${pack.cashCents / 100} Vantage Cash</p>
${body}
<p class="note">Simulated payment provider (development). No real money moves.</p>`,
      ),
    );
  });

  app.post("/checkout/:id/pay", async (c) => {
    const session = await findSession(c.env, c.req.param("id"));
    // Canceled, or expired by the wallet (a break, closure or lower purchase limit): never paid.
    if (session.status === "canceled" || session.status === "expired") return c.redirect("/shop?checkout=cancel", 303);
    // A form that cannot be read (a multipart body without its parts) pays nothing: 400, not a 500.
    const form = await c.req.parseBody().catch(() => null);
    if (form === null) throw new ApiError(400, "invalid-argument", "The payment form could not be read.");
    const billingState = typeof form.billingState === "string" ? form.billingState.trim().toUpperCase() : "TX";
    if (!/^[A-Z]{2}$/.test(billingState)) throw new ApiError(400, "invalid-argument", "A billing state is two letters.");
    const now = Date.now();
    await deliverSigned(c.env, "checkout.session.completed", now, {
      id: session.id,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: session.amountCents,
      currency: "usd",
      client_reference_id: session.userId,
      payment_intent: paymentIntentOf(session.id),
      metadata: { amountCents: String(session.amountCents), userId: session.userId },
      customer_details: { address: { country: "US", state: billingState } },
    });
    await getDb(c.env)
      .update(simCheckoutSessions)
      .set({ status: "completed", completedAt: now })
      .where(and(eq(simCheckoutSessions.id, session.id), eq(simCheckoutSessions.status, "open")));
    return c.redirect(`/shop?checkout=success&session=${session.id}`, 303);
  });

  // ---- after payment: disputes and refunds, as Stripe would report them ----

  const paidSession = async (env: Env, id: string) => {
    const session = await findSession(env, id);
    if (session.status !== "completed") throw new ApiError(409, "aborted", "This checkout has not been paid.");
    return session;
  };

  const disputeObject = (session: { id: string; amountCents: number }, status: string) => ({
    id: disputeIdOf(session.id),
    object: "dispute",
    amount: session.amountCents,
    charge: chargeIdOf(session.id),
    payment_intent: paymentIntentOf(session.id),
    currency: "usd",
    reason: "fraudulent",
    status,
  });

  app.post("/checkout/:id/dispute", async (c) => {
    const session = await paidSession(c.env, c.req.param("id"));
    const now = Date.now();
    await recordSimReversal(
      c.env,
      {
        id: disputeIdOf(session.id),
        kind: "dispute",
        paymentIntent: paymentIntentOf(session.id),
        chargeId: chargeIdOf(session.id),
        amountCents: session.amountCents,
      },
      now,
    );
    await deliverSigned(c.env, "charge.dispute.created", now, disputeObject(session, "needs_response"));
    return c.redirect(`/api/payments/sim/checkout/${session.id}`, 303);
  });

  app.post("/checkout/:id/dispute/:outcome{won|lost}", async (c) => {
    const session = await paidSession(c.env, c.req.param("id"));
    await deliverSigned(c.env, "charge.dispute.closed", Date.now(), disputeObject(session, c.req.param("outcome")));
    return c.redirect(`/api/payments/sim/checkout/${session.id}`, 303);
  });

  app.post("/checkout/:id/refund/:share{half|full}", async (c) => {
    const session = await paidSession(c.env, c.req.param("id"));
    // What the provider itself has refunded, not what the wallet booked of it.
    const already = await simRefundedCents(c.env, paymentIntentOf(session.id));
    const amountRefunded =
      c.req.param("share") === "full" ? session.amountCents : Math.min(session.amountCents, already + Math.floor(session.amountCents / 2));
    const now = Date.now();
    if (amountRefunded > already) {
      await recordSimReversal(
        c.env,
        {
          id: `re_sim_${hexOf(session.id)}_${amountRefunded}`,
          kind: "refund",
          paymentIntent: paymentIntentOf(session.id),
          chargeId: chargeIdOf(session.id),
          amountCents: amountRefunded - already,
        },
        now,
      );
    }
    await deliverSigned(c.env, "charge.refunded", now, {
      id: chargeIdOf(session.id),
      object: "charge",
      amount: session.amountCents,
      amount_refunded: amountRefunded,
      refunded: amountRefunded >= session.amountCents,
      payment_intent: paymentIntentOf(session.id),
      currency: "usd",
    });
    return c.redirect(`/api/payments/sim/checkout/${session.id}`, 303);
  });

  // An early fraud warning from the card issuer, as Stripe Radar reports it (one per charge).
  app.post("/checkout/:id/fraud-warning/:kind{actionable|informational}", async (c) => {
    const session = await paidSession(c.env, c.req.param("id"));
    await deliverSigned(c.env, "radar.early_fraud_warning.created", Date.now(), {
      id: fraudWarningIdOf(session.id),
      object: "radar.early_fraud_warning",
      actionable: c.req.param("kind") === "actionable",
      charge: chargeIdOf(session.id),
      payment_intent: paymentIntentOf(session.id),
      fraud_type: "made_with_stolen_card",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    });
    return c.redirect(`/api/payments/sim/checkout/${session.id}`, 303);
  });

  app.post("/checkout/:id/cancel", async (c) => {
    const session = await findSession(c.env, c.req.param("id"));
    await getDb(c.env)
      .update(simCheckoutSessions)
      .set({ status: "canceled" })
      .where(and(eq(simCheckoutSessions.id, session.id), eq(simCheckoutSessions.status, "open")));
    return c.redirect("/shop?checkout=cancel", 303);
  });

  const findAccount = async (env: Env, accountId: string) => {
    if (!SIM_ACCOUNT_ID.test(accountId)) throw new ApiError(404, "not-found", "No such account.");
    const [row] = await getDb(env).select().from(payoutAccounts).where(eq(payoutAccounts.accountId, accountId)).limit(1);
    if (row?.provider !== "simulated") throw new ApiError(404, "not-found", "No such account.");
    return row;
  };

  const BANK_ERROR = "Enter a 9-digit routing number and a 4–17 digit account number.";
  const HOLDER_ERROR = `Enter the account holder's full legal name (at most ${HOLDER_NAME_MAX} characters).`;
  const STATE_ERROR = "Enter the state of the account holder's address as two letters (e.g. TX), or leave it empty.";
  /**
   * The state the page starts with, and the one a form that sends none keeps: the account's
   * (given before), else where the request comes from, else Texas.
   */
  const addressStateOf = (env: Env, request: Request, account: { holderRegion: string | null }): string => {
    const region = account.holderRegion ?? requestRegion(env, request);
    return region?.startsWith("US-") ? region.slice(3) : "TX";
  };
  const onboardingPage = (
    account: { accountId: string; payoutsEnabled: boolean },
    holderName: string,
    addressState: string,
    error: string | null,
  ) =>
    page(
      "Vantage test payout onboarding",
      `<h1>Payout account onboarding</h1>
<p>${account.payoutsEnabled ? "Payouts are enabled for this account. Enter a bank account again to change it." : "Confirm your (simulated) identity and bank account to enable payouts."}</p>
${error ? `<p class="error" role="alert">${error}</p>` : ""}
<form class="bank" method="post" action="/api/payments/sim/onboarding/${account.accountId}/complete">
<label for="holder_name">Account holder's full legal name</label>
<input id="holder_name" name="holder_name" value="${escapeHtml(holderName)}" maxlength="${HOLDER_NAME_MAX}" autocomplete="off" required>
<label for="address_state">Account holder's address: state (US)</label>
<input id="address_state" name="address_state" value="${escapeHtml(addressState)}" maxlength="2" pattern="[A-Za-z]{2}" autocomplete="off">
<label for="routing_number">Routing number</label>
<input id="routing_number" name="routing_number" inputmode="numeric" autocomplete="off" pattern="[0-9]{9}" value="110000000" required>
<label for="account_number">Account number</label>
<input id="account_number" name="account_number" inputmode="numeric" autocomplete="off" pattern="[0-9]{4,17}" required>
<button class="pay" type="submit">Complete onboarding</button></form>
<form method="get" action="/redeem"><input type="hidden" name="onboarding" value="refresh"><button class="cancel" type="submit">Not now</button></form>
<p class="note">Simulated payment provider (development). No real account is created; the account number is kept only as a fingerprint.</p>`,
    );

  app.get("/onboarding/:accountId", async (c) => {
    const account = await findAccount(c.env, c.req.param("accountId"));
    c.header("Content-Security-Policy", STAND_IN_PAGE_CSP);
    // The holder's name starts as the one given before, else the account's; type another to try someone else's bank account.
    const [player] = await getDb(c.env).select({ name: users.displayName }).from(users).where(eq(users.id, account.userId)).limit(1);
    const error = c.req.query("error");
    return c.html(
      onboardingPage(
        account,
        account.simHolderName ?? player?.name ?? "",
        addressStateOf(c.env, c.req.raw, account),
        error === "bank" ? BANK_ERROR : error === "name" ? HOLDER_ERROR : error === "state" ? STATE_ERROR : null,
      ),
    );
  });

  app.post("/onboarding/:accountId/complete", async (c) => {
    const account = await findAccount(c.env, c.req.param("accountId"));
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string).replace(/[\s-]/g, "") : "");
    const [routing, number] = [field("routing_number") || "110000000", field("account_number")];
    const holderName = typeof form.holder_name === "string" ? form.holder_name.trim().replace(/\s+/g, " ") : "";
    // Post/redirect/get: the page shows what to fix, as a hosted onboarding page would.
    if (holderName === "" || holderName.length > HOLDER_NAME_MAX) {
      return c.redirect(`/api/payments/sim/onboarding/${account.accountId}?error=name`, 303);
    }
    // The holder's address: its state places them (an empty one, an address without a state, places nobody).
    const addressState = (typeof form.address_state === "string" ? form.address_state : addressStateOf(c.env, c.req.raw, account))
      .trim()
      .toUpperCase();
    if (addressState !== "" && !/^[A-Z]{2}$/.test(addressState)) {
      return c.redirect(`/api/payments/sim/onboarding/${account.accountId}?error=state`, 303);
    }
    if (!SIM_ROUTING_NUMBER.test(routing) || !SIM_ACCOUNT_NUMBER.test(number)) {
      return c.redirect(`/api/payments/sim/onboarding/${account.accountId}?error=bank`, 303);
    }
    const fingerprint = await simulatedFingerprint(routing, number);
    const now = Date.now();
    const db = getDb(c.env);
    await db
      .update(payoutAccounts)
      .set({
        payoutsEnabled: true,
        currentlyDueJson: "[]",
        destinationFingerprintsJson: JSON.stringify([fingerprint]),
        payoutDestination: simPayoutDestination(fingerprint),
        // Keyed with the verified date of birth when the account is next read (payout-destination.ts).
        simHolderName: holderName,
        holderRegion: addressRegionOf({ country: "US", state: addressState }),
        updatedAt: now,
      })
      .where(eq(payoutAccounts.accountId, account.accountId));
    return c.redirect("/redeem?onboarding=return", 303);
  });

  return app;
}
