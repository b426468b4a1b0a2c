// Play-through: bought and bonus Vantage Cash must be staked in settled,
// non-void bets before it can be redeemed; winnings redeem at once; CASH_PLAYTHROUGH=0
// turns it off; reversals and redemption refunds move the figure exactly; and concurrent
// bets and redemptions cannot redeem a cent of unplayed cash. Singles on one game count
// their worst-case loss, so hedges buy almost nothing.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import worker from "../../worker/index";
import { parseTunables } from "../../worker/tunables";
import { playthroughAudit, playthroughOnReversal, playthroughState } from "../../worker/wallet/playthrough";
import type { UserWallet } from "../../worker/user-wallet";
import { Ledger } from "../../worker/wallet/ledger";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { acceptRulesUnder, BASE, sent, signIn, type SignedIn, testLegalName } from "./helpers";
import { leg, newEventId, openBet, seedBets, wallet, walletSqlOf } from "./settlement-fixtures";
import { chargeRefundedEvent, checkoutCompletedEvent, disputeEvent, stripeSignature } from "./stripe-events";

type Config = { CASH_PLAYTHROUGH?: string; PURCHASE_HOLD_DAYS?: string };
type Me = {
  vantageCash: number;
  redeemableCash: number;
  cashToPlay: number;
  purchaseHolds: { amountCents: number; freesAt: number }[];
  purchaseHoldDays: number;
};
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

/** Delivers a Stripe event through the signed webhook, as Stripe would; answers the webhook's body. */
async function deliver(payload: string, config: Config = {}): Promise<unknown> {
  const signature = await stripeSignature(payload);
  const res = await call("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": signature } }, config);
  return res.json();
}

/** Buys the 49.99 pack (49 Vantage Cash) through the signed webhook, as Stripe would. */
async function buyPack(player: SignedIn, config: Config = {}, amountTotal = 4999, paymentIntent?: string): Promise<void> {
  const payload = checkoutCompletedEvent({ sessionId: `cs_pt_${crypto.randomUUID()}`, userId: player.userId, amountTotal, paymentIntent });
  expect(await deliver(payload, config)).toEqual({ received: true, credited: true });
}

let accountSeq = 0;
async function onboard(player: SignedIn): Promise<void> {
  const link = await call("/api/connect/onboarding-link", { method: "POST", body: "{}", token: player.token });
  const path = new URL(((await link.json()) as { url: string }).url).pathname;
  const form = new URLSearchParams({
    holder_name: testLegalName(player.userId),
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

const withdraw = async (player: SignedIn, amount: number, config: Config = {}) => {
  await acceptRulesUnder({ ...env, ...config } as Env, player.userId);
  return call("/api/withdrawals", { method: "POST", body: JSON.stringify({ amount }), token: player.token }, config);
};

/** A cash single on a made-up game, stake debited as placement does; settled by `settle`. */
async function stakeCash(player: SignedIn, stake: number, priceAm = 100) {
  const eventId = newEventId();
  const bet = openBet([leg({ eventId, side: "Home", priceAm })], { stake, wallet: "cash" });
  await seedBets(player.userId, [bet]);
  return { bet, eventId };
}

const settle = (player: SignedIn, outcome: { eventId: string; homeScore: number; awayScore: number } | { eventId: string; void: true }) =>
  wallet(player.userId).applyEventResults(player.userId, [outcome], Date.now());

/** The wallet's play-through moves, oldest first. */
const playthroughMoves = (player: SignedIn) =>
  runInDurableObject(wallet(player.userId) as DurableObjectStub<UserWallet>, (_i: UserWallet, state) =>
    state.storage.sql
      .exec<{ reason: string; reference: string; amount: number }>("SELECT reason, reference, amount FROM playthrough_moves ORDER BY seq")
      .toArray(),
  );

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

  it("counts an open bet only against cash credited before it was placed: a newer pack stays to play while it is open", async () => {
    const player = await signIn();
    await buyPack(player);
    // The pack played through and won: 98 Vantage Cash, nothing left to play.
    const first = await stakeCash(player, 4_900);
    await settle(player, { eventId: first.eventId, homeScore: 3, awayScore: 1 });
    expect(await me(player)).toMatchObject({ vantageCash: 9_800, cashToPlay: 0 });

    // An open single placed a minute ago, then a new pack: the single can play none of the pack through.
    const eventId = newEventId();
    const open = {
      ...openBet([leg({ eventId, side: "Home", priceAm: 100 })], { stake: 4_900, wallet: "cash" as const }),
      createdAt: Date.now() - 60_000,
    };
    await seedBets(player.userId, [open]);
    await buyPack(player);
    expect(await me(player)).toMatchObject({ vantageCash: 9_800, cashToPlay: 4_900, redeemableCash: 4_900 });

    // It loses: the pack is still to play, as the count at settlement says (the winnings before it stay redeemable).
    await settle(player, { eventId, homeScore: 0, awayScore: 1 });
    expect(await me(player)).toMatchObject({ vantageCash: 9_800, cashToPlay: 4_900, redeemableCash: 4_900 });
    await auditPlaythrough(player);
  });

  it("counts two open bets placed before a pack together at most what was left to play then", async () => {
    const player = await signIn();
    await buyPack(player);
    const first = await stakeCash(player, 4_900);
    await settle(player, { eventId: first.eventId, homeScore: 3, awayScore: 1 });
    await buyPack(player);
    // Two singles placed now, with 49 of the second pack left to play: together they can play 49 through, not 98.
    const placedAt = Date.now();
    const single = () => ({
      ...openBet([leg({ eventId: newEventId(), side: "Home", priceAm: 100 })], { stake: 4_900, wallet: "cash" as const }),
      createdAt: placedAt,
    });
    await seedBets(player.userId, [single(), single()]);
    await vi.waitUntil(() => Date.now() > placedAt, { interval: 1 });
    await buyPack(player);
    expect(await me(player)).toMatchObject({ vantageCash: 9_800, cashToPlay: 4_900, redeemableCash: 4_900 });
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

    // Held in review, so the wallet's own payout retries (its alarm, armed by the redemption
    // above) cannot send it before it fails: a sent redemption is never refunded.
    const stub = wallet(off.userId);
    const held = await stub.requestRedemption(
      off.userId,
      {
        amountCents: 2_000,
        redemptionId: "rd_pt_off",
        cashPlaythrough: 0,
        review: { thresholdCents: 1_000, newAccountDays: 0, windowDays: 30 },
      },
      Date.now(),
    );
    expect(held.ok).toBe(true);
    expect(await me(off)).toMatchObject({ vantageCash: 1_800, redeemableCash: 0, cashToPlay: 1_800 });
    const failed = await stub.failRedemption(off.userId, { redemptionId: "rd_pt_off", reason: "bank refused" }, Date.now());
    expect(failed).toMatchObject({ ok: true, redemption: { status: "failed" } });
    expect(await me(off)).toMatchObject({ vantageCash: 3_800, redeemableCash: 0, cashToPlay: 3_800 });
    await stub.failRedemption(off.userId, { redemptionId: "rd_pt_off", reason: "again" }, Date.now());
    expect(await me(off)).toMatchObject({ cashToPlay: 3_800 });
    await auditPlaythrough(off);
  });
});

describe("play-through counts risk: a player's cash singles on one game count what they could lose together", () => {
  /** Cash singles on one made-up NBA game (each its own slip), stakes debited as placement does. */
  async function stakeGame(
    player: SignedIn,
    legs: {
      market: "Moneyline" | "Spread" | "Total";
      side: "Home" | "Away" | "Over" | "Under";
      line?: number;
      priceAm: number;
      stake: number;
    }[],
  ) {
    const eventId = newEventId();
    const bets = legs.map(({ stake, line, ...rest }) =>
      openBet([leg({ eventId, line: line ?? null, ...rest })], { stake, wallet: "cash" }),
    );
    await seedBets(player.userId, bets);
    return eventId;
  }

  it("two slips on opposite spreads of one game buy only the vig, so the pack stays unredeemable", async () => {
    const player = await signIn();
    await buyPack(player);
    await onboard(player);
    const eventId = await stakeGame(player, [
      { market: "Spread", side: "Home", line: -3.5, priceAm: -110, stake: 2_000 },
      { market: "Spread", side: "Away", line: 3.5, priceAm: -110, stake: 2_000 },
    ]);
    await settle(player, { eventId, homeScore: 101, awayScore: 90 });
    // Home covered: paid 38.18 on 20; the pair lost 1.82 whatever the score, and that is all it counts.
    expect(await me(player)).toMatchObject({ vantageCash: 4_718, cashToPlay: 4_718, redeemableCash: 0 });
    const res = await withdraw(player, 20);
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).error.code).toBe("playthrough-required");
    const moves = await playthroughMoves(player);
    expect(moves.filter((m) => m.reason === "game_risk")).toEqual([{ reason: "game_risk", reference: eventId, amount: -182 }]);
    await auditPlaythrough(player);
  });

  it("a moneyline hedge likewise counts only what the worse result loses", async () => {
    const player = await signIn();
    await buyPack(player);
    const eventId = await stakeGame(player, [
      { market: "Moneyline", side: "Home", priceAm: -150, stake: 1_500 },
      { market: "Moneyline", side: "Away", priceAm: 130, stake: 1_000 },
    ]);
    await settle(player, { eventId, homeScore: 99, awayScore: 97 });
    // Home won 10 on 15 and the away 10 was lost: 0 net; had the away side won, 2 lost. 2 counts.
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, cashToPlay: 4_700, redeemableCash: 200 });
    await auditPlaythrough(player);
  });

  it("one-sided bets still count in full: two on the same side of one game, and opposite sides of two games", async () => {
    const player = await signIn();
    await buyPack(player);
    const sameSide = await stakeGame(player, [
      { market: "Moneyline", side: "Home", priceAm: -110, stake: 1_000 },
      { market: "Spread", side: "Home", line: -2.5, priceAm: -110, stake: 1_000 },
    ]);
    await settle(player, { eventId: sameSide, homeScore: 80, awayScore: 90 });
    expect(await me(player)).toMatchObject({ vantageCash: 2_900, cashToPlay: 2_900 });
    const home = await stakeGame(player, [{ market: "Moneyline", side: "Home", priceAm: 100, stake: 1_000 }]);
    const away = await stakeGame(player, [{ market: "Moneyline", side: "Away", priceAm: 100, stake: 1_000 }]);
    await settle(player, { eventId: home, homeScore: 1, awayScore: 0 });
    await settle(player, { eventId: away, homeScore: 1, awayScore: 0 });
    expect(await me(player)).toMatchObject({ vantageCash: 2_900, cashToPlay: 900, redeemableCash: 2_000 });
    await auditPlaythrough(player);
  });

  it("a result correction moves the figure by the difference of the game's new count, once", async () => {
    const player = await signIn();
    await buyPack(player);
    const eventId = await stakeGame(player, [
      { market: "Spread", side: "Home", line: -3, priceAm: -110, stake: 2_000 },
      { market: "Spread", side: "Away", line: 3, priceAm: -110, stake: 2_000 },
    ]);
    await settle(player, { eventId, homeScore: 100, awayScore: 90 });
    expect(await me(player)).toMatchObject({ cashToPlay: 4_718 });
    const correct = (homeScore: number, reference: string) =>
      wallet(player.userId).applyResultCorrection(player.userId, { eventId, homeScore, awayScore: 90, reference }, Date.now());
    // Won by exactly 3: both sides push and the stakes come back, so nothing counts.
    await correct(93, "fix-1");
    await correct(93, "fix-1");
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, cashToPlay: 4_900 });
    // Back to a decided game: the vig counts again.
    await correct(95, "fix-2");
    expect(await me(player)).toMatchObject({ vantageCash: 4_718, cashToPlay: 4_718 });
    const moves = (await playthroughMoves(player)).filter((m) => m.reason === "game_risk");
    expect(moves).toEqual([
      { reason: "game_risk", reference: eventId, amount: -182 },
      { reason: "game_risk", reference: `${eventId}:1`, amount: 182 },
      { reason: "game_risk", reference: `${eventId}:2`, amount: -182 },
    ]);
    await auditPlaythrough(player);
  });

  it("a correction never takes from a newer pack what a count could not take when nothing was left to play", async () => {
    const player = await signIn();
    // A pack played through and won: 98 Vantage Cash, nothing left to play.
    await buyPack(player);
    const played = await stakeCash(player, 4_900);
    await settle(player, { eventId: played.eventId, homeScore: 1, awayScore: 0 });
    // Two one-sided singles on one game, both winning: the game counts 10, with nothing left to take it from.
    const eventId = await stakeGame(player, [
      { market: "Spread", side: "Home", line: -3, priceAm: 100, stake: 500 },
      { market: "Total", side: "Over", line: 45, priceAm: 100, stake: 500 },
    ]);
    await settle(player, { eventId, homeScore: 27, awayScore: 20 });
    expect(await me(player)).toMatchObject({ vantageCash: 10_800, cashToPlay: 0 });
    await buyPack(player);
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 });
    // Corrected to 25–20: the Over pushes, so the game counts 5 now; the new pack is untouched.
    await wallet(player.userId).applyResultCorrection(
      player.userId,
      { eventId, homeScore: 25, awayScore: 20, reference: "fix-1" },
      Date.now(),
    );
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 });
    // Back to the first score: the count returns to what it was, and took nothing then.
    await wallet(player.userId).applyResultCorrection(
      player.userId,
      { eventId, homeScore: 27, awayScore: 20, reference: "fix-2" },
      Date.now(),
    );
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 });
    await auditPlaythrough(player);
  });

  it("a game that pushed, corrected to a decided score after a newer pack, takes nothing from that pack", async () => {
    const player = await signIn();
    await buyPack(player);
    const pushed = await stakeGame(player, [{ market: "Spread", side: "Home", line: -1, priceAm: 100, stake: 1_000 }]);
    await settle(player, { eventId: pushed, homeScore: 1, awayScore: 0 });
    // The whole pack is then lost on another game: nothing is left to play.
    const { eventId: lost } = await stakeCash(player, 4_900);
    await settle(player, { eventId: lost, homeScore: 0, awayScore: 1 });
    expect(await me(player)).toMatchObject({ vantageCash: 0, cashToPlay: 0 });
    await buyPack(player);
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 });
    // The push was a 2–0 win after all: the single counts now, but the newer pack was not there when it was placed.
    await wallet(player.userId).applyResultCorrection(
      player.userId,
      { eventId: pushed, homeScore: 2, awayScore: 0, reference: "fix-push" },
      Date.now(),
    );
    expect(await me(player)).toMatchObject({ vantageCash: 5_900, cashToPlay: 4_900 });
    await auditPlaythrough(player);
  });

  it("a parlay counted with nothing left to play, then voided and corrected back, takes nothing from a newer pack", async () => {
    const player = await signIn();
    await buyPack(player);
    const played = await stakeCash(player, 4_900);
    await settle(player, { eventId: played.eventId, homeScore: 1, awayScore: 0 });
    const [a, b] = [newEventId(), newEventId()];
    const parlay = openBet([leg({ eventId: a, priceAm: 100 }), leg({ eventId: b, priceAm: 100 })], { stake: 1_000, wallet: "cash" });
    await seedBets(player.userId, [parlay]);
    await settle(player, { eventId: a, homeScore: 0, awayScore: 1 });
    await settle(player, { eventId: b, homeScore: 0, awayScore: 1 });
    expect(await me(player)).toMatchObject({ cashToPlay: 0 });
    await buyPack(player);
    // Corrections turn both legs into pushes, then the first back into a loss.
    await wallet(player.userId).applyResultCorrection(
      player.userId,
      { eventId: a, homeScore: 1, awayScore: 1, reference: "fix-a" },
      Date.now(),
    );
    await wallet(player.userId).applyResultCorrection(
      player.userId,
      { eventId: b, homeScore: 1, awayScore: 1, reference: "fix-b" },
      Date.now(),
    );
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 });
    await wallet(player.userId).applyResultCorrection(
      player.userId,
      { eventId: a, homeScore: 0, awayScore: 1, reference: "fix-a2" },
      Date.now(),
    );
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 });
    await auditPlaythrough(player);
  });

  it("a game whose singles were counted one by one before this rule is re-counted from what they took", async () => {
    const player = await signIn();
    await buyPack(player);
    const eventId = await stakeGame(player, [
      { market: "Spread", side: "Home", line: -3.5, priceAm: -110, stake: 2_000 },
      { market: "Spread", side: "Away", line: 3.5, priceAm: -110, stake: 2_000 },
    ]);
    await settle(player, { eventId, homeScore: 101, awayScore: 90 });
    // As older code left it: each single's stake taken off by its own `bet_settled` move.
    await runInDurableObject(wallet(player.userId) as DurableObjectStub<UserWallet>, (walletObject: UserWallet) => {
      const sql = walletSqlOf(walletObject);
      const bets = sql.exec<{ id: string; stake: number }>("SELECT id, stake FROM bets").toArray();
      sql.exec("DELETE FROM playthrough_moves WHERE reason = 'game_risk'");
      sql.exec("DELETE FROM playthrough_games");
      let toPlay = 4_900;
      for (const bet of bets) {
        toPlay -= bet.stake;
        sql.exec(
          "INSERT INTO playthrough_moves (amount, to_play_after, reason, reference, created_at) VALUES (?, ?, 'bet_settled', ?, ?)",
          -bet.stake,
          toPlay,
          bet.id,
          Date.now(),
        );
      }
      sql.exec("UPDATE playthrough SET to_play = ?", toPlay);
    });
    expect(await me(player)).toMatchObject({ vantageCash: 4_718, cashToPlay: 900 });
    await wallet(player.userId).applyResultCorrection(
      player.userId,
      { eventId, homeScore: 95, awayScore: 100, reference: "fix-legacy" },
      Date.now(),
    );
    // Away covered instead: the pair now counts its worst case, 1.82, not the 40 the old moves took.
    expect(await me(player)).toMatchObject({ vantageCash: 4_718, cashToPlay: 4_718 });
    expect((await playthroughMoves(player)).filter((m) => m.reason === "game_risk")).toEqual([
      { reason: "game_risk", reference: eventId, amount: 3_818 },
    ]);
    await auditPlaythrough(player);
  });
});

describe("the hold on fresh purchases (PURCHASE_HOLD_DAYS)", () => {
  const WEEK = { PURCHASE_HOLD_DAYS: "7" };
  const DAY_MS = 24 * 3_600_000;

  it("keeps a fresh purchase unredeemable until its hold ends, even with play-through met", async () => {
    const player = await signIn();
    const before = Date.now();
    await buyPack(player, WEEK);
    const after = Date.now();
    await onboard(player);
    // 49 staked at +100 and won: play-through is met, and 49 of winnings are redeemable at once.
    const { eventId } = await stakeCash(player, 4_900);
    await settle(player, { eventId, homeScore: 2, awayScore: 1 });
    const seen = await me(player, WEEK);
    expect(seen).toMatchObject({ vantageCash: 9_800, cashToPlay: 0, redeemableCash: 4_900, purchaseHoldDays: 7 });
    expect(seen.purchaseHolds).toHaveLength(1);
    expect(seen.purchaseHolds[0]!.amountCents).toBe(4_900);
    expect(seen.purchaseHolds[0]!.freesAt).toBeGreaterThanOrEqual(before + 7 * DAY_MS);
    expect(seen.purchaseHolds[0]!.freesAt).toBeLessThanOrEqual(after + 7 * DAY_MS);

    const held = await withdraw(player, 49.01, WEEK);
    expect(held.status).toBe(403);
    const body = (await held.json()) as ErrorBody;
    expect(body.error.code).toBe("purchase-held");
    expect(body.error.message).toContain("Vantage Cash bought in the last 7 days is held before it can be redeemed: 49 until ");
    expect(body.error.message).toContain("You can redeem 49 now.");
    expect((await withdraw(player, 49, WEEK)).status).toBe(200);
    expect(await me(player, WEEK)).toMatchObject({ vantageCash: 4_900, redeemableCash: 0 });

    // The day it frees up, the pack is redeemable like any other cash.
    const freesAt = seen.purchaseHolds[0]!.freesAt;
    const stub = wallet(player.userId);
    const early = await stub.requestRedemption(
      player.userId,
      { amountCents: 2_000, redemptionId: "rd_hold_early", purchaseHoldDays: 7 },
      freesAt - 1,
    );
    expect(sent(early)).toMatchObject({ status: 403, code: "purchase-held" });
    expect((await stub.getRedeemable(player.userId, freesAt, undefined, 7)).redeemableCash).toBe(4_900);
    const due = await stub.requestRedemption(
      player.userId,
      { amountCents: 2_000, redemptionId: "rd_hold_due", purchaseHoldDays: 7 },
      freesAt,
    );
    expect(due.ok).toBe(true);
    await auditPlaythrough(player);
  });

  it("keeps a newer bonus still to play beside a pack played through but held: neither hides inside the other", async () => {
    const player = await signIn();
    await buyPack(player, WEEK);
    await onboard(player);
    // The pack's 49 staked at +100 and won: played through, but held for the week.
    const { eventId } = await stakeCash(player, 4_900);
    await settle(player, { eventId, homeScore: 2, awayScore: 1 });
    expect(await me(player, WEEK)).toMatchObject({ vantageCash: 9_800, cashToPlay: 0, redeemableCash: 4_900 });
    // The daily bonus adds 1 Vantage Cash, still to play and not held: 49 held + 1 to play are kept back.
    await acceptRulesUnder({ ...env, ...WEEK } as Env, player.userId);
    expect((await call("/api/grantDailyBonus", { method: "POST", body: "{}", token: player.token }, WEEK)).status).toBe(200);
    expect(await me(player, WEEK)).toMatchObject({ vantageCash: 9_900, cashToPlay: 100, redeemableCash: 4_900 });

    const refused = await withdraw(player, 50, WEEK);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.code).toBe("purchase-held");
    expect((await withdraw(player, 49, WEEK)).status).toBe(200);
    await auditPlaythrough(player);
  });

  it("reads only a held pack's own days of play-through, not a heavy bettor's whole history", async () => {
    const player = await signIn();
    const stub = wallet(player.userId);
    await stub.getBalances(player.userId, Date.now());
    // A long history before the pack: 5,000 moves (settled bets' counts and the like).
    await runInDurableObject(stub, (_instance: UserWallet, state) => {
      state.storage.sql.exec(
        `INSERT INTO playthrough_moves (amount, to_play_after, reason, reference, created_at)
         WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 5000)
         SELECT 0, 0, 'game_risk', 'history-' || x, 0 FROM n`,
      );
    });
    await buyPack(player, WEEK);
    const cursors: { rowsRead: number }[] = [];
    await runInDurableObject(stub, (_instance: UserWallet, state) => {
      const sql = state.storage.sql as unknown as { exec: (...args: unknown[]) => { rowsRead: number } };
      const exec = sql.exec.bind(sql);
      sql.exec = (...args: unknown[]) => {
        const cursor = exec(...args);
        cursors.push(cursor);
        return cursor;
      };
    });
    expect(await me(player, WEEK)).toMatchObject({ vantageCash: 4_900, cashToPlay: 4_900, redeemableCash: 0 });
    expect(cursors.reduce((sum, cursor) => sum + cursor.rowsRead, 0)).toBeLessThan(500);
  });

  it("holds only what of a pack is not reversed, and nothing when the hold is off", async () => {
    const player = await signIn();
    const stub = wallet(player.userId);
    const now = Date.now();
    await stub.creditPurchase(
      player.userId,
      { checkoutSessionId: "cs_hold_1", amountCents: 999, paymentIntent: "pi_hold_1", cashPlaythrough: 0 },
      now,
    );
    await stub.creditPurchase(
      player.userId,
      { checkoutSessionId: "cs_hold_2", amountCents: 1999, paymentIntent: "pi_hold_2", cashPlaythrough: 0 },
      now,
    );
    expect((await stub.getRedeemable(player.userId, now, 0, 7)).purchaseHolds.map((h) => h.amountCents)).toEqual([900, 1_900]);
    await stub.applyRefund(player.userId, { paymentIntent: "pi_hold_2", chargeAmountCents: 1999, amountRefundedCents: 999 }, now);
    // floor(1,900 × 999 / 1,999) = 949 cents taken back: 951 of that pack is still held.
    const redeemable = await stub.getRedeemable(player.userId, now, 0, 7);
    expect(redeemable.purchaseHolds.map((h) => h.amountCents)).toEqual([900, 951]);
    expect(redeemable).toMatchObject({ redeemableCash: 0, cashToPlay: 0 });
    expect(await stub.getRedeemable(player.userId, now, 0, 0)).toMatchObject({ redeemableCash: 1_851, purchaseHolds: [] });
  });

  it("defaults to 7 days and accepts 0 (off) to 90", () => {
    const read = (value: string) => {
      const result = parseTunables({ PURCHASE_HOLD_DAYS: value });
      return result.ok ? result.value.PURCHASE_HOLD_DAYS : result.problems.join();
    };
    expect(read("")).toBe(7);
    expect(read("0")).toBe(0);
    expect(read("90")).toBe(90);
    for (const bad of ["-1", "91", "2.5"]) expect(read(bad)).toContain("PURCHASE_HOLD_DAYS");
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
      runInDurableObject(stub, (walletObject: UserWallet, state) =>
        state.storage.transactionSync(() => {
          const tx = new Ledger(walletSqlOf(walletObject), player.userId, Date.now()).withCashPlaythrough(multiplier);
          const posted = tx.post({ currency: "cash", amount: -cents, reason: "admin_adjustment", reference });
          const taken = posted.ok ? playthroughOnReversal(tx, cents, reference) : 0;
          tx.finish();
          return { taken, state: playthroughState(tx, tx.balance("cash")) };
        }),
      );

    expect(await reverse(1_900, "dispute_pt_1")).toEqual({ taken: 1_900, state: { cashToPlay: 3_000, redeemableCash: 0 } });
    // The same reference again moves nothing (the ledger refuses it, and so does the hook).
    const again = await runInDurableObject(stub, (walletObject: UserWallet, state) =>
      state.storage.transactionSync(() =>
        playthroughOnReversal(new Ledger(walletSqlOf(walletObject), player.userId, Date.now()), 1_900, "dispute_pt_1"),
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

describe("a refunded pack's play-through", () => {
  it("refunding a pack already played through leaves a newer pack's play-through in place", async () => {
    const player = await signIn();
    const [first, second] = [`pi_pt_${crypto.randomUUID()}`, `pi_pt_${crypto.randomUUID()}`];
    await buyPack(player, {}, 4999, first);
    // The first pack is staked and won: played through, and still in the balance beside its winnings.
    const { eventId } = await stakeCash(player, 4_900);
    await settle(player, { eventId, homeScore: 1, awayScore: 0 });
    expect(await me(player)).toMatchObject({ vantageCash: 9_800, redeemableCash: 9_800, cashToPlay: 0 });
    await buyPack(player, {}, 4999, second);
    expect(await me(player)).toMatchObject({ vantageCash: 14_700, redeemableCash: 9_800, cashToPlay: 4_900 });

    // The first pack is refunded: its cash goes back, and the new pack still has to be played.
    expect(await deliver(chargeRefundedEvent({ paymentIntent: first, amount: 4999, amountRefunded: 4999 }))).toMatchObject({
      received: true,
    });
    expect(await me(player)).toMatchObject({ vantageCash: 9_800, redeemableCash: 4_900, cashToPlay: 4_900 });
    // Refunding the new pack, never played, takes its play-through with it.
    expect(await deliver(chargeRefundedEvent({ paymentIntent: second, amount: 4999, amountRefunded: 4999 }))).toMatchObject({
      received: true,
    });
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, redeemableCash: 4_900, cashToPlay: 0 });
    await auditPlaythrough(player);
  });

  it("refunding the newer pack first, then the older, takes each pack's own play-through off", async () => {
    const player = await signIn();
    const [first, second] = [`pi_pt_${crypto.randomUUID()}`, `pi_pt_${crypto.randomUUID()}`];
    await buyPack(player, {}, 4999, first);
    await buyPack(player, {}, 4999, second);
    expect(await me(player)).toMatchObject({ vantageCash: 9_800, cashToPlay: 9_800 });
    await deliver(chargeRefundedEvent({ paymentIntent: second, amount: 4999, amountRefunded: 4999 }));
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, cashToPlay: 4_900 });
    await deliver(chargeRefundedEvent({ paymentIntent: first, amount: 4999, amountRefunded: 4999 }));
    expect(await me(player)).toMatchObject({ vantageCash: 0, cashToPlay: 0 });
    await auditPlaythrough(player);
  });

  it("a won dispute gives back only what the dispute took off, not what a refund of the pack took", async () => {
    const player = await signIn();
    const paymentIntent = `pi_pt_${crypto.randomUUID()}`;
    await buyPack(player, {}, 4999, paymentIntent);
    const { eventId } = await stakeCash(player, 2_450);
    await settle(player, { eventId, homeScore: 0, awayScore: 1 });
    expect(await me(player)).toMatchObject({ vantageCash: 2_450, cashToPlay: 2_450 });
    // 40% refunded: 19.60 of the pack's Vantage Cash comes back out, and as much of what is to play.
    await deliver(chargeRefundedEvent({ paymentIntent, amount: 4999, amountRefunded: 2000 }));
    expect(await me(player)).toMatchObject({ vantageCash: 490, cashToPlay: 490 });
    const disputed = (status: string, type: "charge.dispute.created" | "charge.dispute.closed") =>
      deliver(disputeEvent({ type, disputeId: `dp_pt_${paymentIntent}`, paymentIntent, amount: 4999, status }));
    await disputed("needs_response", "charge.dispute.created");
    expect(await me(player)).toMatchObject({ vantageCash: 0, cashToPlay: 0 });
    // Won: the dispute's 4.90 comes back to play; the refund's 19.60 stays off.
    await disputed("won", "charge.dispute.closed");
    expect(await me(player)).toMatchObject({ vantageCash: 490, cashToPlay: 490 });
    await auditPlaythrough(player);
  });

  it("the same when Stripe reports the dispute before the refund", async () => {
    const player = await signIn();
    const paymentIntent = `pi_pt_${crypto.randomUUID()}`;
    await buyPack(player, {}, 4999, paymentIntent);
    const { eventId } = await stakeCash(player, 2_450);
    await settle(player, { eventId, homeScore: 0, awayScore: 1 });
    const disputed = (status: string, type: "charge.dispute.created" | "charge.dispute.closed") =>
      deliver(disputeEvent({ type, disputeId: `dp_pt_${paymentIntent}`, paymentIntent, amount: 4999, status }));
    await disputed("needs_response", "charge.dispute.created");
    expect(await me(player)).toMatchObject({ vantageCash: 0, cashToPlay: 0 });
    // The 40% refund arrives while the dispute holds the whole pack: it moves nothing yet.
    await deliver(chargeRefundedEvent({ paymentIntent, amount: 4999, amountRefunded: 2000 }));
    expect(await me(player)).toMatchObject({ vantageCash: 0, cashToPlay: 0 });
    await disputed("won", "charge.dispute.closed");
    expect(await me(player)).toMatchObject({ vantageCash: 490, cashToPlay: 490 });
    await auditPlaythrough(player);
  });

  it("a won dispute of a pack already played through adds nothing to play again", async () => {
    const player = await signIn();
    const paymentIntent = `pi_pt_${crypto.randomUUID()}`;
    await buyPack(player, {}, 4999, paymentIntent);
    const { eventId } = await stakeCash(player, 4_900);
    await settle(player, { eventId, homeScore: 1, awayScore: 0 });
    await buyPack(player);
    expect(await me(player)).toMatchObject({ vantageCash: 14_700, cashToPlay: 4_900 });
    const disputed = (status: string, type: "charge.dispute.created" | "charge.dispute.closed") =>
      deliver(disputeEvent({ type, disputeId: `dp_pt_${paymentIntent}`, paymentIntent, amount: 4999, status }));
    await disputed("needs_response", "charge.dispute.created");
    expect(await me(player)).toMatchObject({ vantageCash: 9_800, cashToPlay: 4_900 });
    await disputed("won", "charge.dispute.closed");
    // The pack is back, played through as it was: only the newer pack is still to play.
    expect(await me(player)).toMatchObject({ vantageCash: 14_700, cashToPlay: 4_900, redeemableCash: 9_800 });
    await auditPlaythrough(player);
  });

  it("a won dispute gives the pack's play-through back, and a later refund of that pack takes it off again", async () => {
    const player = await signIn();
    const paymentIntent = `pi_pt_${crypto.randomUUID()}`;
    await buyPack(player, {}, 4999, paymentIntent);
    const disputed = (status: string, type: "charge.dispute.created" | "charge.dispute.closed") =>
      deliver(disputeEvent({ type, disputeId: `dp_pt_${paymentIntent}`, paymentIntent, amount: 4999, status }));
    await disputed("needs_response", "charge.dispute.created");
    expect(await me(player)).toMatchObject({ vantageCash: 0, cashToPlay: 0 });
    await disputed("won", "charge.dispute.closed");
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 4_900 });
    await buyPack(player);
    expect(await deliver(chargeRefundedEvent({ paymentIntent, amount: 4999, amountRefunded: 4999 }))).toMatchObject({ received: true });
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 4_900 });
    await auditPlaythrough(player);
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
    const audit = await runInDurableObject(wallet(player.userId) as DurableObjectStub<UserWallet>, (walletObject: UserWallet) =>
      playthroughAudit(new Ledger(walletSqlOf(walletObject), player.userId, Date.now())),
    );
    expect(audit).toEqual({ toPlay: 0, movesSum: 0, openCashStakes: 0 });
  });
});
