// /redeem: the Redeem page, with the receipts feature's Receipt button under every paid
// redemption (its signed payout receipt), but not one whose payout the bank sent back.
import { ReceiptButton } from "../../features/receipts/components/receipt-button";
import { RedeemPage } from "../../features/redeem/components/redeem-page";
import { bankReturned, type Redemption } from "../../shared/schemas/redemptions";

const redemptionActions = (redemption: Redemption) =>
  redemption.status === "paid" && !bankReturned(redemption) ? <ReceiptButton subject={{ kind: "payout", id: redemption.id }} /> : null;

export function RedeemRoute() {
  return <RedeemPage redemptionActions={redemptionActions} />;
}
