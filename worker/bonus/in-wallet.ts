// The daily bonus as one wallet step (spec §9): inside the Durable Object's transaction
// it reads the day and streak beside the balances, decides with the shared rule, posts
// the Coins and Vantage Cash (Coins only where the region offers no Vantage Cash) with the
// ET day as ledger reference and stores the new streak. Concurrent or repeated claims on one day pay once: the second sees the day
// already recorded, and the ledger's UNIQUE reference would refuse it anyway.
import { DAILY_BONUS, nextBonusClaim, STREAK_BONUS } from "../../src/shared/bonus";
import type { PlayContext } from "../../src/shared/protection";
import type { Refusal, RefusalOf } from "../../src/shared/refusals";
import type { WalletBalances } from "../../src/shared/schemas/user";
import { tunables } from "../tunables";
import { type Ledger, WalletPort } from "../wallet/ledger";
import type { WalletHost, WalletMethods } from "../wallet/wallet-object";

/** What the daily bonus asks of the player's protection (answered at the Worker's root). */
export type BonusRules = {
  /** The account gate for a claim (freeze, age, break), or null. */
  refuse(tx: Ledger, play: PlayContext): Refusal | null;
  /** Whether the player's region offers the bonus's Vantage Cash (otherwise the bonus is Coins only). */
  cashOffered(tx: Ledger, play: PlayContext): boolean;
};

export const BONUS_RULES = new WalletPort<BonusRules>("bonus rules");

export type DailyBonusResult =
  | { ok: true; alreadyClaimed: boolean; milestone: boolean; streak: number; balances: WalletBalances }
  | RefusalOf<"bonus-already-claimed">;

/** `cashOffered`: false where the player's region is not full (src/shared/region-rules.ts): the bonus is then Coins only. */
export function claimDailyBonusInTx(tx: Ledger, cashOffered = true): DailyBonusResult {
  const before = tx.balances();
  const claim = nextBonusClaim(before, tx.now);
  if (claim.alreadyClaimed) {
    return { ok: true, alreadyClaimed: true, milestone: false, streak: claim.streak, balances: before };
  }
  const posts = [tx.post({ currency: "coins", amount: DAILY_BONUS.coins, reason: "daily_bonus", reference: claim.day })];
  if (cashOffered) posts.push(tx.post({ currency: "cash", amount: DAILY_BONUS.cashCents, reason: "daily_bonus", reference: claim.day }));
  if (claim.milestone) {
    posts.push(tx.post({ currency: "coins", amount: STREAK_BONUS.coins, reason: "streak_bonus", reference: claim.day }));
    if (cashOffered)
      posts.push(tx.post({ currency: "cash", amount: STREAK_BONUS.cashCents, reason: "streak_bonus", reference: claim.day }));
  }
  if (posts.some((p) => !p.ok)) {
    return { ok: false, code: "bonus-already-claimed" };
  }
  tx.setBonusState(claim.day, claim.streak);
  return { ok: true, alreadyClaimed: false, milestone: claim.milestone, streak: claim.streak, balances: tx.balances() };
}

export const bonusMethods = {
  /** `cashPlaythrough`: the caller's CASH_PLAYTHROUGH; the wallet's own configuration when omitted. */
  async claimDailyBonus(
    host: WalletHost,
    userId: string,
    now: number,
    play: PlayContext = { minAge: tunables(host.env).MIN_AGE },
    cashPlaythrough?: number,
  ): Promise<DailyBonusResult | Refusal> {
    return host.transact(userId, now, (tx) => {
      const rules = tx.use(BONUS_RULES);
      return rules.refuse(tx, play) ?? claimDailyBonusInTx(tx.withCashPlaythrough(cashPlaythrough), rules.cashOffered(tx, play));
    });
  },
};

/** The daily bonus as a caller's stub sees it. */
export type BonusWallet = WalletMethods<typeof bonusMethods>;
