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

export type OddsFormat = "american" | "decimal";

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
 * Spec §9: odds are cached for 10 minutes per sport, by the Worker (KV) and by the
 * SPA (session storage) alike.
 */
export const ODDS_CACHE_MS = 10 * 60 * 1000;

export function formatPrice(priceAm: number, format: OddsFormat): string {
  return format === "decimal" ? formatDecimal(priceAm) : formatAmerican(priceAm);
}

/** A line as a sportsbook shows it: spreads signed ("-3.5", "+7", "PK"), totals bare ("44.5"). */
export function formatSpreadLine(line: number): string {
  if (line === 0) return "PK";
  return line > 0 ? `+${line}` : `${line}`;
}
