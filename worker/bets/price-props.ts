// Prices players' markets ("props") for placement and cash-out. The board carries no prop
// prices: a Prop pick or leg is looked up in its game's current props (the odds reader's
// props, pre-match only, so a game that started has none), by player, market key and line
// (a yes market has one prop per player, line null). The client names a prop by id only;
// the player's name and the market's label come from the Worker's prop and catalogue.
// An anytime goalscorer whose team is known may join a same-game block, priced from his
// fair chance (src/shared/same-game.ts); no other prop can yet. A bet with a Prop in it may
// pay at most PROP_MAX_PAYOUT_* (it carries more risk per stake than game lines), checked
// per bet before the wallet is asked.
import { gameSuspension } from "../../src/shared/live-rules";
import { type WalletKind, unitsToMinor } from "../../src/shared/money";
import { parlayPricesAm, payoutFor } from "../../src/shared/payout";
import { propMarket } from "../../src/shared/props/catalogue";
import { mainLineProps } from "../../src/shared/props/normalise-props";
import type { Refusal } from "../../src/shared/refusals";
import { ANYTIME_SCORER_MARKET, anytimeScorer, type SameGamePick } from "../../src/shared/same-game";
import type { BetLeg, CurrentPickPrice, PlaceBetPick, PlaceBetRequest, PropLeg, SameGameBlock, Side } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { Prop } from "../../src/shared/schemas/props";
import type { SportKey } from "../../src/shared/sports";

/** A game's current props (none once it has started). */
export type PropsLoader = (sport: SportKey, eventId: string) => Promise<readonly Prop[]>;

/** One player's market at a line (null for a yes market), on one side: a pick's or a placed leg's. */
export type PropSelection = { playerId: string; marketKey: string; side: Side; line: number | null };

/** `load`, reading each game at most once however many props of it a slip or bet holds. */
export function propsOnce(load: PropsLoader): PropsLoader {
  const read = new Map<string, Promise<readonly Prop[]>>();
  return (sport, eventId) => {
    const key = `${sport}\u0000${eventId}`;
    let props = read.get(key);
    if (!props) {
      props = load(sport, eventId);
      read.set(key, props);
    }
    return props;
  };
}

/**
 * Why a pick cannot be a player's market as sent (a 400), or null: a Prop names its player
 * and a market the sport offers, and takes the market's sides (Yes on a yes market, Over or
 * Under on an over/under one); only a Prop names a player's market.
 */
export function propPickProblem(pick: PlaceBetPick): string | null {
  if (pick.market !== "Prop") return pick.playerMarket ? "Only a player prop names a player and a market." : null;
  if (!pick.playerMarket) return "A player prop must name its player and market.";
  const market = propMarket(pick.league, pick.playerMarket.marketKey);
  if (!market) return "This player prop is not offered for this sport.";
  if (market.kind === "yes" && pick.side !== "Yes") return `${market.label} is bet Yes only.`;
  if (market.kind === "over-under" && pick.side !== "Over" && pick.side !== "Under") {
    return `${market.label} is bet Over or Under its line, not ${pick.side}.`;
  }
  return null;
}

/** What a placed Prop leg took (null for any other leg). */
export function legSelection(leg: BetLeg): PropSelection | null {
  return leg.prop ? { playerId: leg.prop.playerId, marketKey: leg.prop.marketKey, side: leg.side, line: leg.line } : null;
}

/** The prop `selection` takes: its player's market at exactly its line. */
function offeredProp(props: readonly Prop[], selection: PropSelection): Prop | undefined {
  return props.find((p) => p.player.id === selection.playerId && p.marketKey === selection.marketKey && p.line === selection.line);
}

/** Which of the prop's sides `side` is (`over` holds a yes market's Yes), or null when it is not one of them. */
function sideOf(prop: Prop, side: Side): "over" | "under" | null {
  if (prop.kind === "yes") return side === "Yes" ? "over" : null;
  if (side === "Over") return "over";
  return side === "Under" ? "under" : null;
}

/** The side's fair probability on the prop `selection` takes now, or null when there is none (no such prop, another line). */
export function propFairP(props: readonly Prop[], selection: PropSelection): number | null {
  const prop = offeredProp(props, selection);
  const side = prop && sideOf(prop, selection.side);
  if (!prop || !side) return null;
  return (side === "over" ? prop.fair.over.p : prop.fair.under?.p) ?? null;
}

/** The price the game page offers now on `selection` (its side at its line); null when it is not offered. */
export function propOfferedPriceAm(props: readonly Prop[], selection: PropSelection): number | null {
  const prop = offeredProp(props, selection);
  const side = prop && sideOf(prop, selection.side);
  return (prop && side && prop.prices[side]) ?? null;
}

/**
 * A Prop pick's current price and line, as `currentPrice` answers for the board: its prop
 * at the pick's line, else the line the game page shows for that player's market (so a
 * moved line is a 409 carrying it); locked when the game is gone, over or held back, the
 * market is not offered (a game that started has no props) or its price is locked.
 */
export function currentPropPrice(event: Event | undefined, props: readonly Prop[], pick: PlaceBetPick): CurrentPickPrice {
  const base = { eventId: pick.eventId, market: pick.market, side: pick.side };
  const locked = { ...base, priceAm: null, line: null, locked: true };
  const asked = pick.playerMarket;
  if (!event || event.status === "final" || gameSuspension(event) || !asked) return locked;
  const selection = { ...asked, side: pick.side, line: pick.line };
  const market = props.filter((p) => p.player.id === asked.playerId && p.marketKey === asked.marketKey);
  const prop = offeredProp(market, selection) ?? mainLineProps(market)[0];
  const side = prop && sideOf(prop, pick.side);
  const priceAm = side && prop.prices[side];
  if (!prop || priceAm === null || priceAm === undefined) return locked;
  return { ...base, priceAm, line: prop.line, locked: false };
}

/**
 * What a same-game block prices an anytime goalscorer pick by: his team and his fair chance
 * on the prop the pick takes at `line`; undefined for any other pick, and where his team is
 * unknown (the block then refuses him with a sentence).
 */
export function scorerOf(props: readonly Prop[], pick: PlaceBetPick, line: number | null): SameGamePick["scorer"] {
  const asked = pick.playerMarket;
  if (pick.market !== "Prop" || asked?.marketKey !== ANYTIME_SCORER_MARKET) return undefined;
  const prop = offeredProp(props, { ...asked, side: pick.side, line });
  return anytimeScorer(asked.marketKey, prop?.player.team, prop?.fair.over.p);
}

/** The leg a Prop pick is written as, priced `price`, with the player and label of the Worker's prop and its fair figure. */
export function propLeg(event: Event, props: readonly Prop[], pick: PlaceBetPick, price: CurrentPickPrice): BetLeg {
  // The pick was priced at this prop just now (currentPropPrice), so it is there.
  const asked = pick.playerMarket!;
  const selection = { ...asked, side: pick.side, line: price.line };
  const prop = offeredProp(props, selection)!;
  const leg: PropLeg = {
    playerId: prop.player.id,
    player: prop.player.name,
    marketKey: prop.marketKey,
    // propPickProblem admitted only markets of the sport's catalogue.
    label: propMarket(pick.league, prop.marketKey)!.label,
  };
  const fairP = propFairP(props, selection);
  return {
    eventId: pick.eventId,
    league: pick.league,
    market: "Prop",
    side: pick.side,
    line: prop.line,
    priceAm: price.priceAm!,
    home: event.home,
    away: event.away,
    startTime: event.startTime,
    ...(fairP !== null && { fairP }),
    prop: leg,
  };
}

/** The most a bet with a Prop in it may pay, per wallet, in the wallet's minor units. */
export type PropPayoutCaps = Record<WalletKind, number>;

/**
 * `prop-payout-above-maximum` when one of the slip's bets with a Prop leg would pay more
 * than its wallet's cap (each single is its own bet; a parlay pays at its blocks' and other
 * legs' prices), else null. An amount that is no whole number of minor units is left to the
 * wallet's own checks ('Invalid stake.').
 */
export function propPayoutRefusal(
  request: Pick<PlaceBetRequest, "kind" | "wallet" | "amount">,
  legs: readonly BetLeg[],
  sameGame: readonly SameGameBlock[],
  caps: PropPayoutCaps,
): Refusal | null {
  const amountMinor = unitsToMinor(request.wallet, request.amount);
  if (amountMinor === null) return null;
  const bets = request.kind === "Parlay" ? [{ legs, blocks: sameGame }] : legs.map((leg) => ({ legs: [leg], blocks: [] }));
  const maxPayout = caps[request.wallet];
  const over = bets.some(
    (bet) => bet.legs.some((leg) => leg.market === "Prop") && payoutFor(amountMinor, parlayPricesAm(bet.legs, bet.blocks)) > maxPayout,
  );
  return over ? { ok: false, code: "prop-payout-above-maximum", details: { wallet: request.wallet, maxPayout } } : null;
}
