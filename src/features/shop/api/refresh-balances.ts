// After a checkout, the pack is credited when the payment provider's webhook lands,
// which may be a moment after the player is back on /shop: re-read the balances a few
// times so they appear without a reload (the live wallet push does the same when open).
import type { ApiClient } from "../../../lib/api-client";
import { UserDocumentSchema } from "../../../shared/schemas/user";
import type { WalletBalances } from "../../../shared/schemas/user";

export const BALANCE_RECHECK_MS = [1_500, 4_000, 9_000] as const;

export async function fetchBalances(api: ApiClient): Promise<WalletBalances | null> {
  const parsed = UserDocumentSchema.safeParse(await api.get<unknown>("/me"));
  if (!parsed.success) return null;
  const { coinBalance, vantageCash, lastBonusDayET, bonusStreak } = parsed.data;
  return { coinBalance, vantageCash, lastBonusDayET, bonusStreak };
}
