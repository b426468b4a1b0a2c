// A correction (a game's score, or its players' statistics) reaches every wallet holding a
// bet on the game, a few at a time, each call re-grading once and moving only what changed;
// what moved adds up into the operator's answer. The wallets are taken in the order of their
// user id, CORRECTION_WALLETS_PER_CALL per call; D1 `correction_progress` keeps, per
// correction, the last wallet before which every wallet was re-graded, so sending the same
// correction again goes on from there (a wallet that failed is tried again, and the ones
// after it, whose calls are idempotent). The answer stays `pending` until a call reaches the
// last wallet with none failing; the next call after that starts over from the first, finding
// nothing left to move (or a bet whose row reached D1 after the pass went by).
import { tunables } from "../tunables";
import { loggerFor } from "../logging/logger";
import type { CorrectionSummary } from "./wallet";

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
 * Re-grades, with `correct`, the next CORRECTION_WALLETS_PER_CALL wallets of the correction
 * `reference` (`holders(after, limit)`: the game's holders with a user id after `after`, in
 * order), CONCURRENCY at a time, adding each summary to `tally`, and records how far it got.
 */
export async function correctWallets(
  env: Env,
  reference: string,
  holders: (after: string, limit: number) => Promise<string[]>,
  tally: CorrectionTally,
  correct: (userId: string) => Promise<CorrectionSummary>,
  now: number,
): Promise<void> {
  const perCall = tunables(env).CORRECTION_WALLETS_PER_CALL;
  const progress = await env.DB.prepare("SELECT after_user_id FROM correction_progress WHERE reference = ?")
    .bind(reference)
    .first<{ after_user_id: string }>();
  const after = progress?.after_user_id ?? "";
  const found = await holders(after, perCall + 1);
  const batch = found.slice(0, perCall);
  if (found.length > batch.length) tally.pending = true;
  const failed = new Set<string>();
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
        failed.add(userId);
        loggerFor(env).warn(`correction ${reference}: wallet ${userId} failed`, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, batch.length) }, worker));
  if (!tally.pending) {
    // Every wallet reached: a later call starts over (a bet whose row reached D1 late is found then).
    await env.DB.prepare("DELETE FROM correction_progress WHERE reference = ?").bind(reference).run();
    return;
  }
  // Every wallet up to the first that failed is done: the next call starts after the last of them.
  const firstFailed = batch.findIndex((userId) => failed.has(userId));
  const done = firstFailed === -1 ? batch : batch.slice(0, firstFailed);
  const reached = done.at(-1);
  if (reached === undefined) return;
  await env.DB.prepare(
    `INSERT INTO correction_progress (reference, after_user_id, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (reference) DO UPDATE SET after_user_id = excluded.after_user_id, updated_at = excluded.updated_at
     WHERE excluded.after_user_id > correction_progress.after_user_id`,
  )
    .bind(reference, reached, now)
    .run();
}
