// A correction (a game's score, or its players' statistics) reaches every wallet holding a
// bet on the game, a few at a time, each call re-grading once and moving only what changed;
// what moved adds up into the operator's answer. The wallets are taken in the order of their
// user id, CORRECTION_WALLETS_PER_CALL per call; D1 `correction_progress` keeps, per
// correction, the last wallet a call reached and the wallets that failed, so the next call (the
// same correction sent again, or the scheduled run) tries those first and then goes on (each
// wallet's call is idempotent): one wallet that keeps failing holds back nobody after it. The
// row is first written, not started, in the very batch that records the correction
// (correctionRecordedStatement): a call that fails between recording the correction and
// reaching its wallets leaves it to the scheduled run (continuePendingCorrections) instead of
// to nobody. The answer stays `pending` until the last wallet is reached and none is left
// failed; the next call after that starts over from the first, finding nothing left to move
// (or a bet whose row reached D1 after the pass went by).
import { tunables } from "../tunables";
import { type Logger, loggerFor } from "../logging/logger";
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
 * The progress row of a correction no call has started (cursor '' and no failures: to
 * correctWallets, the same as no row), for the batch that records the correction, right
 * after the statement that records it: written only if that statement changed a row, and
 * then changing one itself (an old row of the same reference starts over), so an
 * `afterChange` statement after it still means "the correction was recorded".
 */
export function correctionRecordedStatement(db: D1Database, reference: string, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO correction_progress (reference, after_user_id, failed_json, updated_at) SELECT ?, '', '[]', ? WHERE changes() = 1
       ON CONFLICT (reference) DO UPDATE SET after_user_id = '', failed_json = '[]', updated_at = excluded.updated_at`,
    )
    .bind(reference, now);
}

/** The wallets a correction call left failed, tried first by the next call; past this many, the rest wait their turn. */
const MAX_KEPT_FAILURES = 5_000;

/**
 * Re-grades, with `correct`, the wallets the correction `reference` left failed and then the
 * next of the game's holders (`holders(after, limit)`: user ids after `after`, in order), at
 * most CORRECTION_WALLETS_PER_CALL in all, CONCURRENCY at a time, adding each summary to
 * `tally`, and records how far it got and which wallets failed.
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
  const progress = await env.DB.prepare("SELECT after_user_id, failed_json FROM correction_progress WHERE reference = ?")
    .bind(reference)
    .first<{ after_user_id: string; failed_json: string }>();
  const after = progress?.after_user_id ?? "";
  const keptFailures = progress ? (JSON.parse(progress.failed_json) as string[]) : [];
  const retry = keptFailures.slice(0, perCall);
  const leftOver = keptFailures.slice(retry.length);
  const room = perCall - retry.length;
  const found = room > 0 ? await holders(after, room + 1) : [];
  const fresh = found.slice(0, room);
  // More holders after these, failures still waiting, or no room this call to look for more.
  if (found.length > fresh.length || leftOver.length > 0 || room === 0) tally.pending = true;
  const batch = [...retry, ...fresh];
  const failed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < batch.length) {
      const userId = batch[next++]!;
      tally.walletsCalled += 1;
      try {
        const summary = await correct(userId);
        // Expected when a newer correction overtook this one; otherwise (numbers restarted) an operator should look.
        if (summary.superseded) loggerFor(env).warn(`correction ${reference}: wallet ${userId} has a newer correction; nothing changed`);
        tally.betsChanged += summary.betsChanged;
        for (const wallet of ["coins", "cash"] as const) {
          tally.takenBack[wallet] += summary.takenBack[wallet];
          tally.owed[wallet] += summary.owed[wallet];
          tally.paid[wallet] += summary.paid[wallet];
        }
      } catch (err) {
        tally.walletErrors += 1;
        tally.pending = true;
        failed.push(userId);
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
  // The cursor passes every holder this call reached; the ones that failed are tried first next time.
  const stillFailed = [...failed, ...leftOver].slice(0, MAX_KEPT_FAILURES);
  await env.DB.prepare(
    `INSERT INTO correction_progress (reference, after_user_id, failed_json, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (reference) DO UPDATE SET after_user_id = excluded.after_user_id, failed_json = excluded.failed_json,
       updated_at = excluded.updated_at`,
  )
    .bind(reference, fresh.at(-1) ?? after, JSON.stringify(stillFailed), now)
    .run();
}

/** What going on with a pending correction found: its next wallets re-graded, or a newer correction (`replacedBy`) in its place. */
export type CorrectionContinued = { continued: true } | { replacedBy: string };

/**
 * The scheduled run's part: every correction under `prefix` (references
 * `<prefix><event id>:<number>`) a call left pending or never got to (its row in D1
 * `correction_progress`) goes on by one page of wallets, the least lately continued first,
 * through `next(eventId, number, tally)`: exactly as the same correction sent again would.
 * One `next` finds replaced by a newer correction of the game is dropped: the newer one's own
 * pass re-grades every holder from the first, and what it replaced must reach no wallet it
 * has not reached. One that fails is logged and holds back none of the others; the next run
 * tries it again.
 */
export async function continuePendingCorrections(
  env: Env,
  prefix: string,
  next: (eventId: string, number: string, tally: CorrectionTally) => Promise<CorrectionContinued>,
  log: Logger,
): Promise<void> {
  const db = env.DB;
  const { results } = await db
    .prepare("SELECT reference FROM correction_progress WHERE substr(reference, 1, ?) = ? ORDER BY updated_at, reference")
    .bind(prefix.length, prefix)
    .all<{ reference: string }>();
  for (const { reference } of results) {
    // The event id itself may hold a colon, the number never does.
    const rest = reference.slice(prefix.length);
    const eventId = rest.slice(0, rest.lastIndexOf(":"));
    const number = rest.slice(rest.lastIndexOf(":") + 1);
    try {
      const tally = emptyTally();
      const continued = await next(eventId, number, tally);
      if ("replacedBy" in continued) {
        await db.prepare("DELETE FROM correction_progress WHERE reference = ?").bind(reference).run();
        log.info(`settlement: ${reference} replaced by ${continued.replacedBy}; not continued`);
        continue;
      }
      log.info(
        `settlement: ${reference} continued: wallets=${tally.walletsCalled} errors=${tally.walletErrors}` +
          ` betsChanged=${tally.betsChanged} pending=${tally.pending}`,
      );
    } catch (err) {
      log.warn(`settlement: ${reference} not continued; the next run tries again`, err);
    }
  }
}
