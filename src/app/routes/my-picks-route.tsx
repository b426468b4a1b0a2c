// /picks: My Picks, with the social feature's Share button, the cash-out feature's
// Cash out button (open bets only) and the receipts feature's Receipt button under every bet.
import type { BetDocument } from "../../shared/schemas/bets";
import { CashOutButton } from "../../features/cash-out/components/cash-out-button";
import { MyPicksPage } from "../../features/picks/components/my-picks-page";
import { SharePickButton } from "../../features/social/components/share-pick-button";
import { ReceiptButton } from "../../features/receipts/components/receipt-button";

const betActions = (bet: BetDocument) => (
  <div className="picks-actions">
    <SharePickButton betId={bet.id} />
    <CashOutButton bet={bet} />
    <ReceiptButton subject={{ kind: "bet", id: bet.id }} />
  </div>
);

export function MyPicksRoute() {
  return <MyPicksPage betActions={betActions} />;
}
