// The daily-bonus answer (spec §7 grantDailyBonus), shared by the route and the wallet panel.
import { z } from "zod";
import { WalletBalancesSchema } from "./user";

/** POST /api/grantDailyBonus answers this (spec §7); balances are added for the panel. */
export const DailyBonusResponseSchema = z.object({
  ok: z.boolean(),
  alreadyClaimed: z.boolean(),
  milestone: z.boolean(),
  error: z.string().optional(),
  streak: z.number().int().nonnegative().optional(),
  balances: WalletBalancesSchema.optional(),
});
export type DailyBonusResponse = z.infer<typeof DailyBonusResponseSchema>;
