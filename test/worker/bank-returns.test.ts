// A payout the bank sends back (the Connect endpoint's `payout.failed`, which the simulator
// sends for Stripe's failing test account 000111111116, as Stripe's test mode does): the
// redemption's transfer is taken back from the player's payout account, and only then does
// its Vantage Cash come back to the balance, once however often the event arrives. While the
// provider cannot take it back the balance waits, and the wallet's alarm tries again. It
// leaves the public winners list, and the reconciliation owes nothing for a transfer taken back.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { BankReturnWaiting } from "../../src/shared/schemas/reconciliation";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { BANK_RETURN_REASON } from "../../worker/payments/in-wallet/bank-returns";
import { DEV_STRIPE_CONNECT_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { SIM_FAILED_PAYOUT, SIM_FAILING_BANK_ACCOUNT } from "../../worker/payments/sim-payouts";
import { simPayoutId } from "../../worker/payments/simulated-ids";
import { stripeSignatureHeader } from "../../worker/payments/stripe-webhook";
import { runReconciliation, utcDay } from "../../worker/reconciliation/reconciliation-run";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { createSimulatedProvider } from "../../worker/payments/simulated-provider";
import { api, BASE, signIn, type SignedIn } from "./helpers";
import { buyCash, completeOnboarding, eventually, history, onboardPayouts, vantageCashOf, withdraw } from "./payout-helpers";
import { ringAlarm } from "./ring-alarm";
import { drainOutboxNow, expectLedgerBalanced, wallet, walletSqlOf } from "./settlement-fixtures";

const steps = (r: Redemption) => r.timeline.map((s) => s.step);

/** The Connect endpoint's event about one payout of a redemption, signed as Stripe signs it. */
async function payoutEvent(input: {
  type: "payout.paid" | "payout.failed";
  accountId: string;
  redemption: Pick<Redemption, "id" | "amountCents">;
  userId: string;
  amountCents?: number;
  payoutId?: string;
}) {
  const created = Math.floor(Date.now() / 1000);
  const failed = input.type === "payout.failed";
  const body = JSON.stringify({
    id: `evt_${crypto.randomUUID().replaceAll("-", "")}`,
    object: "event",
    type: input.type,
    account: input.accountId,
    data: {
      object: {
        id: input.payoutId ?? simPayoutId(input.redemption.id),
        object: "payout",
        amount: input.amountCents ?? input.redemption.amountCents,
        status: failed ? "failed" : "paid",
        created,
        ...(failed && { failure_code: "account_closed", failure_message: "The bank account has been closed." }),
        metadata: { redemptionId: input.redemption.id, userId: input.userId },
      },
    },
  });
  return { body, signature: await stripeSignatureHeader(body, DEV_STRIPE_CONNECT_WEBHOOK_SECRET, created) };
}

async function deliver(event: { body: string; signature: string }) {
  const res = await api("/api/stripe/connect-webhook", {
    method: "POST",
    body: event.body,
    headers: { "Stripe-Signature": event.signature },
  });
  return { status: res.status, body: await res.json() };
}

/** The Vantage Cash credits that returned this redemption's amount to the balance. */
async function refundsOf(player: SignedIn, redemptionId: string): Promise<number[]> {
  return runInDurableObject(wallet(player.userId) as DurableObjectStub<UserWallet>, (instance: UserWallet) =>
    walletSqlOf(instance)
      .exec<{ amount: number }>("SELECT amount FROM ledger WHERE reason = 'redemption_refund' AND reference = ?", redemptionId)
      .toArray()
      .map((row) => row.amount),
  );
}

const simTransferOf = (redemptionId: string) =>
  env.DB.prepare("SELECT id, user_id, amount_cents, reversed_cents FROM sim_transfers WHERE redemption_id = ?")
    .bind(redemptionId)
    .first<{ id: string; user_id: string; amount_cents: number; reversed_cents: number }>();

const winnerRow = (redemptionId: string) =>
  env.DB.prepare("SELECT redemption_id FROM sweepstakes_winners WHERE redemption_id = ?").bind(redemptionId).first();

/** The payouts the bank sent back still being taken back, as the console's Reconciliation tab lists them. */
async function waitingReturns(): Promise<BankReturnWaiting[]> {
  const admin = await signIn("admin@vantage.test", "Operator");
  const res = await api("/api/admin/reconciliation", { token: admin.token });
  return ((await res.json()) as { bankReturnsWaiting: BankReturnWaiting[] }).bankReturnsWaiting;
}

/** A player who redeemed $20 to a bank account that pays, once the simulator's payout.paid has come. */
async function paidRedemption(): Promise<{ player: SignedIn; accountId: string; redemption: Redemption; balance: number }> {
  const player = await signIn();
  await buyCash(player);
  const accountId = await onboardPayouts(player);
  const before = await vantageCashOf(player);
  expect((await withdraw(player, 20)).status).toBe(200);
  const [redemption] = await eventually(
    () => history(player),
    ([r]) => r !== undefined && steps(r).includes("paid"),
  );
  return { player, accountId, redemption: redemption!, balance: before };
}

describe("a payout the bank sends back", () => {
  it("takes the transfer back and returns the Vantage Cash to the balance once (the simulator's failing test account)", async () => {
    const player = await signIn();
    await buyCash(player);
    const onboarded = await completeOnboarding(player, {
      routing_number: SIM_FAILING_BANK_ACCOUNT.routingNumber,
      account_number: SIM_FAILING_BANK_ACCOUNT.accountNumber,
    });
    expect(onboarded.done.status).toBe(303);
    const accountId = onboarded.path.split("/").pop()!;
    const before = await vantageCashOf(player);

    expect((await withdraw(player, 20)).status).toBe(200);
    const [returned] = await eventually(
      () => history(player),
      ([r]) => r?.status === "failed",
    );
    expect(steps(returned!)).toEqual(["requested", "identity-checked", "sent", "bank-returned", "returned"]);
    expect(returned!.timeline.find((s) => s.step === "bank-returned")!.note).toContain(SIM_FAILED_PAYOUT.message.replace(/\.$/, ""));
    expect(returned).toMatchObject({ failureReason: BANK_RETURN_REASON, next: null });
    expect(await vantageCashOf(player)).toBe(before);
    expect(await refundsOf(player, returned!.id)).toEqual([2_000]);
    expect(await simTransferOf(returned!.id)).toMatchObject({ amount_cents: 2_000, reversed_cents: 2_000 });

    // Stripe delivers again: nothing more comes back.
    const again = await payoutEvent({ type: "payout.failed", accountId, redemption: returned!, userId: player.userId });
    expect(await deliver(again)).toEqual({ status: 200, body: { received: true, returned: 1 } });
    expect(await vantageCashOf(player)).toBe(before);
    expect(await refundsOf(player, returned!.id)).toEqual([2_000]);
    await expectLedgerBalanced(player.userId);

    // Not on the public winners list, and the reconciliation owes nothing for the transfer taken back.
    await drainOutboxNow(player.userId);
    expect(await winnerRow(returned!.id)).toBeNull();
    const { differences } = await runReconciliation(
      env.DB,
      { day: utcDay(Date.now()), trigger: "operator", requestedBy: null, provider: createSimulatedProvider(env, BASE) },
      Date.now() + 11 * 60_000,
    );
    expect(differences.filter((d) => d.view === "payouts" && (d.vantageRef === returned!.id || d.userId === player.userId))).toEqual([]);
  });

  it("after payout.paid, waits while the provider cannot take the transfer back, and the alarm returns it once it can", async () => {
    const { player, accountId, redemption, balance } = await paidRedemption();
    await drainOutboxNow(player.userId);
    expect(await winnerRow(redemption.id)).not.toBeNull();
    expect(await vantageCashOf(player)).toBe(balance - 2_000);

    // The provider refuses to take it back for now (here: its books name another player).
    const transfer = (await simTransferOf(redemption.id))!;
    await env.DB.prepare("UPDATE sim_transfers SET user_id = 'someone-else' WHERE id = ?").bind(transfer.id).run();
    const failed = await payoutEvent({ type: "payout.failed", accountId, redemption, userId: player.userId });
    expect(await deliver(failed)).toEqual({ status: 200, body: { received: true, returned: 1 } });

    const waiting = (await history(player))[0]!;
    expect(waiting.status).toBe("paid");
    expect(steps(waiting)).toEqual(["requested", "identity-checked", "sent", "paid", "bank-returned"]);
    expect(waiting.next).toContain("comes back to your Vantage Cash balance");
    expect(await vantageCashOf(player)).toBe(balance - 2_000);
    expect(await refundsOf(player, redemption.id)).toEqual([]);
    // Operators see it waiting, with why the provider refused, across every player.
    await drainOutboxNow(player.userId);
    expect((await waitingReturns()).filter((r) => r.redemptionId === redemption.id)).toEqual([
      expect.objectContaining({ userId: player.userId, email: player.email, amountCents: 2_000, tries: 1, lastError: expect.any(String) }),
    ]);

    // A payout.paid arriving late marks nothing more.
    const late = await payoutEvent({ type: "payout.paid", accountId, redemption, userId: player.userId });
    expect(await deliver(late)).toEqual({ status: 200, body: { received: true, marked: 0 } });

    // The provider can again: the alarm's next try takes it back and returns the amount, once.
    await env.DB.prepare("UPDATE sim_transfers SET user_id = ? WHERE id = ?").bind(player.userId, transfer.id).run();
    await runInDurableObject(wallet(player.userId) as DurableObjectStub<UserWallet>, (instance: UserWallet) => {
      walletSqlOf(instance).exec("UPDATE bank_returns SET next_try_at = ? WHERE redemption_id = ?", Date.now(), redemption.id);
    });
    await vi.waitUntil(
      async () => {
        await ringAlarm(wallet(player.userId));
        return (await refundsOf(player, redemption.id)).length > 0;
      },
      { timeout: 20_000, interval: 20 },
    );
    expect(await refundsOf(player, redemption.id)).toEqual([2_000]);
    expect(await vantageCashOf(player)).toBe(balance);
    expect((await simTransferOf(redemption.id))!.reversed_cents).toBe(2_000);
    const done = (await history(player))[0]!;
    expect(done).toMatchObject({ status: "failed", failureReason: BANK_RETURN_REASON, next: null });
    expect(steps(done)).toEqual(["requested", "identity-checked", "sent", "paid", "bank-returned", "returned"]);
    await drainOutboxNow(player.userId);
    expect(await winnerRow(redemption.id)).toBeNull();
    expect((await waitingReturns()).filter((r) => r.redemptionId === redemption.id)).toEqual([]);
    await expectLedgerBalanced(player.userId);
  });

  it("ignores a failed payout of another player, of another amount, of an unknown redemption, or one a later payout replaced", async () => {
    const { player, accountId, redemption, balance } = await paidRedemption();
    const stranger = await signIn();
    const ignoredAs = async (event: Awaited<ReturnType<typeof payoutEvent>>, reason: string) =>
      expect(await deliver(event)).toEqual({ status: 200, body: { received: true, ignored: reason } });

    await ignoredAs(
      await payoutEvent({ type: "payout.failed", accountId, redemption, userId: stranger.userId }),
      "a payout of another player",
    );
    await ignoredAs(
      await payoutEvent({ type: "payout.failed", accountId, redemption, userId: player.userId, amountCents: 1_000 }),
      "amount differs from the redemption's",
    );
    await ignoredAs(
      await payoutEvent({ type: "payout.failed", accountId, redemption: { id: "rd_never", amountCents: 2_000 }, userId: player.userId }),
      "unknown redemption",
    );
    // An earlier payout of the redemption (its answer lost, then failed) while another one reached the bank.
    await ignoredAs(
      await payoutEvent({ type: "payout.failed", accountId, redemption, userId: player.userId, payoutId: "po_lost_first_try" }),
      "another payout of the redemption reached the bank",
    );
    expect(await vantageCashOf(player)).toBe(balance - 2_000);
    expect((await history(player))[0]).toMatchObject({ status: "paid" });
    expect(await refundsOf(player, redemption.id)).toEqual([]);

    // A redemption the wallet has not marked paid yet: answered 409, so Stripe delivers it again
    // later. It waits for an operator's review here, so the wallet's alarm does not send it meanwhile.
    const pending = await getUserWallet(env, player.userId).requestRedemption(
      player.userId,
      {
        amountCents: 2_000,
        redemptionId: `rd_pending_${crypto.randomUUID().slice(0, 8)}`,
        review: { thresholdCents: 1, newAccountDays: 0, windowDays: 1 },
      },
      Date.now(),
    );
    expect(pending.ok).toBe(true);
    const early = await payoutEvent({
      type: "payout.failed",
      accountId,
      redemption: { id: (pending as { redemption: Redemption }).redemption.id, amountCents: 2_000 },
      userId: player.userId,
    });
    expect(await deliver(early)).toMatchObject({ status: 409, body: { error: { code: "redemption-pending" } } });
    expect(await vantageCashOf(player)).toBe(balance - 4_000);
  });
});
