// Both balances side by side (Coins, and Vantage Cash shown as whole units), as the
// wallet panel and the shop show them; the caller's class sets the layout and size.
import { formatMoney } from "../shared/money";
import "./balance-tiles.css";

export function BalanceTiles({ coins, cashCents, className }: { coins: number; cashCents: number; className: string }) {
  return (
    <dl className={className}>
      <div className="balance-tile balance-tile-coins">
        <dt>Coins</dt>
        <dd className="tabular">{formatMoney("coins", coins)}</dd>
      </div>
      <div className="balance-tile balance-tile-cash">
        <dt>Vantage Cash</dt>
        <dd className="tabular">{formatMoney("cash", cashCents)}</dd>
      </div>
    </dl>
  );
}
