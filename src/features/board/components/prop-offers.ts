// A game's players' markets as its page lists them and as a pick on the slip carries them:
// one main line per player and market (mainLineProps), players in the Worker's order (by
// name), each player's markets in the catalogue's order, and each side as the board's Offer
// with the pick it adds (none while its price is locked, or while an operator has suspended
// the player's market: then it reads 'Suspended'); and what they offer now for a prop pick
// on the slip, which follows them. Loaded with the game page only: the board's first load
// never carries the props code.
import type { PropOffer } from "../../../session/betslip-provider";
import { propPickUid, type BetslipPick } from "../../../shared/betslip";
import { legName } from "../../../shared/live-rules";
import { decimalOdds } from "../../../shared/odds";
import { PROP_MARKETS, type PropMarketInfo } from "../../../shared/props/catalogue";
import { mainLineProps } from "../../../shared/props/normalise-props";
import type { PropLeg } from "../../../shared/schemas/bets";
import type { Event } from "../../../shared/schemas/events";
import type { Prop, PropMarketRef } from "../../../shared/schemas/props";
import type { Offer } from "./offers";

/** One side of a player's market: the button's offer, and the slip pick it adds (null when locked). */
export type PropSide = { offer: Offer; pick: BetslipPick | null };
export type PlayerMarketRow = { market: PropMarketInfo; sides: PropSide[] };
export type PlayerPropsGroup = { id: string; name: string; team: string | null; markets: PlayerMarketRow[] };

function propSide(event: Event, prop: Prop, leg: PropLeg, side: "Over" | "Under" | "Yes", byHouse: boolean): PropSide {
  const team = prop.player.team;
  const price = byHouse ? null : side === "Under" ? prop.prices.under : prop.prices.over;
  const fair = side === "Under" ? prop.fair.under : prop.fair.over;
  const line = side === "Yes" ? null : prop.line;
  const label = legName({ market: "Prop", side, line, home: event.home, away: event.away, prop: leg });
  const pageLine = line === null ? null : String(line);
  const offer: Offer = {
    market: "Prop",
    side,
    teamKey: team,
    price,
    line,
    label,
    lineText: pageLine,
    spokenPrefix: `${leg.player} ${leg.label}`,
    sideName: side,
    pageLine,
    fair,
    byHouse,
    // Props are pre-match only: the live rules never hold one back.
    liveHold: null,
  };
  const pick: BetslipPick | null =
    price === null
      ? null
      : {
          uid: propPickUid(event.eventId, leg, side, line),
          gameId: event.eventId,
          league: event.sport,
          market: "Prop",
          side,
          label,
          priceAm: price,
          priceDec: decimalOdds(price),
          line,
          // The player's team, and the game's model: an anytime goalscorer joins a same-game block with them.
          teamKey: team,
          home: event.home,
          away: event.away,
          startTime: event.startTime,
          ...(fair && { fairP: fair.p }),
          ...(event.sameGame && { sameGame: event.sameGame }),
          prop: leg,
        };
  return { offer, pick };
}

/**
 * The game's props grouped by player, then market; a market the catalogue does not name for
 * the sport is left out, and one in `suspended` (an operator's) offers no price.
 */
export function playersOf(event: Event, props: readonly Prop[], suspended: readonly PropMarketRef[] = []): PlayerPropsGroup[] {
  const catalogue = PROP_MARKETS[event.sport];
  const held = new Set(suspended.map((m) => `${m.marketKey}:${m.playerId}`));
  const players = new Map<string, PlayerPropsGroup>();
  for (const prop of mainLineProps(props)) {
    const market = catalogue.find((m) => m.key === prop.marketKey);
    if (!market) continue;
    const leg: PropLeg = { playerId: prop.player.id, player: prop.player.name, marketKey: prop.marketKey, label: market.label };
    const byHouse = held.has(`${prop.marketKey}:${prop.player.id}`);
    const sides: PropSide[] =
      market.kind === "yes"
        ? [propSide(event, prop, leg, "Yes", byHouse)]
        : [propSide(event, prop, leg, "Over", byHouse), propSide(event, prop, leg, "Under", byHouse)];
    const team = prop.player.team === "home" ? event.home : prop.player.team === "away" ? event.away : null;
    const player = players.get(prop.player.id) ?? { id: prop.player.id, name: prop.player.name, team, markets: [] };
    player.markets.push({ market, sides });
    players.set(player.id, player);
  }
  const order = (row: PlayerMarketRow) => catalogue.indexOf(row.market);
  for (const player of players.values()) player.markets.sort((a, b) => order(a) - order(b));
  return [...players.values()];
}

/**
 * What the page's buttons offer now for a slip's prop pick: the pick its player's market and
 * side adds at the line shown (so a pick at another line locks), or null while that side is
 * locked or suspended, or the market is no longer offered.
 */
export function propOfferOf(players: readonly PlayerPropsGroup[]): PropOffer {
  const key = (playerId: string, marketKey: string, side: string) => `${playerId}:${marketKey}:${side}`;
  const offered = new Map<string, BetslipPick | null>();
  for (const player of players) {
    for (const { market, sides } of player.markets) {
      for (const { offer, pick } of sides) offered.set(key(player.id, market.key, offer.side), pick);
    }
  }
  return (pick) => (pick.prop ? (offered.get(key(pick.prop.playerId, pick.prop.marketKey, pick.side)) ?? null) : null);
}

/** A name as search compares it: lower case, accents folded away ("Dončić" → "doncic"). */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** Whether the player's name holds what was typed, whatever its accents and case. */
export function matchesPlayer(name: string, query: string): boolean {
  return folded(name).includes(folded(query.trim()));
}
