// Play-through (issue 18): bought and bonus Vantage Cash must be staked in settled,
// non-void bets before it can be redeemed; winnings redeem at once; CASH_PLAYTHROUGH=0
// turns it off; reversals and redemption refunds move the figure exactly; and concurrent
// bets and redemptions cannot redeem a cent of unplayed cash.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import worker from "../../worker/index";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { parseTunables } from "../../worker/tunables";
import { playthroughAudit, playthroughOnReversal, playthroughState } from "../../worker/wallet/playthrough";
import type { UserWallet } from "../../worker/wallet";
import { Ledger } from "../../worker/wallet/ledger";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { BASE, signIn, type SignedIn } from "./helpers";
import { leg, newEventId, openBet, seedBets, wallet } from "./settlement-fixtures";
import { checkoutCompletedEvent } from "./stripe-events";

type Config = { CASH_PLAYTHROUGH?: string };
type Me = { vantageCash: number; redeemableCash: number; cashToPlay: number };
type ErrorBody = { error: { code: string; message: string; details?: { cashToPlay: number; redeemableCash: number } } };

/** Calls the Worker with the test configuration plus `config` (as a wrangler var would set it). */
async function call(path: string, init: RequestInit & { token?: string } = {}, config: Config = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  headers.set("CF-Connecting-IP", `10.18.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`);
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}${path}`, { ...init, headers }) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(request, { ...env, ...config } as Env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const me = async (player: SignedIn, config: Config = {}) => (await (await call("/api/me", { token: player.token }, config)).json()) as Me;

/** Buys the 49.99 pack (49 Vantage Cash) through the signed webhook, as Stripe would. */
async function buyPack(player: SignedIn, config: Config = {}, amountTotal = 4999): Promise<void> {
  const payload = checkoutCompletedEvent({ sessionId: `cs_pt_${crypto.randomUUID()}`, userId: player.userId, amountTotal });
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: DEV_STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor(Date.now() / 1000),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const res = await call("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } }, config);
  expect(await res.json()).toEqual({ received: true, credited: true });
}

let accountSeq = 0;
async function onboard(player: SignedIn): Promise<void> {
  const link = await call("/api/connect/onboarding-link", { method: "POST", body: "{}", token: player.token });
  const path = new URL(((await link.json()) as { url: string }).url).pathname;
  const form = new URLSearchParams({
    account_number: `00012345${String(++accountSeq).padStart(4, "0")}${Math.floor(Math.random() * 1e4)}`,
  });
  const done = await call(`${path}/complete`, {
    method: "POST",
    body: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });
  expect(done.status).toBe(303);
}

const withdraw = (player: SignedIn, amount: number, config: Config = {}) =>
  call("/api/withdrawals", { method: "POST", body: JSON.stringify({ amount }), token: player.token }, config);

/** A cash single on a made-up game, stake debited as placement does; settled by `settle`. */
async function stakeCash(player: SignedIn, stake: number, priceAm = 100) {
  const eventId = newEventId();
  const bet = openBet([leg({ eventId, side: "Home", priceAm })], { stake, wallet: "cash" });
  await seedBets(player.userId, [bet]);
  return { bet, eventId };
}

const settle = (player: SignedIn, outcome: { eventId: string; homeScore: number; awayScore: number } | { eventId: string; void: true }) =>
  wallet(player.userId).applyEventResults(player.userId, [outcome], Date.now());

async function auditPlaythrough(player: SignedIn) {
  const audit = await wallet(player.userId).auditPlaythrough(player.userId, Date.now());
  expect(audit.movesSum, "SUM(playthrough_moves) = to_play").toBe(audit.toPlay);
  return audit;
}

describe("play-through before redemption", () => {
  it("refuses to redeem a pack bought a moment ago, naming how much is left to play", async () => {
    const player = await signIn();
    await buyPack(player);
    await onboard(player);
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 4_900 });

    const res = await withdraw(player, 20);
    expect(res.status).toBe(403);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("playthrough-required");
    expect(body.error.message).toContain("Play 49 more Vantage Cash");
    expect(body.error.message).toContain("You can redeem 0 now.");
    expect(body.error.details).toEqual({ cashToPlay: 4_900, redeemableCash: 0 });
    // Nothing moved.
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 4_900 });
    const ledger = await wallet(player.userId).getLedger(player.userId, Date.now());
    expect(ledger.some((r) => r.reason === "redemption_hold")).toBe(false);
  });

  it("counts a settled stake: after staking the pack in a settled bet it is redeemable, and winnings redeem at once", async () => {
    const player = await signIn();
    await buyPack(player);
    await onboard(player);

    // 29 of the 49 staked at +100: while open it counts provisionally (the stake left the balance).
    const { eventId } = await stakeCash(player, 2_900);
    expect(await me(player)).toMatchObject({ vantageCash: 2_000, redeemableCash: 0, cashToPlay: 2_000 });

    await settle(player, { eventId, homeScore: 3, awayScore: 1 });
    // Paid 58: stake back plus 29 profit. 20 is still to play, so 58 is redeemable now.
    expect(await me(player)).toMatchObject({ vantageCash: 7_800, redeemableCash: 5_800, cashToPlay: 2_000 });
    const tooMuch = await withdraw(player, 58.01);
    expect(tooMuch.status).toBe(403);
    expect(((await tooMuch.json()) as ErrorBody).error.message).toContain("Play 20 more Vantage Cash");
    const ok = await withdraw(player, 58);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { redemption: Redemption }).redemption).toMatchObject({ amountCents: 5_800, status: "paid" });
    expect(await me(player)).toMatchObject({ vantageCash: 2_000, redeemableCash: 0, cashToPlay: 2_000 });

    // Playing the rest through (a losing 10, then a winning 10) frees what is left.
    const lose = await stakeCash(player, 1_000);
    await settle(player, { eventId: lose.eventId, homeScore: 0, awayScore: 1 });
    expect(await me(player)).toMatchObject({ vantageCash: 1_000, redeemableCash: 0, cashToPlay: 1_000 });
    const win = await stakeCash(player, 1_000);
    await settle(player, { eventId: win.eventId, homeScore: 1, awayScore: 0 });
    expect(await me(player)).toMatchObject({ vantageCash: 2_000, redeemableCash: 2_000, cashToPlay: 0 });
    expect((await withdraw(player, 20)).status).toBe(200);
    await auditPlaythrough(player);
  });

  it("does not count pushes or voids, but counts a parlay that still won with a void leg", async () => {
    const player = await signIn();
    await buyPack(player);
    const voided = await stakeCash(player, 1_000);
    await settle(player, { eventId: voided.eventId, void: true });
    const pushed = openBet([leg({ eventId: newEventId(), market: "Spread", side: "Home", line: -3 })], { stake: 1_000, wallet: "cash" });
    await seedBets(player.userId, [pushed]);
    await settle(player, { eventId: pushed.legs[0]!.eventId, homeScore: 10, awayScore: 7 });
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 4_900 });

    const [a, b] = [newEventId(), newEventId()];
    const parlay = openBet([leg({ eventId: a, priceAm: 100 }), leg({ eventId: b, priceAm: 100 })], { stake: 1_000, wallet: "cash" });
    await seedBets(player.userId, [parlay]);
    await settle(player, { eventId: a, void: true });
    await settle(player, { eventId: b, homeScore: 2, awayScore: 1 });
    // Paid 20 (stake × 2.0 on the one winning leg); the full 10 stake counted.
    expect(await me(player)).toMatchObject({ vantageCash: 5_900, cashToPlay: 3_900, redeemableCash: 2_000 });
    await auditPlaythrough(player);
  });

  it("adds bonus Vantage Cash to what is to play, and coin bets never count", async () => {
    const player = await signIn();
    const bonus = await call("/api/grantDailyBonus", { method: "POST", body: "{}", token: player.token });
    expect(bonus.status).toBe(200);
    expect(await me(player)).toMatchObject({ vantageCash: 100, redeemableCash: 0, cashToPlay: 100 });
    const coinsBet = openBet([leg({ eventId: newEventId() })], { stake: 100, wallet: "coins" });
    await seedBets(player.userId, [coinsBet]);
    await settle(player, { eventId: coinsBet.legs[0]!.eventId, homeScore: 0, awayScore: 9 });
    expect(await me(player)).toMatchObject({ cashToPlay: 100 });
  });

  it("CASH_PLAYTHROUGH=2 needs twice the stake; CASH_PLAYTHROUGH=0 turns it off", async () => {
    const twice = await signIn();
    await buyPack(twice, { CASH_PLAYTHROUGH: "2" });
    expect(await me(twice, { CASH_PLAYTHROUGH: "2" })).toMatchObject({ vantageCash: 4_900, cashToPlay: 9_800, redeemableCash: 0 });

    const off = await signIn();
    await buyPack(off, { CASH_PLAYTHROUGH: "0" });
    await onboard(off);
    expect(await me(off, { CASH_PLAYTHROUGH: "0" })).toMatchObject({ vantageCash: 4_900, redeemableCash: 4_900, cashToPlay: 0 });
    // Bought while off: nothing is owed to play even once it is on again.
    expect(await me(off)).toMatchObject({ redeemableCash: 4_900, cashToPlay: 0 });

    // Bought while on, redeemed while off: allowed, and the hold takes the unplayed cash
    // off what is to play; a failed payout's refund restores exactly that.
    await buyPack(off);
    expect(await me(off)).toMatchObject({ vantageCash: 9_800, redeemableCash: 4_900, cashToPlay: 4_900 });
    expect((await withdraw(off, 60)).status).toBe(403);
    const ok = await withdraw(off, 60, { CASH_PLAYTHROUGH: "0" });
    expect(ok.status).toBe(200);
    expect(await me(off)).toMatchObject({ vantageCash: 3_800, redeemableCash: 0, cashToPlay: 3_800 });

    const stub = wallet(off.userId);
    const held = await stub.requestRedemption(
      off.userId,
      { amountCents: 2_000, redemptionId: "rd_pt_off", cashPlaythrough: 0 },
      Date.now(),
    );
    expect(held.ok).toBe(true);
    expect(await me(off)).toMatchObject({ vantageCash: 1_800, redeemableCash: 0, cashToPlay: 1_800 });
    await stub.failRedemption(off.userId, { redemptionId: "rd_pt_off", reason: "bank refused" }, Date.now());
    expect(await me(off)).toMatchObject({ vantageCash: 3_800, redeemableCash: 0, cashToPlay: 3_800 });
    await stub.failRedemption(off.userId, { redemptionId: "rd_pt_off", reason: "again" }, Date.now());
    expect(await me(off)).toMatchObject({ cashToPlay: 3_800 });
    await auditPlaythrough(off);
  });
});

describe("the CASH_PLAYTHROUGH tunable", () => {
  it("defaults to 1, accepts 0 (off) to 20, and names anything else", () => {
    const read = (value: string) => {
      const result = parseTunables({ CASH_PLAYTHROUGH: value });
      return result.ok ? result.value.CASH_PLAYTHROUGH : result.problems.join();
    };
    expect(read("")).toBe(1);
    expect(read("0")).toBe(0);
    expect(read("20")).toBe(20);
    for (const bad of ["-1", "21", "1.5", "twice"]) expect(read(bad)).toContain("CASH_PLAYTHROUGH");
  });
});

describe("playthroughOnReversal (for disputes and refunds)", () => {
  it("takes what a reversal takes back of purchased cash off what is to play, once per reference, never below 0", async () => {
    const player = await signIn();
    await buyPack(player);
    const stub = wallet(player.userId) as DurableObjectStub<UserWallet>;
    const reverse = (cents: number, reference: string, multiplier = 1) =>
      runInDurableObject(stub, (_instance: UserWallet, state) =>
        state.storage.transactionSync(() => {
          const tx = new Ledger(state.storage.sql, player.userId, Date.now()).withCashPlaythrough(multiplier);
          const posted = tx.post({ currency: "cash", amount: -cents, reason: "admin_adjustment", reference });
          const taken = posted.ok ? playthroughOnReversal(tx, cents, reference) : 0;
          tx.finish();
          return { taken, state: playthroughState(tx, tx.balance("cash")) };
        }),
      );

    expect(await reverse(1_900, "dispute_pt_1")).toEqual({ taken: 1_900, state: { cashToPlay: 3_000, redeemableCash: 0 } });
    // The same reference again moves nothing (the ledger refuses it, and so does the hook).
    const again = await runInDurableObject(stub, (_i: UserWallet, state) =>
      state.storage.transactionSync(() =>
        playthroughOnReversal(new Ledger(state.storage.sql, player.userId, Date.now()), 1_900, "dispute_pt_1"),
      ),
    );
    expect(again).toBe(0);
    // × CASH_PLAYTHROUGH, floored at 0.
    expect(await reverse(1_000, "dispute_pt_2", 2)).toEqual({ taken: 2_000, state: { cashToPlay: 1_000, redeemableCash: 1_000 } });
    expect(await reverse(1_000, "dispute_pt_3", 2)).toEqual({ taken: 1_000, state: { cashToPlay: 0, redeemableCash: 1_000 } });
    expect(await me(player)).toMatchObject({ vantageCash: 1_000, redeemableCash: 1_000, cashToPlay: 0 });
    const audit = await auditPlaythrough(player);
    expect(audit.toPlay).toBe(0);
  });
});

describe("play-through under concurrency", () => {
  let events: Event[];
  beforeAll(async () => {
    events = await openEvents(1);
  });

  it("concurrent cash bets and redemptions never redeem unplayed cash and keep the figure exact", async () => {
    const player = await signIn();
    await buyPack(player);
    await buyPack(player);
    await onboard(player);
    // 49 staked and won at +100: 98 winnings redeemable, 49 still to play.
    const { eventId } = await stakeCash(player, 4_900);
    await settle(player, { eventId, homeScore: 1, awayScore: 0 });
    expect(await me(player)).toMatchObject({ vantageCash: 14_700, redeemableCash: 9_800, cashToPlay: 4_900 });

    const pick = pickOf(events[0]!, "Moneyline", "Home");
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => withdraw(player, 20)),
      ...Array.from({ length: 4 }, () => placeBet(player.token, { kind: "Singles", wallet: "cash", amount: 5, picks: [pick] })),
    ]);
    const withdrawals = results.slice(0, 6).map((r) => r.status);
    // Cash bets move stake from the balance and from what is to play alike, so exactly
    // ⌊98 / 20⌋ = 4 redemptions fit whatever the interleaving.
    expect(withdrawals.sort()).toEqual([200, 200, 200, 200, 403, 403]);
    expect(results.slice(6).map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await me(player)).toMatchObject({ vantageCash: 14_700 - 8_000 - 2_000, cashToPlay: 2_900, redeemableCash: 1_800 });
    const audit = await auditPlaythrough(player);
    expect(audit).toEqual({ toPlay: 4_900, movesSum: 4_900, openCashStakes: 2_000 });
  });
});

describe("playthroughAudit", () => {
  it("starts at nothing to play for a new wallet", async () => {
    const player = await signIn();
    const audit = await runInDurableObject(wallet(player.userId) as DurableObjectStub<UserWallet>, (_i: UserWallet, state) =>
      playthroughAudit(new Ledger(state.storage.sql, player.userId, Date.now())),
    );
    expect(audit).toEqual({ toPlay: 0, movesSum: 0, openCashStakes: 0 });
  });
});
