// The Stripe events that take money back, after stripe-webhook.ts has verified the
// signature: `charge.dispute.created`, `charge.dispute.closed` and `charge.refunded`.
// They name only the PaymentIntent (and charge), so D1 `payment_intents` (written when
// the checkout completed) says whose wallet it is; the wallet then moves the pack once
// per dispute id and phase, or once per refund state. An event for a payment intent not
// known yet is acknowledged (never a 5xx, so Stripe does not retry it forever), logged and
// kept in D1 `kept_reversals`: Stripe does not promise its events' order, so a refund can
// arrive before the checkout it takes back, and `applyKeptReversals` applies it once that
// checkout is recorded. One for a payment we never sold just stays kept.
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "../db/database";
import { keptReversals, paymentIntents } from "../db/schema";
import { wireOf } from "../http/refusals";
import { paymentsWallet, type ReversalResult } from "./wallet";
import { loggerFor } from "../logging/logger";

export const REVERSAL_EVENTS = new Set(["charge.dispute.created", "charge.dispute.closed", "charge.refunded"]);

const StripeId = z.string().min(1).max(255);

const DisputeSchema = z.object({
  id: StripeId,
  amount: z.number().int().nullish(),
  charge: z.union([StripeId, z.object({ id: StripeId })]).nullish(),
  payment_intent: z.union([StripeId, z.object({ id: StripeId })]).nullish(),
  status: z.string().min(1).max(64),
});

const ChargeSchema = z.object({
  id: StripeId,
  payment_intent: z.union([StripeId, z.object({ id: StripeId })]).nullish(),
  amount: z.number().int().positive(),
  amount_refunded: z.number().int().nonnegative(),
});

export type ReversalOutcome = { ignored: string } | { moved: boolean };

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** Whose payment this is, or null (logged) when we never sold it. */
async function ownerOf(env: Env, paymentIntent: string | null, eventType: string, objectId: string): Promise<string | null> {
  if (!paymentIntent) {
    loggerFor(env).warn(`${eventType} without a payment intent; ignored`, objectId);
    return null;
  }
  const [row] = await getDb(env)
    .select({ userId: paymentIntents.userId })
    .from(paymentIntents)
    .where(eq(paymentIntents.paymentIntent, paymentIntent))
    .limit(1);
  if (!row) loggerFor(env).warn(`${eventType} for an unknown payment intent; kept until the payment is recorded`, paymentIntent, objectId);
  return row?.userId ?? null;
}

/** Records whose PaymentIntent a paid Checkout Session was (idempotent). */
export async function recordPaymentIntent(
  env: Env,
  input: { paymentIntent: string; userId: string; checkoutSessionId: string; amountCents: number },
  now: number,
): Promise<void> {
  await getDb(env)
    .insert(paymentIntents)
    .values({ ...input, createdAt: now })
    .onConflictDoNothing();
}

export async function handleReversalEvent(env: Env, type: string, object: unknown, now: number): Promise<ReversalOutcome> {
  if (type === "charge.refunded") {
    const parsed = ChargeSchema.safeParse(object);
    if (!parsed.success) return { ignored: "not a charge" };
    const charge = parsed.data;
    const paymentIntent = idOf(charge.payment_intent);
    const userId = await ownerOf(env, paymentIntent, type, charge.id);
    if (!paymentIntent) return { ignored: "unknown payment intent" };
    const keepIt = () => keep(env, `${type}:${charge.id}:${charge.amount_refunded}`, type, paymentIntent, charge, now);
    if (!userId) return keepIt();
    const apply = () =>
      paymentsWallet(env, userId).applyRefund(
        userId,
        { paymentIntent, chargeAmountCents: charge.amount, amountRefundedCents: charge.amount_refunded },
        now,
      );
    return walletOutcome(env, await untilCredited(apply, keepIt), type, paymentIntent);
  }

  const parsed = DisputeSchema.safeParse(object);
  if (!parsed.success) return { ignored: "not a dispute" };
  const dispute = parsed.data;
  const paymentIntent = idOf(dispute.payment_intent);
  const userId = await ownerOf(env, paymentIntent, type, dispute.id);
  if (!paymentIntent) return { ignored: "unknown payment intent" };
  const keepIt = () => keep(env, `${type}:${dispute.id}:${dispute.status}`, type, paymentIntent, dispute, now);
  if (!userId) return keepIt();
  const apply = () =>
    paymentsWallet(env, userId).applyDispute(
      userId,
      { disputeId: dispute.id, paymentIntent, status: dispute.status, phase: type === "charge.dispute.created" ? "created" : "closed" },
      now,
    );
  return walletOutcome(env, await untilCredited(apply, keepIt), type, paymentIntent);
}

/**
 * The checkout's completion records its payment intent before the wallet credits the pack,
 * so a reversal can find its player while the wallet holds no purchase yet. Such an event is
 * kept, for the completion to apply after its credit (applyKeptReversals); then the wallet is
 * asked once more, in case the credit and its look at kept events came in between. Applying
 * an event twice moves nothing.
 */
async function untilCredited(apply: () => Promise<ReversalResult>, keepIt: () => Promise<unknown>): Promise<ReversalResult> {
  const first = await apply();
  if (!first.ok || first.found) return first;
  await keepIt();
  return apply();
}

/** Keeps an event whose payment intent is not known yet, once per state; answered as ignored. */
async function keep(env: Env, id: string, type: string, paymentIntent: string, object: object, now: number): Promise<ReversalOutcome> {
  await getDb(env)
    .insert(keptReversals)
    .values({ id, type, paymentIntent, objectJson: JSON.stringify(object), receivedAt: now })
    .onConflictDoNothing();
  return { ignored: "unknown payment intent" };
}

/**
 * After a checkout's payment is recorded and credited: the refunds and disputes that
 * arrived for it first, in the order they came. Applying one again moves nothing (the
 * wallet moves a pack once per refund state and dispute phase), so a redelivered
 * completion may run this again.
 */
export async function applyKeptReversals(env: Env, paymentIntent: string, now: number): Promise<void> {
  const kept = await getDb(env)
    .select()
    .from(keptReversals)
    .where(eq(keptReversals.paymentIntent, paymentIntent))
    .orderBy(asc(keptReversals.receivedAt), asc(keptReversals.id));
  for (const event of kept) await handleReversalEvent(env, event.type, JSON.parse(event.objectJson) as unknown, now);
}

function walletOutcome(env: Env, result: ReversalResult, type: string, paymentIntent: string): ReversalOutcome {
  if (!result.ok) {
    const refused = wireOf(result);
    loggerFor(env).warn(`${type} refused by the wallet; ignored`, paymentIntent, refused.message);
    return { ignored: refused.code };
  }
  if (!result.found) {
    loggerFor(env).warn(`${type} for a payment intent whose purchase the wallet does not hold; ignored`, paymentIntent);
    return { ignored: "unknown purchase" };
  }
  return { moved: result.movements.length > 0 };
}
