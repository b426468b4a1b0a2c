// What holds a player's Vantage Cash back, projected with the balances so the house's book
// can say how much of what it owes is redeemable now (worker/house/house-book.ts): cash
// still to play (play-through, at most the balance), the packs still held by the purchase
// hold, and the cash in pending redemptions (which has left the balance). Its own module,
// so the ledger that writes it and the projection that reads it share it without a cycle.
import type { PurchaseHold } from "../../src/shared/schemas/user";

export type CashHeld = { toPlayCents: number; purchaseHolds: PurchaseHold[]; pendingRedemptionCents: number };
