// `radar.early_fraud_warning.created`, after stripe-webhook.ts has verified the signature:
// the card issuer warns, usually days before a chargeback, that a payment was fraudulent.
// The warning pauses the player's redemptions in their wallet until the charge is
// refunded and the pack reversed, the charge is lost to a dispute, or an operator clears
// it; where Stripe marks it actionable, the charge is refunded (keyed by the warning, so
// once at the provider) and the pack reversed through the wallet's refund path
// (applyRefund, once per refund state). The refund is owed in the wallet until made: one
// the provider refuses here is asked again by the wallet's alarm, under the same key. Every step is idempotent, so a warning delivered
// again, concurrently, or in any order with the payment's refund and dispute events
// moves the pack once. Each warning is also kept in D1 `fraud_warnings`: one that arrives
// before its checkout completed reaches the wallet when the payment is recorded
// (`applyKeptFraudWarnings`).
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/database";
import { fraudWarnings, paymentIntents } from "../db/schema";
import { wireOf } from "../http/refusals";
import { loggerFor } from "../logging/logger";
import { paymentsWallet } from "./wallet";
import { providerOffRequest } from "./configured-provider";
import { refundWarnedCharge } from "./declined-refund-port";

export const FRAUD_WARNING_EVENT = "radar.early_fraud_warning.created";

const StripeId = z.string().min(1).max(255);
const Expandable = z.union([StripeId, z.object({ id: StripeId })]);

const EarlyFraudWarningSchema = z.object({
  id: StripeId,
  charge: Expandable,
  payment_intent: Expandable.nullish(),
  actionable: z.boolean(),
  fraud_type: z.string().min(1).max(64),
});

/** `retry`: the provider could not refund or say whose payment it is now; the webhook answers 503 so Stripe delivers again. */
export type FraudWarningOutcome = { ignored: string } | { moved: boolean } | { retry: string };

type KeptWarning = typeof fraudWarnings.$inferSelect;

const idOf = (value: z.infer<typeof Expandable> | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

export async function handleFraudWarning(env: Env, object: unknown, now: number): Promise<FraudWarningOutcome> {
  const parsed = EarlyFraudWarningSchema.safeParse(object);
  if (!parsed.success) return { ignored: "not an early fraud warning" };
  const warning = parsed.data;
  const chargeId = idOf(warning.charge)!;
  let paymentIntent = idOf(warning.payment_intent);
  if (!paymentIntent) {
    try {
      paymentIntent = await (await providerOffRequest(env)).paymentIntentOfCharge(chargeId);
    } catch (err) {
      loggerFor(env).warn("early fraud warning: the charge's payment intent could not be read; Stripe will retry", warning.id, err);
      return { retry: "charge not readable" };
    }
  }
  if (!paymentIntent) {
    loggerFor(env).warn("early fraud warning for a charge without a payment intent; ignored", warning.id, chargeId);
    return { ignored: "no payment intent" };
  }
  const kept: KeptWarning = {
    id: warning.id,
    paymentIntent,
    chargeId,
    actionable: warning.actionable,
    fraudType: warning.fraud_type,
    receivedAt: now,
  };
  const db = getDb(env);
  await db.insert(fraudWarnings).values(kept).onConflictDoNothing();
  const [owner] = await db
    .select({ userId: paymentIntents.userId })
    .from(paymentIntents)
    .where(eq(paymentIntents.paymentIntent, paymentIntent))
    .limit(1);
  if (!owner) {
    // Kept in D1: applied when (if ever) a checkout with this payment intent completes.
    loggerFor(env).warn("early fraud warning for an unknown payment intent; kept until the payment is recorded", paymentIntent, warning.id);
    return { ignored: "unknown payment intent" };
  }
  return applyFraudWarning(env, owner.userId, kept, now);
}

/** Hands one warning to the player's wallet, and refunds and reverses the pack when it is actionable. */
async function applyFraudWarning(env: Env, userId: string, warning: KeptWarning, now: number): Promise<FraudWarningOutcome> {
  const wallet = paymentsWallet(env, userId);
  const recorded = await wallet.recordFraudWarning(
    userId,
    {
      warningId: warning.id,
      paymentIntent: warning.paymentIntent,
      chargeId: warning.chargeId,
      actionable: warning.actionable,
      fraudType: warning.fraudType,
    },
    now,
  );
  if (!recorded.ok) {
    const refused = wireOf(recorded);
    loggerFor(env).warn("early fraud warning refused by the wallet; ignored", warning.id, refused.message);
    return { ignored: refused.code };
  }
  if (!recorded.refund) return { moved: recorded.recorded };
  const refunded = await refundWarnedCharge(env, { warningId: warning.id, paymentIntent: recorded.refund.paymentIntent });
  if (!refunded.ok) {
    // The pause already holds, and the refund stays owed in the wallet: its alarm and Stripe's redelivery try again.
    loggerFor(env).warn(
      "early fraud warning: refund failed; the wallet's alarm and Stripe's redelivery will try again",
      warning.id,
      refunded.reason,
    );
    return { retry: "refund failed" };
  }
  const reversed = await wallet.applyRefund(
    userId,
    {
      paymentIntent: recorded.refund.paymentIntent,
      chargeAmountCents: recorded.refund.amountCents,
      amountRefundedCents: recorded.refund.amountCents,
    },
    now,
  );
  return { moved: recorded.recorded || (reversed.ok && reversed.movements.length > 0) };
}

/**
 * After a checkout's payment is recorded and credited: the warnings that arrived for it
 * first. False when one still needs its refund (the caller asks Stripe to deliver again).
 */
export async function applyKeptFraudWarnings(env: Env, input: { paymentIntent: string; userId: string }, now: number): Promise<boolean> {
  const kept = await getDb(env).select().from(fraudWarnings).where(eq(fraudWarnings.paymentIntent, input.paymentIntent));
  let done = true;
  for (const warning of kept) {
    if ("retry" in (await applyFraudWarning(env, input.userId, warning, now))) done = false;
  }
  return done;
}
