// The slip on a phone: a bar fixed at the bottom of the board showing how many picks the slip
// holds, the combined price (a parlay's) and what it pays at the amount typed, always in
// reach while the player scrolls the games. Tapping it opens the whole slip (amount,
// quick-add, wallet, same-game blocks, place, and the confirm step inside it) as a sheet:
// focus moves in and stays there, Escape or Close dismisses it, and focus returns to the bar.
// Once the slip is placed (the spec's toast shows, the slip clears) or cleared, it closes.
// Wider screens keep the slip in the board's right-hand column (board-sidebar.tsx).
import { useEffect, useRef, useState } from "react";
import { useFocusTrap } from "../../../lib/use-focus-trap";
import { useOddsFormat } from "../../../session/odds-format";
import { useBetslip } from "../../../session/betslip-provider";
import { REVEAL_BETSLIP_EVENT } from "../../../session/reveal-betslip";
import { useWallet } from "../../../session/wallet-provider";
import { WALLET_LABEL, formatAmount } from "../../../shared/money";
import { formatDecimalOdds } from "../../../shared/odds";
import { Betslip, type BetslipLive } from "./betslip";
import { combinedDecimal, useSlipFigures } from "./slip-figures";

function SlipSheet({ live, onClose }: { live?: BetslipLive; onClose(): void }) {
  const panel = useRef<HTMLDivElement>(null);
  // While a bet is being placed (a live one waits out its delay) the sheet stays: its answer shows here.
  const [placing, setPlacing] = useState(false);
  useFocusTrap(panel, { onClose, busy: placing });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a tap on the backdrop is the touch way out; keyboards have Escape through the focus trap
    <div className="modal-backdrop slip-sheet-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !placing && onClose()}>
      <div ref={panel} className="slip-sheet card" role="dialog" aria-modal="true" aria-label="Betslip">
        <button type="button" className="btn btn-sm btn-ghost slip-sheet-close" onClick={onClose} disabled={placing}>
          Close
        </button>
        <Betslip live={live} onPlacingChange={setPlacing} />
      </div>
    </div>
  );
}

export function PhoneSlip({ live }: { live?: BetslipLive }) {
  const { picks, mode } = useBetslip();
  const { mode: wallet } = useWallet();
  const [format] = useOddsFormat();
  const [open, setOpen] = useState(false);
  const { pricesAm, amountMinor, returns, returnsKnown: known } = useSlipFigures(live?.skewMs ?? 0);
  // Arriving with picks waiting (after "Tail"), the sheet opens by itself.
  useEffect(() => {
    const reveal = () => setOpen(true);
    window.addEventListener(REVEAL_BETSLIP_EVENT, reveal);
    return () => window.removeEventListener(REVEAL_BETSLIP_EVENT, reveal);
  }, []);
  // A slip that empties (placed, or cleared) has nothing left to show: the sheet closes.
  const empty = picks.length === 0;
  useEffect(() => {
    if (empty) setOpen(false);
  }, [empty]);
  if (empty) return null;

  const count = `${picks.length} ${picks.length === 1 ? "pick" : "picks"}`;
  const price = mode === "Parlay" && picks.length >= 2 && known ? ` · ${formatDecimalOdds(combinedDecimal(pricesAm), format)}` : "";
  const pays = known && amountMinor > 0 ? `Pays ${formatAmount(wallet, returns.payout)}` : `${mode} from ${WALLET_LABEL[wallet]}`;

  return (
    <>
      <div className="slip-bar" role="region" aria-label="Betslip bar">
        <button type="button" className="slip-bar-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <span className="slip-bar-count">{count}</span>
          <span className="slip-bar-price tabular">
            {mode}
            {price}
          </span>
          <span className="slip-bar-pays tabular">{pays}</span>
          <span className="slip-bar-open">Open slip</span>
        </button>
      </div>
      {open && <SlipSheet live={live} onClose={() => setOpen(false)} />}
    </>
  );
}
