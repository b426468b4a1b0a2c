// /redeem (spec §2, §5): the Vantage Cash balance, a redemption request and its history.
// Submit is enabled only when signed in, payouts are enabled, nothing is submitting and
// minimum ($20) ≤ amount ≤ the redeemable part of the balance (the shared rule; the Worker
// re-checks all of it). Play-through: the page shows what is redeemable now and
// what is still to play, with the rule (bets on one game count what they could lose
// together), and each amount of freshly bought Vantage Cash still held with the date it
// frees up, re-read from /api/me whenever the balance changes. Without payouts enabled the
// page offers onboarding with what the provider still needs. Before the first redemption the
// player verifies their identity (identity-card.tsx); each redemption in the history shows
// its timeline (redemption-timeline.tsx), read again every few seconds while one is on its way
// (and the identity state while its verification is being processed).
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { redirectTo } from "../../../lib/browser-navigation";
import { sanitizeAmountInput } from "../../../shared/betslip";
import { formatAmount, formatMoney, parseAmountToMinor } from "../../../shared/money";
import { formatEtTime } from "../../../shared/protection";
import { sentenceFor } from "../../../shared/refusals";
import {
  canSubmitRedemption,
  REDEMPTION_MIN_CENTS,
  REDEMPTION_MIN_TEXT,
  RETURNED_PAYMENT_DISPUTED,
  type ConnectStatus,
  type Redemption,
  bankReturned,
} from "../../../shared/schemas/redemptions";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { SweepstakesNotice } from "../../../components/sweepstakes-notice";
import { useAuth } from "../../../session/auth-provider";
import { useWallet } from "../../../session/wallet-provider";
import { fetchBalances } from "../../../session/fetch-balances";
import {
  fetchConnectStatus,
  fetchRedeemable,
  fetchRedemptions,
  fetchIdentity,
  requestWithdrawal,
  startIdentityVerification,
  startOnboarding,
  type Redeemable,
} from "../api/redemptions";
import type { IdentityState } from "../../../shared/schemas/identity";
import { IdentityCard } from "./identity-card";
import { RedemptionTimeline } from "./redemption-timeline";
import "./redeem.css";

export const REDEEM_MESSAGES = {
  submitted: "Redemption request submitted! You can track it in your history.",
  failed: "Failed to submit redemption",
  finishOnboarding: "Finish onboarding to enable payouts.",
  onboardingFailed: "Could not start onboarding.",
  verificationFailed: "Could not start the identity verification.",
  identityInUse:
    "This bank account is already used for payouts by another Vantage account. Each person can redeem to their own bank account only: change it to redeem.",
  payeeDiffers: sentenceFor("payee-not-verified-person", { problem: "name-differs" }),
  payoutAddressNotRedeemable:
    "Vantage Cash is not redeemable where your payout account's address is, so no redemption is paid there: one already asked for comes back to your balance. If that address is out of date, update it in your payout account; contact support if this is a mistake.",
  playthroughRule:
    "Bought and bonus Vantage Cash must be played through in settled bets (wins and losses count; pushes and voids don't) before it can be redeemed. Bets on one game count only what they could lose together at worst, so backing both sides counts little more than the margin. Winnings are redeemable at once.",
} as const;

/** Why bought Vantage Cash waits, for a hold of `days` days. */
export function purchaseHoldRule(days: number): string {
  return `Vantage Cash bought with a card is held for ${days} ${days === 1 ? "day" : "days"} before it can be redeemed, however it was played.`;
}

/** Refusals whose server message tells the player what to do (shown under the failure line). */
const EXPLAINED_REFUSALS = new Set([
  "playthrough-required",
  "purchase-held",
  "payout-identity-in-use",
  "payee-not-verified-person",
  "payout-address-restricted",
  "redemptions-paused",
  "identity-unverified",
  "identity-in-use",
  "identity-mismatch",
]);

/** How often the history is read again while a redemption is still on its way. */
const FOLLOW_MS = 4_000;

export function actionNeededMessage(status: ConnectStatus): string {
  const fields = status.requirements.currently_due;
  return fields.length > 0 ? `Action needed: ${fields.join(", ")}` : REDEEM_MESSAGES.finishOnboarding;
}

/** Only digits and one decimal point survive typing (spec §5): the betslip's own rule. */
export const sanitizeAmount = sanitizeAmountInput;

const STATUS_LABEL: Record<Redemption["status"], string> = { pending: "Pending", paid: "Paid", failed: "Failed (returned)" };

/**
 * A redemption's status as the history shows it: one held back by a payment under review
 * says so; one waiting for review says "In review"; one sent whose bank payout has not
 * arrived yet says "Sent"; one whose payout the bank sent back says so, before and after its
 * amount is back in the balance.
 */
export function redemptionStatusLabel(
  redemption: Pick<Redemption, "status" | "failureReason"> & Partial<Pick<Redemption, "timeline">>,
): string {
  if (redemption.status === "failed" && redemption.failureReason === RETURNED_PAYMENT_DISPUTED)
    return `Failed (${RETURNED_PAYMENT_DISPUTED})`;
  const reached = new Set((redemption.timeline ?? []).map((s) => s.step));
  if (bankReturned({ timeline: redemption.timeline ?? [] })) {
    return redemption.status === "failed" ? "Returned by your bank" : "Coming back from your bank";
  }
  if (redemption.status === "pending" && reached.has("in-review") && !reached.has("approved")) return "In review";
  if (redemption.status === "paid" && redemption.timeline && !reached.has("paid")) return "Sent";
  return STATUS_LABEL[redemption.status];
}

const newKey = () => crypto.randomUUID().replaceAll("-", "");

/**
 * `redemptionActions`: what the app puts under a redemption in the history (the receipts
 * feature's Receipt button on a paid one); the page itself knows nothing of it.
 */
export function RedeemPage({ redemptionActions }: { redemptionActions?: (redemption: Redemption) => ReactNode } = {}) {
  const { user, api } = useAuth();
  const wallet = useWallet();
  const [status, setStatus] = useState<ConnectStatus | null>(null);
  // null until the first answer; a failed read keeps what was shown and says so, with a retry.
  const [history, setHistory] = useState<Redemption[] | null>(null);
  const [historyError, setHistoryError] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const [onboarding, setOnboarding] = useState(false);
  const [identity, setIdentity] = useState<IdentityState | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [message, setMessage] = useState<{ text: string; tone: "success" | "error"; detail?: string } | null>(null);
  const idempotencyKey = useRef(newKey());

  const balanceCents = wallet.balances?.vantageCash ?? 0;
  const owed = [
    { wallet: "coins" as const, amount: wallet.balances?.owedCoins ?? 0 },
    { wallet: "cash" as const, amount: wallet.balances?.owedCash ?? 0 },
  ].filter((o) => o.amount > 0);
  const signedIn = user !== null;
  const [redeemable, setRedeemable] = useState<Redeemable | null>(() =>
    user
      ? {
          vantageCash: user.vantageCash,
          redeemableCash: user.redeemableCash,
          cashToPlay: user.cashToPlay,
          redemptionPause: user.redemptionPause,
          purchaseHolds: user.purchaseHolds,
          purchaseHoldDays: user.purchaseHoldDays,
        }
      : null,
  );
  const redeemableCents = Math.min(balanceCents, redeemable?.redeemableCash ?? 0);
  const toPlayCents = redeemable?.cashToPlay ?? 0;
  const paused = redeemable?.redemptionPause ?? null;
  const holds = redeemable?.purchaseHolds ?? [];
  const heldCents = holds.reduce((sum, hold) => sum + hold.amountCents, 0);
  const lastHoldEnds = holds.reduce((latest, hold) => Math.max(latest, hold.freesAt), 0);

  const loadHistory = useCallback(async () => {
    try {
      setHistory(await fetchRedemptions(api));
      setHistoryError(null);
    } catch (err) {
      setHistoryError(errorMessage(err, "Your redemptions could not be loaded."));
    }
  }, [api]);

  const loadStatus = useCallback(
    (isCancelled: () => boolean = () => false) => {
      setStatusError(null);
      return fetchConnectStatus(api).then(
        (s) => !isCancelled() && setStatus(s),
        // Not known is not "not set up": the player is told it could not be read, and may ask again.
        (err: unknown) => !isCancelled() && setStatusError(errorMessage(err, "Your payout account could not be checked.")),
      );
    },
    [api],
  );

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    void loadStatus(() => cancelled);
    fetchIdentity(api)
      .then((i) => !cancelled && setIdentity(i))
      .catch(() => undefined);
    void loadHistory();
    return () => {
      cancelled = true;
    };
  }, [api, signedIn, loadHistory, loadStatus]);

  // Follow a redemption on its way (in review, sending, sent and not yet paid) until it is paid or returned.
  const following = (history ?? []).some((r) => r.next !== null);
  useEffect(() => {
    if (!signedIn || !following) return;
    const timer = setInterval(() => void loadHistory(), FOLLOW_MS);
    return () => clearInterval(timer);
  }, [signedIn, following, loadHistory]);

  // A verification being processed (back from Stripe before its result arrived): look again until it is decided.
  const identityPending = identity?.status === "pending";
  useEffect(() => {
    if (!signedIn || !identityPending) return;
    const timer = setInterval(
      () =>
        void fetchIdentity(api)
          .then(setIdentity)
          .catch(() => undefined),
      FOLLOW_MS,
    );
    return () => clearInterval(timer);
  }, [api, signedIn, identityPending]);

  // Settlements, bets and redemptions change what is redeemable: re-read it with the balance.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a changed balance is the signal to read again, not an input to the read.
  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    fetchRedeemable(api)
      .then((r) => !cancelled && setRedeemable(r))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [api, signedIn, balanceCents]);

  const identityInUse = status?.payoutIdentityInUse === true;
  // The payout account's holder is not the verified person: the Worker refuses a request until it is changed.
  const payeeDiffers = status?.payeeNotVerifiedPerson === true;
  // The payout account's address is where Vantage Cash is not redeemable: refused, and one asked before returned, until it is not.
  const addressClosed = status?.payoutAddressNotRedeemable === true;
  const payoutsEnabled = status?.payouts_enabled === true && !identityInUse && !payeeDiffers && !addressClosed;
  // Unknown (not yet read) leaves it to the Worker, which refuses an unverified player anyway.
  const identityBlocks = identity !== null && identity.status !== "verified";
  const enabled = canSubmitRedemption({
    signedIn,
    payoutsEnabled: payoutsEnabled && !identityBlocks,
    submitting,
    amountText: amount,
    balanceCents,
    redeemableCents,
  });
  const typedCents = parseAmountToMinor("cash", amount);
  const overRedeemable = !paused && typedCents !== null && typedCents > redeemableCents && typedCents <= balanceCents;
  // Why "Request redemption" cannot be pressed, in one sentence beside it (the first that applies).
  const whyNot =
    enabled || submitting
      ? null
      : !signedIn
        ? "Sign in to redeem."
        : user?.unavailable.includes("redeem")
          ? "Redemptions are not offered where you are (see above)."
          : paused
            ? "Redemptions are paused (see above)."
            : !payoutsEnabled
              ? status === null
                ? statusError
                  ? "Your payout account could not be checked (see above)."
                  : "Checking your payout account…"
                : identityInUse || payeeDiffers || addressClosed
                  ? "Update your payout account above first."
                  : "Set up your payout account above first."
              : identityBlocks
                ? "Verify your identity above first."
                : typedCents === null || amount.trim() === ""
                  ? `Enter an amount of at least ${REDEMPTION_MIN_TEXT}.`
                  : typedCents < REDEMPTION_MIN_CENTS
                    ? `The minimum redemption is ${REDEMPTION_MIN_TEXT}.`
                    : typedCents > balanceCents
                      ? "Not enough balance."
                      : overRedeemable
                        ? "See above for what is redeemable now."
                        : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!enabled) return;
    const cents = parseAmountToMinor("cash", amount);
    if (cents === null) return;
    setSubmitting(true);
    setMessage(null);
    try {
      await requestWithdrawal(api, cents / 100, idempotencyKey.current);
      idempotencyKey.current = newKey();
      setAmount("");
      setMessage({ text: REDEEM_MESSAGES.submitted, tone: "success" });
      const fresh = await fetchBalances(api).catch(() => null);
      if (fresh) wallet.applyBalances(fresh);
    } catch (err) {
      idempotencyKey.current = newKey();
      const explained = err instanceof ApiError && err.code !== null && EXPLAINED_REFUSALS.has(err.code);
      setMessage({ text: REDEEM_MESSAGES.failed, tone: "error", detail: explained ? err.message : undefined });
    } finally {
      setSubmitting(false);
      void loadHistory();
    }
  };

  const onboard = async () => {
    setOnboarding(true);
    try {
      redirectTo(await startOnboarding(api));
    } catch {
      setMessage({ text: REDEEM_MESSAGES.onboardingFailed, tone: "error" });
      setOnboarding(false);
    }
  };

  const verify = async () => {
    setVerifying(true);
    try {
      redirectTo(await startIdentityVerification(api));
    } catch (err) {
      setMessage({ text: REDEEM_MESSAGES.verificationFailed, tone: "error", detail: err instanceof ApiError ? err.message : undefined });
      setVerifying(false);
    }
  };

  return (
    <section className="page redeem" aria-labelledby="redeem-title">
      <h1 id="redeem-title">Redeem Vantage Cash</h1>
      <SweepstakesNotice />
      {user?.regionNotice && <p className="negative">{user.regionNotice}</p>}
      <p className="redeem-balance">
        Vantage Cash balance: <strong className="tabular">{formatMoney("cash", balanceCents)}</strong>
      </p>
      {paused && (
        <p className="redeem-paused" role="alert">
          {paused}
        </p>
      )}
      {owed.length > 0 && (
        <p className="redeem-owed" role="note">
          Owed: {owed.map((o) => formatAmount(o.wallet, o.amount)).join(" and ")}. A reversed payment left this owed; new credits repay it
          first.
        </p>
      )}
      <dl className="redeem-playthrough" aria-label="Play-through">
        <div>
          <dt>Redeemable now</dt>
          <dd className="tabular">{formatMoney("cash", redeemableCents)} Vantage Cash</dd>
        </div>
        <div className={toPlayCents > 0 ? "redeem-to-play" : undefined}>
          <dt>Still to play</dt>
          <dd className="tabular">{formatMoney("cash", toPlayCents)} Vantage Cash</dd>
        </div>
      </dl>
      {toPlayCents > 0 && <p className="muted redeem-rule">{REDEEM_MESSAGES.playthroughRule}</p>}
      {holds.length > 0 && (
        <div className="redeem-holds">
          <p className="muted">{purchaseHoldRule(redeemable?.purchaseHoldDays ?? 0)}</p>
          <ul aria-label="Held purchases">
            {holds.map((hold) => (
              <li key={`${hold.freesAt}-${hold.amountCents}`}>
                <span className="tabular">{formatMoney("cash", hold.amountCents)} Vantage Cash</span> held until{" "}
                <time dateTime={new Date(hold.freesAt).toISOString()}>{formatEtTime(hold.freesAt)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}

      {identity && <IdentityCard identity={identity} starting={verifying} onStart={() => void verify()} />}

      {status?.payouts_enabled && identityInUse && (
        <div className="card redeem-onboarding" role="alert">
          <p>{REDEEM_MESSAGES.identityInUse}</p>
          <button type="button" className="btn btn-primary" onClick={() => void onboard()} disabled={onboarding}>
            Change bank account
          </button>
        </div>
      )}

      {status?.payouts_enabled && !identityInUse && payeeDiffers && (
        <div className="card redeem-onboarding" role="alert">
          <p>{REDEEM_MESSAGES.payeeDiffers}</p>
          <button type="button" className="btn btn-primary" onClick={() => void onboard()} disabled={onboarding}>
            Update payout account
          </button>
        </div>
      )}

      {status?.payouts_enabled && !identityInUse && !payeeDiffers && addressClosed && (
        <div className="card redeem-onboarding" role="alert">
          <p>{REDEEM_MESSAGES.payoutAddressNotRedeemable}</p>
          <button type="button" className="btn btn-primary" onClick={() => void onboard()} disabled={onboarding}>
            Update payout account
          </button>
        </div>
      )}

      {statusError && !status && (
        <div className="card redeem-onboarding" role="alert">
          <p>{statusError}</p>
          <button type="button" className="btn btn-sm" onClick={() => void loadStatus()}>
            Try again
          </button>
        </div>
      )}

      {status && !status.payouts_enabled && (
        <div className="card redeem-onboarding">
          <p>{actionNeededMessage(status)}</p>
          <button type="button" className="btn btn-primary" onClick={() => void onboard()} disabled={onboarding}>
            {status.hasAccount ? "Continue onboarding" : "Set up payouts"}
          </button>
        </div>
      )}

      <form className="card redeem-form" onSubmit={(e) => void submit(e)}>
        <div className="field">
          <label htmlFor="redeem-amount">Amount (minimum {REDEMPTION_MIN_TEXT})</label>
          <input
            id="redeem-amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={formatMoney("cash", REDEMPTION_MIN_CENTS)}
            value={amount}
            onChange={(e) => setAmount(sanitizeAmount(e.target.value))}
            aria-describedby={overRedeemable ? "redeem-amount-hint" : undefined}
          />
          {overRedeemable && (
            <p id="redeem-amount-hint" className="redeem-hint">
              {heldCents > toPlayCents
                ? `${redeemableCents === 0 ? "Nothing is redeemable yet" : `Only ${formatMoney("cash", redeemableCents)} Vantage Cash is redeemable now`}: ${formatMoney("cash", heldCents)} Vantage Cash bought recently is held until ${formatEtTime(lastHoldEnds)} at the latest.`
                : redeemableCents === 0
                  ? `Nothing is redeemable yet: play ${formatMoney("cash", toPlayCents)} more Vantage Cash in bets first.`
                  : `Only ${formatMoney("cash", redeemableCents)} Vantage Cash is redeemable now. Play ${formatMoney("cash", toPlayCents)} more in bets to redeem the rest.`}
            </p>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={!enabled} aria-describedby={whyNot ? "redeem-why-not" : undefined}>
          {submitting ? "Submitting…" : "Request redemption"}
        </button>
        {whyNot && (
          <p id="redeem-why-not" className="redeem-hint">
            {whyNot}
          </p>
        )}
      </form>

      <p className={`redeem-message redeem-message-${message?.tone ?? "success"}`} role="status" aria-live="polite">
        {message?.text ?? ""}
        {message?.detail && <span className="redeem-message-detail">{message.detail}</span>}
      </p>

      <h2>History</h2>
      {historyError && (
        <div className="redeem-history-error" role="alert">
          <p className="error-text">{historyError}</p>
          <button type="button" className="btn btn-sm" onClick={() => void loadHistory()}>
            Try again
          </button>
        </div>
      )}
      {history === null ? (
        !historyError && (
          <p className="muted" role="status">
            Loading your redemptions…
          </p>
        )
      ) : history.length === 0 ? (
        <p className="muted">No redemptions yet.</p>
      ) : (
        <ul className="stack-list redeem-history">
          {history.map((r) => {
            const actions = redemptionActions?.(r);
            return (
              // One the bank sent back reads as waiting until its amount is back in the balance.
              <li
                key={r.id}
                className={`redeem-history-row redeem-status-${bankReturned(r) && r.status === "paid" ? "pending" : r.status}`}
              >
                <time dateTime={new Date(r.createdAt).toISOString()}>{formatEtTime(r.createdAt)}</time>
                <span className="tabular">{formatMoney("cash", r.amountCents)} Vantage Cash</span>
                <span className="redeem-status">{redemptionStatusLabel(r)}</span>
                <RedemptionTimeline redemption={r} />
                {actions && <div className="redeem-history-actions">{actions}</div>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
