// One transfer attempt for a redemption, shared by the withdrawal request, the history
// look and the wallet's alarm (background retries). The wallet decides whether this
// attempt may run and with which key (worker/payments/in-wallet/payout-attempts.ts); the
// transfer goes out through the PayoutPort, outside the wallet's critical section; the
// outcome goes back to the wallet. After the key's reuse window the port first lists the
// redemption's transfers and adopts one it finds, so a lost answer can never become a
// second transfer.
//
// The port is the wallet's own interface: worker/payments implements it and the Worker
// entry hands it to the Durable Object, so the wallet never imports a payment provider.
import type { Redemption } from "../../../src/shared/schemas/redemptions";
import type { Logger } from "../../logging/logger";
import { tunables } from "../../tunables";
import type {
  PayoutAddressHold,
  PayoutAddressQuestion,
  PayoutAttempt,
  PayoutAttemptInput,
  PayoutOutcome,
  PayoutTiming,
} from "./payout-attempts";
import type { RedemptionResult } from "./redemptions";

/** What an attempt needs of the player's wallet: the Durable Object itself or its stub. */
export type PayoutWallet = {
  beginPayoutAttempt(userId: string, input: PayoutAttemptInput, now: number): Promise<PayoutAttempt>;
  finishPayoutAttempt(
    userId: string,
    input: { redemptionId: string; outcome: PayoutOutcome; timing: PayoutTiming },
    now: number,
  ): Promise<RedemptionResult>;
  /**
   * Whether the running attempt may not send to a payout account whose holder's address is in
   * `region`, judged by the rules in force, and what then (payout-attempts.ts
   * payoutAddressHoldInTx: a redemption no other attempt ever touched is returned at once); or null.
   */
  payoutAddressHold(userId: string, input: Omit<PayoutAddressQuestion, "play">, now: number): Promise<PayoutAddressHold | null>;
};

/**
 * One transfer the wallet allows: under `idempotencyKey`, after looking for an earlier one
 * when `listFirst` (the key's window passed) or on any `retry`; with `adoptOnly`, only that
 * look: nothing new is sent, and finding none fails the attempt with its reason.
 */
export type PayoutRequest = {
  userId: string;
  redemption: Redemption;
  idempotencyKey: string;
  listFirst: boolean;
  /**
   * An attempt ran before: its transfer, and the payout to the bank, are looked for before
   * one is made. An earlier attempt may have sent one whose answer was lost under a key this
   * one no longer uses (switched when the window passed, by an attempt that stopped before it
   * looked), so every retry looks.
   */
  retry?: boolean;
  adoptOnly?: { reason: string };
  /**
   * Asks the wallet, inside its transaction, whether the payout account's holder address, in
   * `region` as just read, keeps this transfer from going, and what then (PayoutAddressHold:
   * returned, held, or adopt-only), or not (null). Absent when the attempt only looks for an
   * earlier transfer, which sends nothing new.
   */
  addressHold?: (region: string) => Promise<PayoutAddressHold | null>;
};

/** One player's payout destination and the provider that sends to it. */
export type PayoutRoute = {
  accountId: string;
  /**
   * Sends (or adopts) the transfer and the payout to the bank after it; never throws: a lost or
   * unclear answer, or a payout to the bank that did not start, is an `unknown` outcome.
   */
  send(request: PayoutRequest): Promise<PayoutOutcome>;
  /** Runs once the wallet has recorded a payout as sent (the simulator's `payout.paid` or `payout.failed`); may throw. */
  afterSent?(redemption: Redemption, userId: string): Promise<void>;
};

/** How the wallet reaches the payment provider for its background retries (implemented in worker/payments). */
export interface PayoutPort {
  /** The player's payout route now, or null when none can be used (no payout account, or one of another provider); may throw. */
  routeFor(userId: string): Promise<PayoutRoute | null>;
}

export function payoutTiming(env: Env): PayoutTiming {
  const t = tunables(env);
  return {
    retryAfterMs: t.PAYOUT_RETRY_AFTER_MS,
    retryMaxMs: t.PAYOUT_RETRY_MAX_MS,
    keyReuseMs: t.PAYOUT_KEY_REUSE_MS,
    leaseMs: t.PAYOUT_ATTEMPT_LEASE_MS,
  };
}

/**
 * Runs one attempt if the wallet allows it now; returns the redemption as the wallet has
 * it afterwards (null when the wallet does not know it). The attempt begins at `clock()` and
 * its outcome is recorded at `clock()` read again, so a slow transfer does not shorten the
 * wait before a retry.
 */
export async function runPayoutAttempt(
  wallet: PayoutWallet,
  route: PayoutRoute,
  input: { userId: string; redemptionId: string },
  timing: PayoutTiming,
  logger: Logger,
  clock: () => number,
): Promise<Redemption | null> {
  const attempt = await wallet.beginPayoutAttempt(input.userId, { redemptionId: input.redemptionId, timing }, clock());
  if (!attempt.run) return attempt.redemption;
  const outcome = await route.send({
    userId: input.userId,
    redemption: attempt.redemption,
    idempotencyKey: attempt.idempotencyKey,
    listFirst: attempt.listFirst,
    retry: attempt.retry,
    ...(attempt.adoptOnly
      ? { adoptOnly: attempt.adoptOnly }
      : {
          addressHold: (region: string) =>
            wallet.payoutAddressHold(
              input.userId,
              { redemptionId: input.redemptionId, region, idempotencyKey: attempt.idempotencyKey, listFirst: attempt.listFirst },
              clock(),
            ),
        }),
  });
  if (outcome.kind === "unknown") logger.warn("payout outcome unknown; will retry", input.redemptionId, outcome.reason);
  const finished = await wallet.finishPayoutAttempt(input.userId, { redemptionId: input.redemptionId, outcome, timing }, clock());
  if (finished.ok && finished.redemption.status === "paid" && route.afterSent) {
    try {
      await route.afterSent(finished.redemption, input.userId);
    } catch (err) {
      logger.warn("after-sent step failed", input.redemptionId, err);
    }
  }
  return finished.ok ? finished.redemption : attempt.redemption;
}

/**
 * The background retry: every pending payout whose retry is due gets one attempt over
 * the player's route. No route (no provider, no account) or a port that cannot answer:
 * nothing is sent, and the wallet looks again at its next wake. Each attempt is judged at
 * `clock()` when it begins, not when the loop began: a slow transfer before it must not
 * leave its lease already run out (another look could then send it again) or its key's
 * age misjudged.
 */
export async function retryDuePayouts(
  wallet: PayoutWallet,
  port: PayoutPort,
  input: { userId: string; due: readonly string[] },
  timing: PayoutTiming,
  logger: Logger,
  clock: () => number,
): Promise<void> {
  if (input.due.length === 0) return;
  try {
    const route = await port.routeFor(input.userId);
    if (!route) return;
    for (const redemptionId of input.due) {
      await runPayoutAttempt(wallet, route, { userId: input.userId, redemptionId }, timing, logger, clock);
    }
  } catch (err) {
    logger.warn("background payout retry could not run; will retry", err);
  }
}
