// Money units and house limits, shared by the betslip (what the player is told) and the
// Worker (what is enforced). All stored amounts are integers of the smallest unit:
// whole Coins, and cents of Vantage Cash. Floating point never reaches storage.
export type WalletKind = "coins" | "cash";
/** New players start here (server side); spec §9 "Default local starting coin balance". */
export const OPENING_COINS = 5000;
export const OPENING_CASH_CENTS = 0;
export const CENTS_PER_CASH = 100;

/** Minor units per whole displayed unit: a Coin is indivisible, Vantage Cash has cents. */
export function minorPerUnit(wallet: WalletKind): number {
  return wallet === "cash" ? CENTS_PER_CASH : 1;
}

/**
 * Parses what the player typed (digits and at most one point) into integer minor units.
 * Coins take whole numbers only; Vantage Cash takes up to two decimals. Returns null for
 * anything else, including zero-length, NaN or an amount too large to be safe.
 */
export function parseAmountToMinor(wallet: WalletKind, text: string): number | null {
  const trimmed = text.trim();
  const match = /^(\d+)(?:\.(\d*))?$/.exec(trimmed) ?? /^\.(\d+)$/.exec(trimmed);
  if (!match) return null;
  const [whole, frac] = match.length === 3 ? [match[1] ?? "0", match[2] ?? ""] : ["0", match[1] ?? ""];
  const digits = wallet === "cash" ? 2 : 0;
  const fracTrimmed = frac.replace(/0+$/, "");
  if (fracTrimmed.length > digits) return null;
  const minor = Number(whole) * minorPerUnit(wallet) + Number(`${fracTrimmed}00`.slice(0, digits) || "0");
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Converts a number of whole units (as sent in API payloads) to minor units, or null. */
export function unitsToMinor(wallet: WalletKind, units: number): number | null {
  if (!Number.isFinite(units)) return null;
  const minor = Math.round(units * minorPerUnit(wallet));
  if (Math.abs(minor - units * minorPerUnit(wallet)) > 1e-6) return null;
  return Number.isSafeInteger(minor) ? minor : null;
}

/** "1,234" for Coins; "12.50" or "12" for Vantage Cash (cents shown only when there are some). */
export function formatMoney(wallet: WalletKind, minor: number): string {
  if (wallet === "coins") return minor.toLocaleString("en-US");
  const units = minor / CENTS_PER_CASH;
  return units.toLocaleString("en-US", {
    minimumFractionDigits: minor % CENTS_PER_CASH === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  });
}

export const WALLET_LABEL: Record<WalletKind, string> = { coins: "Coins", cash: "Vantage Cash" };

/** An amount with its unit, as the betslip, My Picks and Statistics show it: "1 Coin", "250 Coins", "12.50 Vantage Cash". */
export function formatAmount(wallet: WalletKind, minor: number): string {
  const units = formatMoney(wallet, minor);
  if (wallet === "cash") return `${units} ${WALLET_LABEL.cash}`;
  return `${units} ${minor === 1 ? "Coin" : "Coins"}`;
}

/**
 * House limits, in minor units. The betslip shows them and the Worker enforces them
 * after the spec's five place-bet checks. Change them here and nowhere else.
 */
export const HOUSE_LIMITS = {
  parlayMinLegs: 2,
  parlayMaxLegs: 10,
  coins: { minStake: 1, maxStake: 250_000, maxPayout: 2_500_000 },
  cash: { minStake: 100, maxStake: 50_000, maxPayout: 500_000 },
} as const;
