// Prices an open bet's remaining legs for cash-out against the board players see, by the
// same rules as placing a bet (worker/bets/price-slip.ts): every open leg's game must be
// on the board with its market offered at the leg's line, the feed's copy fresh (a game
// under way only at a price confirmed within LIVE_PRICE_MAX_AGE_SECONDS), and the live
// rules of the price desk must offer the game (the book's clock, a score change, the
// close window, a game that is over). A leg on a game they hold back, in any of its
// markets, suspends the offer with the game's reason (409 `cash-out-suspended`); a leg
// without a fair price (too few books, a line that moved) makes it unavailable (409
// `cash-out-unavailable`). A same-game block is priced from its game's model at the
// current prices, and only before the game starts (after that, 409 `cash-out-unavailable`
// with a sentence); an anytime goalscorer in it counts at his fair chance now. An open
// player's market (a Prop) takes its side's fair probability from the game's current props,
// the same prop at the same line (worker/bets/price-props.ts), and only before the game
// starts (props are pre-match; after that, unavailable with a sentence saying so); without
// one (the market is gone, the line moved) the offer is unavailable, and with the side's
// offered price locked it is suspended. What comes back is
// what each open leg counts as now, each open block's chance now, and the sports of the legs
// under way. An open leg counts at its fair probability, capped at the chance the house's
// own price for the side implies now (`cashOutChance`), so a side priced better than fair
// is never a bet to cash out at once for a profit.
import { cashOutChance } from "../../src/shared/cash-out";
import { fairSideOf } from "../../src/shared/fair-odds";
import { chanceOfBlock, scoreGrid, scorerShare } from "../../src/shared/game-model";
import { gameSuspension, isUnderway, legName, suspensionSentence } from "../../src/shared/live-rules";
import type { BetDocument, SameGameBlock } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { GameModel } from "../../src/shared/schemas/game-model";
import type { SportKey } from "../../src/shared/sports";
import { legSelection, propFairP, propOfferedPriceAm, propsOnce, type PropsLoader } from "../bets/price-props";
import { currentPrice, liveUnconfirmed, loadBoards, ODDS_STALE_MESSAGE, type EventsLoader } from "../bets/price-slip";
import { ApiError } from "../http/api-error";

/** What each open leg counts as now (by leg index: cashOutChance), each open same-game block's chance now (by block index). */
export type PricedLegs = { legChance: Record<number, number>; blockChance: Record<number, number>; liveSports: SportKey[] };
export const CASH_OUT_SAME_GAME_STARTED_MESSAGE = "Cash-out isn’t available on a same-game parlay once its game has started.";
/** Followed by the leg's name and a full stop. */
export const CASH_OUT_PROP_STARTED_MESSAGE = "Cash-out isn’t available on a player prop once its game has started:";

export const CASH_OUT_SUSPENDED_MESSAGE = "Cash-out is suspended right now.";
export const CASH_OUT_UNAVAILABLE_MESSAGE = "Cash-out is not available for this bet right now.";

/** Whether a game is past its start: under way by the clock, or no longer listed as scheduled. Blocks and props are pre-match only. */
const hasStarted = (event: Event, feedNow: number) => isUnderway(event, feedNow) || event.status !== "scheduled";

/** Prices every open leg of `bet` on the boards `load` and the props `loadProps` give at `now`; throws the 409s described above. */
export async function priceOpenLegs(
  bet: BetDocument,
  load: EventsLoader,
  rules: { now: number; liveMaxAgeMs: number },
  loadProps: PropsLoader,
): Promise<PricedLegs> {
  const propsOf = propsOnce(loadProps);
  /** A block's anytime goalscorer with his share fitted to his fair chance now on the game's model now; null when he has none. */
  const scorerNow = async (scorer: NonNullable<SameGameBlock["scorer"]>, model: GameModel) => {
    const leg = bet.legs[scorer.leg]!;
    const selection = legSelection(leg);
    const pScores = selection ? propFairP(await propsOf(leg.league, leg.eventId), selection) : null;
    const share = pScores === null ? null : scorerShare(scoreGrid(model), scorer.team, pScores);
    return share === null ? null : { ...scorer, share };
  };
  const open = bet.legs.map((leg, index) => ({ leg, index })).filter(({ index }) => (bet.legResults[index] ?? null) === null);
  // A sport the feed no longer carries has an empty board: nothing to cash out at.
  const boards = await loadBoards([...new Set(open.map(({ leg }) => leg.league))], load, rules.now);
  const legChance: Record<number, number> = {};
  const blockChance: Record<number, number> = {};
  const liveSports = new Set<SportKey>();
  const inBlock = new Set((bet.sameGame ?? []).flatMap((b) => b.legs));
  for (const [blockIndex, block] of (bet.sameGame ?? []).entries()) {
    if (block.legs.some((i) => (bet.legResults[i] ?? null) !== null)) continue;
    const board = boards.get(bet.legs[block.legs[0]!]!.league);
    const event = board?.events.find((e) => e.eventId === block.eventId);
    if (!board || !event) throw new ApiError(409, "cash-out-unavailable", `${CASH_OUT_UNAVAILABLE_MESSAGE} The game is not on the board.`);
    if (board.stale) throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
    if (hasStarted(event, board.feedNow)) {
      throw new ApiError(409, "cash-out-unavailable", CASH_OUT_SAME_GAME_STARTED_MESSAGE);
    }
    const model = event.sameGame?.model;
    const scorer = model && block.scorer ? await scorerNow(block.scorer, model) : undefined;
    const chance = model && scorer !== null ? chanceOfBlock(model, bet.legs, block.legs, scorer) : 0;
    if (!(chance > 0)) {
      throw new ApiError(
        409,
        "cash-out-unavailable",
        `${CASH_OUT_UNAVAILABLE_MESSAGE} The game has no fair price for its picks together now.`,
      );
    }
    blockChance[blockIndex] = chance;
  }
  for (const { leg, index } of open) {
    if (inBlock.has(index)) continue;
    const board = boards.get(leg.league)!;
    const event = board.events.find((e) => e.eventId === leg.eventId);
    const name = legName(leg);
    if (!event) throw new ApiError(409, "cash-out-unavailable", `${CASH_OUT_UNAVAILABLE_MESSAGE} ${name} is not on the board.`);
    if (leg.market === "Prop") {
      if (hasStarted(event, board.feedNow)) {
        throw new ApiError(409, "cash-out-unavailable", `${CASH_OUT_PROP_STARTED_MESSAGE} ${name}.`);
      }
      const selection = legSelection(leg);
      const props = await propsOf(leg.league, leg.eventId);
      const fairP = selection ? propFairP(props, selection) : null;
      if (selection === null || fairP === null) {
        throw new ApiError(409, "cash-out-unavailable", `${CASH_OUT_UNAVAILABLE_MESSAGE} ${name} has no fair price now.`);
      }
      // A side the game page shows locked (its offered price gone or too long) has no cap to
      // count at, so it suspends the offer as a locked game line does.
      const offered = propOfferedPriceAm(props, selection);
      if (offered === null) {
        throw new ApiError(409, "cash-out-suspended", `${CASH_OUT_SUSPENDED_MESSAGE} ${name} is locked.`, {
          leg: { eventId: leg.eventId, market: leg.market, side: leg.side, reason: null },
        });
      }
      legChance[index] = cashOutChance(fairP, offered);
      continue;
    }
    const price = currentPrice(event, leg);
    if (price.locked || price.priceAm === null) {
      const reason = event.status === "final" ? "over" : gameSuspension(event);
      const sentence = reason ? suspensionSentence(name, reason) : `${name} is locked.`;
      throw new ApiError(409, "cash-out-suspended", `${CASH_OUT_SUSPENDED_MESSAGE} ${sentence}`, {
        leg: { eventId: leg.eventId, market: leg.market, side: leg.side, reason },
      });
    }
    if (board.stale) throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
    if (liveUnconfirmed(event, board.feedNow, rules)) throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
    const fair = price.line === leg.line ? fairSideOf(event, leg) : null;
    if (!fair) throw new ApiError(409, "cash-out-unavailable", `${CASH_OUT_UNAVAILABLE_MESSAGE} ${name} has no fair price now.`);
    legChance[index] = cashOutChance(fair.p, price.priceAm);
    if (isUnderway(event, board.feedNow)) liveSports.add(leg.league);
  }
  return { legChance, blockChance, liveSports: [...liveSports] };
}
