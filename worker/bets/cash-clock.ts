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
// 2. the route's own check passes (a cash-out: the kept copies would quote it);
// 3. the player's wallet allows it, in one transaction (`allowEarlyFetch`,
//    worker/bets/in-wallet.ts): a slip would pass every check placing it makes (the
//    balance covers it, the house's limits, and the player's gates: a freeze, the region,
//    age, a break, stake, time and loss limits, a reality check due), or a cash-out's bet is
//    open and its gate passes; and the player's budget of CASH_CLOCK_FETCHES_PER_HOUR has
//    room for the copies that are too old (each sport's board, each game's props), which it
//    takes. Any refusal there is the answer (the real reason, no feed call); a budget spent
//    is a 409 odds-stale, as when no younger copy can be had;
// 4. only then it is priced again at the max age, and the desk fetches what is too old,
//    unless the cash clock's guard is up (credits below twice FEED_CREDIT_RESERVE:
//    worker/odds/odds-service.ts).
// The budget bounds what the checks cannot: a cash-out quote need never be accepted, so
// without it one small open bet over eight sports, quoted every two minutes, would buy
// eight boards each time for as long as it stayed open. With it no player can make the
// feed spend more than CASH_CLOCK_FETCHES_PER_HOUR calls an hour. Copies already young
// enough need no second pass and cost the budget nothing: the first pass is the answer.
import type { PlayContext } from "../../src/shared/protection";
import { ApiError } from "../http/api-error";
import { refusalError } from "../http/refusals";
import { fetchedWithin } from "../odds/price-desk/desk-board";
import { ODDS_STALE_MESSAGE } from "./price-slip";
import { betsWallet, type EarlyFetchAsk } from "./wallet";

/** How one pricing pass reads boards and props: at `maxAgeMs` (none: the copies kept, on their own clocks). */
export type ClockedReads = {
  maxAgeMs: number | undefined;
  /**
   * Told each copy's fetch time as it is read, by what it is a copy of (a sport's board, a
   * game's props); null: no copy, so nothing too old.
   */
  fetched(copy: string, at: number | null): void;
};

/**
 * Prices with `price` on the copies kept and, for a read with a max age some of whose
 * copies were older, after `beforeYounger` accepts what they priced and how many copies are
 * too old, again on younger ones (see the module comment). Whatever either pass or
 * `beforeYounger` throws is the answer.
 */
export async function priceOnCashClock<T>(
  clock: { now: number; maxAgeMs: number | undefined },
  price: (reads: ClockedReads) => Promise<T>,
  beforeYounger: (kept: T, copies: number) => Promise<void>,
): Promise<T> {
  const tooOld = new Set<string>();
  const kept = await price({
    maxAgeMs: undefined,
    fetched: (copy, at) => {
      if (at !== null && !fetchedWithin({ fetchedAt: at }, clock.now, clock.maxAgeMs)) tooOld.add(copy);
    },
  });
  if (tooOld.size === 0) return kept;
  await beforeYounger(kept, tooOld.size);
  return price({ maxAgeMs: clock.maxAgeMs, fetched: () => undefined });
}

/**
 * Asks the player's wallet whether younger copies may be fetched for `ask` now (step 3 of
 * the module comment), taking them from the player's budget; throws its refusal as placing
 * or cashing out would, and a budget spent as a 409 odds-stale.
 */
export async function allowEarlyFetch(env: Env, userId: string, ask: EarlyFetchAsk, now: number, play: PlayContext): Promise<void> {
  const answer = await betsWallet(env, userId).allowEarlyFetch(userId, ask, now, play);
  if (answer.ok) return;
  if (answer.code === "early-fetches-spent") throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
  throw refusalError(answer);
}
