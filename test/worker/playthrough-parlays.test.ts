// Play-through counts parlays by risk too: a player's settled cash parlays (same-game blocks
// included) count together with the other bets on the games they join, by what they could
// lose at worst over those games' joint outcomes. Four parlays covering every result of two
// games clear only the few dollars they lose whatever happens, not their stakes; a late
// settlement or a result correction re-counts the group by the difference, once; a parlay
// counted by its stake before this rule keeps that count.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { blockChance, blockPriceAm, GAME_MODEL_VERSION } from "../../src/shared/game-model";
import { isUnderway } from "../../src/shared/live-rules";
import { decimalOdds } from "../../src/shared/odds";
import { type PortfolioBet, portfolioRisk } from "../../src/shared/playthrough-portfolio";
import type { BetDocument, BetLeg, PlaceBetResponse, SameGameBlock } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { GameModel } from "../../src/shared/schemas/game-model";
import { SPORT_KEYS, sportByKey } from "../../src/shared/sports";
import { currentPrice } from "../../worker/bets/price-slip";
import { loadEvents } from "../../worker/odds/odds-service";
import type { UserWallet } from "../../worker/user-wallet";
import { pickOf, placeBet } from "./bets-helpers";
import { api, signIn, type SignedIn } from "./helpers";
import { leg, newEventId, openBet, seedBets, wallet, walletSqlOf } from "./settlement-fixtures";
import { checkoutCompletedEvent, stripeSignature } from "./stripe-events";

type Me = { vantageCash: number; redeemableCash: number; cashToPlay: number };

const me = async (player: SignedIn) => (await (await api("/api/me", { token: player.token })).json()) as Me;

/** Buys the 49.99 pack (49 Vantage Cash) through the signed webhook, as Stripe would. */
async function buyPack(player: SignedIn): Promise<void> {
  const payload = checkoutCompletedEvent({ sessionId: `cs_ptp_${crypto.randomUUID()}`, userId: player.userId, amountTotal: 4999 });
  const res = await api("/api/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "Stripe-Signature": await stripeSignature(payload) },
  });
  expect(await res.json()).toEqual({ received: true, credited: true });
}

const settle = (player: SignedIn, eventId: string, homeScore: number, awayScore: number) =>
  wallet(player.userId).applyEventResults(player.userId, [{ eventId, homeScore, awayScore }], Date.now());

const correct = (player: SignedIn, eventId: string, homeScore: number, awayScore: number, reference: string) =>
  wallet(player.userId).applyResultCorrection(player.userId, { eventId, homeScore, awayScore, reference }, Date.now());

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
}

/** Two games of a sport where a game cannot end level, not started, with both moneylines open. */
async function twoGames(): Promise<[Event, Event]> {
  for (const sport of SPORT_KEYS) {
    if (sportByKey(sport).drawPossible) continue;
    const board = await loadEvents(env, sport, Date.now());
    const games = board.events.filter(
      (e) =>
        !isUnderway(e, board.feedNow) &&
        (["Home", "Away"] as const).every((side) => !currentPrice(e, { eventId: e.eventId, market: "Moneyline", side }).locked),
    );
    if (games.length >= 2) return [games[0]!, games[1]!];
  }
  throw new Error("the simulator offered no two open games where a draw is impossible");
}

/** A bet as the portfolio rule reads it. */
const asPortfolio = (bet: BetDocument): PortfolioBet => ({
  stake: bet.stake,
  legs: bet.legs,
  legResults: bet.legResults,
  ...(bet.sameGame && { sameGame: bet.sameGame }),
});

describe("cash parlays count their risk with the other bets on their games", () => {
  it("four parlays covering both moneylines of two games clear only what they lose whatever happens, not their stakes", async () => {
    const player = await signIn();
    await buyPack(player);
    const [a, b] = await twoGames();
    // Staked as a launderer would: each combination in inverse proportion to what it pays, 40 in all, so any result pays about the same.
    const combos = (["Home", "Away"] as const).flatMap((sideA) =>
      (["Home", "Away"] as const).map((sideB) => [pickOf(a, "Moneyline", sideA), pickOf(b, "Moneyline", sideB)]),
    );
    const inverse = combos.map((picks) => 1 / picks.reduce((product, pick) => product * decimalOdds(pick.priceAm), 1));
    const cents = inverse.map((x) => Math.floor((4_000 * x) / inverse.reduce((sum, y) => sum + y, 0)));
    cents[0]! += 4_000 - cents.reduce((sum, c) => sum + c, 0);
    const bets: BetDocument[] = [];
    for (const [i, picks] of combos.entries()) {
      const res = await placeBet(player.token, { kind: "Parlay", wallet: "cash", amount: cents[i]! / 100, picks });
      expect(res.status, await res.clone().text()).toBe(200);
      bets.push(...((await res.json()) as PlaceBetResponse).bets);
    }
    expect(await me(player)).toMatchObject({ vantageCash: 900 });

    await settle(player, a.eventId, 3, 1);
    await settle(player, b.eventId, 2, 5);
    // One parlay won (Home A, Away B); the four together lose at worst what the rule says, far less than their 40.
    const risk = portfolioRisk(bets.map(asPortfolio));
    expect(risk).toBeGreaterThan(0);
    expect(risk).toBeLessThan(1_000);
    const won = bets.find((bet) => bet.legs[0]!.side === "Home" && bet.legs[1]!.side === "Away")!;
    const balance = 900 + won.stake + won.toWin;
    expect(await me(player)).toMatchObject({ vantageCash: balance, cashToPlay: 4_900 - risk, redeemableCash: balance - (4_900 - risk) });
    // Only the games' counts moved it (settling the parlays one by one, each re-counted the group by the difference).
    const moves = (await playthroughMoves(player)).filter((m) => m.reason !== "purchase");
    expect(moves.every((m) => m.reason === "game_risk")).toBe(true);
    expect(moves.reduce((sum, m) => sum - m.amount, 0)).toBe(risk);
    await auditPlaythrough(player);
  });

  it("a late settlement and result corrections re-count the group by the difference, once each", async () => {
    const player = await signIn();
    await buyPack(player);
    const [a, b] = [newEventId(), newEventId()].sort();
    const parlay = openBet([leg({ eventId: a! }), leg({ eventId: b! })], { stake: 1_000, wallet: "cash" });
    const awayA = openBet([leg({ eventId: a!, side: "Away" })], { stake: 1_000, wallet: "cash" });
    const awayB = openBet([leg({ eventId: b!, side: "Away" })], { stake: 1_000, wallet: "cash" });
    await seedBets(player.userId, [parlay, awayA, awayB]);

    // Game A ends first: its single counts alone, in full (the parlay and the single on B count provisionally while open).
    await settle(player, a!, 100, 90);
    expect(await me(player)).toMatchObject({ cashToPlay: 3_900 - 2_000 });
    // Game B ends: the parlay joins the two games, and the three bets lose 10.91 at worst (a split decision).
    await settle(player, b!, 100, 90);
    expect(await me(player)).toMatchObject({ vantageCash: 1_900 + 3_644, cashToPlay: 4_900 - 1_091 });

    // Both games level: every bet pushes and nothing counts; again, nothing moves; back to a decided game, the same count again.
    await correct(player, a!, 95, 95, "fix-a");
    await correct(player, b!, 95, 95, "fix-b");
    await correct(player, b!, 95, 95, "fix-b");
    expect(await me(player)).toMatchObject({ vantageCash: 4_900, cashToPlay: 4_900 });
    await correct(player, a!, 100, 90, "fix-a2");
    await correct(player, b!, 90, 100, "fix-b2");
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 - 1_091 });
    const moves = (await playthroughMoves(player)).filter((m) => m.reason === "game_risk");
    expect(moves.reduce((sum, m) => sum - m.amount, 0)).toBe(1_091);
    expect(new Set(moves.map((m) => m.reference)).size).toBe(moves.length);
    expect(moves[0]).toEqual({ reason: "game_risk", reference: a, amount: -1_000 });
    await auditPlaythrough(player);
  });

  it("four same-game blocks covering one game's moneyline and total count their worst case, not their stakes", async () => {
    const player = await signIn();
    await buyPack(player);
    const eventId = newEventId();
    const model: GameModel = { v: GAME_MODEL_VERSION, sport: "basketball_nba", params: [7, 12, 228] };
    const blocks = (["Home", "Away"] as const).flatMap((side) =>
      (["Over", "Under"] as const).map((total) => {
        const legs: BetLeg[] = [leg({ eventId, side }), leg({ eventId, market: "Total", side: total, line: 228.5 })];
        const chance = blockChance(model, legs);
        const priceAm = blockPriceAm(chance, 0.05)!;
        const block: SameGameBlock = { eventId, legs: [0, 1], priceAm, chance, margin: 0.05, model };
        return { ...openBet(legs, { stake: 1_000, wallet: "cash" }), sameGame: [block] };
      }),
    );
    await seedBets(player.userId, blocks);
    await settle(player, eventId, 120, 100);
    const risk = portfolioRisk(blocks.map((bet) => asPortfolio(bet)));
    expect(risk).toBeLessThan(2_000);
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 - risk });
    await auditPlaythrough(player);
  });

  it("a parlay counted by its stake before this rule keeps that count and its corrections; one settled now counts by risk", async () => {
    const player = await signIn();
    await buyPack(player);
    const [a, b] = [newEventId(), newEventId()];
    const old = openBet([leg({ eventId: a }), leg({ eventId: b })], { stake: 1_000, wallet: "cash" });
    await seedBets(player.userId, [old]);
    await settle(player, a, 100, 90);
    await settle(player, b, 100, 90);
    // As older code left it: the parlay's stake taken off by its own `bet_settled` move.
    await runInDurableObject(wallet(player.userId) as DurableObjectStub<UserWallet>, (walletObject: UserWallet) => {
      const sql = walletSqlOf(walletObject);
      sql.exec("DELETE FROM playthrough_moves WHERE reason = 'game_risk'");
      sql.exec("DELETE FROM playthrough_games");
      sql.exec(
        "INSERT INTO playthrough_moves (amount, to_play_after, reason, reference, created_at) VALUES (-1000, 3900, 'bet_settled', ?, ?)",
        old.id,
        Date.now(),
      );
      sql.exec("UPDATE playthrough SET to_play = 3900");
    });
    expect(await me(player)).toMatchObject({ cashToPlay: 3_900 });

    // Its hedge, settled under this rule on new games: the covering pair of a two-game parlay loses both at worst on a split.
    const [c, d] = [newEventId(), newEventId()];
    const pair = [
      openBet([leg({ eventId: c, priceAm: 100 }), leg({ eventId: d, priceAm: 100 })], { stake: 1_000, wallet: "cash" }),
      openBet([leg({ eventId: c, side: "Away", priceAm: 100 }), leg({ eventId: d, side: "Away", priceAm: 100 })], {
        stake: 1_000,
        wallet: "cash",
      }),
      openBet([leg({ eventId: c, priceAm: 100 }), leg({ eventId: d, side: "Away", priceAm: 100 })], { stake: 1_000, wallet: "cash" }),
      openBet([leg({ eventId: c, side: "Away", priceAm: 100 }), leg({ eventId: d, priceAm: 100 })], { stake: 1_000, wallet: "cash" }),
    ];
    await seedBets(player.userId, pair);
    await settle(player, c, 1, 0);
    await settle(player, d, 1, 0);
    // At +100 a side, each winning parlay pays 4 times its stake: the four covering parlays lose nothing.
    expect(await me(player)).toMatchObject({ cashToPlay: 3_900 });

    // The old parlay corrected into a push gives back its stake, and counts it again when corrected back.
    await correct(player, a, 95, 95, "fix-old-a");
    await correct(player, b, 95, 95, "fix-old-b");
    expect(await me(player)).toMatchObject({ cashToPlay: 4_900 });
    await correct(player, b, 100, 90, "fix-old-b2");
    expect(await me(player)).toMatchObject({ cashToPlay: 3_900 });
    const moves = (await playthroughMoves(player)).filter((m) => m.reference.startsWith(old.id));
    expect(moves.map((m) => [m.reason, m.amount])).toEqual([
      ["bet_settled", -1_000],
      ["bet_uncounted", 1_000],
      ["bet_recounted", -1_000],
    ]);
    await auditPlaythrough(player);
  });
  it("a parlay placed after a pack plays it through though a single placed before the pack shares its group and pushed", async () => {
    const player = await signIn();
    await buyPack(player);
    const [g1, g2] = [newEventId(), newEventId()];
    // The single was placed an hour before the pack was bought; it pushes and counts nothing.
    const early = {
      ...openBet([leg({ eventId: g1, market: "Total", side: "Over", line: 200 })], { stake: 500, wallet: "cash" }),
      createdAt: Date.now() - 3_600_000,
    };
    const parlay = openBet([leg({ eventId: g1, side: "Away" }), leg({ eventId: g2 })], { stake: 1_000, wallet: "cash" });
    await seedBets(player.userId, [early, parlay]);
    await settle(player, g1, 110, 90);
    await settle(player, g2, 110, 90);
    // The parlay lost its 10 and counts it: only the bets that count set how much older cash it may play.
    expect(await me(player)).toMatchObject({ vantageCash: 4_900 - 1_000, cashToPlay: 4_900 - 1_000 });
    await auditPlaythrough(player);
  });
});
