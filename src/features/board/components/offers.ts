// What a game offers to bet, side by side: each market's sides with their price and line,
// as the board's card and the game page show them and as a pick on the slip carries them.
// A suspended game (gameSuspension, the rule placement refuses by) offers no price in any
// market: every side reads 'Locked', whichever market the live rules held back. A market
// an operator suspended (`houseSuspended`) offers no price either, and says so.
import type { BetslipPick } from "../../../shared/betslip";
import { pickUid } from "../../../shared/betslip";
import { fairAmerican } from "../../../shared/fair-odds";
import { gameSuspension } from "../../../shared/live-rules";
import type { SuspensionReason } from "../../../shared/suspension-reasons";
import { decimalOdds, formatPrice, formatSpreadLine, type OddsFormat } from "../../../shared/odds";
import type { Market, Side } from "../../../shared/schemas/bets";
import type { Event, FairSide } from "../../../shared/schemas/events";

// `spokenPrefix` is read before the card's visible line and price, so a button's accessible
// name contains its visible text (WCAG 2.5.3): "Miami Heat ML +150", "Total O 221.5 -105".
// The game page shows the side by name instead: "Miami Heat +4.5 -110", "Over 221.5 -105".
export type Offer = {
  market: Market;
  side: Side;
  teamKey: "home" | "away" | null;
  price: number | null;
  line: number | null;
  label: string;
  lineText: string | null;
  spokenPrefix: string;
  /** The side as the game page names it: the team, "Draw", "Over" or "Under". */
  sideName: string;
  /** The line beside the side's name on the game page ("+4.5", "221.5"), or null. */
  pageLine: string | null;
  /** The side's fair figures, when enough books quote it. */
  fair: FairSide | null;
  /** The market is suspended by the house (an operator), not by the live rules. */
  byHouse: boolean;
  /** Why the live rules hold the whole game back, or null while they do not. */
  liveHold: SuspensionReason | null;
};

/** Whether an operator suspended this market of the game. */
const houseHolds = (event: Event, market: Market) => event.houseSuspended?.includes(market as (typeof MARKET_NAMES)[number]) ?? false;

export const MARKET_NAMES = ["Moneyline", "Spread", "Total"] as const;

/** One team's Moneyline, Spread and Total (the away team takes Over, the home team Under); null where not offered. */
export function offersFor(event: Event, team: "home" | "away"): Array<Offer | null> {
  const m = event.markets;
  const liveHold = gameSuspension(event);
  const held = (market: Market) => liveHold !== null || houseHolds(event, market);
  const name = team === "home" ? event.home : event.away;
  const side: Side = team === "home" ? "Home" : "Away";
  const moneyline: Offer | null = m.moneyline
    ? {
        market: "Moneyline",
        side,
        teamKey: team,
        price: held("Moneyline") ? null : m.moneyline[team],
        line: null,
        label: `${name} ML`,
        lineText: null,
        spokenPrefix: `${name} ML`,
        sideName: name,
        pageLine: null,
        fair: event.fair?.moneyline?.[team] ?? null,
        byHouse: houseHolds(event, "Moneyline"),
        liveHold,
      }
    : null;
  let spread: Offer | null = null;
  if (m.spread) {
    const line = m.spread.line === null ? null : team === "home" ? m.spread.line : -m.spread.line || 0;
    spread = {
      market: "Spread",
      side,
      teamKey: team,
      price: line === null || held("Spread") ? null : m.spread[team],
      line,
      label: line === null ? name : `${name} ${formatSpreadLine(line)}`,
      lineText: line === null ? null : formatSpreadLine(line),
      spokenPrefix: line === null ? `${name} spread` : name,
      sideName: name,
      pageLine: line === null ? null : formatSpreadLine(line),
      fair: event.fair?.spread && event.fair.spread.line === m.spread.line ? event.fair.spread[team] : null,
      byHouse: houseHolds(event, "Spread"),
      liveHold,
    };
  }
  let total: Offer | null = null;
  if (m.total) {
    const over = team === "away";
    const t = m.total;
    total = {
      market: "Total",
      side: over ? "Over" : "Under",
      teamKey: null,
      price: t.line === null || held("Total") ? null : over ? t.over : t.under,
      line: t.line,
      label: t.line === null ? (over ? "Over" : "Under") : `${over ? "Over" : "Under"} ${t.line}`,
      lineText: t.line === null ? null : `${over ? "O" : "U"} ${t.line}`,
      spokenPrefix: t.line === null ? (over ? "Total over" : "Total under") : "Total",
      sideName: over ? "Over" : "Under",
      pageLine: t.line === null ? null : String(t.line),
      fair: event.fair?.total && event.fair.total.line === t.line ? event.fair.total[over ? "over" : "under"] : null,
      byHouse: houseHolds(event, "Total"),
      liveHold,
    };
  }
  return [moneyline, spread, total];
}

/** Soccer's Draw (the 3-way moneyline's third side), or null where the game has none. */
export function drawOffer(event: Event): Offer | null {
  const moneyline = event.markets.moneyline;
  if (!moneyline || moneyline.draw === undefined) return null;
  const liveHold = gameSuspension(event);
  return {
    market: "Moneyline",
    side: "Draw",
    teamKey: null,
    price: liveHold === null && !houseHolds(event, "Moneyline") ? moneyline.draw : null,
    line: null,
    label: "Draw",
    lineText: null,
    spokenPrefix: "Draw ML",
    sideName: "Draw",
    pageLine: null,
    fair: event.fair?.moneyline?.draw ?? null,
    byHouse: houseHolds(event, "Moneyline"),
    liveHold,
  };
}

/**
 * Each market of the game with its sides (away, the draw where there is one, home; Over,
 * Under), or null when the feed does not offer it.
 */
export function marketsOf(event: Event): Array<{ name: (typeof MARKET_NAMES)[number]; offers: Offer[] | null }> {
  const away = offersFor(event, "away");
  const home = offersFor(event, "home");
  const draw = drawOffer(event);
  return MARKET_NAMES.map((name, i) => {
    const sides = [away[i], i === 0 ? draw : null, home[i]].filter((offer): offer is Offer => Boolean(offer));
    return { name, offers: sides.length > 0 ? sides : null };
  });
}

/** The fair price text shown under an offered one ("fair +138"), or null when there is none to show. */
export function fairText(offer: Offer, format: OddsFormat): string | null {
  const fairPrice = offer.fair ? fairAmerican(offer.fair.p) : null;
  return fairPrice === null ? null : `fair ${formatPrice(fairPrice, format)}`;
}

export function toPick(event: Event, offer: Offer, price: number): BetslipPick {
  return {
    uid: pickUid(event.eventId, offer.market, offer.side),
    gameId: event.eventId,
    league: event.sport,
    market: offer.market,
    side: offer.side,
    label: offer.label,
    priceAm: price,
    priceDec: decimalOdds(price),
    line: offer.line,
    teamKey: offer.teamKey,
    home: event.home,
    away: event.away,
    startTime: event.startTime,
    ...(offer.fair && { fairP: offer.fair.p }),
    // The game's score model, so the slip can price this pick with others on the same game.
    ...(event.sameGame && { sameGame: event.sameGame }),
  };
}
