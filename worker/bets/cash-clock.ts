// Vantage Cash's price clock, and who may make it cost a feed call. A Vantage Cash slip,
// and a Vantage Cash bet's cash-out quote and accept, are priced only on boards and props
// fetched at most PREMATCH_CASH_PRICE_MAX_AGE_SECONDS ago; an older copy makes the desk
// fetch a younger one from the paid feed. Were that asked before anything else, anyone
// could buy a board call per sport (and a props call per game) every two minutes with
// slips that are refused anyway (no Vantage Cash, a game we do not list), keeping the
// worst case running with no bets behind it until the credits fell to where live
// refreshes stop.
//
// So a younger copy is fetched only for a slip or cash-out that could really be taken:
// 1. it is priced first on the copies kept, on their own clocks (the board's 10 minutes,
//    PROP_REFRESH_SECONDS), which costs no call beyond what any reader of the board makes;
//    any refusal there (a game not listed or over, a side locked, a price moved) is the
//    answer, as it would have been;
// 2. the route's own check passes (a slip: the player's Vantage Cash covers its stake, a
//    read of the wallet, the real check staying in the wallet's transaction; a cash-out:
//    the quote would be offered);
// 3. only then, if a copy it was priced on is older than the max age, it is priced again
//    at the max age, and the desk fetches what is too old, unless the cash clock's guard
//    is up (credits below twice FEED_CREDIT_RESERVE: worker/odds/odds-service.ts).
// Copies already young enough need no second pass: the first one is the answer.
import { fetchedWithin } from "../odds/price-desk/desk-board";

/** How one pricing pass reads boards and props: at `maxAgeMs` (none: the copies kept, on their own clocks). */
export type ClockedReads = {
  maxAgeMs: number | undefined;
  /** Told each copy's fetch time as it is read (null: no copy, so nothing too old). */
  fetched(at: number | null): void;
};

/**
 * Prices with `price` on the copies kept and, for a read with a max age whose copies were
 * older, after `beforeYounger` accepts what they priced, again on younger ones (see the
 * module comment). Whatever either pass or `beforeYounger` throws is the answer.
 */
export async function priceOnCashClock<T>(
  clock: { now: number; maxAgeMs: number | undefined },
  price: (reads: ClockedReads) => Promise<T>,
  beforeYounger: (kept: T) => Promise<void>,
): Promise<T> {
  const seen = { oldest: Number.POSITIVE_INFINITY };
  const kept = await price({
    maxAgeMs: undefined,
    fetched: (at) => {
      if (at !== null) seen.oldest = Math.min(seen.oldest, at);
    },
  });
  if (fetchedWithin({ fetchedAt: seen.oldest }, clock.now, clock.maxAgeMs)) return kept;
  await beforeYounger(kept);
  return price({ maxAgeMs: clock.maxAgeMs, fetched: () => undefined });
}
