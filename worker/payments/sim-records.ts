// The simulated payment provider's own books (development only): the transfers it
// answered, the payouts its connected accounts made to their bank accounts, and the refunds
// and disputes its local pages reported, kept in D1 beside its checkout sessions so that it
// lists what it paid and took back the way Stripe's list APIs do (simulated-provider.ts
// `listRecords`) and can say which bank account a payout went to. Kept apart from the
// provider so the local pages (sim-routes.ts) can record without loading it.
import { and, eq, gte, lt, sum } from "drizzle-orm";
import { getDb } from "../db/database";
import { simCheckoutSessions, simPayouts, simReversals, simTransfers } from "../db/schema";
import type { ProviderRecords } from "./payments-provider";

/** A transfer the simulator answered; the same id again (a retried idempotency key) records nothing. */
export async function recordSimTransfer(
  env: Env,
  input: { transferId: string; redemptionId: string; userId: string; accountId: string; amountCents: number },
  now: number,
): Promise<void> {
  await getDb(env)
    .insert(simTransfers)
    .values({
      id: input.transferId,
      redemptionId: input.redemptionId,
      userId: input.userId,
      accountId: input.accountId,
      amountCents: input.amountCents,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** The transfer the simulator answered for a redemption, if any (a retried key answers it again). */
export async function findSimTransfer(env: Env, redemptionId: string): Promise<{ transferId: string } | null> {
  const [row] = await getDb(env)
    .select({ id: simTransfers.id })
    .from(simTransfers)
    .where(eq(simTransfers.redemptionId, redemptionId))
    .limit(1);
  return row ? { transferId: row.id } : null;
}

/**
 * Takes a transfer of the simulator's back in full, as Stripe's transfer reversal does:
 * `false` when it made no such transfer of this redemption and player to `accountId`.
 * Taking back one already taken back changes nothing.
 */
export async function reverseSimTransfer(
  env: Env,
  input: { transferId: string; redemptionId: string; userId: string; accountId: string },
): Promise<boolean> {
  const [row] = await getDb(env)
    .update(simTransfers)
    .set({ reversedCents: simTransfers.amountCents })
    .where(
      and(
        eq(simTransfers.id, input.transferId),
        eq(simTransfers.redemptionId, input.redemptionId),
        eq(simTransfers.userId, input.userId),
        eq(simTransfers.accountId, input.accountId),
      ),
    )
    .returning({ id: simTransfers.id });
  return row !== undefined;
}

/** A payout the simulator made to a bank account; the same id again (a retried key) records nothing. */
export async function recordSimPayout(
  env: Env,
  input: { payoutId: string; redemptionId: string; userId: string; accountId: string; destination: string; amountCents: number },
  now: number,
): Promise<void> {
  await getDb(env)
    .insert(simPayouts)
    .values({
      id: input.payoutId,
      redemptionId: input.redemptionId,
      userId: input.userId,
      accountId: input.accountId,
      destination: input.destination,
      amountCents: input.amountCents,
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** The simulator's payout of a redemption from `accountId`, if it made one. */
export async function findSimPayout(
  env: Env,
  input: { accountId: string; redemptionId: string; userId: string },
): Promise<{ payoutId: string; destination: string } | null> {
  const [row] = await getDb(env)
    .select({ payoutId: simPayouts.id, destination: simPayouts.destination })
    .from(simPayouts)
    .where(
      and(eq(simPayouts.redemptionId, input.redemptionId), eq(simPayouts.accountId, input.accountId), eq(simPayouts.userId, input.userId)),
    )
    .limit(1);
  return row ?? null;
}

/** What the simulator has refunded of a payment so far, in cents. */
export async function simRefundedCents(env: Env, paymentIntent: string): Promise<number> {
  const [row] = await getDb(env)
    .select({ total: sum(simReversals.amountCents) })
    .from(simReversals)
    .where(and(eq(simReversals.paymentIntent, paymentIntent), eq(simReversals.kind, "refund")));
  return Number(row?.total ?? 0);
}

/** A refund or a dispute the simulator reports; the same id again records nothing. */
export async function recordSimReversal(
  env: Env,
  input: { id: string; kind: "refund" | "dispute"; paymentIntent: string; chargeId: string; amountCents: number },
  now: number,
): Promise<void> {
  await getDb(env)
    .insert(simReversals)
    .values({ ...input, createdAt: now })
    .onConflictDoNothing();
}

/** The simulator's records in [from, to): paid sessions by when they were paid, transfers and reversals by when they were made. */
export async function listSimRecords(env: Env, window: { from: number; to: number }): Promise<ProviderRecords> {
  const db = getDb(env);
  const [sessions, transfers, reversals] = await Promise.all([
    db
      .select()
      .from(simCheckoutSessions)
      .where(
        and(
          eq(simCheckoutSessions.status, "completed"),
          gte(simCheckoutSessions.completedAt, window.from),
          lt(simCheckoutSessions.completedAt, window.to),
        ),
      ),
    db
      .select()
      .from(simTransfers)
      .where(and(gte(simTransfers.createdAt, window.from), lt(simTransfers.createdAt, window.to))),
    db
      .select()
      .from(simReversals)
      .where(and(gte(simReversals.createdAt, window.from), lt(simReversals.createdAt, window.to))),
  ]);
  return {
    payments: sessions.map((s) => ({
      checkoutSessionId: s.id,
      paymentIntent: simPaymentIntentOf(s.id),
      userId: s.userId,
      amountCents: s.amountCents,
      at: s.completedAt ?? s.createdAt,
    })),
    transfers: transfers.map((t) => ({
      transferId: t.id,
      redemptionId: t.redemptionId,
      userId: t.userId,
      amountCents: t.amountCents,
      reversedCents: t.reversedCents,
      at: t.createdAt,
    })),
    reversals: reversals.map((r) => ({
      kind: r.kind,
      id: r.id,
      paymentIntent: r.paymentIntent,
      chargeId: r.chargeId,
      amountCents: r.amountCents,
      at: r.createdAt,
    })),
  };
}

/** A simulated Checkout Session's PaymentIntent: `pi_sim_<hex>` beside `cs_sim_<hex>` (sim-routes.ts). */
export const simPaymentIntentOf = (sessionId: string) => `pi_sim_${sessionId.slice("cs_sim_".length)}`;
