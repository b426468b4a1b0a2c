// Re-prices a place-bet request against the current odds before any money moves. The
// client's prices, lines and lock state are never trusted: every pick is looked up in
// the board's own cached odds (the same data the player sees), and the slip is refused
// when a game is gone or finished, a market is locked, the slip combines picks the
// toggling rules forbid, or a price or line moved (409 with the current prices, so the
// slip can update and ask the player again). Games already under way are accepted only
// at a price we fetched within LIVE_PRICE_MAX_AGE_SECONDS (else 409 `odds-stale`, never
// accepted on the old one; a Vantage Cash slip's boards and props come at most
// PREMATCH_CASH_PRICE_MAX_AGE_SECONDS old from the loaders, bets-routes.ts, or `stale`),
// and only while the live rules offer the game: a leg on a game
// the board shows suspended or closed (the book's clock, a score change, the close window,
// a game that is over, in any of its markets) is a 409 `market-suspended` naming that leg,
// whichever market it is on, by the rule the card locks it with (gameSuspension); finished
// games are not accepted at all. A Parlay's picks on one game are priced together from the
// game's score model (src/shared/same-game.ts): refused with a sentence when they cannot
// all win, the game has no model or has started, and a 409 `price-changed` when the
// block's price moved. A player's market (a Prop) is priced from its game's current props
// instead (price-props.ts, pre-match only; only an anytime goalscorer may join a block), and
// a bet with one in it may pay at most PROP_MAX_PAYOUT_* (400 `prop-payout-above-maximum`).
import { checkSelections, findSlipConflict, MESSAGES } from "../../src/shared/betslip";
import { fairSideOf } from "../../src/shared/fair-odds";
import { gameSuspension, isUnderway, legName, suspensionSentence } from "../../src/shared/live-rules";
import type { Event } from "../../src/shared/schemas/events";
import { quoteSameGame } from "../../src/shared/same-game";
import type {
  BetLeg,
  CurrentPickPrice,
  CurrentSameGamePrice,
  PlaceBetPick,
  PlaceBetRequest,
  SameGameBlock,
} from "../../src/shared/schemas/bets";
import type { SportKey } from "../../src/shared/sports";
import type { Prop } from "../../src/shared/schemas/props";
import { ApiError } from "../http/api-error";
import { refusalError } from "../http/refusals";
import {
  currentPropPrice,
  propLeg,
  propPayoutRefusal,
  propPickProblem,
  propsOnce,
  scorerOf,
  type PropPayoutCaps,
  type PropsLoader,
} from "./price-props";

/** The current board odds of one sport (`stale` when the feed failed and a copy is served) and the feed's clock. */
export type SportBoard = { events: Event[]; stale: boolean; feedNow: number };
export type EventsLoader = (sport: SportKey) => Promise<SportBoard>;

export type PriceRules = {
  /** When the slip is accepted (the Worker's clock, as `confirmedAt`). */
  now: number;
  /** The oldest confirmation a price of a game under way may have. */
  liveMaxAgeMs: number;
  /** The most a bet with a Prop leg may pay, per wallet (PROP_MAX_PAYOUT_COINS / PROP_MAX_PAYOUT_CASH_CENTS). */
  propMaxPayout: PropPayoutCaps;
};

/**
 * The legs to write, a Parlay's same-game blocks (priced together from each game's model),
 * and the sports of the slip's games under way (a live-bet delay applies to them).
 */
export type PricedSlip = { legs: BetLeg[]; sameGame: SameGameBlock[]; liveSports: SportKey[] };

export const PRICE_CHANGED_MESSAGE = "Odds changed for one or more selections. Review your betslip and place again.";
export const ODDS_STALE_MESSAGE = "Live odds are updating right now. Please try again in a moment.";

/**
 * A game's props for pricing a bet or a cash-out: refused as stale odds (409) when the desk
 * serves a copy past its time (the props guard, a failed feed) or, for Vantage Cash, older
 * than PREMATCH_CASH_PRICE_MAX_AGE_SECONDS, as a stale board is.
 */
export function propsToPrice(answer: { props: readonly Prop[]; stale?: true }): readonly Prop[] {
  if (answer.stale) throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
  return answer.props;
}

/** The boards of `sports`; a sport the feed does not carry has no open markets (an empty board). */
export async function loadBoards(sports: readonly SportKey[], load: EventsLoader, now: number): Promise<Map<SportKey, SportBoard>> {
  const boards = new Map<SportKey, SportBoard>();
  await Promise.all(
    sports.map(async (sport) => {
      try {
        boards.set(sport, await load(sport));
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) boards.set(sport, { events: [], stale: false, feedNow: now });
        else throw err;
      }
    }),
  );
  return boards;
}

/** Whether a game under way has no price confirmed within `liveMaxAgeMs` of `now` (its bets wait: 409 odds-stale). */
export function liveUnconfirmed(event: Event, feedNow: number, rules: Pick<PriceRules, "now" | "liveMaxAgeMs">): boolean {
  return isUnderway(event, feedNow) && rules.now - (event.confirmedAt ?? 0) > rules.liveMaxAgeMs;
}

/** The price and line a pick would get now; locked when the market is closed or gone, or its game suspended. */
export function currentPrice(event: Event | undefined, pick: Pick<PlaceBetPick, "eventId" | "market" | "side">): CurrentPickPrice {
  const base = { eventId: pick.eventId, market: pick.market, side: pick.side };
  const locked = { ...base, priceAm: null, line: null, locked: true };
  // A player's market is priced from the game's props, not the board.
  if (!event || event.status === "final" || gameSuspension(event) || pick.market === "Prop") return locked;
  const { moneyline, spread, total } = event.markets;
  let priceAm: number | null | undefined;
  let line: number | null = null;
  if (pick.market === "Moneyline") {
    if (pick.side === "Home") priceAm = moneyline?.home;
    else if (pick.side === "Away") priceAm = moneyline?.away;
    // Only a 3-way moneyline (soccer) has a draw price; elsewhere a Draw pick is locked.
    else if (pick.side === "Draw") priceAm = moneyline?.draw;
  } else if (pick.market === "Spread") {
    const homeLine = spread?.line ?? null;
    if (homeLine === null) return locked;
    if (pick.side === "Home") [priceAm, line] = [spread?.home, homeLine];
    else if (pick.side === "Away") [priceAm, line] = [spread?.away, homeLine === 0 ? 0 : -homeLine];
  } else {
    if (total?.line === null || total?.line === undefined) return locked;
    line = total.line;
    if (pick.side === "Over") priceAm = total.over;
    else if (pick.side === "Under") priceAm = total.under;
  }
  if (priceAm === null || priceAm === undefined) return locked;
  return { ...base, priceAm, line, locked: false };
}

/**
 * The 409 `market-suspended` of the first leg on a game the board shows suspended or
 * closed: the spec's 'One or more selections are locked.' and one sentence naming the leg
 * and the game's reason; details carry every pick's current price and the leg. Null when
 * no locked leg is.
 */
function suspendedLeg(
  request: PlaceBetRequest,
  found: readonly (Event | undefined)[],
  current: readonly CurrentPickPrice[],
): ApiError | null {
  for (const [i, pick] of request.picks.entries()) {
    const event = found[i];
    const reason = event ? gameSuspension(event) : null;
    // A Prop is pre-match only: on a game the live rules hold back it is simply locked.
    if (!event || !reason || !current[i]!.locked || pick.market === "Prop") continue;
    const leg = legName({ market: pick.market, side: pick.side, line: pick.line, home: event.home, away: event.away });
    return new ApiError(409, "market-suspended", `${MESSAGES.locked} ${suspensionSentence(leg, reason)}`, {
      picks: current,
      leg: { eventId: pick.eventId, market: pick.market, side: pick.side, reason },
    });
  }
  return null;
}

/**
 * Checks the request against the current odds (the board's, and each Prop's game's props
 * from `loadProps`, read once per game) and returns the legs to write, priced and lined as
 * they are right now. Throws ApiError: 400 for the spec checks that need no wallet (with
 * the spec's messages), for forbidden combinations, for a Prop pick that does not fit its
 * market and for a bet with a Prop paying above its cap; 409 `price-changed`
 * (details: every pick's current price) when anything moved; 409 `odds-stale` while the
 * feed is down and only an old copy exists, or a game under way has no recently
 * confirmed price; 409 `market-suspended` for a live leg the live rules refuse.
 */
export async function priceSlip(
  request: PlaceBetRequest,
  load: EventsLoader,
  rules: PriceRules,
  loadProps: PropsLoader,
): Promise<PricedSlip> {
  const misfit = request.picks.map(propPickProblem).find((problem) => problem !== null);
  if (misfit) throw new ApiError(400, "invalid-prop-pick", misfit);

  const propsOf = propsOnce(loadProps);
  // A sport the feed does not carry has an empty board: its picks count as locked.
  const [boards, props] = await Promise.all([
    loadBoards([...new Set(request.picks.map((p) => p.league))], load, rules.now),
    Promise.all(request.picks.map((pick) => (pick.market === "Prop" ? propsOf(pick.league, pick.eventId) : []))),
  ]);

  const found = request.picks.map((pick) => boards.get(pick.league)?.events.find((e) => e.eventId === pick.eventId));
  // Props are pre-match: a game the board shows under way offers none, whatever start the props copy kept.
  const propsNow = (i: number) => {
    const event = found[i];
    const feedNow = boards.get(request.picks[i]!.league)?.feedNow;
    return event && feedNow !== undefined && isUnderway(event, feedNow) ? [] : props[i]!;
  };
  const current = request.picks.map((pick, i) =>
    pick.market === "Prop" ? currentPropPrice(found[i], propsNow(i), pick) : currentPrice(found[i], pick),
  );

  const first = checkSelections({
    kind: request.kind,
    wallet: request.wallet,
    amount: request.amount,
    picks: current,
  });
  if (!first.ok) {
    if (first.code === "selection-locked") throw suspendedLeg(request, found, current) ?? refusalError(first, { picks: current });
    throw refusalError(first);
  }

  // A player's market is its own (player, market key): props of different players on one game do not clash.
  const conflict = findSlipConflict(
    request.picks.map((p) => ({
      gameId: p.playerMarket ? `${p.eventId}\u0000${p.playerMarket.playerId}\u0000${p.playerMarket.marketKey}` : p.eventId,
      market: p.market,
      side: p.side,
    })),
  );
  if (conflict) throw new ApiError(400, "slip-conflict", conflict);

  if (request.picks.some((p) => boards.get(p.league)?.stale)) throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);

  const feedNowOf = (pick: PlaceBetPick) => boards.get(pick.league)!.feedNow;
  if (request.picks.some((pick, i) => liveUnconfirmed(found[i]!, feedNowOf(pick), rules))) {
    throw new ApiError(409, "odds-stale", ODDS_STALE_MESSAGE);
  }
  const live = request.picks.map((pick, i) => isUnderway(found[i]!, feedNowOf(pick)));

  // A Parlay's picks on one game are one block, priced from that game's one score model.
  const quotes = quoteSameGame(
    request.kind,
    request.picks.map((pick, i) => {
      const scorer = scorerOf(props[i]!, pick, current[i]!.line);
      return { eventId: pick.eventId, market: pick.market, side: pick.side, line: current[i]!.line, ...(scorer && { scorer }) };
    }),
    (eventId) => {
      const i = request.picks.findIndex((p) => p.eventId === eventId);
      return { sameGame: found[i]!.sameGame, started: live[i]! };
    },
  );
  const refused = quotes.find((quote) => !quote.ok);
  if (refused && !refused.ok) throw new ApiError(400, "same-game-refused", refused.message);
  const blocks = quotes.flatMap((quote) => (quote.ok ? [quote.block] : []));
  const sameGame: CurrentSameGamePrice[] = blocks.map((b) => ({ eventId: b.eventId, priceAm: b.priceAm }));

  const moved =
    request.picks.some((pick, i) => current[i]!.priceAm !== pick.priceAm || current[i]!.line !== pick.line) ||
    blocks.some((b) => request.sameGame?.find((seen) => seen.eventId === b.eventId)?.priceAm !== b.priceAm);
  if (moved) throw new ApiError(409, "price-changed", PRICE_CHANGED_MESSAGE, { picks: current, ...(blocks.length > 0 && { sameGame }) });

  const legs = request.picks.map((pick, i): BetLeg => {
    const event = found[i]!;
    const price = current[i]!;
    if (pick.market === "Prop") return propLeg(event, props[i]!, pick, price);
    // The side's fair probability right now travels with the leg: its margin, and the pricing page's averages.
    const fair = fairSideOf(event, { market: pick.market, side: pick.side, line: price.line });
    return {
      eventId: pick.eventId,
      league: pick.league,
      market: pick.market,
      side: pick.side,
      line: price.line,
      priceAm: price.priceAm!,
      home: event.home,
      away: event.away,
      startTime: event.startTime,
      ...(fair && { fairP: fair.p }),
    };
  });
  // A price rule, so it is checked here, before the wallet is asked.
  const overCap = propPayoutRefusal(request, legs, blocks, rules.propMaxPayout);
  if (overCap) throw refusalError(overCap);
  return { legs, sameGame: blocks, liveSports: [...new Set(request.picks.filter((_, i) => live[i]).map((p) => p.league))] };
}
