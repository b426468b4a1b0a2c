// Where the payout account's holder lives, as the provider has their address, is a second
// witness beside the verified document: a player whose document places them in an open state
// (a still-valid Texas licence) but whose payout account's address is in a state that offers
// no redemptions, or whose minimum age they are under, is refused up front (403
// payout-address-restricted, or under-age as where the document says they live), and a
// transfer whose account's address moved there after the request ends as one whose residence
// closed does: returned to the balance at once, told why, when no attempt of it ever began;
// held while an earlier attempt's key is remembered, then only its earlier transfer looked for.
// An address without a state places nobody and refuses nothing: the verified residence still governs.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sentenceFor } from "../../src/shared/refusals";
import type { ConnectStatus, Redemption } from "../../src/shared/schemas/redemptions";
import { ADDRESS_HELD_REASON, checkedPayoutRoute, freshPayoutAccount } from "../../worker/payments/payout-destination";
import { findPayoutAccount } from "../../worker/payments/payout-accounts";
import { payoutRoute } from "../../worker/payments/payout-port";
import { createSimulatedProvider } from "../../worker/payments/simulated-provider";
import { getDb } from "../../worker/db/database";
import { rulesInForce } from "../../worker/protection/request-region";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import type { PayoutAddressHold } from "../../worker/payments/in-wallet/payout-attempts";
import { payoutTiming } from "../../worker/payments/wallet";
import { api, BASE, postJson, signIn, type SignedIn, verifyIdentityInWallet } from "./helpers";
import { approveReview, askedInReview, buyCash, completeOnboarding, eventually, history, vantageCashOf, withdraw } from "./payout-helpers";
import { ringAlarm } from "./ring-alarm";
import { HOUR, walletSqlOf } from "./settlement-fixtures";

/** Washington: Coins play only since 2018 in the shipped table, so no redemptions there. */
const CLOSED_STATE = "WA";
const CLOSED_SENTENCE = sentenceFor("payout-address-restricted", { region: "US-WA" });
/** The residence's own sentence for a player under Alabama's age (19). */
const UNDER_19 = sentenceFor("under-age", { minAge: 19, closed: false });

const status = async (player: SignedIn) => (await (await api("/api/connect/status", { token: player.token })).json()) as ConnectStatus;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;
const accountNumber = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e6)}`;
const sentCount = async (redemptionId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM sim_transfers WHERE redemption_id = ?").bind(redemptionId).first<{ n: number }>())!.n;
const claims = async (player: SignedIn) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM payout_identities WHERE user_id = ?").bind(player.userId).first<{ n: number }>())!.n;

const newRedemptionId = () => `rd_address_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;

/** A player of 18 and a half (18 years and 183 days), verified with a document that says they live in `residence`. */
async function teenager(residence: string): Promise<SignedIn> {
  const player = await signIn(undefined, undefined, { verifyIdentity: false, confirmAge: false });
  const today = new Date();
  const dateOfBirth = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()) - 183 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  expect((await getUserWallet(env, player.userId).confirmDateOfBirth(player.userId, { dateOfBirth, minAge: 18 }, Date.now())).ok).toBe(
    true,
  );
  await verifyIdentityInWallet(player.userId, Date.now(), residence);
  return player;
}

/** Onboards (or updates) the player's simulated payout account with its holder's address in `state` ("" for none). */
async function onboardWithAddress(player: SignedIn, account_number: string, address_state: string): Promise<void> {
  const { done } = await completeOnboarding(player, { account_number, address_state });
  expect(done.status).toBe(303);
  expect(done.headers.get("Location")).toBe("/redeem?onboarding=return");
}

describe("the payout account's address is a second witness of where the payee lives (simulated provider)", () => {
  it("refuses a verified Texas player's withdrawal up front when their payout account's address is in Washington, holding and claiming nothing", async () => {
    // The player's document (a still-valid Texas licence) says Texas; the payout account's address says Washington.
    const player = await signIn();
    await buyCash(player);
    await onboardWithAddress(player, accountNumber(), CLOSED_STATE);

    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: "payout-address-restricted", message: CLOSED_SENTENCE, details: { region: "US-WA" } });
    expect(CLOSED_SENTENCE).toMatch(/^Vantage Cash is not redeemable where your payout account's address is \(US-WA\)\./);
    expect(await vantageCashOf(player)).toBe(4_900);
    expect(await history(player)).toEqual([]);
    expect(await claims(player)).toBe(0);
    // Kept beside the account as read, and the player is told before asking again.
    expect((await findPayoutAccount(getDb(env), player.userId))?.holderRegion).toBe("US-WA");
    expect(await status(player)).toMatchObject({ payouts_enabled: true, payoutAddressNotRedeemable: true });
  });

  it("pays to an address in a state that offers redemptions, and to one without a state, which places nobody", async () => {
    const player = await signIn();
    await buyCash(player);
    const account_number = accountNumber();
    // Florida offers Vantage Cash and redemptions: the address need not be the document's state.
    await onboardWithAddress(player, account_number, "FL");
    expect(await status(player)).not.toHaveProperty("payoutAddressNotRedeemable");
    const paid = await withdraw(player, 20);
    expect(paid.status).toBe(200);
    const { redemption } = (await paid.json()) as { redemption: Redemption };
    expect(redemption.status).toBe("paid");
    expect(await sentCount(redemption.id)).toBe(1);

    // No state: no region, so nothing is refused on the address (the Texas document still governs).
    await onboardWithAddress(player, account_number, "");
    expect((await findPayoutAccount(getDb(env), player.userId))?.holderRegion).toBeNull();
    expect(await status(player)).not.toHaveProperty("payoutAddressNotRedeemable");
    expect((await withdraw(player, 20)).status).toBe(200);
    expect(await vantageCashOf(player)).toBe(4_900 - 4_000);
  });

  it("defaults the onboarding page's state, so a form that sends none keeps Texas, and refuses a state that is not two letters", async () => {
    const player = await signIn();
    const link = await postJson("/api/connect/onboarding-link", {}, player.token);
    const path = new URL(((await link.json()) as { url: string }).url).pathname;
    const page = await (await api(path)).text();
    expect(page).toContain('name="address_state" value="TX"');

    // The form as older clients send it, without the field: Texas, as the page would have offered.
    await completeOnboarding(player, { account_number: accountNumber() });
    expect((await findPayoutAccount(getDb(env), player.userId))?.holderRegion).toBe("US-TX");
    const { done } = await completeOnboarding(player, { account_number: accountNumber(), address_state: "Washington" });
    expect(done.headers.get("Location")).toBe(`${path}?error=state`);
    expect(await (await api(done.headers.get("Location")!)).text()).toContain("Enter the state of the account holder's address");
    expect((await findPayoutAccount(getDb(env), player.userId))?.holderRegion).toBe("US-TX");
  });

  it("returns a redemption never attempted whose account's address moved to Washington while it waited for review, told why, sending and claiming nothing", async () => {
    const player = await signIn();
    await buyCash(player);
    const account_number = accountNumber();
    await onboardWithAddress(player, account_number, "TX");
    // A new account's first redemption waits for an operator, asked from a Texas address.
    const redemption = await askedInReview(player);

    // Meanwhile the payout account's address moves to Washington; then the operator approves.
    await onboardWithAddress(player, account_number, CLOSED_STATE);
    await approveReview(redemption.id);

    // The first attempt (the wallet's alarm, or the history look) returns it: nothing was ever sent.
    await ringAlarm(getUserWallet(env, player.userId) as unknown as DurableObjectStub<UserWallet>);
    const returned = await eventually(
      async () => (await history(player)).find((r) => r.id === redemption.id)!,
      (r) => r.status !== "pending",
    );
    const reason = `Returned: ${CLOSED_SENTENCE}`;
    expect(reason).toMatch(/^Returned: Vantage Cash is not redeemable where your payout account's address is \(US-WA\)\./);
    expect(returned).toMatchObject({ status: "failed", failureReason: reason, hold: null, next: null });
    expect(returned.timeline.map((s) => s.step)).toEqual(["requested", "identity-checked", "in-review", "approved", "returned"]);
    expect(returned.timeline.at(-1)?.note).toBe(reason);
    expect(await sentCount(redemption.id)).toBe(0);
    expect(await claims(player)).toBe(0);
    expect(await vantageCashOf(player)).toBe(4_900);
    // Returned once, as a redemption_refund movement, and counted as held for the public figures.
    const wallet = getUserWallet(env, player.userId) as unknown as DurableObjectStub<UserWallet>;
    const moved = await runInDurableObject(wallet, (instance: UserWallet) =>
      walletSqlOf(instance)
        .exec<{ reason: string; amount: number }>("SELECT reason, amount FROM ledger WHERE reference = ? ORDER BY seq", redemption.id)
        .toArray(),
    );
    expect(moved.map((m) => ({ ...m }))).toEqual([
      { reason: "redemption_hold", amount: -2_000 },
      { reason: "redemption_refund", amount: 2_000 },
    ]);
    const heldFor = await runInDurableObject(wallet, (instance: UserWallet) =>
      walletSqlOf(instance)
        .exec<{ reason: string }>("SELECT reason FROM redemption_holds WHERE redemption_id = ?", redemption.id)
        .toArray(),
    );
    expect(heldFor.map((h) => h.reason)).toEqual(["hold"]);

    // The address put right (say, a typo fixed within minutes): asked again, paid at once.
    await onboardWithAddress(player, account_number, "TX");
    const again = await withdraw(player, 20);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { redemption: Redemption }).redemption.status).toBe("paid");
    expect(await vantageCashOf(player)).toBe(4_900 - 2_000);
  });

  it("holds a payee to the minimum age where the payout account's address is, with the rule and the sentence of the residence's", async () => {
    // 18 and a half, verified with a still-valid Texas licence (18 there), living in Alabama (19).
    const player = await teenager("US-TX");
    await buyCash(player);
    const account_number = accountNumber();
    await onboardWithAddress(player, account_number, "AL");
    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    const error = await errorOf(refused);
    expect(error).toEqual({ code: "under-age", message: UNDER_19, details: { minAge: 19, closed: false } });
    expect(await vantageCashOf(player)).toBe(4_900);
    expect(await history(player)).toEqual([]);
    expect(await claims(player)).toBe(0);

    // The same answer as for a player whose document itself says Alabama (the control).
    const alabaman = await teenager("US-AL");
    await buyCash(alabaman);
    await onboardWithAddress(alabaman, accountNumber(), "TX");
    const control = await withdraw(alabaman, 20);
    expect(control.status).toBe(403);
    expect(await errorOf(control)).toEqual(error);

    // An address in a state whose age they are: paid.
    await onboardWithAddress(player, account_number, "TX");
    expect((await withdraw(player, 20)).status).toBe(200);
  });

  it("returns a redemption never attempted whose account's address moved where the player is under age while it waited for review", async () => {
    const player = await teenager("US-TX");
    await buyCash(player);
    const account_number = accountNumber();
    await onboardWithAddress(player, account_number, "TX");
    const redemption = await askedInReview(player);
    await onboardWithAddress(player, account_number, "AL");
    await approveReview(redemption.id);

    const returned = await eventually(
      async () => (await history(player)).find((r) => r.id === redemption.id)!,
      (r) => r.status !== "pending",
    );
    expect(returned).toMatchObject({ status: "failed", failureReason: `Returned: ${UNDER_19}` });
    expect(await sentCount(redemption.id)).toBe(0);
    expect(await vantageCashOf(player)).toBe(4_900);
  });

  it("returns at once only what no other attempt touched: held while an earlier attempt's key is remembered, then only looked for", async () => {
    const player = await signIn();
    await buyCash(player);
    await onboardWithAddress(player, accountNumber(), "TX");
    const now = Date.now();
    const wallet = getUserWallet(env, player.userId);
    const play = await rulesInForce(env, now);
    const timing = payoutTiming(env);
    const ask = async (redemptionId: string) =>
      expect((await wallet.requestRedemption(player.userId, { amountCents: 2_000, redemptionId, cashPlaythrough: 0 }, now)).ok).toBe(true);
    const begin = async (redemptionId: string, at: number) => {
      const attempt = await wallet.beginPayoutAttempt(player.userId, { redemptionId, timing, play }, at);
      if (!attempt.run) throw new Error("the attempt did not run");
      return attempt;
    };
    const question = (redemptionId: string, region: string, attempt: { idempotencyKey: string; listFirst: boolean }) => ({
      redemptionId,
      region,
      idempotencyKey: attempt.idempotencyKey,
      listFirst: attempt.listFirst,
      play,
    });
    const refusal = { ok: false, code: "payout-address-restricted", details: { region: "US-WA" } };
    const reason = `Returned: ${CLOSED_SENTENCE}`;

    // Its first attempt, the only one that ever began: an open state lets it go; a closed one returns it, in that answer.
    const first = newRedemptionId();
    await ask(first);
    const attempt = await begin(first, now);
    expect(await wallet.payoutAddressHold(player.userId, question(first, "US-TX", attempt), now)).toBeNull();
    // Asked under a key that is not the attempt's: not the asker's to return.
    expect(await wallet.payoutAddressHold(player.userId, question(first, "US-WA", { ...attempt, idempotencyKey: "another" }), now)).toEqual(
      {
        refusal,
        course: "held",
        reason,
      },
    );
    expect(await wallet.payoutAddressHold(player.userId, question(first, "US-WA", attempt), now)).toEqual({
      refusal,
      course: "returned",
      reason,
    });
    const [returned] = await wallet.listRedemptions(player.userId, now);
    expect(returned).toMatchObject({ id: first, status: "failed", failureReason: reason });
    expect(await vantageCashOf(player)).toBe(4_900);
    // Returned: any later attempt finds nothing to send, and the question has nothing left to hold.
    expect((await wallet.beginPayoutAttempt(player.userId, { redemptionId: first, timing, play }, now + HOUR)).run).toBe(false);
    expect(await wallet.payoutAddressHold(player.userId, question(first, "US-WA", attempt), now)).toBeNull();

    // One whose first attempt ended unknown (it may have reached the provider) is never returned on a guess.
    const second = newRedemptionId();
    await ask(second);
    const tried = await begin(second, now);
    await wallet.finishPayoutAttempt(
      player.userId,
      { redemptionId: second, outcome: { kind: "unknown", reason: "The provider did not answer." }, timing },
      now,
    );
    const retry = await begin(second, now + timing.retryAfterMs);
    expect(retry).toMatchObject({ idempotencyKey: tried.idempotencyKey, listFirst: false, retry: true });
    expect(await wallet.payoutAddressHold(player.userId, question(second, "US-WA", retry), now + timing.retryAfterMs)).toEqual({
      refusal,
      course: "held",
      reason,
    });
    await wallet.finishPayoutAttempt(
      player.userId,
      { redemptionId: second, outcome: { kind: "unknown", reason: ADDRESS_HELD_REASON }, timing },
      now + timing.retryAfterMs,
    );
    // Past the key's window the attempt lists first: it may only look for the earlier transfer.
    const late = now + timing.keyReuseMs + HOUR;
    const looking = await begin(second, late);
    expect(looking.listFirst).toBe(true);
    expect(await wallet.payoutAddressHold(player.userId, question(second, "US-WA", looking), late)).toEqual({
      refusal,
      course: "adopt-only",
      reason,
    });
    expect((await wallet.listRedemptions(player.userId, late)).find((r) => r.id === second)?.status).toBe("pending");
    expect(await vantageCashOf(player)).toBe(4_900 - 2_000);
  });

  it("sends nothing on the wallet's answer: returned ends the attempt, held leaves it unknown, adopt-only only looks for the earlier transfer", async () => {
    const player = await signIn();
    await buyCash(player);
    await onboardWithAddress(player, accountNumber(), CLOSED_STATE);
    const now = Date.now();
    const sim = createSimulatedProvider(env, BASE);
    const calls: string[] = [];
    const recording = {
      ...sim,
      transfer: async (input: Parameters<typeof sim.transfer>[0]) => {
        calls.push(`transfer ${input.redemptionId}`);
        return sim.transfer(input);
      },
      findTransfer: async (input: Parameters<typeof sim.findTransfer>[0]) => {
        calls.push(`find ${input.redemptionId}`);
        return sim.findTransfer(input);
      },
    };
    const route = checkedPayoutRoute(
      env,
      (checked) => payoutRoute(recording, { accountId: checked?.accountId ?? "", destination: checked?.payoutDestination ?? null }),
      () => freshPayoutAccount(env, sim, player.userId, now),
      now,
    );
    const redemption = { id: "rd_route", amountCents: 2_000 } as Redemption;
    const request = { userId: player.userId, redemption, idempotencyKey: "redemption-route", listFirst: false };
    const answer = (course: PayoutAddressHold["course"]) => async (region: string) => {
      expect(region).toBe("US-WA");
      const refusal = { ok: false as const, code: "payout-address-restricted" as const, details: { region } };
      return { refusal, course, reason: `Returned: ${CLOSED_SENTENCE}` };
    };

    expect(await route.send({ ...request, addressHold: answer("returned") })).toEqual({
      kind: "failed",
      reason: `Returned: ${CLOSED_SENTENCE}`,
    });
    expect(ADDRESS_HELD_REASON).toBe("Not sent: Vantage Cash is not redeemable where your payout account's address is.");
    expect(await route.send({ ...request, addressHold: answer("held") })).toEqual({ kind: "unknown", reason: ADDRESS_HELD_REASON });
    expect(calls).toEqual([]);
    expect(await route.send({ ...request, addressHold: answer("adopt-only") })).toEqual({
      kind: "failed",
      reason: `Returned: ${CLOSED_SENTENCE}`,
    });
    expect(calls).toEqual(["find rd_route"]);
    expect(await sentCount("rd_route")).toBe(0);
  });
});
