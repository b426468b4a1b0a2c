// The second set of player limits: net-loss limits per wallet and period, a daily
// play-time limit and the reality-check interval. They follow the same rule as the stake
// and purchase limits (src/shared/protection.ts): stricter at once, looser after the
// raise delay. Shared by the wallet (what is enforced) and the SPA (what is shown), and
// the nudge a player gets at NUDGE_SHARE of any limit. Pure; `now` is passed in.
import { formatAmount, type WalletKind } from "./money";
import { formatEtTime, formatLimit, LIMIT_INFO, type LimitName, type LimitPeriod, type NamedLimits } from "./protection";

export const LOSS_LIMIT_NAMES = [
  "dailyLossCoins",
  "weeklyLossCoins",
  "monthlyLossCoins",
  "dailyLossCash",
  "weeklyLossCash",
  "monthlyLossCash",
] as const;
export type LossLimitName = (typeof LOSS_LIMIT_NAMES)[number];

export const PLAY_LIMIT_NAMES = [...LOSS_LIMIT_NAMES, "dailyPlayMinutes", "realityCheckMinutes"] as const;
export type PlayLimitName = (typeof PLAY_LIMIT_NAMES)[number];

/** The reality-check intervals a player may choose (minutes of a session); null = off. */
export const REALITY_CHECK_INTERVALS = [30, 60, 90] as const;

type PlayLimitInfo = { unit: WalletKind | "minutes"; period: LimitPeriod | "session"; label: string };

/** Units: loss limits in the wallet's minor units (Coins, Vantage Cash cents); the others in minutes. */
export const PLAY_LIMIT_INFO: Record<PlayLimitName, PlayLimitInfo> = {
  dailyLossCoins: { unit: "coins", period: "day", label: "daily Coins loss limit" },
  weeklyLossCoins: { unit: "coins", period: "week", label: "weekly Coins loss limit" },
  monthlyLossCoins: { unit: "coins", period: "month", label: "monthly Coins loss limit" },
  dailyLossCash: { unit: "cash", period: "day", label: "daily Vantage Cash loss limit" },
  weeklyLossCash: { unit: "cash", period: "week", label: "weekly Vantage Cash loss limit" },
  monthlyLossCash: { unit: "cash", period: "month", label: "monthly Vantage Cash loss limit" },
  dailyPlayMinutes: { unit: "minutes", period: "day", label: "daily play-time limit" },
  realityCheckMinutes: { unit: "minutes", period: "session", label: "reality check" },
};

export const LOSS_LIMITS_FOR: Record<WalletKind, readonly LossLimitName[]> = {
  coins: ["dailyLossCoins", "weeklyLossCoins", "monthlyLossCoins"],
  cash: ["dailyLossCash", "weeklyLossCash", "monthlyLossCash"],
};

export type PlayLimitValues = Record<PlayLimitName, number | null>;
export type PlayLimits = NamedLimits<PlayLimitName>;

export const NO_PLAY_LIMITS: PlayLimitValues = {
  dailyLossCoins: null,
  weeklyLossCoins: null,
  monthlyLossCoins: null,
  dailyLossCash: null,
  weeklyLossCash: null,
  monthlyLossCash: null,
  dailyPlayMinutes: null,
  realityCheckMinutes: null,
};

export function formatMinutes(minutes: number): string {
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** A value of any limit (either set) as a player reads it: "200 Coins", "$12.50 Vantage Cash", "45 minutes". */
export function formatAnyLimit(name: PlayLimitName | LimitName, minor: number): string {
  if (name in PLAY_LIMIT_INFO) {
    const unit = PLAY_LIMIT_INFO[name as PlayLimitName].unit;
    return unit === "minutes" ? formatMinutes(minor) : formatAmount(unit, minor);
  }
  return formatLimit(name as LimitName, minor);
}

export function anyLimitLabel(name: PlayLimitName | LimitName): string {
  return name in PLAY_LIMIT_INFO ? PLAY_LIMIT_INFO[name as PlayLimitName].label : LIMIT_INFO[name as LimitName].label;
}

// ---- nudges near a limit ----

/** A nudge goes out once per limit and period when its use reaches this share. */
export const NUDGE_SHARE = 0.8;

/** What one limit has used in its current period (minor units or minutes). */
export type LimitUse = { name: PlayLimitName | LimitName; limit: number; used: number; periodStart: number; resetsAt: number };

/** `left`: what remains of the limit in its period (0 when reached), in its units. */
export type Nudge = { id: string; name: PlayLimitName | LimitName; periodStart: number; left: number; message: string };

/** The nudge a use calls for: at NUDGE_SHARE or more of the limit, none before (or without a limit). */
export function nudgeFor(use: LimitUse): Nudge | null {
  if (use.limit <= 0 || use.used < use.limit * NUDGE_SHARE) return null;
  const left = Math.max(0, use.limit - use.used);
  const label = anyLimitLabel(use.name);
  const message =
    left === 0
      ? `You have reached your ${label} of ${formatAnyLimit(use.name, use.limit)}. It resets ${formatEtTime(use.resetsAt)}.`
      : `You have ${formatAnyLimit(use.name, left)} left of your ${label} of ${formatAnyLimit(use.name, use.limit)}. It resets ${formatEtTime(use.resetsAt)}.`;
  return { id: `${use.name}:${use.periodStart}`, name: use.name, periodStart: use.periodStart, left, message };
}
