// The cash-out path's side of the exposure objects: giving back a share of a bet takes its
// stake off the other selections of its markets, so it can push one of them past the house's
// limit (a bet on the other side is taken past the limit because it lowers the house's worst
// case; cashing it out takes that away again). Before the wallet pays a cash-out, each game
// the bet still has open picks on holds the share (in parallel, one call per game) and
// refuses it past the limit, as a placement's reservation is (reserve.ts). The wallet's
// outbox confirms the holds with the bet (relay.ts); when the wallet does not take the
// cash-out, the route releases them. A game that refuses refuses the cash-out, and the
// holds other games made are released. The refusal names the largest share that fits, or
// the market the house has suspended (nothing is bought back on it until it reopens).
//
// Whether a cash-out would raise a selection near the limit depends on the other players'
// bets in the game, never on the bet alone: every cash-out asks.
import { openStake } from "../../src/shared/bet-outcome";
import type { Refusal } from "../../src/shared/refusals";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { Tunables } from "../tunables";
import type { CashOutHoldAnswer, GameRef } from "./game-exposure-object";
import { type OpenPart, openPartOn } from "./open-part";
import { askEveryGame, exposureObject, gameName, gameOf } from "./reserve";

export type CashOutExposureHold =
  | { ok: true; release(): Promise<void> }
  | Extract<Refusal, { code: "cash-out-exposure-limit" | "cash-out-suspended-by-house" | "cash-out-unavailable" }>;

/** The games a bet still has open picks on, with what is open of it there. */
function openGames(bet: BetDocument): { game: GameRef; open: OpenPart }[] {
  const games = new Map<string, { game: GameRef; open: OpenPart }>();
  for (const leg of bet.legs) {
    const name = gameName(leg.league, leg.eventId);
    if (games.has(name)) continue;
    const open = openPartOn(bet, leg.eventId);
    if (open) games.set(name, { game: gameOf(leg), open });
  }
  return [...games.values()];
}

/**
 * Holds `share` (minor units) of the bet's open stake on every game it has open picks on,
 * for a cash-out its wallet is about to take; a refusal releases what other games held.
 */
export async function holdCashOutExposure(
  env: Env,
  rules: Tunables,
  bet: BetDocument,
  share: number,
  now: number,
): Promise<CashOutExposureHold> {
  const limit = bet.wallet === "cash" ? rules.MAX_CASH_EXPOSURE_CENTS : rules.MAX_COINS_EXPOSURE;
  // Its own id, so a cash-out sent twice holds twice (the one the wallet refuses is released).
  const holdId = `cash-out:${crypto.randomUUID()}`;
  const stakeAfter = openStake(bet) - share;
  const games = openGames(bet);
  const stubs = games.map(({ game }) => exposureObject(env, game.sport, game.eventId));
  const answers = await askEveryGame<CashOutHoldAnswer>(
    games.map(
      ({ game, open }, i) =>
        () =>
          stubs[i]!.holdCashOut(
            { holdId, game, betId: bet.id, currency: bet.wallet, picks: open.picks, labels: open.labels, share, stakeAfter, limit },
            now,
          ),
    ),
    (i) => stubs[i]!.release(holdId),
  );
  const release = () => Promise.all(stubs.map((stub, i) => (answers[i]?.ok ? stub.release(holdId) : undefined))).then(() => {});
  const refused = answers.find((a) => !a.ok);
  if (refused && !refused.ok) {
    await release();
    // A game that could not judge the cash-out refuses it whatever the others said.
    if (answers.some((a) => !a.ok && a.code === "book-unread")) return { ok: false, code: "cash-out-unavailable" };
    const suspended = answers.find((a) => !a.ok && a.code === "suspended-by-house");
    if (suspended && !suspended.ok && suspended.code === "suspended-by-house") {
      return { ok: false, code: "cash-out-suspended-by-house", details: { market: suspended.market } };
    }
    const limited = answers.flatMap((a) => (!a.ok && a.code === "exposure-limit" ? [a] : []));
    const largestStake = Math.min(...limited.map((a) => a.largestShare));
    const market = limited.find((a) => a.largestShare === largestStake)?.market ?? "";
    return { ok: false, code: "cash-out-exposure-limit", details: { wallet: bet.wallet, largestStake, market } };
  }
  return { ok: true, release };
}
