// Same-game parlays as a player meets them: picks on one game in a parlay priced together
// from the board's model of that game (the price the slip shows, to the unit), a pick that
// another contains adding nothing, picks that cannot both win refused with nothing debited,
// a moved block price answered with the new one, a shared block shown as one, a pushed leg re-pricing the rest of its
// block from the model kept with the bet, and cash-out pricing the block at today's model.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { cashOutFigures } from "../../src/shared/cash-out";
import { blockChance, blockPriceAm, type ModelLeg } from "../../src/shared/game-model";
import { decimalOdds } from "../../src/shared/odds";
import { payoutFor, toWinFor } from "../../src/shared/payout";
import { quoteSameGame, SAME_GAME_MESSAGES } from "../../src/shared/same-game";
import { findSlipConflict } from "../../src/shared/betslip";
import type {
  BetDocument,
  Market,
  PlaceBetPick,
  PlaceBetResponse,
  PriceChangedDetails,
  SameGameBlock,
  Side,
} from "../../src/shared/schemas/bets";
import type { CashOutQuote } from "../../src/shared/schemas/cash-out";
import type { ShareResponse, SharedPickResponse } from "../../src/shared/schemas/social";
import type { Event } from "../../src/shared/schemas/events";
import type { GameModel } from "../../src/shared/schemas/game-model";
import type { SportKey } from "../../src/shared/sports";
import { loadEvents } from "../../worker/odds/odds-service";
import { PICK_SIDES, pickOf, placeBet } from "./bets-helpers";
import { api, signIn, type SignedIn } from "./helpers";
import { betOf, coins, expectLedgerBalanced, leg, newEventId, newUserId, openBet, seedBets, wallet } from "./settlement-fixtures";

/** A pre-match game of `sport` whose board carries its score model, with every market open. */
async function modelledGame(sport: SportKey): Promise<Event> {
  const board = await loadEvents(env, sport, Date.now());
  const game = board.events.find(
    (e) =>
      e.status === "scheduled" &&
      Date.parse(e.startTime) > board.feedNow + 30 * 60_000 &&
      e.sameGame !== undefined &&
      e.markets.moneyline?.home != null &&
      e.markets.moneyline.draw != null &&
      e.markets.spread?.home != null &&
      e.markets.total?.over != null,
  );
  if (!game) throw new Error(`no modelled ${sport} game on the simulated board`);
  return game;
}

/** The block price the slip would show for these picks (the shared pricing the SPA runs). */
function slipPrice(event: Event, picks: readonly PlaceBetPick[]): number {
  const [quote] = quoteSameGame("Parlay", picks, () => ({ sameGame: event.sameGame, started: false }));
  if (!quote?.ok) throw new Error(`the slip refuses this block: ${quote && !quote.ok ? quote.message : "no block"}`);
  return quote.priceAm;
}

/** Every pair of open picks on the game the slip allows together (different markets, no moneyline and spread on one team). */
function pairsOf(event: Event): [PlaceBetPick, PlaceBetPick][] {
  const sides: [Market, Side][] = [...PICK_SIDES, ["Moneyline", "Draw"]];
  const picks = sides.map(([market, side]) => pickOf(event, market, side));
  const pairs: [PlaceBetPick, PlaceBetPick][] = [];
  for (const a of picks) {
    for (const b of picks) {
      if (a === b || a.market === b.market) continue;
      if (findSlipConflict([a, b].map((p) => ({ gameId: p.eventId, market: p.market, side: p.side }))) !== null) continue;
      pairs.push([a, b]);
    }
  }
  return pairs;
}

/** Places a coin Parlay of `picks` on the soccer game at the block price the slip showed. */
function placeSameGame(player: SignedIn, picks: PlaceBetPick[], priceAm: number, amount: number) {
  return placeBet(player.token, { kind: "Parlay", wallet: "coins", amount, picks, sameGame: [{ eventId: soccer.eventId, priceAm }] });
}

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; details?: PriceChangedDetails } }).error;

let soccer: Event;
beforeAll(async () => {
  soccer = await modelledGame("soccer_usa_mls");
});

describe("placing a same-game parlay", () => {
  it("prices one game's picks together from its model, at the price the slip showed", async () => {
    const player = await signIn();
    const picks = [pickOf(soccer, "Moneyline", "Home"), pickOf(soccer, "Total", "Over")];
    const priceAm = slipPrice(soccer, picks);
    // Not the product of the two prices: the model prices the pair as one event.
    expect(priceAm).not.toBe(Math.round((decimalOdds(picks[0]!.priceAm) * decimalOdds(picks[1]!.priceAm) - 1) * 100));
    const res = await placeSameGame(player, picks, priceAm, 100);
    expect(res.status).toBe(200);
    const [bet] = ((await res.json()) as PlaceBetResponse).bets;
    const model = soccer.sameGame!.model;
    const chance = blockChance(model, picks);
    expect(bet).toMatchObject({
      kind: "Parlay",
      stake: 100,
      toWin: toWinFor(100, [priceAm]),
      sameGame: [{ eventId: soccer.eventId, legs: [0, 1], priceAm, chance, margin: soccer.sameGame!.margin, model }],
    });
    // The bet keeps the block as placed: listed again, it is the same.
    const listed = (await (await api("/api/bets?status=open", { token: player.token })).json()) as { bets: BetDocument[] };
    expect(listed.bets[0]!.sameGame).toEqual(bet!.sameGame);
  });

  it("prices a pick another already contains as that pick alone (Draw + Away +0.5 is the Draw), and pays it once", async () => {
    const player = await signIn();
    const model = soccer.sameGame!.model;
    const pair = pairsOf(soccer).find(([a, b]) => blockChance(model, [a, b]) > 0 && blockChance(model, [a, b]) === blockChance(model, [a]));
    if (!pair) throw new Error("no pair on this board where one pick contains the other");
    const [inner, outer] = pair;
    const priceAm = slipPrice(soccer, pair);
    expect(priceAm).toBe(blockPriceAm(blockChance(model, [inner]), soccer.sameGame!.margin));
    const res = await placeBet(player.token, {
      kind: "Parlay",
      wallet: "coins",
      amount: 100,
      picks: [inner, outer],
      sameGame: [{ eventId: soccer.eventId, priceAm }],
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as PlaceBetResponse).bets[0]!.toWin).toBe(toWinFor(100, [priceAm]));
  });

  it("shows a shared same-game parlay's block, its legs and price, to whoever opens the link", async () => {
    const player = await signIn();
    const handle = `sgp_${crypto.randomUUID().slice(0, 8)}`;
    expect((await api("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify({ handle }) })).status).toBe(200);
    const picks = [pickOf(soccer, "Moneyline", "Home"), pickOf(soccer, "Total", "Over")];
    const placed = await placeSameGame(player, picks, slipPrice(soccer, picks), 100);
    const [bet] = ((await placed.json()) as PlaceBetResponse).bets;
    const shared = await api(`/api/bets/${bet!.id}/share`, { method: "POST", token: player.token, body: "{}" });
    expect(shared.status).toBe(200);
    const { shareId } = (await shared.json()) as ShareResponse;
    const { pick } = (await (await api(`/api/public/picks/${shareId}`)).json()) as SharedPickResponse;
    expect(pick.owner).toEqual({ handle });
    expect(pick.sameGame).toEqual(bet!.sameGame);
  });

  it("refuses picks that can't both win with the sentence, and debits nothing", async () => {
    const player = await signIn();
    const model = soccer.sameGame!.model;
    const impossible = pairsOf(soccer).find((pair) => blockChance(model, pair) === 0);
    if (!impossible) throw new Error("no pair on this board that can't both win");
    const res = await placeBet(player.token, { kind: "Parlay", wallet: "coins", amount: 100, picks: impossible });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ code: "same-game-refused", message: SAME_GAME_MESSAGES.impossible });
    expect(await coins(player.userId)).toBe(5000);
  });

  it("answers 409 price-changed with the block's current price when the slip's price is not it", async () => {
    const player = await signIn();
    const picks = [pickOf(soccer, "Moneyline", "Away"), pickOf(soccer, "Total", "Under")];
    const priceAm = slipPrice(soccer, picks);
    const stale = priceAm > 0 ? priceAm + 15 : priceAm - 15;
    for (const sameGame of [undefined, [{ eventId: soccer.eventId, priceAm: stale }]]) {
      const res = await placeBet(player.token, { kind: "Parlay", wallet: "coins", amount: 100, picks, ...(sameGame && { sameGame }) });
      expect(res.status).toBe(409);
      const error = await errorOf(res);
      expect(error.code).toBe("price-changed");
      expect(error.details?.sameGame).toEqual([{ eventId: soccer.eventId, priceAm }]);
    }
    expect(await coins(player.userId)).toBe(5000);
  });

  it("leaves picks on one game as separate singles in Singles mode", async () => {
    const player = await signIn();
    const picks = [pickOf(soccer, "Moneyline", "Home"), pickOf(soccer, "Total", "Over")];
    const res = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks });
    expect(res.status).toBe(200);
    const { bets } = (await res.json()) as PlaceBetResponse;
    expect(bets.map((b) => [b.legs.length, b.sameGame])).toEqual([
      [1, undefined],
      [1, undefined],
    ]);
  });
});

describe("settling a same-game block", () => {
  /** An NFL game's model: home favoured by about 3, a total near 44 (the family's [μ margin, σ margin, μ total]). */
  const nfl: GameModel = { v: 1, sport: "americanfootball_nfl", params: [3, 13.5, 44] };

  function nflBlock(eventId: string): { bet: BetDocument; legs: ModelLeg[]; block: SameGameBlock } {
    const legs: ModelLeg[] = [
      { market: "Spread", side: "Home", line: -3 },
      { market: "Total", side: "Over", line: 44.5 },
    ];
    const chance = blockChance(nfl, legs);
    const priceAm = blockPriceAm(chance, 0.08)!;
    const block: SameGameBlock = { eventId, legs: [0, 1], priceAm, chance, margin: 0.08, model: nfl };
    const placed = openBet(
      legs.map((l) => leg({ eventId, league: "americanfootball_nfl", market: l.market, side: l.side, line: l.line, priceAm: -110 })),
      { stake: 200 },
    );
    return { bet: { ...placed, toWin: toWinFor(200, [priceAm]), sameGame: [block] }, legs, block };
  }

  it("pays the block's own price when every leg wins", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const { bet, block } = nflBlock(eventId);
    await seedBets(user, [bet]);
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 31, awayScore: 20 }], Date.now());
    expect(await betOf(user, bet.id)).toMatchObject({
      result: "win",
      payoutPaid: payoutFor(200, [block.priceAm]),
      legResults: ["win", "win"],
    });
    await expectLedgerBalanced(user);
  });

  it("re-prices the rest of the block from the kept model when a leg pushes", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const { bet, legs } = nflBlock(eventId);
    await seedBets(user, [bet]);
    // 27–24: the home team wins by exactly 3 (the spread pushes) and 51 is over 44.5.
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 27, awayScore: 24 }], Date.now());
    const overAlone = blockPriceAm(blockChance(nfl, [legs[1]!]), 0.08)!;
    expect(await betOf(user, bet.id)).toMatchObject({
      result: "win",
      legResults: ["push", "win"],
      payoutPaid: payoutFor(200, [overAlone]),
    });
    await expectLedgerBalanced(user);
  });
});

describe("cashing out a same-game parlay", () => {
  it("quotes the block at its game's model now, less the cash-out fee", async () => {
    const player = await signIn();
    const picks = [pickOf(soccer, "Moneyline", "Home"), pickOf(soccer, "Total", "Under")];
    const priceAm = slipPrice(soccer, picks);
    const placed = await placeSameGame(player, picks, priceAm, 300);
    expect(placed.status).toBe(200);
    const [bet] = ((await placed.json()) as PlaceBetResponse).bets;
    const res = await api(`/api/bets/${bet!.id}/cash-out`, { token: player.token });
    expect(res.status).toBe(200);
    const quote = (await res.json()) as CashOutQuote;
    const board = await loadEvents(env, soccer.sport, Date.now());
    const now = board.events.find((e) => e.eventId === soccer.eventId)!;
    const factor = blockChance(now.sameGame!.model, picks) * decimalOdds(priceAm);
    expect(quote).toMatchObject(cashOutFigures(300, factor, quote.marginPercent));
  });
});
