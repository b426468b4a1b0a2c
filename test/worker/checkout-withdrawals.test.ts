// Self-exclusion reaches checkouts already open: a break, a closure or a purchase limit
// lowered below what is held withdraws the player's open checkouts (their holds released,
// each session expired at the simulated provider by the wallet's alarm, its page refusing to
// pay), and a completion that arrives anyway is declined: nothing credited, the payment
// refunded in full once at the provider (its refund in the simulator's books) and recorded so
// that replays and Stripe's own `charge.refunded` move nothing more. A checkout paid with no
// break is credited as before.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { expireWithdrawnCheckoutsOnAlarm } from "../../worker/protection/in-wallet/methods";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import type { WalletHost } from "../../worker/wallet/wallet-object";
import { ADULT_DATE_OF_BIRTH, api, BASE, postJson, signIn, type SignedIn } from "./helpers";
import { drainOutboxNow, walletSqlOf } from "./settlement-fixtures";
import { withRegionEntryFromToday } from "./region-entry-fixtures";
import { chargeRefundedEvent, checkoutCompletedEvent } from "./stripe-events";
import {
  deliverStripeEvent as deliver,
  expiredAtSimProvider,
  openSimCheckout as openCheckout,
  simCheckoutStatus,
  simPaymentIntentOf as paymentIntentOf,
} from "./checkout-helpers";

const wallet = (player: SignedIn) => getUserWallet(env, player.userId);

/** The completion Stripe would send for a payment made just before the session was expired. */
const completion = (player: SignedIn, sessionId: string, amountTotal: number) =>
  checkoutCompletedEvent({ sessionId, userId: player.userId, amountTotal, paymentIntent: paymentIntentOf(sessionId) });

/** Refunds in the simulated provider's own books for a payment, in cents. */
async function simRefunds(sessionId: string): Promise<number[]> {
  const rows = await env.DB.prepare("SELECT amount_cents FROM sim_reversals WHERE kind = 'refund' AND payment_intent = ?")
    .bind(paymentIntentOf(sessionId))
    .all<{ amount_cents: number }>();
  return rows.results.map((r) => r.amount_cents);
}

async function balances(player: SignedIn) {
  const doc = (await (await api("/api/me", { token: player.token })).json()) as { coinBalance: number; vantageCash: number };
  return { coins: doc.coinBalance, cash: doc.vantageCash };
}

async function purchaseOf(player: SignedIn, sessionId: string) {
  return (await wallet(player).listPurchases(player.userId, Date.now())).find((p) => p.checkout_session_id === sessionId);
}

/** Nothing was credited, so the ledger and the house accounts are as the opening balance left them. */
async function expectNothingCredited(player: SignedIn): Promise<void> {
  expect(await balances(player)).toEqual({ coins: 5_000, cash: 0 });
  const ledger = await wallet(player).getLedger(player.userId, Date.now());
  expect(ledger.filter((row) => row.reason !== "opening_balance")).toEqual([]);
  const audit = await wallet(player).auditLedger(player.userId, Date.now());
  expect(audit.coins.ledgerSum).toBe(audit.coins.balance);
  expect(audit.balancesToZero).toBe(true);
}

describe("a break withdraws the open checkouts", () => {
  it("expires the session at the provider and releases its hold; a completion that comes anyway is refunded once, never credited", async () => {
    const player = await signIn();
    expect(
      (await api("/api/me/limits", { method: "PUT", body: JSON.stringify({ dailyPurchaseDollars: 100 }), token: player.token })).status,
    ).toBe(200);
    const sessionId = await openCheckout(player, 4999);
    expect((await wallet(player).getProtection(player.userId, Date.now())).allowance?.remainingCents).toBe(10_000 - 4999);

    expect((await postJson("/api/me/break", { period: "24h" }, player.token)).status).toBe(200);
    // The hold stops counting at once; the session is expired at the provider after the commit.
    expect((await wallet(player).getProtection(player.userId, Date.now())).allowance?.remainingCents).toBe(10_000);
    await expiredAtSimProvider(player, sessionId);
    const path = `/api/payments/sim/checkout/${sessionId}`;
    const page = await (await api(path)).text();
    expect(page).toContain("This checkout is expired.");
    expect(page).not.toContain("Pay $49.99");
    const pay = await api(`${path}/pay`, { method: "POST", headers: { Origin: BASE }, redirect: "manual" });
    expect(pay.headers.get("Location")).toBe("/shop?checkout=cancel");
    expect(await simCheckoutStatus(sessionId)).toBe("expired");

    // Paid just before it was expired: Stripe delivers the completion all the same.
    expect(await deliver(completion(player, sessionId, 4999))).toEqual({ received: true, credited: false, declined: "break" });
    await expectNothingCredited(player);
    expect(await simRefunds(sessionId)).toEqual([4999]);
    expect(await purchaseOf(player, sessionId)).toMatchObject({ coins: 0, cash_cents: 0, amount_cents: 4999, refunded_cents: 4999 });

    // Stripe's retry, then its own charge.refunded for the refund, change nothing.
    expect(await deliver(completion(player, sessionId, 4999))).toEqual({ received: true, credited: false, declined: "break" });
    expect(await deliver(chargeRefundedEvent({ paymentIntent: paymentIntentOf(sessionId), amount: 4999, amountRefunded: 4999 }))).toEqual({
      received: true,
      moved: false,
    });
    await expectNothingCredited(player);
    expect(await simRefunds(sessionId)).toEqual([4999]);
    // A refunded pack does not count toward the purchase limits.
    expect((await wallet(player).getProtection(player.userId, Date.now())).allowance?.remainingCents).toBe(10_000);

    // The player's purchase history shows the pack paid and refunded in full.
    const exported = (await (await api("/api/me/export?format=json", { token: player.token })).json()) as {
      purchases: { id: string; amountCents: number; coins: number; refundedCents: number }[];
    };
    expect(exported.purchases).toEqual([expect.objectContaining({ id: sessionId, amountCents: 4999, coins: 0, refundedCents: 4999 })]);

    // Booked for the reconciliation as the provider has it: a paid checkout and its full refund.
    await drainOutboxNow(player.userId);
    const bookings = await env.DB.prepare("SELECT kind, reference, amount_cents FROM payment_bookings WHERE user_id = ? ORDER BY kind")
      .bind(player.userId)
      .all<{ kind: string; reference: string; amount_cents: number }>();
    expect(bookings.results).toEqual([
      { kind: "credit", reference: sessionId, amount_cents: 4999 },
      { kind: "refund", reference: `refund:${paymentIntentOf(sessionId)}:4999`, amount_cents: 4999 },
    ]);
  });

  it("refunds once when the completion is delivered five times at once, after the account was closed", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 1999);
    const closed = (await (await postJson("/api/me/break", { period: "permanent" }, player.token)).json()) as { closed: string };
    expect(closed.closed).toBe("permanent");
    await expiredAtSimProvider(player, sessionId);

    const bodies = await Promise.all(Array.from({ length: 5 }, () => deliver(completion(player, sessionId, 1999))));
    expect(bodies).toEqual(Array.from({ length: 5 }, () => ({ received: true, credited: false, declined: "closed" })));
    await expectNothingCredited(player);
    expect(await simRefunds(sessionId)).toEqual([1999]);
    expect(await purchaseOf(player, sessionId)).toMatchObject({ coins: 0, refunded_cents: 1999, reversed_coins: 0, reversed_cash: 0 });
  });

  it("a reality check's break withdraws them too", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    const now = Date.now();
    await wallet(player).answerRealityCheck(player.userId, "take-break", now);
    expect((await wallet(player).getProtection(player.userId, now)).state.breakUntil).toBeGreaterThan(now);
    await expiredAtSimProvider(player, sessionId);
  });

  it("declines a withdrawn checkout's completion even once the break is over", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    const { state } = await wallet(player).takeBreak(player.userId, "24h", Date.now());
    const credited = await wallet(player).creditPurchase(
      player.userId,
      { checkoutSessionId: sessionId, amountCents: 999, paymentIntent: paymentIntentOf(sessionId) },
      state.breakUntil! + 1,
    );
    expect(credited).toMatchObject({
      ok: true,
      credited: false,
      declined: { reason: "withdrawn", refund: { paymentIntent: paymentIntentOf(sessionId), amountCents: 999 } },
    });
    await expectNothingCredited(player);
  });

  it("refuses a checkout whose session was being made when the break was taken, and expires it", async () => {
    const player = await signIn();
    const stub = wallet(player);
    const now = Date.now();
    const sessionId = `cs_sim_${crypto.randomUUID().replaceAll("-", "")}`;
    expect(await stub.reservePurchase(player.userId, { holdId: `hold_${sessionId}`, amountCents: 999, holdMs: 3_600_000 }, now)).toEqual({
      ok: true,
      holdId: `hold_${sessionId}`,
    });
    await stub.takeBreak(player.userId, "7d", now);
    // The provider made the session meanwhile.
    await env.DB.prepare("INSERT INTO sim_checkout_sessions (id, user_id, amount_cents, status, created_at) VALUES (?, ?, 999, 'open', ?)")
      .bind(sessionId, player.userId, now)
      .run();
    const attached = await stub.attachPurchaseHold(player.userId, { holdId: `hold_${sessionId}`, sessionId }, now);
    expect(attached.refused).toMatchObject({ ok: false, code: "self-excluded" });
    await expiredAtSimProvider(player, sessionId);
  });
});

describe("a checkout open when its region stops offering packs", () => {
  it("declines and refunds a completion that comes after the law's day, never crediting it", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    // Texas, where the checkout was opened (the tests' region), turns Coins-only from today.
    await withRegionEntryFromToday("US-TX", "coins-only", "Texas Sweepstakes Act", async () => {
      expect(await deliver(completion(player, sessionId, 999))).toEqual({ received: true, credited: false, declined: "withdrawn" });
      await expectNothingCredited(player);
      expect(await simRefunds(sessionId)).toEqual([999]);
    });
  });

  it("declines a completion delivered late, after the checkout's hold expired and was cleared", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    // The session's time ran out (it was paid just before), and the next checkout cleared its hold.
    await runInDurableObject(wallet(player), (instance: UserWallet) => {
      walletSqlOf(instance).exec("UPDATE purchase_holds SET expires_at = ? WHERE session_id = ?", Date.now() - 1, sessionId);
    });
    await openCheckout(player, 499);
    await runInDurableObject(wallet(player), (instance: UserWallet) => {
      expect(walletSqlOf(instance).exec("SELECT id FROM purchase_holds WHERE session_id = ?", sessionId).toArray()).toEqual([]);
    });
    await withRegionEntryFromToday("US-TX", "coins-only", "Texas Sweepstakes Act", async () => {
      expect(await deliver(completion(player, sessionId, 999))).toEqual({ received: true, credited: false, declined: "withdrawn" });
      await expectNothingCredited(player);
      expect(await simRefunds(sessionId)).toEqual([999]);
    });
  });

  it("declines one opened away from home when the state on the player's verified document stops offering packs", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    // The document says Kansas; the checkout is opened from Texas (the tests' region), both offering packs then.
    const recorded = await wallet(player).recordIdentity(
      player.userId,
      {
        sessionId: "vs_ks",
        outcome: "verified",
        documentHash: `idh_ks_${player.userId}`,
        dateOfBirth: ADULT_DATE_OF_BIRTH,
        minAge: 18,
        residence: "US-KS",
      },
      Date.now(),
    );
    expect(recorded.identity.status).toBe("verified");
    const sessionId = await openCheckout(player, 999);
    await withRegionEntryFromToday("US-KS", "coins-only", "Kansas Sweepstakes Act", async () => {
      expect(await deliver(completion(player, sessionId, 999))).toEqual({ received: true, credited: false, declined: "withdrawn" });
      await expectNothingCredited(player);
      expect(await simRefunds(sessionId)).toEqual([999]);
    });
  });

  it("credits one whose region still offers packs, as before", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    expect(await deliver(completion(player, sessionId, 999))).toEqual({ received: true, credited: true });
    expect(await balances(player)).toEqual({ coins: 15_000, cash: 900 });
  });
});

describe("a purchase limit lowered below what is held", () => {
  it("withdraws the newest open checkouts until the rest fits, and a limit of 0 withdraws them all", async () => {
    const player = await signIn();
    const limit = (dailyPurchaseDollars: number) =>
      api("/api/me/limits", { method: "PUT", body: JSON.stringify({ dailyPurchaseDollars }), token: player.token });
    expect((await limit(100)).status).toBe(200);
    const older = await openCheckout(player, 1999);
    const newer = await openCheckout(player, 999);

    expect((await limit(20)).status).toBe(200);
    await expiredAtSimProvider(player, newer);
    expect(await simCheckoutStatus(older)).toBe("open");
    expect((await wallet(player).getProtection(player.userId, Date.now())).allowance?.remainingCents).toBe(2000 - 1999);

    expect((await limit(0)).status).toBe(200);
    await expiredAtSimProvider(player, older);

    expect(await deliver(completion(player, newer, 999))).toEqual({ received: true, credited: false, declined: "withdrawn" });
    await expectNothingCredited(player);
    expect(await simRefunds(newer)).toEqual([999]);
  });

  it("refuses a checkout whose session was being made when the limit was lowered below it, and expires it", async () => {
    const player = await signIn();
    const stub = wallet(player);
    const now = Date.now();
    const sessionId = `cs_sim_${crypto.randomUUID().replaceAll("-", "")}`;
    expect((await stub.reservePurchase(player.userId, { holdId: `hold_${sessionId}`, amountCents: 1999, holdMs: 3_600_000 }, now)).ok).toBe(
      true,
    );
    expect(
      (await api("/api/me/limits", { method: "PUT", body: JSON.stringify({ dailyPurchaseDollars: 10 }), token: player.token })).status,
    ).toBe(200);
    await env.DB.prepare("INSERT INTO sim_checkout_sessions (id, user_id, amount_cents, status, created_at) VALUES (?, ?, 1999, 'open', ?)")
      .bind(sessionId, player.userId, now)
      .run();
    const attached = await stub.attachPurchaseHold(player.userId, { holdId: `hold_${sessionId}`, sessionId }, Date.now());
    expect(attached.refused).toMatchObject({ ok: false, code: "purchase-limit" });
    await expiredAtSimProvider(player, sessionId);
  });

  it("keeps an older checkout that fits the lowered limit, refusing only the one being made", async () => {
    const player = await signIn();
    const stub = wallet(player);
    const older = await openCheckout(player, 999);
    const sessionId = `cs_sim_${crypto.randomUUID().replaceAll("-", "")}`;
    expect(
      (await stub.reservePurchase(player.userId, { holdId: `hold_${sessionId}`, amountCents: 1999, holdMs: 3_600_000 }, Date.now())).ok,
    ).toBe(true);
    expect(
      (await api("/api/me/limits", { method: "PUT", body: JSON.stringify({ dailyPurchaseDollars: 10 }), token: player.token })).status,
    ).toBe(200);
    expect(await simCheckoutStatus(older)).toBe("open");
    await env.DB.prepare("INSERT INTO sim_checkout_sessions (id, user_id, amount_cents, status, created_at) VALUES (?, ?, 1999, 'open', ?)")
      .bind(sessionId, player.userId, Date.now())
      .run();
    const attached = await stub.attachPurchaseHold(player.userId, { holdId: `hold_${sessionId}`, sessionId }, Date.now());
    expect(attached.refused).toMatchObject({ ok: false, code: "purchase-limit" });
    await expiredAtSimProvider(player, sessionId);
    expect(await simCheckoutStatus(older)).toBe("open");
  });
});

describe("a checkout paid with no break", () => {
  it("is credited as before: nothing expired, nothing refunded", async () => {
    const player = await signIn();
    const sessionId = await openCheckout(player, 999);
    const pay = await api(`/api/payments/sim/checkout/${sessionId}/pay`, { method: "POST", headers: { Origin: BASE }, redirect: "manual" });
    expect(pay.headers.get("Location")).toBe(`/shop?checkout=success&session=${sessionId}`);
    expect(await simCheckoutStatus(sessionId)).toBe("completed");
    expect(await balances(player)).toEqual({ coins: 15_000, cash: 900 });
    expect(await simRefunds(sessionId)).toEqual([]);
    expect(await purchaseOf(player, sessionId)).toMatchObject({ coins: 10_000, cash_cents: 900, refunded_cents: 0 });
    // A break taken after the credit leaves it credited, even when the completion is delivered again.
    expect((await postJson("/api/me/break", { period: "24h" }, player.token)).status).toBe(200);
    expect(await deliver(completion(player, sessionId, 999))).toEqual({ received: true, credited: false });
    expect(await balances(player)).toEqual({ coins: 15_000, cash: 900 });
  });
});

describe("expiring a withdrawn checkout at the provider", () => {
  it("is tried again CHECKOUT_EXPIRE_RETRY_SECONDS later when the provider cannot say, until it answers", async () => {
    const player = await signIn();
    const stub = wallet(player);
    const sessionId = `cs_test_${crypto.randomUUID().replaceAll("-", "")}`;
    // Due an hour from now, so the wallet's own alarm leaves it to this test.
    const due = Date.now() + 3_600_000;
    const row = () =>
      runInDurableObject(stub, (instance: UserWallet) =>
        walletSqlOf(instance)
          .exec<{ next_try_at: number; closed_at: number | null }>(
            "SELECT next_try_at, closed_at FROM checkout_withdrawals WHERE session_id = ?",
            sessionId,
          )
          .one(),
      );
    const expireWith = (expireCheckout: (id: string) => Promise<void>, now: number) =>
      runInDurableObject(stub, (instance: UserWallet) =>
        expireWithdrawnCheckoutsOnAlarm((instance as unknown as { host: WalletHost }).host, { expireCheckout }, now),
      );
    await runInDurableObject(stub, (instance: UserWallet) => {
      walletSqlOf(instance).exec(
        `INSERT INTO checkout_withdrawals (session_id, amount_cents, reason, withdrawn_at, session_ends_at, next_try_at)
         VALUES (?, 999, 'self-excluded', ?, ?, ?)`,
        sessionId,
        Date.now(),
        due + 3_600_000,
        due,
      );
    });
    const asked: string[] = [];
    const before = Date.now();
    await expireWith(async (id) => {
      asked.push(id);
      throw new Error("provider unavailable");
    }, due);
    const retried = await row();
    expect(retried.closed_at).toBeNull();
    expect(retried.next_try_at).toBeGreaterThanOrEqual(before + 60_000);
    expect(retried.next_try_at).toBeLessThanOrEqual(Date.now() + 60_000);

    // Not due again before then; then closed once the provider answers.
    await expireWith(async (id) => void asked.push(id), retried.next_try_at - 1);
    expect(asked).toEqual([sessionId]);
    await expireWith(async (id) => void asked.push(id), due);
    expect(asked).toEqual([sessionId, sessionId]);
    expect((await row()).closed_at).not.toBeNull();
    await expireWith(async (id) => void asked.push(id), due + 60_000);
    expect(asked).toHaveLength(2);
  });
});
