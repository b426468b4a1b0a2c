// No side offered better than its fair price. A game's same-game blocks are priced from its
// one score model with a margin, while its singles are one book's prices; a book can price a
// side better than fair (a stale quote, a generous one), and that single beside blocks
// covering every other result of the game wins whatever the score: Home −750 on a 90%
// favourite (1.8% better than fair) beside Away + Over and Away + Under blocks pays about 0.9%
// on every result. So a side whose offered price implies less than its fair chance is locked,
// as a price past the spec's bounds is. Fair is the game's model's chance of the side
// (P(win | no push), sideChance) where the board carries one, so every bet on offer on that
// game loses on average under that one model and no set of them can win on every final
// score; else the books' consensus fair chance (src/shared/fair-odds.ts), where enough books
// quote the side. A side with neither is left as offered. Pure: the price desk applies it to
// every board it builds, so the board shown, placement and cash-out all see the lock. Player
// props have the same rule, and one across a player's lines: src/shared/props/prop-lock.ts.
import { sideChance, type ModelLeg } from "./game-model";
import { fairSideOf } from "./fair-odds";
import { decimalOdds } from "./odds";
import type { Event, FairSide } from "./schemas/events";

type Priced = Pick<Event, "sport" | "markets" | "fair" | "sameGame">;

/** The side's fair chance: the model's where the game has one, else the consensus's at the offered line, else null. */
function fairChance(event: Priced, leg: ModelLeg): number | null {
  if (event.sameGame) return sideChance(event.sameGame.model, leg);
  return fairSideOf(event, leg)?.p ?? null;
}

/** True when the offered price pays more than fair: 1/d below the side's fair chance. */
export function betterThanFair(event: Priced, leg: ModelLeg, priceAm: number | null | undefined): boolean {
  if (typeof priceAm !== "number") return false;
  const p = fairChance(event, leg);
  return p !== null && 1 / decimalOdds(priceAm) < p;
}

const lockedFair = (side: FairSide | undefined, locked: boolean): FairSide | undefined =>
  side && locked ? { ...side, margin: null } : side;

/** Which sides of a game's three markets are to be locked. */
export type LockedSides = {
  moneyline?: { home: boolean; away: boolean; draw: boolean };
  spread?: { home: boolean; away: boolean };
  total?: { over: boolean; under: boolean };
};

/**
 * The event with the named sides locked as the fair-lock locks a side: its price null and its
 * margin null, its fair chance kept (the game page shows it Locked). The sure-profit lock
 * (src/shared/sure-profit-lock.ts) locks its sides the same way.
 */
export function withSidesLocked<E extends Pick<Event, "markets" | "fair">>(event: E, locked: LockedSides): E {
  const { moneyline, spread, total } = event.markets;
  const ml = locked.moneyline;
  const sp = locked.spread;
  const tot = locked.total;
  const markets: Event["markets"] = { ...event.markets };
  const fair: NonNullable<Event["fair"]> | undefined = event.fair && { ...event.fair };
  if (moneyline && ml) {
    markets.moneyline = {
      home: ml.home ? null : moneyline.home,
      away: ml.away ? null : moneyline.away,
      ...(moneyline.draw !== undefined && { draw: ml.draw ? null : moneyline.draw }),
    };
    if (fair?.moneyline) {
      fair.moneyline = {
        ...fair.moneyline,
        home: lockedFair(fair.moneyline.home, ml.home)!,
        away: lockedFair(fair.moneyline.away, ml.away)!,
        ...(fair.moneyline.draw && { draw: lockedFair(fair.moneyline.draw, ml.draw) }),
      };
    }
  }
  if (spread && sp) {
    markets.spread = { ...spread, home: sp.home ? null : spread.home, away: sp.away ? null : spread.away };
    if (fair?.spread && fair.spread.line === spread.line) {
      fair.spread = { ...fair.spread, home: lockedFair(fair.spread.home, sp.home)!, away: lockedFair(fair.spread.away, sp.away)! };
    }
  }
  if (total && tot) {
    markets.total = { ...total, over: tot.over ? null : total.over, under: tot.under ? null : total.under };
    if (fair?.total && fair.total.line === total.line) {
      fair.total = { ...fair.total, over: lockedFair(fair.total.over, tot.over)!, under: lockedFair(fair.total.under, tot.under)! };
    }
  }
  return { ...event, markets, ...(fair && { fair }) };
}

/** The event with every side offered better than fair locked (price null, its margin null); the same object when none is. */
export function lockSidesBetterThanFair<E extends Priced>(event: E): E {
  const { moneyline, spread, total } = event.markets;
  const awayLine = (line: number) => (line === 0 ? 0 : -line);
  const ml = moneyline && {
    home: betterThanFair(event, { market: "Moneyline", side: "Home", line: null }, moneyline.home),
    away: betterThanFair(event, { market: "Moneyline", side: "Away", line: null }, moneyline.away),
    draw: betterThanFair(event, { market: "Moneyline", side: "Draw", line: null }, moneyline.draw),
  };
  const sp = spread &&
    spread.line !== null && {
      home: betterThanFair(event, { market: "Spread", side: "Home", line: spread.line }, spread.home),
      away: betterThanFair(event, { market: "Spread", side: "Away", line: awayLine(spread.line) }, spread.away),
    };
  const tot = total &&
    total.line !== null && {
      over: betterThanFair(event, { market: "Total", side: "Over", line: total.line }, total.over),
      under: betterThanFair(event, { market: "Total", side: "Under", line: total.line }, total.under),
    };
  const any = [ml && Object.values(ml), sp && Object.values(sp), tot && Object.values(tot)].flat().some((locked) => locked === true);
  if (!any) return event;
  return withSidesLocked(event, { ...(ml && { moneyline: ml }), ...(sp && { spread: sp }), ...(tot && { total: tot }) });
}
