// /shop (spec §2, §4, §9): the eight coin packs and the player's balances. Buying opens
// a checkout for the chosen pack ('Starting Checkout...' meanwhile) and sends the browser
// there; the payment provider brings the player back with ?checkout=success|cancel (and the
// session's id). Credits arrive through the payment webhook, so success only says they are
// on the way; a pack the Worker declined instead (a break, a closure, a checkout withdrawn
// or billed where packs are not offered) is then said to be refunded, and why.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-client";
import { redirectTo } from "../../../lib/browser-navigation";
import { formatMoney } from "../../../shared/money";
import { formatUsd, PACKS } from "../../../shared/packs";
import { useAuth } from "../../../session/auth-provider";
import { SweepstakesNotice } from "../../../components/sweepstakes-notice";
import { BalanceTiles } from "../../../components/balance-tiles";
import { useWallet } from "../../../session/wallet-provider";
import { createCheckoutSession } from "../api/create-checkout-session";
import { fetchCheckoutOutcome } from "../api/checkout-outcome";
import type { CheckoutOutcome } from "../../../shared/schemas/checkout";
import { fetchBalances } from "../../../session/fetch-balances";
import { formatEtTime, LIMIT_INFO, PROTECTION_REFUSAL_CODES } from "../../../shared/protection";
import "./shop.css";

export const SHOP_MESSAGES = {
  starting: "Starting Checkout...",
  signIn: "Please sign in first.",
  failed: "Failed to create checkout session",
  couldNotStart: "Could not start checkout.",
  success: "Purchase complete! Credits will appear shortly.",
  cancel: "Checkout canceled.",
} as const;

/** Why a paid pack was not credited (its payment is refunded in full), by the Worker's reason. */
export const DECLINED_MESSAGES: Record<NonNullable<CheckoutOutcome["reason"]>, string> = {
  closed: "This pack was not credited because your account is closed for play. Your payment will be refunded in full.",
  break: "This pack was not credited because you are taking a break. Your payment will be refunded in full.",
  withdrawn:
    "This pack was not credited: the checkout was withdrawn by a purchase limit, a break, a card payment charged back, or because packs are not offered where you are or where your card is billed. Your payment will be refunded in full.",
};

type Message = { text: string; tone: "success" | "info" | "error" };

function resultMessage(checkout: string | null): Message | null {
  if (checkout === "success") return { text: SHOP_MESSAGES.success, tone: "success" };
  if (checkout === "cancel") return { text: SHOP_MESSAGES.cancel, tone: "info" };
  return null;
}

/** The pack is credited when the payment webhook lands, maybe a moment after the player is back: re-read balances a few times. */
const BALANCE_RECHECK_MS = [1_500, 4_000, 9_000] as const;

export function ShopPage() {
  const { user, api } = useAuth();
  const wallet = useWallet();
  const [params] = useSearchParams();
  const [pending, setPending] = useState<number | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const shown = message ?? resultMessage(params.get("checkout"));
  const allowance = user?.purchaseAllowance ?? null;

  const balances = wallet.balances;
  const returnedPaid = params.get("checkout") === "success" && user !== null;
  const sessionId = params.get("session");
  const { applyBalances } = wallet;

  useEffect(() => {
    if (!returnedPaid) return;
    let settled = false;
    const timers = BALANCE_RECHECK_MS.map((ms) =>
      setTimeout(() => {
        fetchBalances(api)
          .then(applyBalances)
          .catch(() => undefined);
        // A declined pack is never credited: say so (once) instead of waiting for credits.
        if (sessionId && !settled) {
          fetchCheckoutOutcome(api, sessionId)
            .then((outcome) => {
              if (settled || outcome.state === "waiting") return;
              settled = true;
              if (outcome.state === "declined" && outcome.reason) setMessage({ text: DECLINED_MESSAGES[outcome.reason], tone: "error" });
            })
            .catch(() => undefined);
        }
      }, ms),
    );
    return () => timers.forEach(clearTimeout);
  }, [returnedPaid, sessionId, api, applyBalances]);

  const buy = async (amountCents: number) => {
    if (!user) {
      setMessage({ text: SHOP_MESSAGES.signIn, tone: "error" });
      return;
    }
    setPending(amountCents);
    setMessage(null);
    try {
      const url = await createCheckoutSession(api, amountCents);
      if (url) {
        redirectTo(url);
        return;
      }
      setMessage({ text: SHOP_MESSAGES.failed, tone: "error" });
    } catch (err) {
      const answered = err instanceof ApiError && err.status !== 0;
      // Player-protection refusals (limits, breaks, region, age) say what to do: show them as sent.
      const protection = err instanceof ApiError && err.code !== null && PROTECTION_REFUSAL_CODES.has(err.code);
      setMessage({ text: protection ? err.message : answered ? SHOP_MESSAGES.failed : SHOP_MESSAGES.couldNotStart, tone: "error" });
    }
    setPending(null);
  };

  return (
    <section className="page shop" aria-labelledby="shop-title">
      <h1 id="shop-title">Coin Shop</h1>
      <p className="muted">Coins and Vantage Cash are virtual currency for entertainment only and have no monetary value.</p>
      <SweepstakesNotice />

      {user?.regionNotice && <p className="shop-allowance negative">{user.regionNotice}</p>}
      {allowance && (
        <p className="shop-allowance" data-testid="purchase-allowance">
          Your {LIMIT_INFO[allowance.limit].label} leaves ${allowance.remainingDollars.toFixed(2)} to spend until{" "}
          {formatEtTime(Date.parse(allowance.resetsAt))}.
        </p>
      )}

      <BalanceTiles className="shop-balances" coins={balances?.coinBalance ?? 0} cashCents={balances?.vantageCash ?? 0} />

      <p className={`shop-message shop-message-${shown?.tone ?? "info"}`} role="status" aria-live="polite">
        {pending !== null ? "" : (shown?.text ?? "")}
      </p>

      <ul className="shop-packs">
        {PACKS.map((pack) => (
          <li key={pack.amountCents} className="card shop-pack">
            <p className="shop-pack-coins tabular">{formatMoney("coins", pack.coins)} Coins</p>
            <p className="shop-pack-cash tabular">
              {pack.cashCents > 0 ? `+ ${formatMoney("cash", pack.cashCents)} Vantage Cash` : "Coins only"}
            </p>
            <button
              type="button"
              className="btn btn-primary btn-block"
              disabled={pending !== null}
              onClick={() => void buy(pack.amountCents)}
              aria-label={`Buy ${formatMoney("coins", pack.coins)} Coins for ${formatUsd(pack.amountCents)}`}
            >
              {pending === pack.amountCents ? SHOP_MESSAGES.starting : formatUsd(pack.amountCents)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
