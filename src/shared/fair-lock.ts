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

/** True when an offered price pays more than a fair chance `p`: 1/d below p. Props' lock reads it too. */
export function paysMoreThanFair(priceAm: number, p: number): boolean {
  return 1 / decimalOdds(priceAm) < p;
}

/** True when the offered price pays more than fair: 1/d below the side's fair chance. */
export function betterThanFair(event: Priced, leg: ModelLeg, priceAm: number | null | undefined): boolean {
  if (typeof priceAm !== "number") return false;
  const p = fairChance(event, leg);
  return p !== null && paysMoreThanFair(priceAm, p);
}

/** A side of a game's three markets, as the locks name it. */
export type SideKey = "ml.home" | "ml.away" | "ml.draw" | "sp.home" | "sp.away" | "tot.over" | "tot.under";

/** One side of a game's markets: its name, the leg it grades as, and its offered price (none when not offered). */
export type GameSide = { key: SideKey; leg: ModelLeg; priceAm: number | null | undefined };

/** Every side of the game's markets that has a line to grade, the away spread at its own sign. */
export function gameSides(event: Pick<Event, "markets">): GameSide[] {
  const { moneyline, spread, total } = event.markets;
  const sides: GameSide[] = [];
  if (moneyline) {
    sides.push({ key: "ml.home", leg: { market: "Moneyline", side: "Home", line: null }, priceAm: moneyline.home });
    sides.push({ key: "ml.away", leg: { market: "Moneyline", side: "Away", line: null }, priceAm: moneyline.away });
    sides.push({ key: "ml.draw", leg: { market: "Moneyline", side: "Draw", line: null }, priceAm: moneyline.draw });
  }
  if (spread && spread.line !== null) {
    sides.push({ key: "sp.home", leg: { market: "Spread", side: "Home", line: spread.line }, priceAm: spread.home });
    const awayLine = spread.line === 0 ? 0 : -spread.line;
    sides.push({ key: "sp.away", leg: { market: "Spread", side: "Away", line: awayLine }, priceAm: spread.away });
  }
  if (total && total.line !== null) {
    sides.push({ key: "tot.over", leg: { market: "Total", side: "Over", line: total.line }, priceAm: total.over });
    sides.push({ key: "tot.under", leg: { market: "Total", side: "Under", line: total.line }, priceAm: total.under });
  }
  return sides;
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

/** The event with the sides named in `keys` locked (withSidesLocked); the same object when none is. */
export function withKeyedSidesLocked<E extends Pick<Event, "markets" | "fair">>(event: E, keys: ReadonlySet<SideKey>): E {
  if (keys.size === 0) return event;
  return withSidesLocked(event, {
    moneyline: { home: keys.has("ml.home"), away: keys.has("ml.away"), draw: keys.has("ml.draw") },
    spread: { home: keys.has("sp.home"), away: keys.has("sp.away") },
    total: { over: keys.has("tot.over"), under: keys.has("tot.under") },
  });
}

/** The event with every side offered better than fair locked (price null, its margin null); the same object when none is. */
export function lockSidesBetterThanFair<E extends Priced>(event: E): E {
  const better = gameSides(event).filter((side) => betterThanFair(event, side.leg, side.priceAm));
  return withKeyedSidesLocked(event, new Set(better.map((side) => side.key)));
}
