// Soccer's 3-way moneyline as a player meets it: the Draw is offered and placed at the
// board's price like any side, a level final score pays it and loses both teams, and a
// Draw pick on a sport without draws is locked.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { isUnderway } from "../../src/shared/live-rules";
import { loadEvents } from "../../worker/odds/odds-service";
import { currentPrice } from "../../worker/bets/price-slip";
import { placeBet, pickOf } from "./bets-helpers";
import { signIn } from "./helpers";
import { betOf, coins, leg, newEventId, newUserId, openBet, payoutRows, seedBets, wallet } from "./settlement-fixtures";

async function openSoccerGame(): Promise<Event> {
  const board = await loadEvents(env, "soccer_usa_mls", Date.now());
  const open = board.events.find(
    (e) =>
      !isUnderway(e, board.feedNow) &&
      (["Home", "Away", "Draw"] as const).every((side) => !currentPrice(e, { eventId: e.eventId, market: "Moneyline", side }).locked),
  );
  if (!open) throw new Error("no open soccer game on the simulator's board");
  return open;
}

describe("soccer's Draw", () => {
  it("is placed at the board's draw price, with its fair probability on the leg", async () => {
    const player = await signIn();
    const game = await openSoccerGame();
    const pick = pickOf(game, "Moneyline", "Draw");
    expect(pick.priceAm).toBe(game.markets.moneyline?.draw);
    const res = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [pick] });
    expect(res.status).toBe(200);
    const { bets } = (await res.json()) as PlaceBetResponse;
    expect(bets[0]!.legs[0]).toMatchObject({ market: "Moneyline", side: "Draw", line: null, fairP: game.fair?.moneyline?.draw?.p });
  });

  it("is locked where a game cannot end level", async () => {
    const player = await signIn();
    const board = await loadEvents(env, "basketball_nba", Date.now());
    const game = board.events.find((e) => e.markets.moneyline?.home !== null && !isUnderway(e, board.feedNow))!;
    const res = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 10,
      picks: [{ eventId: game.eventId, league: "basketball_nba", market: "Moneyline", side: "Draw", line: null, priceAm: 300 }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("selection-locked");
  });

  it("a level final pays the Draw pick and loses Home and Away", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const soccer = (side: "Home" | "Away" | "Draw", priceAm: number) => leg({ eventId, league: "soccer_usa_mls", side, priceAm });
    const [draw, home, away] = [openBet([soccer("Draw", 250)]), openBet([soccer("Home", 120)]), openBet([soccer("Away", 200)])];
    await seedBets(user, [draw, home, away]);
    expect(await coins(user)).toBe(4700);

    const summary = await wallet(user).applyEventResults(user, [{ eventId, homeScore: 1, awayScore: 1 }], Date.now());
    expect(summary).toMatchObject({ settledBets: 3, paid: { coins: 350, cash: 0 } });
    expect(await betOf(user, draw.id)).toMatchObject({ status: "settled", result: "win", payoutPaid: 350 });
    expect(await betOf(user, home.id)).toMatchObject({ status: "settled", result: "loss", payoutPaid: 0 });
    expect(await betOf(user, away.id)).toMatchObject({ status: "settled", result: "loss", payoutPaid: 0 });
    expect(await payoutRows(user, draw.id)).toHaveLength(1);
    expect(await coins(user)).toBe(5050);
  });
});
