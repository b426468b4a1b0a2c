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

/** Denominators up to this read at a glance (10/11, 20/21, 13/8); longer ones do not. */
export const FRACTION_MAX_DENOMINATOR = 25;

function gcd(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * Whether p/q (profit per unit staked) converts back to this American price through
 * decimalToAmerican, the conversion the betslip uses: the exact integer range first,
 * then the floating-point conversion itself (which decides a tie such as 8/11 → −137.5).
 */
function roundTrips(priceAm: number, p: number, q: number): boolean {
  const inRange =
    priceAm > 0
      ? p >= q && (2 * priceAm - 1) * q <= 200 * p && 200 * p <= (2 * priceAm + 1) * q
      : p < q && (2 * -priceAm - 1) * p <= 200 * q && 200 * q <= (2 * -priceAm + 1) * p;
  return inRange && decimalToAmerican(1 + p / q) === priceAm;
}

/**
 * Fractional odds (profit : stake) of an American price, as UK books show them:
 * −150 → 2/3, +130 → 13/10, −110 → 10/11, +250 → 5/2, ±100 → 1/1.
 *
 * Rule: the exact fraction, reduced, when its denominator is at most
 * FRACTION_MAX_DENOMINATOR (−105 → 20/21, −115 → 20/23, +1200 → 12/1). Otherwise the
 * fraction with the smallest denominator (up to that limit) that converts back to the
 * same American price, so the three formats never disagree at the precision an American
 * price has: −137 → 8/11, −143 → 7/10, +333 → 10/3. If no short fraction does, the exact
 * one is shown (−5000 → 1/50, +4999 → 4999/100). Payouts always use the exact price.
 */
export function fractionalOdds(priceAm: number): { num: number; den: number } {
  if (!Number.isInteger(priceAm) || Math.abs(priceAm) < 100) throw new RangeError(`not an American price: ${priceAm}`);
  const [rawNum, rawDen] = priceAm > 0 ? [priceAm, 100] : [100, -priceAm];
  const divisor = gcd(rawNum, rawDen);
  const exact = { num: rawNum / divisor, den: rawDen / divisor };
  if (exact.den <= FRACTION_MAX_DENOMINATOR) return exact;
  for (let q = 1; q <= FRACTION_MAX_DENOMINATOR; q++) {
    // The smallest numerator not below the price's range of p/q; for these q that range
    // is under one numerator wide, so this is the only candidate.
    const p = priceAm > 0 ? Math.max(q, Math.ceil(((2 * priceAm - 1) * q) / 200)) : Math.ceil((200 * q) / (2 * -priceAm + 1));
    if (p >= 1 && roundTrips(priceAm, p, q)) return { num: p, den: q };
  }
  return exact;
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
