// Odds arithmetic and the price rules of spec §5/§9, shared by the feed normalisation
// (Worker), the betslip and the board (SPA): a price is judged and shown the same way
// everywhere. Prices travel as American integers; decimal values are derived here.
import { decimalFraction } from "./payout";

/** Spec §9 price bounds: American at or beyond these is locked. */
export const AMERICAN_LOCK_LOW = -10000;
export const AMERICAN_LOCK_HIGH = 5000;
/** Spec §9: decimal odds are valid from 1.01 to 100. */
export const DECIMAL_MIN = 1.01;
export const DECIMAL_MAX = 100;

/** Spec §9 names American and Decimal; Fractional is the UK books' default. */
export type OddsFormat = "american" | "decimal" | "fractional";
export const ODDS_FORMATS: readonly OddsFormat[] = ["american", "decimal", "fractional"];

/** Decimal odds of an American price (+150 → 2.5, -120 → 1.8333…). */
export function americanToDecimal(priceAm: number): number {
  return priceAm > 0 ? 1 + priceAm / 100 : 1 + 100 / -priceAm;
}

/** American price of decimal odds (2.5 → +150, 1.8333 → -120), rounded to an integer. */
export function decimalToAmerican(priceDec: number): number {
  if (!(priceDec > 1)) throw new RangeError(`not decimal odds: ${priceDec}`);
  return priceDec >= 2 ? Math.round((priceDec - 1) * 100) : Math.round(-100 / (priceDec - 1));
}

/** Implied probability of a price (margin included): -120 → 0.545…, +150 → 0.4. */
export function impliedProbability(priceAm: number): number {
  return 1 / americanToDecimal(priceAm);
}

/** Exact decimal odds as a number, from the payout rule's integer fraction. */
export function decimalOdds(priceAm: number): number {
  const f = decimalFraction(priceAm);
  return Number(f.num) / Number(f.den);
}

/**
 * Spec §5 price validity: locked (null) if zero, missing, not a number, at or beyond
 * -10000 / +5000, or if the decimal equivalent is below 1.01 or above 100; otherwise
 * the price rounded to a whole American value. A value between -100 and +100 is not an
 * American price at all and is locked too.
 */
export function validPrice(raw: unknown): number | null {
  if (typeof raw !== "number" || !Number.isFinite(raw) || raw === 0) return null;
  if (raw <= AMERICAN_LOCK_LOW || raw >= AMERICAN_LOCK_HIGH) return null;
  const rounded = Math.round(raw);
  if (Math.abs(rounded) < 100) return null;
  if (rounded <= AMERICAN_LOCK_LOW || rounded >= AMERICAN_LOCK_HIGH) return null;
  const dec = americanToDecimal(rounded);
  if (dec < DECIMAL_MIN || dec > DECIMAL_MAX) return null;
  return rounded;
}

/**
 * Spec §5 spread display: the favourite by moneyline implied probability gets the
 * negative line; on a tie (or when either moneyline price is unusable) the home team
 * does. Returns the HOME team's line for a spread of `points` (its magnitude is used).
 */
export function homeSpreadLine(points: number, moneylineHome: number | null, moneylineAway: number | null): number {
  const size = Math.abs(points);
  if (size === 0) return 0;
  if (moneylineHome === null || moneylineAway === null) return -size;
  const awayFavourite = impliedProbability(moneylineAway) > impliedProbability(moneylineHome);
  return awayFavourite ? size : -size;
}

/** American display: "+150", "-120" (even money shows "+100"). */
export function formatAmerican(priceAm: number): string {
  return priceAm > 0 ? `+${priceAm}` : `${priceAm}`;
}

/** Decimal display with two places: "2.50", "1.83". */
export function formatDecimal(priceAm: number): string {
  return americanToDecimal(priceAm).toFixed(2);
}

/**
 * The fractions UK books quote, shortest odds first (profit : stake): the conventional
 * ladder of fixed-odds bookmaking. A price between two rungs is shown at the lower one.
 */
export const FRACTIONAL_LADDER: readonly (readonly [number, number])[] = [
  [1, 100],
  [1, 66],
  [1, 50],
  [1, 40],
  [1, 33],
  [1, 25],
  [1, 20],
  [1, 16],
  [1, 14],
  [1, 12],
  [1, 11],
  [1, 10],
  [1, 9],
  [1, 8],
  [1, 7],
  [2, 13],
  [1, 6],
  [2, 11],
  [1, 5],
  [2, 9],
  [1, 4],
  [2, 7],
  [3, 10],
  [1, 3],
  [4, 11],
  [2, 5],
  [4, 9],
  [1, 2],
  [8, 15],
  [4, 7],
  [8, 13],
  [4, 6],
  [8, 11],
  [4, 5],
  [5, 6],
  [10, 11],
  [1, 1],
  [21, 20],
  [11, 10],
  [6, 5],
  [5, 4],
  [11, 8],
  [6, 4],
  [13, 8],
  [7, 4],
  [15, 8],
  [2, 1],
  [85, 40],
  [9, 4],
  [5, 2],
  [11, 4],
  [3, 1],
  [10, 3],
  [7, 2],
  [4, 1],
  [9, 2],
  [5, 1],
  [11, 2],
  [6, 1],
  [13, 2],
  [7, 1],
  [15, 2],
  [8, 1],
  [17, 2],
  [9, 1],
  [10, 1],
  [11, 1],
  [12, 1],
  [14, 1],
  [16, 1],
  [18, 1],
  [20, 1],
  [22, 1],
  [25, 1],
  [28, 1],
  [33, 1],
  [40, 1],
  [50, 1],
  [66, 1],
  [80, 1],
  [100, 1],
  [125, 1],
  [150, 1],
  [200, 1],
  [250, 1],
  [300, 1],
  [400, 1],
  [500, 1],
  [750, 1],
  [1000, 1],
];

/**
 * Fractional odds (profit : stake) of an American price as UK books show them: the
 * largest fraction of the ladder not above the true price, so a player is never shown
 * more than the price pays (−150 → 4/6, +130 → 5/4, −110 → 10/11, +250 → 5/2, ±100 → 1/1;
 * −137 → 8/11, +333 → 3/1 and +334 → 10/3). Below the ladder's shortest rung, 1/100. The payout and "to
 * win" always use the true price: the fraction is only how it reads.
 */
export function fractionalOdds(priceAm: number): { num: number; den: number } {
  if (!Number.isInteger(priceAm) || Math.abs(priceAm) < 100) throw new RangeError(`not an American price: ${priceAm}`);
  // Profit per unit staked, as an exact ratio: num/den = a/b with a, b integers.
  const [a, b] = priceAm > 0 ? [priceAm, 100] : [100, -priceAm];
  let best = FRACTIONAL_LADDER[0]!;
  for (const rung of FRACTIONAL_LADDER) {
    // rung ≤ a/b, compared in integers so no rounding can put a rung above the price.
    if (rung[0] * b <= a * rung[1]) best = rung;
    else break;
  }
  return { num: best[0], den: best[1] };
}

/** Fractional display: "2/3", "13/10", "1/1". */
export function formatFractional(priceAm: number): string {
  const { num, den } = fractionalOdds(priceAm);
  return `${num}/${den}`;
}

/**
 * Spec §9: odds are cached for 10 minutes per sport, by the Worker (KV) and by the
 * SPA (session storage) alike.
 */
export const ODDS_CACHE_MS = 10 * 60 * 1000;

/**
 * A board with a game due to start within this is kept on the live cadence, not for
 * ODDS_CACHE_MS, and the real feed's scores are read with it: a game that kicks off before
 * its listed time is then seen under way within one live refresh, not up to ten minutes
 * later at its pre-match prices.
 */
export const START_SOON_MS = 15 * 60 * 1000;

/**
 * Whether a game listed to start at `startMs` has begun at `now`: its start has passed, or a
 * score (`scored`) shows it kicked off early, within START_SOON_MS of the listed start (a
 * score on a game days away is a feed's glitch). The feed's normaliser and the desk's merge
 * of scores judge it alike.
 */
export function hasBegun(startMs: number, now: number, scored: boolean): boolean {
  return startMs <= now || (scored && startMs - now <= START_SOON_MS);
}

export function formatPrice(priceAm: number, format: OddsFormat): string {
  if (format === "decimal") return formatDecimal(priceAm);
  if (format === "fractional") return formatFractional(priceAm);
  return formatAmerican(priceAm);
}

/**
 * Odds given as a decimal number (a parlay's combined odds, an average) in the player's
 * format; American and Fractional go through the nearest American price.
 */
export function formatDecimalOdds(priceDec: number, format: OddsFormat): string {
  if (format === "decimal") return priceDec.toFixed(2);
  return formatPrice(decimalToAmerican(priceDec), format);
}

/** A line as a sportsbook shows it: spreads signed ("-3.5", "+7", "PK"), totals bare ("44.5"). */
export function formatSpreadLine(line: number): string {
  if (line === 0) return "PK";
  return line > 0 ? `+${line}` : `${line}`;
}
