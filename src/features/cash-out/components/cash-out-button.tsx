// Cash-out on My Picks: a "Cash out" button under each open bet. It asks the Worker for a
// quote (GET /api/bets/:id/cash-out) and shows it in a dialog with the fee in plain
// sight: what the open stake is worth at the fair price, the fee, and what the player
// gets, for all of it or a share (25% / 50% / all). Confirming sends the quote with an
// Idempotency-Key (POST); a value that moved meanwhile shows the new quote to confirm
// again, a suspended leg or a bet no longer open shows the server's sentence. A bet with a
// leg under way waits the live-bet delay on the server, so the button says "Cashing out…".
// A quote lasts seconds: the dialog counts down what is left of it on the device's own clock
// (from `validForMs`), and when it runs out fetches a fresh one in its place.
import { useEffect, useRef, useState } from "react";
import { useToast } from "../../../components/toast";
import { ApiError, REQUEST_TIMEOUT_MS, errorMessage } from "../../../lib/api-client";
import { useFocusTrap } from "../../../lib/use-focus-trap";
import { useApi } from "../../../session/auth-provider";
import { useWallet } from "../../../session/wallet-provider";
import { CASH_OUT_FRACTIONS } from "../../../shared/cash-out";
import { formatAmount } from "../../../shared/money";
import type { BetDocument } from "../../../shared/schemas/bets";
import type { CashOutQuote } from "../../../shared/schemas/cash-out";
import "./cash-out.css";

/** The cash-out schemas load with the first quote, keeping zod out of the page's bundle. */
const schemas = () => import("../../../shared/schemas/cash-out");

/** The longest live-bet delay the Worker may hold an accept for (LIVE_BET_DELAY_* allow up to 30 s). */
const LONGEST_DELAY_MS = 30_000;

export const CASH_OUT_TEXTS = {
  button: "Cash out",
  failed: "Cash-out failed",
  done: "Cashed out!",
  moved: "The cash-out value changed. Review the new offer.",
  refreshed: "That offer ran out; here is a fresh one.",
} as const;

const FRACTION_LABEL: Record<(typeof CASH_OUT_FRACTIONS)[number], string> = { 0.25: "25%", 0.5: "50%", 1: "All" };

/** What a share of the quoted open stake pays, as the Worker priced it in the quote; null when the share is under one unit. */
function shareFigures(quote: CashOutQuote, fraction: number) {
  const found = quote.shares.find((s) => s.fraction === fraction);
  return found ? { share: found.stake, fairValue: found.fairValue, fee: found.fee, amount: found.amount } : null;
}

function CashOutDialog({
  bet,
  quote,
  busy,
  note,
  chosen,
  onChoose,
  onConfirm,
  onClose,
  onExpired,
}: {
  bet: BetDocument;
  quote: CashOutQuote;
  busy: boolean;
  note: string | null;
  /** The share the player chose: kept by the caller, so a fresh offer (moved, expired) keeps it. */
  chosen: number;
  onChoose(fraction: number): void;
  onConfirm(fraction: number): void;
  onClose(): void;
  /** The quote ran out while the dialog was open: fetch a fresh one. */
  onExpired(): void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, { onClose, busy });
  // A share the fresh offer cannot make (too small now) is the whole stake, shown as chosen.
  const fraction = shareFigures(quote, chosen) ? chosen : 1;
  // The quote's end on this device's clock, from when it arrived (the dialog mounts with each new quote).
  const [endsAt] = useState(() => Date.now() + quote.validForMs);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const secondsLeft = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const expired = secondsLeft === 0;
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;
  useEffect(() => {
    if (expired && !busy) onExpiredRef.current();
  }, [expired, busy]);
  const figures = shareFigures(quote, fraction)!;
  const money = (amount: number) => formatAmount(bet.wallet, amount);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop is the mouse's way out; keyboards have Escape through the focus trap
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !busy && onClose()}>
      <div ref={panel} className="modal-panel card cash-out-dialog" role="dialog" aria-modal="true" aria-labelledby="cash-out-title">
        <h2 id="cash-out-title" className="card-title">
          Cash out
        </h2>
        {note && (
          <p className="cash-out-note" role="status">
            {note}
          </p>
        )}
        <div className="tabs cash-out-shares" role="radiogroup" aria-label="How much to cash out">
          {CASH_OUT_FRACTIONS.map((f) => {
            const usable = shareFigures(quote, f) !== null;
            return (
              <button
                key={f}
                type="button"
                role="radio"
                aria-checked={fraction === f}
                className={`tab${fraction === f ? " active" : ""}`}
                disabled={!usable || busy}
                onClick={() => onChoose(f)}
              >
                {FRACTION_LABEL[f]}
              </button>
            );
          })}
        </div>
        <dl className="cash-out-figures tabular">
          <dt>Stake cashed out</dt>
          <dd>{money(figures.share)}</dd>
          <dt>Fair value</dt>
          <dd>{money(figures.fairValue)}</dd>
          <dt>Fee ({quote.marginPercent}%)</dt>
          <dd>−{money(figures.fee)}</dd>
          <dt>You get</dt>
          <dd className="positive cash-out-amount">{money(figures.amount)}</dd>
        </dl>
        {figures.share < quote.openStake && (
          <p className="muted">{money(quote.openStake - figures.share)} of the stake stays on the bet and is settled as usual.</p>
        )}
        <p className="muted cash-out-timer tabular" aria-live="off">
          {expired ? "Getting a fresh offer…" : `This offer is good for ${secondsLeft} s.`}
        </p>
        <div className="cash-out-actions">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" data-autofocus onClick={() => onConfirm(fraction)} disabled={busy || expired}>
            {busy ? "Cashing out…" : `Cash out ${money(figures.amount)}`}
          </button>
        </div>
      </div>
    </div>
  );
}

export function CashOutButton({ bet }: { bet: BetDocument }) {
  const api = useApi();
  const toast = useToast();
  const { applyPlacement } = useWallet();
  const [asking, setAsking] = useState(false);
  const [offer, setOffer] = useState<{ quote: CashOutQuote; note: string | null } | null>(null);
  // The share chosen in the dialog: a new ask starts at the whole stake, a fresh offer keeps it.
  const [fraction, setFraction] = useState(1);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (bet.status !== "open") return null;

  const ask = async () => {
    setAsking(true);
    setError(null);
    try {
      const quote = await api.get(`/bets/${encodeURIComponent(bet.id)}/cash-out`, async () => (await schemas()).CashOutQuoteSchema);
      setFraction(1);
      setOffer({ quote, note: null });
    } catch (err) {
      setError(errorMessage(err, CASH_OUT_TEXTS.failed));
    } finally {
      setAsking(false);
    }
  };

  /** A fresh quote in place of one that ran out; a failure closes the dialog with the reason. */
  const refresh = async () => {
    try {
      const quote = await api.get(`/bets/${encodeURIComponent(bet.id)}/cash-out`, async () => (await schemas()).CashOutQuoteSchema);
      setOffer({ quote, note: CASH_OUT_TEXTS.refreshed });
    } catch (err) {
      setOffer(null);
      setError(errorMessage(err, CASH_OUT_TEXTS.failed));
    }
  };

  const confirm = async (fraction: number) => {
    if (!offer || busy) return;
    setBusy(true);
    try {
      const response = await api.request(
        `/bets/${encodeURIComponent(bet.id)}/cash-out`,
        async () => (await schemas()).CashOutResponseSchema,
        {
          method: "POST",
          body: { quoteId: offer.quote.quoteId, fraction },
          headers: { "Idempotency-Key": crypto.randomUUID() },
          timeoutMs: REQUEST_TIMEOUT_MS + LONGEST_DELAY_MS,
        },
      );
      applyPlacement({ bets: [response.bet], balances: response.balances });
      setOffer(null);
      toast.show(`${CASH_OUT_TEXTS.done} ${formatAmount(bet.wallet, response.paid)}`, "success");
    } catch (err) {
      if (err instanceof ApiError && (err.code === "cash-out-moved" || err.code === "quote-expired")) {
        const moved = (await schemas()).CashOutMovedDetailsSchema.safeParse(
          (err.body as { error?: { details?: unknown } })?.error?.details,
        );
        if (moved.success) {
          setOffer({ quote: moved.data.quote, note: CASH_OUT_TEXTS.moved });
          return;
        }
      }
      setOffer(null);
      const message = errorMessage(err, CASH_OUT_TEXTS.failed);
      setError(message);
      toast.show(message, "error");
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="cash-out">
      <button type="button" className="btn btn-sm cash-out-button" onClick={() => void ask()} disabled={asking}>
        {asking ? "Getting offer…" : CASH_OUT_TEXTS.button}
      </button>
      {error && (
        <p className="error-text cash-out-error" role="alert">
          {error}
        </p>
      )}
      {offer && (
        <CashOutDialog
          key={offer.quote.quoteId}
          bet={bet}
          quote={offer.quote}
          busy={busy}
          note={offer.note}
          chosen={fraction}
          onChoose={setFraction}
          onConfirm={(f) => void confirm(f)}
          onClose={() => setOffer(null)}
          onExpired={() => void refresh()}
        />
      )}
    </div>
  );
}
