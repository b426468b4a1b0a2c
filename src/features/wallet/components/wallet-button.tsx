// The header's wallet button (spec §2): shows the balance of the selected wallet and
// opens the wallet panel — Coins/Cash toggle, both balances, the daily streak bar n/7
// and the daily claim. Balances come from the live wallet when it has them, else from
// the signed-in player's document; a claim merges the fresh balances into it. The claim's
// message shows in the panel and as the app-wide toast, so a player who closes the panel
// or moves to another page while the claim is under way still sees how it ended.
// What a reversed payment left owed is shown under the balances ("Owed: 1,100 Vantage Cash"),
// and, near a daily play-time limit, the minutes left (play-time-left.tsx).
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { EmojiText } from "../../../components/emoji-text";
import { useToast } from "../../../components/toast";
import { SweepstakesNotice } from "../../../components/sweepstakes-notice";
import { modeAllows } from "../../../shared/region-rules";
import { useAuth } from "../../../session/auth-provider";
import { useWallet } from "../../../session/wallet-provider";
import { displayedStreak, STREAK_GOAL, claimedToday } from "../../../shared/bonus";
import { formatAmount, formatMoney, WALLET_LABEL, type WalletKind } from "../../../shared/money";
import { BalanceTiles } from "../../../components/balance-tiles";
import { claimDailyBonus, CLAIM_MESSAGES, type ClaimOutcome } from "./claim-daily-bonus";
import { PlayTimeLeft } from "./play-time-left";
import { WalletIcon } from "./wallet-icon";
import "./wallet.css";

export function WalletButton() {
  const { user, api } = useAuth();
  const wallet = useWallet();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [claiming, setClaiming] = useState(false);
  const [outcome, setOutcome] = useState<Pick<ClaimOutcome, "message" | "tone"> | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const balances = wallet.balances;
  const coins = balances?.coinBalance ?? 0;
  const cashCents = balances?.vantageCash ?? 0;
  const bonusState = { lastBonusDayET: balances?.lastBonusDayET ?? "", bonusStreak: balances?.bonusStreak ?? 0 };
  const now = Date.now();
  const streak = displayedStreak(bonusState, now);
  const claimed = claimedToday(bonusState, now);
  const shown = wallet.mode === "coins" ? coins : cashCents;
  const owed = [
    { wallet: "coins" as const, amount: balances?.owedCoins ?? 0 },
    { wallet: "cash" as const, amount: balances?.owedCash ?? 0 },
  ].filter((o) => o.amount > 0);

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  const announce = (shown: Pick<ClaimOutcome, "message" | "tone">) => {
    setOutcome(shown);
    toast.show(shown.message, shown.tone);
  };

  const claim = async () => {
    if (!user) {
      announce({ message: CLAIM_MESSAGES.signedOut, tone: "error" });
      return;
    }
    setClaiming(true);
    setOutcome(null);
    try {
      const result = await claimDailyBonus(api);
      if (result.response?.balances) wallet.applyBalances(result.response.balances);
      announce({ message: result.message, tone: result.tone });
    } finally {
      setClaiming(false);
    }
  };

  const pick = (mode: WalletKind) => wallet.setMode(mode);

  return (
    <div className="wallet" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={`btn wallet-button wallet-button-${wallet.mode}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={`Wallet: ${formatMoney(wallet.mode, shown)} ${WALLET_LABEL[wallet.mode]}`}
        onClick={() => setOpen((v) => !v)}
      >
        <WalletIcon kind={wallet.mode} />
        <span className="tabular">{formatMoney(wallet.mode, shown)}</span>
      </button>

      {open && (
        <div ref={panelRef} id={panelId} className="wallet-panel card" role="dialog" aria-label="Wallet" tabIndex={-1}>
          <div className="wallet-toggle" role="group" aria-label="Wallet mode">
            {(["coins", "cash"] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                className={`wallet-toggle-option${wallet.mode === mode ? " active" : ""}`}
                aria-pressed={wallet.mode === mode}
                onClick={() => pick(mode)}
              >
                {mode === "coins" ? "Coins" : "Cash"}
              </button>
            ))}
          </div>

          <BalanceTiles className="wallet-balances" coins={coins} cashCents={cashCents} />
          {wallet.mode === "cash" && user?.regionNotice && <p className="wallet-owed-note negative">{user.regionNotice}</p>}
          <PlayTimeLeft />

          {owed.length > 0 && (
            <div className="wallet-owed" role="note" aria-label="Owed">
              {owed.map((o) => (
                <p key={o.wallet} className="wallet-owed-amount tabular">
                  Owed: {formatAmount(o.wallet, o.amount)}
                </p>
              ))}
              <p className="wallet-owed-note muted">
                A reversed payment left this owed. New credits repay it first; redemptions wait until it is repaid.
              </p>
            </div>
          )}

          <div className="wallet-streak">
            <div className="wallet-streak-head">
              <span>Daily streak</span>
              <span className="tabular">
                {streak}/{STREAK_GOAL}
              </span>
            </div>
            <div
              className="wallet-streak-bar"
              role="progressbar"
              aria-label="Daily streak"
              aria-valuemin={0}
              aria-valuemax={STREAK_GOAL}
              aria-valuenow={streak}
              aria-valuetext={`${streak} of ${STREAK_GOAL} days`}
            >
              {Array.from({ length: STREAK_GOAL }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the streak's steps are a fixed row of days
                <span key={i} className={`wallet-streak-step${i < streak ? " filled" : ""}`} />
              ))}
            </div>
            <p className="wallet-streak-note muted">
              {!user || modeAllows(user.regionMode, "bonus-cash")
                ? `+1,000 Coins and +1 Vantage Cash daily; day ${STREAK_GOAL} adds +5,000 Coins and +5 Vantage Cash.`
                : `+1,000 Coins daily; day ${STREAK_GOAL} adds +5,000 Coins (no Vantage Cash where you are).`}
            </p>
          </div>

          {/* Claimed: it looks spent but stays pressable, and the spec's "already claimed" answer says so. */}
          <button
            type="button"
            className={`btn btn-block ${claimed ? "btn-ghost" : "btn-primary"}`}
            onClick={() => void claim()}
            disabled={claiming}
            aria-describedby={claimed ? "wallet-next-bonus" : undefined}
          >
            {claiming ? "Claiming…" : claimed ? "Claimed today" : "Claim daily bonus"}
          </button>
          {claimed && (
            <p id="wallet-next-bonus" className="wallet-owed-note muted">
              The next bonus is ready at midnight Eastern.
            </p>
          )}
          {/* Not a live region: the toast announces the same message once. */}
          <p className={`wallet-message wallet-message-${outcome?.tone ?? "info"}`}>{outcome && <EmojiText text={outcome.message} />}</p>
          <SweepstakesNotice className="wallet-notice" />
        </div>
      )}
    </div>
  );
}
