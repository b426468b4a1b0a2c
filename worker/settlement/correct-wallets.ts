// A correction (a game's score, or its players' statistics) reaches every wallet holding a
// bet on the game, a few at a time, each call re-grading once and moving only what changed;
// what moved adds up into the operator's answer. A wallet that fails leaves the correction
// pending, and asking again finishes it (each wallet's call is idempotent).
import { loggerFor } from "../logging/logger";
import type { CorrectionSummary } from "./wallet";

/** At most this many wallets per correction call; the rest wait for the call to be repeated. */
export const CORRECTION_MAX_WALLETS = 500;
const CONCURRENCY = 6;

/** What a correction moved across the wallets it reached, and whether some are still to do. */
export type CorrectionTally = {
  walletsCalled: number;
  walletErrors: number;
  betsChanged: number;
  takenBack: { coins: number; cash: number };
  owed: { coins: number; cash: number };
  paid: { coins: number; cash: number };
  pending: boolean;
};

export function emptyTally(): CorrectionTally {
  return {
    walletsCalled: 0,
    walletErrors: 0,
    betsChanged: 0,
    takenBack: { coins: 0, cash: 0 },
    owed: { coins: 0, cash: 0 },
    paid: { coins: 0, cash: 0 },
    pending: false,
  };
}

/**
 * Calls `correct` for each of `userIds` (the first CORRECTION_MAX_WALLETS; more leaves the
 * tally pending), CONCURRENCY at a time, adding each summary to `tally`. `what` names the
 * correction in the log line of a wallet that failed.
 */
export async function correctWallets(
  env: Env,
  userIds: readonly string[],
  tally: CorrectionTally,
  correct: (userId: string) => Promise<CorrectionSummary>,
  what: string,
): Promise<void> {
  const batch = userIds.slice(0, CORRECTION_MAX_WALLETS);
  if (userIds.length > batch.length) tally.pending = true;
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const userId = batch[next++]!;
      tally.walletsCalled += 1;
      try {
        const summary = await correct(userId);
        tally.betsChanged += summary.betsChanged;
        for (const wallet of ["coins", "cash"] as const) {
          tally.takenBack[wallet] += summary.takenBack[wallet];
          tally.owed[wallet] += summary.owed[wallet];
          tally.paid[wallet] += summary.paid[wallet];
        }
      } catch (err) {
        tally.walletErrors += 1;
        tally.pending = true;
        loggerFor(env).warn(`${what}: wallet ${userId} failed`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
}
