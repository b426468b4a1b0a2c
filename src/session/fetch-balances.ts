// Re-reads the player's balances from /api/me, for screens that just moved money through
// another route (a redemption, a checkout whose webhook lands a moment later) and must
// show it even while the live wallet socket is reconnecting.
// Part of src/session/, the state every screen shares (see auth-provider.tsx): features read it here.
import type { ApiClient } from "../lib/api-client";
import type { WalletBalances } from "../shared/schemas/user";

export async function fetchBalances(api: ApiClient): Promise<WalletBalances> {
  // Only the balances of the user document are read, so only they are checked.
  const user = await api.get("/me", async () => (await import("../shared/schemas/user")).WalletBalancesSchema);
  const { coinBalance, vantageCash, lastBonusDayET, bonusStreak, owedCoins, owedCash } = user;
  return { coinBalance, vantageCash, lastBonusDayET, bonusStreak, owedCoins, owedCash };
}
