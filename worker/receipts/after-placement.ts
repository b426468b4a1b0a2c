// The receipts of bets just placed, written by the wallet's outbox in the same D1 batch as
// the bets themselves (WalletProjectors.betStatements), so a bet costs D1 no extra request
// and placement waits for no signature. A bet counts as just placed while it is open and
// untouched (no leg graded, nothing cashed out); a receipt that exists already stays as it
// is. Without a signing key (refused configuration) nothing is written; a receipt missing
// for any reason is issued on its first read from D1's copy of the bet (issue.ts receiptFor).
import type { BetChange } from "../wallet";
import { receiptSigningKey } from "../config";
import { receiptSigner } from "../../src/shared/receipts/signing";
import { betReceiptStatements } from "./issue";

const justPlaced = ({ bet }: BetChange) => bet.status === "open" && !bet.cashOut && bet.legResults.every((r) => r === null);

export async function placedBetReceiptStatements(env: Env, changes: readonly BetChange[], now: number): Promise<D1PreparedStatement[]> {
  const key = receiptSigningKey(env);
  if (!key) return [];
  const placed = changes.filter(justPlaced);
  if (placed.length === 0) return [];
  const bets = placed.map(({ bet, userId }) => ({ ...bet, userId }));
  return betReceiptStatements(env.DB, await receiptSigner(key), bets, now);
}
