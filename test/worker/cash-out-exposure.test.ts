// Cash-out and the house's limit per market (MAX_CASH_EXPOSURE_CENTS, MAX_COINS_EXPOSURE):
// giving back a share of a bet takes its stake off the other selections of its market, so
// cashing out the hedge that let the other side in past the limit would push that side over
// it. Through the route: such a cash-out is refused with a sentence naming the largest share
// that fits and pays nothing, that share is paid, and a cash-out far from the limit is as
// before. On the games' objects: the share is held until the wallet's relay confirms it, so
// neither a second cash-out nor a new bet meanwhile can use the room it takes; a cash-out the
// wallet does not take gives it back; Coins and Vantage Cash each have their own limit.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BetDocument, PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { CashOutQuote, CashOutResponse } from "../../src/shared/schemas/cash-out";
import type { Event } from "../../src/shared/schemas/events";
import { createApp } from "../../worker/app";
import { holdCashOutExposure } from "../../worker/exposure/cash-out-hold";
import { relayBetsToExposure } from "../../worker/exposure/relay";
import { exposureObject, reserveExposure } from "../../worker/exposure/reserve";
import { tunables } from "../../worker/tunables";
import { openEvents, pickOf } from "./bets-helpers";
import { api, BASE, signIn, type SignedIn } from "./helpers";
import { buyCash } from "./payout-helpers";
import { betOf, cashCents, drainOutboxNow, leg, newEventId, openBet, wallet } from "./settlement-fixtures";

/** A POST to the app with MAX_CASH_EXPOSURE_CENTS set to `limitCents`, as a deployment with that limit answers it. */
async function postWithLimit(limitCents: number, path: string, body: unknown, player: SignedIn): Promise<Response> {
  const headers = new Headers({
    Authorization: `Bearer ${player.token}`,
    "Content-Type": "application/json",
    "Idempotency-Key": crypto.randomUUID(),
  });
  const limited = { ...env, MAX_CASH_EXPOSURE_CENTS: String(limitCents) };
  const ctx = createExecutionContext();
  const res = await createApp().fetch(new Request(`${BASE}${path}`, { method: "POST", body: JSON.stringify(body), headers }), limited, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;

const quoteOf = async (player: SignedIn, betId: string) =>
  (await (await api(`/api/bets/${betId}/cash-out`, { token: player.token })).json()) as CashOutQuote;

async function cashOutRows(userId: string) {
  return (await wallet(userId).getLedger(userId, Date.now())).filter((r) => r.reason === "bet_cash_out");
}

/** The house's moneyline results on a game per selection, and on a selection nobody backs, live from its object. */
async function moneyline(event: { sport: string; eventId: string }, currency: "cash" | "coins" = "cash") {
  const view = await exposureObject(env, event.sport, event.eventId).view(Date.now());
  const m = view[currency].markets.find((x) => x.market === "Moneyline");
  const stakes = m?.stakes ?? 0;
  const result = (selection: string) => (m?.payouts[selection] ?? 0) - stakes;
  return { result, stakes, reserved: view.reserved, payouts: m?.payouts ?? {} };
}

/** A 2.00 Vantage Cash single on the game's away side, placed under `limitCents` and written to D1 and its game's book. */
async function awaySingle(player: SignedIn, event: Event, limitCents: number) {
  const placed = await postWithLimit(
    limitCents,
    "/api/placeBet",
    { kind: "Singles", wallet: "cash", amount: 2, picks: [pickOf(event, "Moneyline", "Away")] },
    player,
  );
  expect(placed.status).toBe(200);
  const bet = ((await placed.json()) as PlaceBetResponse).bets[0]!;
  await drainOutboxNow(player.userId);
  return bet;
}

describe("cashing out the hedge that let the other side in", () => {
  it("is refused past the limit with a sentence and pays nothing; the share that fits is paid", async () => {
    // A game no bet has reached yet, whose home side pays at least even money back on half its stake.
    const events = await openEvents(6);
    let event: Event | undefined;
    for (const e of events) {
      const view = await exposureObject(env, e.sport, e.eventId).view(Date.now());
      if (view.cash.positions === 0 && view.reserved === 0 && pickOf(e, "Moneyline", "Home").priceAm >= -200) {
        event = e;
        break;
      }
    }
    if (!event) throw new Error("no game without bets among the open ones");
    const [attacker, other] = [await signIn(), await signIn()];
    await Promise.all([buyCash(attacker), buyCash(other)]);

    // The attacker backs Away for 10.00; another player then puts 40.00 on Home, which the
    // Away stake makes room for.
    const away = await postWithLimit(
      tunables(env).MAX_CASH_EXPOSURE_CENTS,
      "/api/placeBet",
      { kind: "Singles", wallet: "cash", amount: 10, picks: [pickOf(event, "Moneyline", "Away")] },
      attacker,
    );
    expect(away.status).toBe(200);
    const hedge = ((await away.json()) as PlaceBetResponse).bets[0]!;
    const home = await postWithLimit(
      tunables(env).MAX_CASH_EXPOSURE_CENTS,
      "/api/placeBet",
      { kind: "Singles", wallet: "cash", amount: 40, picks: [pickOf(event, "Moneyline", "Home")] },
      other,
    );
    expect(home.status).toBe(200);
    await Promise.all([drainOutboxNow(attacker.userId), drainOutboxNow(other.userId)]);

    // The deployment's limit leaves 2.50 of room above the dearest selection the Away stake
    // counts on (Home, or the Draw): a bet on Home is no longer taken...
    const before = await moneyline(event);
    const dearest = Math.max(...Object.keys(before.payouts).map((s) => (s === "Away" ? -before.stakes : before.result(s))));
    const limit = dearest + 250;
    expect(limit).toBeGreaterThanOrEqual(100);
    const moreHome = await postWithLimit(
      limit,
      "/api/placeBet",
      { kind: "Singles", wallet: "cash", amount: 10, picks: [pickOf(event, "Moneyline", "Home")] },
      other,
    );
    expect(moreHome.status).toBe(409);
    expect((await errorOf(moreHome)).code).toBe("exposure-limit");

    // ...and cashing out all of the Away bet would take its 10.00 off Home: refused, with the share that fits.
    const cashBefore = await cashCents(attacker.userId);
    const quote = await quoteOf(attacker, hedge.id);
    const whole = await postWithLimit(limit, `/api/bets/${hedge.id}/cash-out`, { quoteId: quote.quoteId, fraction: 1 }, attacker);
    expect(whole.status).toBe(409);
    expect(await errorOf(whole)).toEqual({
      code: "cash-out-exposure-limit",
      message: "The house can take a cash-out of at most 2.50 Vantage Cash of this bet’s stake right now. Choose a smaller share.",
      details: { wallet: "cash", largestStake: 250, market: "Moneyline" },
    });
    expect(await cashCents(attacker.userId)).toBe(cashBefore);
    expect(await cashOutRows(attacker.userId)).toEqual([]);
    expect(await betOf(attacker.userId, hedge.id)).toMatchObject({ status: "open", payoutPaid: 0 });
    expect((await betOf(attacker.userId, hedge.id)).cashOut).toBeUndefined();
    // Nothing is left held: the book is as it was.
    const afterRefusal = await moneyline(event);
    expect(afterRefusal.reserved).toBe(0);
    expect(afterRefusal.payouts).toEqual(before.payouts);
    expect(afterRefusal.stakes).toBe(before.stakes);

    // A quarter (2.50) fits: it is paid, and the book ends exactly at the limit.
    const quarter = await postWithLimit(limit, `/api/bets/${hedge.id}/cash-out`, { quoteId: quote.quoteId, fraction: 0.25 }, attacker);
    expect(quarter.status).toBe(200);
    const paid = (await quarter.json()) as CashOutResponse;
    expect(paid.stake).toBe(250);
    expect(paid.paid).toBe(quote.shares.find((s) => s.fraction === 0.25)!.amount);
    expect(await cashCents(attacker.userId)).toBe(cashBefore + paid.paid);
    await drainOutboxNow(attacker.userId);
    const afterQuarter = await moneyline(event);
    expect(afterQuarter.reserved).toBe(0);
    expect(afterQuarter.stakes).toBe(before.stakes - 250);
    expect(Math.max(...Object.keys(afterQuarter.payouts).map((s) => (s === "Away" ? -afterQuarter.stakes : afterQuarter.result(s))))).toBe(
      limit,
    );

    // At the limit, no share fits: the sentence says so and names the market.
    const rest = await quoteOf(attacker, hedge.id);
    const refused = await postWithLimit(limit, `/api/bets/${hedge.id}/cash-out`, { quoteId: rest.quoteId, fraction: 0.5 }, attacker);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: "cash-out-exposure-limit",
      message:
        "The house can’t take a cash-out of this bet right now: it would put the house over its limit on Moneyline for this game. Try again later.",
    });
    expect(await cashCents(attacker.userId)).toBe(cashBefore + paid.paid);
    expect(await cashOutRows(attacker.userId)).toHaveLength(1);
  });

  it("a cash-out on a market far from the limit is paid as before", async () => {
    const event = (await openEvents(6))[5]!;
    const player = await signIn();
    await buyCash(player);
    const bet = await awaySingle(player, event, 1_000);
    const before = await moneyline(event);
    // Far from it: the limit is well above every selection with the 2.00 given back.
    const dearest = Math.max(-before.stakes, ...Object.values(before.payouts).map((p) => p - before.stakes));
    const limit = Math.max(1_000, dearest + 10_000);
    const cashBefore = await cashCents(player.userId);
    const quote = await quoteOf(player, bet.id);
    const res = await postWithLimit(limit, `/api/bets/${bet.id}/cash-out`, { quoteId: quote.quoteId, fraction: 1 }, player);
    expect(res.status).toBe(200);
    expect(((await res.json()) as CashOutResponse).paid).toBe(quote.amount);
    expect(await cashCents(player.userId)).toBe(cashBefore + quote.amount);
    await drainOutboxNow(player.userId);
    const after = await moneyline(event);
    expect(after.reserved).toBe(0);
    expect(after.stakes).toBe(before.stakes - 200);
  });
});

describe("a market the house suspended", () => {
  it("buys nothing back until it reopens: the cash-out is refused with a sentence and pays nothing", async () => {
    const event = (await openEvents(6))[4]!;
    const player = await signIn();
    const admin = await signIn("admin@vantage.test", "Operator"); // ADMIN_EMAILS in wrangler.toml [vars]
    await buyCash(player);
    const limit = tunables(env).MAX_CASH_EXPOSURE_CENTS;
    const bet = await awaySingle(player, event, limit);
    const suspend = (suspended: boolean) =>
      postWithLimit(
        limit,
        `/api/admin/risk/${event.sport}/${event.eventId}/suspend`,
        { market: "Moneyline", suspended, reason: "Injury news", game: { home: event.home, away: event.away, startTime: event.startTime } },
        admin,
      );
    const quote = await quoteOf(player, bet.id);
    expect((await suspend(true)).status).toBe(200);
    const cashBefore = await cashCents(player.userId);
    const refused = await postWithLimit(limit, `/api/bets/${bet.id}/cash-out`, { quoteId: quote.quoteId, fraction: 1 }, player);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: "cash-out-suspended-by-house",
      message: "Cash-out is suspended while Moneyline for this game is suspended. Try again once it reopens.",
      details: { market: "Moneyline" },
    });
    expect(await cashCents(player.userId)).toBe(cashBefore);
    expect(await cashOutRows(player.userId)).toEqual([]);
    expect((await moneyline(event)).reserved).toBe(0);

    // Reopened: the same offer is taken.
    expect((await suspend(false)).status).toBe(200);
    const paid = await postWithLimit(limit, `/api/bets/${bet.id}/cash-out`, { quoteId: quote.quoteId, fraction: 1 }, player);
    expect(paid.status).toBe(200);
    expect(await cashCents(player.userId)).toBe(cashBefore + quote.amount);
  });
});

describe("a cash-out's hold on its game", () => {
  const SPORT = "soccer_usa_mls";
  const on = (eventId: string, side: "Home" | "Away", priceAm: number) => leg({ eventId, league: SPORT, side, priceAm });
  const relay = (bets: readonly BetDocument[]) =>
    relayBetsToExposure(
      env,
      bets.map((bet) => ({ userId: "user-relay", bet })),
      Date.now(),
    );
  const rulesWith = (limits: { cash?: number; coins?: number }) => ({
    ...tunables(env),
    MAX_CASH_EXPOSURE_CENTS: limits.cash ?? tunables(env).MAX_CASH_EXPOSURE_CENTS,
    MAX_COINS_EXPOSURE: limits.coins ?? tunables(env).MAX_COINS_EXPOSURE,
  });
  const homeSlip = (eventId: string, stake: number, wallet: "cash" | "coins" = "cash") => ({
    slipId: crypto.randomUUID(),
    kind: "Singles" as const,
    wallet,
    stake,
    legs: [on(eventId, "Home", 100)],
    sameGame: [],
  });

  /**
   * A game where Home at +100 for 20.00 is hedged by two Away bets of 5.00 at -120: Home's
   * result is 20.00 − 10.00 = 10.00. The limit leaves 6.00 above it: either Away bet's cash-out
   * (5.00 onto Home) fits alone, not both.
   */
  async function hedgedGame(wallet: "cash" | "coins" = "cash") {
    const eventId = newEventId();
    const bets = [
      openBet([on(eventId, "Home", 100)], { stake: 2_000, wallet }),
      openBet([on(eventId, "Away", -120)], { stake: 500, wallet }),
      openBet([on(eventId, "Away", -120)], { stake: 500, wallet }),
    ];
    await relay(bets);
    const game = { sport: SPORT, eventId };
    expect((await moneyline(game, wallet)).result("Home")).toBe(1_000);
    return { eventId, game, home: bets[0]!, hedges: [bets[1]!, bets[2]!], limit: 1_600 };
  }

  it("lets only one of two cash-outs at once take the room", async () => {
    const { game, hedges, limit } = await hedgedGame();
    const rules = rulesWith({ cash: limit });
    const answers = await Promise.all(hedges.map((bet) => holdCashOutExposure(env, rules, bet, 500, Date.now())));
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    expect(answers.find((a) => !a.ok)).toEqual({
      ok: false,
      code: "cash-out-exposure-limit",
      details: { wallet: "cash", largestStake: 100, market: "Moneyline" },
    });
    // Held: Home counts the share given back.
    expect((await moneyline(game)).result("Home")).toBe(1_500);
    expect((await moneyline(game)).reserved).toBe(1);
  });

  it("keeps the room from a new bet until the wallet's relay confirms the cash-out", async () => {
    const { game, eventId, hedges, limit } = await hedgedGame();
    const rules = rulesWith({ cash: limit });
    const held = await holdCashOutExposure(env, rules, hedges[0]!, 500, Date.now());
    expect(held.ok).toBe(true);
    // Home at +100 adds its stake: 2.00 would fit without the hold (10.00 + 2.00 ≤ 16.00), not with it.
    const refused = await reserveExposure(env, rules, homeSlip(eventId, 200), Date.now());
    expect(refused).toEqual({ ok: false, code: "exposure-limit", details: { wallet: "cash", largestStake: 100 } });
    // The wallet took the cash-out: its relay confirms the hold, and the book holds the bet as it is now.
    await relay([{ ...hedges[0]!, status: "settled", result: "cashed_out", cashOut: { stake: 500, paid: 480 }, settledAt: Date.now() }]);
    const after = await moneyline(game);
    expect(after.reserved).toBe(0);
    expect(after.result("Home")).toBe(1_500);
    expect(after.stakes).toBe(2_500);
    expect((await reserveExposure(env, rules, homeSlip(eventId, 200), Date.now())).ok).toBe(false);
    expect((await reserveExposure(env, rules, homeSlip(eventId, 100), Date.now())).ok).toBe(true);
  });

  it("gives the room back when the wallet does not take the cash-out, or after EXPOSURE_HOLD_SECONDS", async () => {
    const { game, eventId, hedges, limit } = await hedgedGame();
    const rules = rulesWith({ cash: limit });
    const held = await holdCashOutExposure(env, rules, hedges[0]!, 500, Date.now());
    if (!held.ok) throw new Error("expected the hold");
    expect((await moneyline(game)).result("Home")).toBe(1_500);
    await held.release();
    expect((await moneyline(game)).result("Home")).toBe(1_000);
    expect((await moneyline(game)).reserved).toBe(0);
    expect((await reserveExposure(env, rules, homeSlip(eventId, 600), Date.now())).ok).toBe(true);

    const other = await hedgedGame();
    expect((await holdCashOutExposure(env, rulesWith({ cash: other.limit }), other.hedges[1]!, 500, Date.now())).ok).toBe(true);
    expect((await moneyline(other.game)).reserved).toBe(1);
    const lapsed = await exposureObject(env, SPORT, other.eventId).view(Date.now() + tunables(env).EXPOSURE_HOLD_SECONDS * 1000 + 1);
    expect(lapsed.reserved).toBe(0);
    const lapsedMoneyline = lapsed.cash.markets.find((m) => m.market === "Moneyline")!;
    expect(lapsedMoneyline.payouts.Home! - lapsedMoneyline.stakes).toBe(1_000);
  });

  it("judges Coins against MAX_COINS_EXPOSURE and Vantage Cash against MAX_CASH_EXPOSURE_CENTS", async () => {
    const coins = await hedgedGame("coins");
    // A Vantage Cash limit the Coins book is far past does not hold back a Coins cash-out...
    expect((await holdCashOutExposure(env, rulesWith({ cash: 100 }), coins.hedges[0]!, 500, Date.now())).ok).toBe(true);
    // ...its own limit does.
    const refused = await holdCashOutExposure(env, rulesWith({ cash: 1_000_000, coins: 1_600 }), coins.hedges[1]!, 500, Date.now());
    expect(refused).toMatchObject({ ok: false, code: "cash-out-exposure-limit", details: { wallet: "coins", largestStake: 100 } });
  });
});
