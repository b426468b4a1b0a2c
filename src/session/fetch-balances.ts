// Re-reads the player's balances from /api/me, for screens that just moved money through
// another route (a redemption, a checkout whose webhook lands a moment later) and must
// show it even while the live wallet socket is reconnecting.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import type { ApiClient } from "../lib/api-client";
import { WalletBalancesSchema, type WalletBalances } from "../shared/schemas/user";

export async function fetchBalances(api: ApiClient): Promise<WalletBalances | null> {
  const parsed = WalletBalancesSchema.safeParse(await api.get<unknown>("/me"));
  if (!parsed.success) return null;
  const { coinBalance, vantageCash, lastBonusDayET, bonusStreak, owedCoins, owedCash } = parsed.data;
  return { coinBalance, vantageCash, lastBonusDayET, bonusStreak, owedCoins, owedCash };
}
