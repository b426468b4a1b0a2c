// Loss limits: how much a player may lose per wallet in an Eastern day, week or month.
// A bet is allowed while the period's settled net loss (floored at 0) plus every open
// stake of that wallet plus this stake stays within the limit: an open stake can be lost
// whole, so it counts before its result is known; a loss counts in the period its bet
// settles. Pure: totals are read by the wallet in the placement transaction and passed in.
import type { WalletKind } from "./money";
import { LOSS_LIMITS_FOR, PLAY_LIMIT_INFO, type LimitUse, type LossLimitName, type PlayLimitValues } from "./play-limits";
import { periodBounds, type Allowed, type LimitPeriod } from "./protection";

/** Per period containing `now`: stakes minus payouts of the wallet's bets settled in it (may be negative). */
export type SettledNet = Record<LimitPeriod, number>;

/** What each loss limit of `wallet` has used at `now`: settled net loss (floored at 0) plus open stakes. */
export function lossUses(limits: PlayLimitValues, wallet: WalletKind, settled: SettledNet, openStakes: number, now: number): LimitUse[] {
  const uses: LimitUse[] = [];
  for (const name of LOSS_LIMITS_FOR[wallet]) {
    const limit = limits[name];
    if (limit === null) continue;
    const period = PLAY_LIMIT_INFO[name].period as LimitPeriod;
    const { start, end } = periodBounds(period, now);
    uses.push({ name, limit, used: Math.max(0, settled[period]) + openStakes, periodStart: start, resetsAt: end });
  }
  return uses;
}

/**
 * A refusal by a loss limit. `limitMinor` and `leftMinor` are for the sentence; clients are
 * sent the limit's name, what is left (whole Vantage Cash or Coins) and the reset.
 */
export type LossLimitRefusal = {
  ok: false;
  code: "loss-limit";
  details: { limit: LossLimitName; remaining: number; resetsAt: string; limitMinor: number; leftMinor: number };
};

/** A bet of `stakeMinor` on `wallet` against its loss limits: the tightest one that it would pass refuses it. */
export function checkLoss(
  limits: PlayLimitValues,
  wallet: WalletKind,
  stakeMinor: number,
  settled: SettledNet,
  openStakes: number,
  now: number,
): Allowed | LossLimitRefusal {
  let worst: { use: LimitUse; left: number } | null = null;
  for (const use of lossUses(limits, wallet, settled, openStakes, now)) {
    if (use.used + stakeMinor <= use.limit) continue;
    const left = Math.max(0, use.limit - use.used);
    if (!worst || left < worst.left) worst = { use, left };
  }
  if (!worst) return { ok: true };
  const { use, left } = worst;
  const name = use.name as LossLimitName;
  return {
    ok: false,
    code: "loss-limit",
    details: {
      limit: name,
      remaining: wallet === "cash" ? left / 100 : left,
      resetsAt: new Date(use.resetsAt).toISOString(),
      limitMinor: use.limit,
      leftMinor: left,
    },
  };
}
