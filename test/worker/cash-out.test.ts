// Cash-out as a player meets it: a quote at the fair price less the fee (the formula, to
// the cent), accepting it in full or in part with an Idempotency-Key that pays once, the
// rest of a partly cashed-out stake graded as usual, a quote that no longer holds answered
// with a new one, other players' bets and quotes out of reach, a suspended leg named with
// its reason, and a cash-out racing settlement paying each share exactly once (50 times).
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { cashOutFigures } from "../../src/shared/cash-out";
import { fairSideOf } from "../../src/shared/fair-odds";
import { decimalOdds } from "../../src/shared/odds";
import { payoutFor } from "../../src/shared/payout";
import { playthroughRisk } from "../../src/shared/playthrough-risk";
import type { BetDocument, PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { CashOutQuote, CashOutResponse } from "../../src/shared/schemas/cash-out";
import type { Event } from "../../src/shared/schemas/events";
import type { Prop } from "../../src/shared/schemas/props";
import { sportByKey } from "../../src/shared/sports";
import { priceOpenLegs } from "../../worker/cash-out/price-open-legs";
import { ApiError } from "../../worker/http/api-error";
import { loadEvents } from "../../worker/odds/odds-service";
import type { UserWallet } from "../../worker/user-wallet";
import { Ledger } from "../../worker/wallet/ledger";
import { playthroughAudit } from "../../worker/wallet/playthrough";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, postJson, sent, signIn, type SignedIn } from "./helpers";
import { buyCash } from "./payout-helpers";
import {
  betOf,
  coins,
  expectLedgerBalanced,
  HOUR,
  leg,
  newEventId,
  newUserId,
  openBet,
  payoutRows,
  drainOutboxNow,
  seedBets,
  wallet,
  walletSqlOf,
} from "./settlement-fixtures";

const MARGIN = 5;

let events: Event[];
beforeAll(async () => {
  events = await openEvents(3);
});

/** The side's fair probability on the board right now (what the Worker prices with). */
async function fairNow(event: Event, market: "Moneyline" | "Total", side: "Home" | "Over"): Promise<number> {
  const board = await loadEvents(env, event.sport, Date.now());
  const now = board.events.find((e) => e.eventId === event.eventId)!;
  const line = market === "Total" ? (now.markets.total?.line ?? null) : null;
  const fair = fairSideOf(now, { market, side, line });
  if (!fair) throw new Error("no fair price on the board");
  return fair.p;
}

const quoteOf = async (player: SignedIn, betId: string) => api(`/api/bets/${betId}/cash-out`, { token: player.token });
const accept = (player: SignedIn, betId: string, body: { quoteId: string; fraction: number }, key: string = crypto.randomUUID()) =>
  postJson(`/api/bets/${betId}/cash-out`, body, player.token, { "Idempotency-Key": key });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: { quote?: CashOutQuote; leg?: unknown } } }).error;

async function ledgerRows(userId: string, reason: string) {
  return (await wallet(userId).getLedger(userId, Date.now())).filter((r) => r.reason === reason);
}

async function placeSingle(player: SignedIn, event: Event, amount: number): Promise<BetDocument> {
  const res = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount, picks: [pickOf(event, "Moneyline", "Home")] });
  expect(res.status).toBe(200);
  return ((await res.json()) as PlaceBetResponse).bets[0]!;
}

describe("cash-out quotes", () => {
  it("price an open single at the fair value less CASH_OUT_MARGIN, rounded in the house's favour", async () => {
    const player = await signIn();
    const bet = await placeSingle(player, events[0]!, 100);
    const res = await quoteOf(player, bet.id);
    expect(res.status).toBe(200);
    const quote = (await res.json()) as CashOutQuote;
    const p = await fairNow(events[0]!, "Moneyline", "Home");
    // fair value = 100 × p × d, rounded down; fee = 5% of it, rounded up.
    const exact = 100 * p * decimalOdds(bet.legs[0]!.priceAm);
    expect(quote.fairValue).toBe(Math.floor(exact));
    expect(quote.fee).toBe(Math.ceil(quote.fairValue * 0.05));
    expect(quote).toMatchObject({
      betId: bet.id,
      wallet: "coins",
      openStake: 100,
      marginPercent: MARGIN,
      amount: quote.fairValue - quote.fee,
    });
    expect(quote.expiresAt).toBeGreaterThan(Date.now());
    expect(quote.expiresAt).toBeLessThanOrEqual(Date.now() + 10_000);
  });

  it("count a parlay's won legs at their decimal and its open legs at p_fair × d", async () => {
    const player = await signIn();
    const [a, b] = [events[0]!, events[1]!];
    const picks = [pickOf(a, "Moneyline", "Home"), pickOf(b, "Total", "Over")];
    const res = await placeBet(player.token, { kind: "Parlay", wallet: "coins", amount: 200, picks });
    const parlay = ((await res.json()) as PlaceBetResponse).bets[0]!;
    await wallet(player.userId).applyEventResults(player.userId, [{ eventId: a.eventId, homeScore: 300, awayScore: 1 }], Date.now());
    const quote = (await (await quoteOf(player, parlay.id)).json()) as CashOutQuote;
    const p = await fairNow(b, "Total", "Over");
    const factor = decimalOdds(picks[0]!.priceAm) * p * decimalOdds(picks[1]!.priceAm);
    expect(quote).toMatchObject(cashOutFigures(200, factor, MARGIN));
  });

  it("are the player's own: another player's bet is not found, nor a quote of theirs", async () => {
    const [owner, other] = [await signIn(), await signIn()];
    const bet = await placeSingle(owner, events[0]!, 50);
    expect((await quoteOf(other, bet.id)).status).toBe(404);
    const quote = (await (await quoteOf(owner, bet.id)).json()) as CashOutQuote;
    const mine = await placeSingle(other, events[0]!, 50);
    const res = await accept(other, mine.id, { quoteId: quote.quoteId, fraction: 1 });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe("quote-not-found");
  });
});

describe("accepting a cash-out", () => {
  it("in full pays once, settles the bet as cashed_out, and a replay of the key pays nothing more", async () => {
    const player = await signIn();
    const bet = await placeSingle(player, events[0]!, 100);
    const quote = (await (await quoteOf(player, bet.id)).json()) as CashOutQuote;
    const key = crypto.randomUUID();
    const first = await accept(player, bet.id, { quoteId: quote.quoteId, fraction: 1 }, key);
    expect(first.status).toBe(200);
    const body = (await first.json()) as CashOutResponse;
    expect(body).toMatchObject({ stake: 100, paid: quote.amount });
    expect(body.bet).toMatchObject({
      status: "settled",
      result: "cashed_out",
      payoutPaid: quote.amount,
      cashOut: { stake: 100, paid: quote.amount },
    });
    expect(body.balances.coinBalance).toBe(5000 - 100 + quote.amount);

    const replay = await accept(player, bet.id, { quoteId: quote.quoteId, fraction: 1 }, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await replay.json()) as CashOutResponse).balances.coinBalance).toBe(body.balances.coinBalance);
    expect(await ledgerRows(player.userId, "bet_cash_out")).toEqual([
      expect.objectContaining({ amount: quote.amount, reference: quote.quoteId }),
    ]);

    // Settled: no more quotes; the game's result later grades the legs for the record and pays nothing.
    expect((await errorOf(await quoteOf(player, bet.id))).code).toBe("bet-settled");
    await wallet(player.userId).applyEventResults(
      player.userId,
      [{ eventId: bet.legs[0]!.eventId, homeScore: 2, awayScore: 1 }],
      Date.now(),
    );
    expect(await betOf(player.userId, bet.id)).toMatchObject({ result: "cashed_out", legResults: ["win"], payoutPaid: quote.amount });
    expect(await payoutRows(player.userId, bet.id)).toHaveLength(0);
    await expectLedgerBalanced(player.userId);
  });

  it("in part keeps the rest of the stake open and grades only it", async () => {
    const player = await signIn();
    const bet = await placeSingle(player, events[0]!, 101);
    const quote = (await (await quoteOf(player, bet.id)).json()) as CashOutQuote;
    const res = await accept(player, bet.id, { quoteId: quote.quoteId, fraction: 0.5 });
    const half = (await res.json()) as CashOutResponse;
    // Half of 101 is 50 (rounded down), priced on its own at the quote's fair value per unit.
    const factor = (await fairNow(events[0]!, "Moneyline", "Home")) * decimalOdds(bet.legs[0]!.priceAm);
    expect(quote).toMatchObject(cashOutFigures(101, factor, MARGIN));
    // The quote's own figures for half are exactly what accepting half pays.
    expect(quote.shares.find((s) => s.fraction === 0.5)).toEqual({ fraction: 0.5, stake: 50, ...cashOutFigures(50, factor, MARGIN) });
    expect(half.stake).toBe(50);
    expect(half.paid).toBe(cashOutFigures(50, factor, MARGIN).amount);
    expect(half.bet).toMatchObject({ status: "open", result: null, cashOut: { stake: 50, paid: half.paid }, payoutPaid: half.paid });
    // D1 (public picks, /pricing) learns the share and what it paid.
    await drainOutboxNow(player.userId);
    const projected = await env.DB.prepare("SELECT cash_out_stake, cash_out_paid, payout_paid FROM bets WHERE id = ?").bind(bet.id).first();
    expect(projected).toEqual({ cash_out_stake: 50, cash_out_paid: half.paid, payout_paid: half.paid });

    // The quote was used: accepting it again is a 409 with a new quote for the 51 still open.
    const again = await accept(player, bet.id, { quoteId: quote.quoteId, fraction: 1 });
    expect(again.status).toBe(409);
    const moved = await errorOf(again);
    expect(moved.code).toBe("cash-out-moved");
    expect(moved.details?.quote).toMatchObject({ betId: bet.id, openStake: 51 });

    // The home team wins: the 51 still riding are paid at the bet's price, nothing for the 50 cashed out.
    await wallet(player.userId).applyEventResults(
      player.userId,
      [{ eventId: bet.legs[0]!.eventId, homeScore: 3, awayScore: 0 }],
      Date.now(),
    );
    const payout = payoutFor(51, [bet.legs[0]!.priceAm]);
    expect(await betOf(player.userId, bet.id)).toMatchObject({ status: "settled", result: "win", payoutPaid: half.paid + payout });
    expect((await payoutRows(player.userId, bet.id)).map((r) => r.amount)).toEqual([payout]);
    await expectLedgerBalanced(player.userId);
  });

  it("answers an expired or moved quote with a new one, and refuses a share under one unit", async () => {
    const player = await signIn();
    const bet = await placeSingle(player, events[1]!, 100);
    const quote = (await (await quoteOf(player, bet.id)).json()) as CashOutQuote;
    const stub = wallet(player.userId);
    const base = {
      play: { minAge: 18 },
      betId: bet.id,
      quoteId: quote.quoteId,
      fraction: 1,
      marginPercent: MARGIN,
      quoteSeconds: 10,
      requestHash: "h",
    };
    const legChance = quote.fairValue / 100 / decimalOdds(bet.legs[0]!.priceAm);

    const late = await stub.cashOut(
      player.userId,
      { ...base, legChance: { 0: legChance }, idempotencyKey: "late-1234" },
      quote.expiresAt + 1,
    );
    expect(sent(late)).toMatchObject({ status: 409, code: "quote-expired" });
    // The price moved a lot since: the new quote is at the new price.
    const movedPrice = await stub.cashOut(
      player.userId,
      { ...base, legChance: { 0: legChance / 2 }, idempotencyKey: "moved-1234" },
      Date.now(),
    );
    expect(sent(movedPrice)).toMatchObject({ status: 409, code: "cash-out-moved" });
    const fresh = (movedPrice as { details: { quote: CashOutQuote } }).details.quote;
    expect(fresh.amount).toBeLessThan(quote.amount);
    const tiny = await accept(player, bet.id, { quoteId: fresh.quoteId, fraction: 0.001 });
    expect([400, 409]).toContain(tiny.status);
    const bad = await postJson(`/api/bets/${bet.id}/cash-out`, { quoteId: quote.quoteId, fraction: 0 }, player.token, {
      "Idempotency-Key": crypto.randomUUID(),
    });
    expect(bad.status).toBe(400);
    const noKey = await postJson(`/api/bets/${bet.id}/cash-out`, { quoteId: quote.quoteId, fraction: 1 }, player.token);
    expect((await errorOf(noKey)).code).toBe("idempotency-key-required");
    expect(await ledgerRows(player.userId, "bet_cash_out")).toHaveLength(0);
  });
});

describe("a cash-out racing settlement", () => {
  it("pays each share exactly once, whichever comes first (50 times)", async () => {
    const player = await signIn();
    const event = events[2]!;
    const pick = pickOf(event, "Moneyline", "Home");
    const outcomes = { cashedOut: 0, settled: 0 };
    for (let round = 0; round < 50; round++) {
      const bet = openBet([leg({ eventId: event.eventId, league: event.sport, priceAm: pick.priceAm, startTime: event.startTime })], {
        stake: 100,
      });
      await seedBets(player.userId, [bet], { project: false });
      const quote = (await (await quoteOf(player, bet.id)).json()) as CashOutQuote;
      // Settlement starts with the cash-out or up to ~100 ms after it, so both orders happen.
      const settleAfterMs = (round % 10) * 10;
      const [res] = await Promise.all([
        accept(player, bet.id, { quoteId: quote.quoteId, fraction: 1 }),
        new Promise((resolve) => setTimeout(resolve, settleAfterMs)).then(() =>
          wallet(player.userId).applyEventResults(player.userId, [{ eventId: event.eventId, homeScore: 2, awayScore: 0 }], Date.now()),
        ),
      ]);
      const after = await betOf(player.userId, bet.id);
      const cashOuts = (await ledgerRows(player.userId, "bet_cash_out")).filter((r) => r.reference === quote.quoteId);
      const payouts = await payoutRows(player.userId, bet.id);
      expect(cashOuts.length + payouts.length).toBe(1);
      if (res.status === 200) {
        outcomes.cashedOut += 1;
        expect(after).toMatchObject({ result: "cashed_out", payoutPaid: quote.amount });
      } else {
        outcomes.settled += 1;
        expect((await errorOf(res)).code).toBe("bet-settled");
        expect(after).toMatchObject({ result: "win", payoutPaid: payoutFor(100, [pick.priceAm]) });
      }
    }
    expect(outcomes.cashedOut + outcomes.settled).toBe(50);
    expect(outcomes.cashedOut).toBeGreaterThan(0);
    expect(outcomes.settled).toBeGreaterThan(0);
    await expectLedgerBalanced(player.userId);
  }, 60_000);
});

describe("suspended legs", () => {
  it("count a side priced better than fair at its price's own chance, a game's or a player's, so betting it and cashing out at once loses", async () => {
    // The house offers Home at +130 (one book ahead of the rest) where the books' fair chance is 0.5 (+100).
    const event: Event = {
      eventId: "g-ahead",
      sport: "basketball_nba",
      startTime: new Date(Date.now() + 3_600_000).toISOString(),
      home: "Home Team",
      away: "Away Team",
      status: "scheduled",
      live: null,
      markets: { moneyline: { home: 130, away: -160 } },
      fair: { moneyline: { books: 5, home: { p: 0.5, margin: -0.15 }, away: { p: 0.5, margin: 0.1875 } } },
      confirmedAt: Date.now(),
    };
    const legs = [leg({ eventId: "g-ahead", side: "Home", priceAm: 130, startTime: event.startTime })];
    const bet = { ...openBet(legs), legResults: [null] };
    const { legChance } = await priceOpenLegs(
      bet,
      async () => ({ events: [event], stale: false, feedNow: Date.now() }),
      { now: Date.now(), liveMaxAgeMs: 45_000 },
      async () => [],
    );
    expect(legChance[0]).toBeCloseTo(1 / 2.3, 12);
    // 100 at +130, cashed out at once: worth 100 × (1 / 2.3) × 2.3 = 100 before the fee, 95 after it.
    expect(cashOutFigures(100, legChance[0]! * decimalOdds(130), MARGIN)).toEqual({ fairValue: 100, fee: 5, amount: 95 });

    // A player's market likewise: Over 22.5 points offered at +120 where its fair chance is 0.5.
    const prop: Prop = {
      propId: "g-ahead:p-1:player_points:22.5",
      eventId: "g-ahead",
      sport: "basketball_nba",
      marketKey: "player_points",
      kind: "over-under",
      player: { id: "p-1", name: "Paolo Banchero", team: "home" },
      line: 22.5,
      prices: { over: 120, under: -150 },
      fair: { books: 5, over: { p: 0.5, margin: -0.1 }, under: { p: 0.5, margin: 0.1667 } },
    };
    const propLeg = leg({
      eventId: "g-ahead",
      market: "Prop",
      side: "Over",
      line: 22.5,
      priceAm: 120,
      startTime: event.startTime,
      prop: { playerId: "p-1", player: "Paolo Banchero", marketKey: "player_points", label: "Points" },
    });
    const propPriced = await priceOpenLegs(
      { ...openBet([propLeg]), legResults: [null] },
      async () => ({ events: [event], stale: false, feedNow: Date.now() }),
      { now: Date.now(), liveMaxAgeMs: 45_000 },
      async () => [prop],
    );
    expect(propPriced.legChance[0]).toBeCloseTo(1 / 2.2, 12);

    // Its offered price locked (gone longer than the book takes) while the books' fair chance
    // stands: there is no cap to count at, so the offer is suspended rather than paid at fair.
    const locked = priceOpenLegs(
      { ...openBet([propLeg]), legResults: [null] },
      async () => ({ events: [event], stale: false, feedNow: Date.now() }),
      { now: Date.now(), liveMaxAgeMs: 45_000 },
      async () => [{ ...prop, prices: { over: null, under: -150 }, fair: { ...prop.fair, over: { p: 0.5, margin: null } } }],
    );
    await expect(locked).rejects.toMatchObject({ status: 409, code: "cash-out-suspended" });
    await expect(locked).rejects.toThrow(
      "Cash-out is suspended right now. Paolo Banchero Over 22.5 Points (Away Team @ Home Team) is locked.",
    );
  });

  it("suspend the offer, naming the leg and the reason", async () => {
    const player = { legs: [leg({ eventId: "g-live", league: "basketball_nba", side: "Home", priceAm: -110 })], legResults: [null] };
    const live: Event = {
      eventId: "g-live",
      sport: "basketball_nba",
      startTime: new Date(Date.now() - 3_600_000).toISOString(),
      home: "Home Team",
      away: "Away Team",
      status: "live",
      live: { homeScore: 50, awayScore: 48, periodLabel: "Q3", clock: "5:00" },
      markets: { moneyline: { home: null, away: null } },
      suspended: { moneyline: "score-change" },
      confirmedAt: Date.now(),
    };
    const bet = { ...openBet(player.legs), legResults: player.legResults };
    const priced = priceOpenLegs(
      bet,
      async () => ({ events: [live], stale: false, feedNow: Date.now() }),
      { now: Date.now(), liveMaxAgeMs: 45_000 },
      async () => [],
    );
    await expect(priced).rejects.toBeInstanceOf(ApiError);
    const error = (await priced.catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(409);
    expect(error.code).toBe("cash-out-suspended");
    expect(error.message).toBe(
      "Cash-out is suspended right now. Home Team ML (Away Team @ Home Team) is suspended because the score changed after its price.",
    );
    expect(error.details).toEqual({ leg: { eventId: "g-live", market: "Moneyline", side: "Home", reason: "score-change" } });
  });
});

describe("cash-out is play", () => {
  it("is refused during a break, as a bet would be, and the bet stays open", async () => {
    const player = await signIn();
    const bet = await placeSingle(player, events[2]!, 100);
    const quote = (await (await quoteOf(player, bet.id)).json()) as CashOutQuote;
    expect((await postJson("/api/me/break", { period: "24h" }, player.token)).status).toBe(200);

    const quoted = await quoteOf(player, bet.id);
    expect(quoted.status).toBe(403);
    expect((await errorOf(quoted)).code).toBe("self-excluded");
    const accepted = await accept(player, bet.id, { quoteId: quote.quoteId, fraction: 1 });
    expect(accepted.status).toBe(403);
    expect((await errorOf(accepted)).code).toBe("self-excluded");
    expect(await ledgerRows(player.userId, "bet_cash_out")).toEqual([]);
    expect((await betOf(player.userId, bet.id))?.status).toBe("open");
  });

  it("is refused for a Vantage Cash bet from a region that offers no Vantage Cash, and goes on where it is offered", async () => {
    const player = await signIn();
    await buyCash(player);
    const res = await placeBet(player.token, {
      kind: "Singles",
      wallet: "cash",
      amount: 1,
      picks: [pickOf(events[2]!, "Moneyline", "Home")],
    });
    expect(res.status).toBe(200);
    const bet = ((await res.json()) as PlaceBetResponse).bets[0]!;
    const quote = (await (await quoteOf(player, bet.id)).json()) as CashOutQuote;

    // Washington is coins-only: its players may not play Vantage Cash, however they got the bet.
    const inWashington = { "X-Dev-Region": "US-WA" };
    const quoted = await api(`/api/bets/${bet.id}/cash-out`, { token: player.token, headers: inWashington });
    expect(quoted.status).toBe(403);
    expect((await errorOf(quoted)).code).toBe("region-restricted");
    const accepted = await postJson(`/api/bets/${bet.id}/cash-out`, { quoteId: quote.quoteId, fraction: 1 }, player.token, {
      ...inWashington,
      "Idempotency-Key": crypto.randomUUID(),
    });
    expect(accepted.status).toBe(403);
    expect((await errorOf(accepted)).code).toBe("region-restricted");
    expect(await ledgerRows(player.userId, "bet_cash_out")).toEqual([]);

    // Back in Texas a half is cashed out, on a fresh quote; its retry from Washington replays the answer.
    const fresh = (await (await quoteOf(player, bet.id)).json()) as CashOutQuote;
    const key = crypto.randomUUID();
    const half = await accept(player, bet.id, { quoteId: fresh.quoteId, fraction: 0.5 }, key);
    expect(half.status).toBe(200);
    const retried = await postJson(`/api/bets/${bet.id}/cash-out`, { quoteId: fresh.quoteId, fraction: 0.5 }, player.token, {
      ...inWashington,
      "Idempotency-Key": key,
    });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
  });
});

describe("a result corrected after a cash-out", () => {
  it("re-prices the cash-out from the corrected legs it was priced on: nothing for a leg that lost, and back on a second correction", async () => {
    const user = newUserId();
    const [first, second] = [newEventId(), newEventId()];
    const parlay = openBet(
      [
        leg({ eventId: first, league: "icehockey_nhl", side: "Home", priceAm: 100 }),
        leg({ eventId: second, league: "icehockey_nhl", side: "Home", priceAm: 100, startTime: new Date(Date.now() + HOUR).toISOString() }),
      ],
      { stake: 100 },
    );
    await seedBets(user, [parlay]);
    const stub = wallet(user);
    await stub.confirmDateOfBirth(user, { dateOfBirth: "1990-04-25", minAge: 18 }, Date.now());
    // The first game is recorded 4-1: the leg wins, and the parlay is cashed out in full: 1.00 × 2.00 won, × 50% × 2.00 open, less 5%.
    await stub.applyEventResults(user, [{ eventId: first, homeScore: 4, awayScore: 1 }], Date.now());
    const pricing = { legChance: { 1: 0.5 }, marginPercent: 5, quoteSeconds: 10 };
    const quote = await stub.quoteCashOut(user, parlay.id, pricing, Date.now(), { minAge: 18 });
    if (!quote.ok) throw new Error(quote.code);
    const key = `co-${parlay.id}`;
    const done = await stub.cashOut(
      user,
      {
        ...pricing,
        play: { minAge: 18 },
        betId: parlay.id,
        quoteId: quote.quote.quoteId,
        fraction: 1,
        idempotencyKey: key,
        requestHash: key,
      },
      Date.now(),
    );
    expect(done).toMatchObject({ ok: true, response: { paid: 190 } });
    expect(await coins(user)).toBe(5_000 - 100 + 190);

    // Corrected to 1-4: the leg the cash-out was priced on lost, so it was worth nothing.
    const wrong = { eventId: first, homeScore: 1, awayScore: 4, reference: `correction:${first}:1` };
    const taken = await stub.applyResultCorrection(user, wrong, Date.now());
    expect(taken).toMatchObject({ betsChanged: 1, takenBack: { coins: 190 } });
    expect(await betOf(user, parlay.id)).toMatchObject({
      result: "cashed_out",
      legResults: ["loss", null],
      cashOut: { paid: 0 },
      payoutPaid: 0,
    });
    expect(await coins(user)).toBe(5_000 - 100);
    // The same correction again moves nothing.
    expect(await stub.applyResultCorrection(user, wrong, Date.now())).toMatchObject({ betsChanged: 0 });

    // Corrected back to 4-1: the cash-out is worth what it paid.
    await stub.applyResultCorrection(user, { eventId: first, homeScore: 4, awayScore: 1, reference: `correction:${first}:2` }, Date.now());
    expect(await betOf(user, parlay.id)).toMatchObject({ result: "cashed_out", cashOut: { paid: 190 }, payoutPaid: 190 });
    expect(await coins(user)).toBe(5_000 - 100 + 190);
    await expectLedgerBalanced(user);

    // A cash-out from before its share was kept stays as it paid.
    await runInDurableObject(stub, (walletObject: UserWallet) => {
      walletSqlOf(walletObject).exec("DELETE FROM cash_out_shares WHERE bet_id = ?", parlay.id);
    });
    const older = await stub.applyResultCorrection(user, { ...wrong, reference: `correction:${first}:3` }, Date.now());
    expect(older).toMatchObject({ takenBack: { coins: 0 }, paid: { coins: 0 } });
    expect(await betOf(user, parlay.id)).toMatchObject({ legResults: ["loss", null], cashOut: { paid: 190 }, payoutPaid: 190 });
  });
});

describe("Vantage Cash cashed out", () => {
  /** A player holding 50.00 of bonus Vantage Cash to play through once, and their play-through audit. */
  async function playerWithBonusCash() {
    const player = await signIn();
    const stub = wallet(player.userId);
    await stub.getBalances(player.userId, Date.now());
    await runInDurableObject(stub, (walletObject: UserWallet, state) => {
      state.storage.transactionSync(() => {
        const tx = new Ledger(walletSqlOf(walletObject), player.userId, Date.now()).withCashPlaythrough(1);
        tx.post({ currency: "cash", amount: 5_000, reason: "daily_bonus", reference: "test-cash" });
        tx.finish();
      });
    });
    const audit = () =>
      runInDurableObject(stub, (walletObject: UserWallet) =>
        playthroughAudit({ sql: walletSqlOf(walletObject), now: Date.now(), cashPlaythrough: 1 }),
      );
    return { player, stub, audit };
  }

  it("leaves the play-through netting set: it counts nothing, open or settled", async () => {
    const { player, stub, audit } = await playerWithBonusCash();
    const event = events[0]!;
    const res = await placeBet(player.token, { kind: "Singles", wallet: "cash", amount: 20, picks: [pickOf(event, "Moneyline", "Home")] });
    const bet = ((await res.json()) as PlaceBetResponse).bets[0]!;
    expect(await audit()).toMatchObject({ toPlay: 5_000, openCashStakes: 2_000 });
    const quote = (await (await quoteOf(player, bet.id)).json()) as CashOutQuote;
    expect((await accept(player, bet.id, { quoteId: quote.quoteId, fraction: 1 })).status).toBe(200);
    expect(await audit()).toMatchObject({ toPlay: 5_000, openCashStakes: 0 });
    await stub.applyEventResults(player.userId, [{ eventId: event.eventId, homeScore: 0, awayScore: 3 }], Date.now());
    expect(await audit()).toMatchObject({ toPlay: 5_000, openCashStakes: 0 });
  });

  it("still hedges the other side: cashing out the losing side late leaves the winner counting only what both together risked", async () => {
    const { player, stub, audit } = await playerWithBonusCash();
    // A sport without draws, where Home and Away cover every result.
    const event = events.find((e) => !sportByKey(e.sport).drawPossible)!;
    const single = async (side: "Home" | "Away") => {
      const res = await placeBet(player.token, { kind: "Singles", wallet: "cash", amount: 20, picks: [pickOf(event, "Moneyline", side)] });
      expect(res.status).toBe(200);
      return ((await res.json()) as PlaceBetResponse).bets[0]!;
    };
    const [home, away] = [await single("Home"), await single("Away")];
    const quote = (await (await quoteOf(player, away.id)).json()) as CashOutQuote;
    expect((await accept(player, away.id, { quoteId: quote.quoteId, fraction: 1 })).status).toBe(200);
    await stub.applyEventResults(player.userId, [{ eventId: event.eventId, homeScore: 3, awayScore: 0 }], Date.now());
    // Both sides held to the end would have counted their worst case together, not Home's 20.00.
    const together = playthroughRisk(
      [home, away].map((bet) => ({ ...bet.legs[0]!, stake: 2_000 })),
      event.sport,
    );
    expect(together).toBeLessThan(2_000);
    expect(await audit()).toMatchObject({ toPlay: 5_000 - together, openCashStakes: 0 });
  });
});
