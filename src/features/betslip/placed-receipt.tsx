// The receipt after placing: the spec's toast shows and the slip clears as before, and a sheet
// says what was placed — each bet's picks at their prices (a same-game block under its label
// and price, as My Picks shows it), the stake and what it wins — with a link to it in My Picks
// and "Bet these again", which puts the same picks back on the slip. The betslip session holds
// it (showReceipt), so it outlasts the phone's slip sheet, which closes as the slip empties; it
// is rendered beside the slip on the board.
import { useRef } from "react";
import { Link } from "react-router";
import { BetLegs } from "../../components/bet-parts";
import { useFocusTrap } from "../../lib/use-focus-trap";
import { type Placement, useBetslip } from "../../session/betslip-provider";
import { useOddsFormat } from "../../session/odds-format";
import { formatAmount } from "../../shared/money";

function ReceiptSheet({ placement }: { placement: Placement }) {
  const panel = useRef<HTMLDivElement>(null);
  const slip = useBetslip();
  const dismiss = slip.dismissReceipt;
  useFocusTrap(panel, { onClose: dismiss, busy: false });
  const [format] = useOddsFormat();
  const { bets } = placement;
  const wallet = bets[0]!.wallet;
  const again = () => {
    for (const pick of placement.picks) if (!slip.isSelected(pick.uid)) slip.toggle(pick);
    slip.setMode(placement.mode);
    slip.setAmount(placement.amount);
    dismiss();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a tap on the backdrop is the touch way out; keyboards have Escape through the focus trap
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && dismiss()}>
      <div ref={panel} className="modal-panel card placed-receipt" role="dialog" aria-modal="true" aria-labelledby="placed-receipt-title">
        <h2 id="placed-receipt-title" className="card-title">
          {bets.length === 1 ? "Bet placed" : `${bets.length} bets placed`}
        </h2>
        <ul className="stack-list placed-receipt-bets">
          {bets.map((bet) => (
            <li key={bet.id} className="placed-receipt-bet">
              <div className="muted">{bet.kind === "Parlay" ? `Parlay · ${bet.legs.length} legs` : "Single"}</div>
              <BetLegs bet={{ ...bet, legResults: bet.legs.map(() => null) }} format={format} />
              <dl className="placed-receipt-figures tabular">
                <dt>Stake</dt>
                <dd>{formatAmount(wallet, bet.stake)}</dd>
                <dt>To win</dt>
                <dd className="positive">{formatAmount(wallet, bet.toWin)}</dd>
              </dl>
            </li>
          ))}
        </ul>
        <div className="placed-receipt-actions">
          <Link to="/picks" className="btn" onClick={dismiss}>
            View in My Picks
          </Link>
          <button type="button" className="btn" onClick={again}>
            Bet these again
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={dismiss}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}

/** The receipt of the last placement, while it is shown. */
export function PlacedReceipt() {
  const { receipt } = useBetslip();
  return receipt ? <ReceiptSheet placement={receipt} /> : null;
}
