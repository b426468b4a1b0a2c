// Settling players' markets: a prop is graded from its game's box score, once the stats
// are recorded; it waits (and sends nothing) until then, is void for a player who did not
// play, and is void when no statistics came PROP_GRADE_HOURS after the final. The game's
// own markets settle with the final score as always, beside a prop still waiting.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { BoxScore } from "../../src/shared/schemas/props";
import { propsDeadline } from "../../worker/settlement/settlement-job";
import { boxScoreStatement, eventUpsertStatements, readyWorkPage } from "../../worker/settlement/settlement-store";
import { betOf, coins, expectLedgerBalanced, leg, newEventId, newUserId, openBet, score, seedBets, wallet } from "./settlement-fixtures";

const now = () => Date.now();

function propLeg(eventId: string, overrides: Partial<BetLeg> = {}): BetLeg {
  return leg({
    eventId,
    market: "Prop",
    side: "Over",
    line: 22.5,
    priceAm: 100,
    prop: { playerId: "paolo-banchero", player: "Paolo Banchero", marketKey: "player_points", label: "Points" },
    ...overrides,
  });
}

function box(eventId: string, points: number, played = true): BoxScore {
  return {
    eventId,
    source: "simulator",
    players: [{ playerId: "paolo-banchero", name: "Paolo Banchero", team: "away", played, stats: played ? { points } : {} }],
  };
}

describe("settling a player's market in the wallet", () => {
  it("waits without the game's statistics, then pays from the box score once", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([propLeg(eventId)], { stake: 100 });
    await seedBets(user, [bet]);

    const waiting = await wallet(user).applyEventResults(user, [{ eventId, homeScore: 101, awayScore: 99 }], now());
    expect(waiting).toMatchObject({ gradedLegs: 0, settledBets: 0 });
    expect(await betOf(user, bet.id)).toMatchObject({ status: "open", legResults: [null] });

    const outcome = { eventId, homeScore: 101, awayScore: 99, props: { players: box(eventId, 25).players } };
    const paid = await wallet(user).applyEventResults(user, [outcome], now());
    expect(paid).toMatchObject({ gradedLegs: 1, settledBets: 1, paid: { coins: 200, cash: 0 } });
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "win", legResults: ["win"] });
    const again = await wallet(user).applyEventResults(user, [outcome], now());
    expect(again).toMatchObject({ gradedLegs: 0, settledBets: 0 });
    expect(await coins(user)).toBe(5100);
    await expectLedgerBalanced(user);
  });

  it("loses under the line, and returns the stake when the player did not play", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const under = openBet([propLeg(eventId)], { stake: 100 });
    await seedBets(user, [under]);
    await wallet(user).applyEventResults(
      user,
      [{ eventId, homeScore: 90, awayScore: 99, props: { players: box(eventId, 18).players } }],
      now(),
    );
    expect(await betOf(user, under.id)).toMatchObject({ result: "loss", payoutPaid: 0 });

    const other = newEventId();
    const sat = openBet([propLeg(other)], { stake: 100 });
    await seedBets(user, [sat]);
    await wallet(user).applyEventResults(
      user,
      [{ eventId: other, homeScore: 90, awayScore: 99, props: { players: box(other, 0, false).players } }],
      now(),
    );
    expect(await betOf(user, sat.id)).toMatchObject({ result: "void", payoutPaid: 100 });
  });

  it("voids a prop whose statistic no player who played has (the source did not record it), but loses one the player alone lacks", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const under = openBet([propLeg(eventId, { side: "Under" })], { stake: 100 });
    await seedBets(user, [under]);
    // The box score lists who played, but points for nobody: not a 0 for everyone.
    const unrecorded = [
      { playerId: "paolo-banchero", name: "Paolo Banchero", team: "away" as const, played: true, stats: { rebounds: 7 } },
      { playerId: "franz-wagner", name: "Franz Wagner", team: "away" as const, played: true, stats: { rebounds: 5 } },
    ];
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 90, awayScore: 99, props: { players: unrecorded } }], now());
    expect(await betOf(user, under.id)).toMatchObject({ result: "void", payoutPaid: 100 });

    // Points recorded for a teammate: the player's missing points are his 0, so the Over loses.
    const other = newEventId();
    const over = openBet([propLeg(other)], { stake: 100 });
    await seedBets(user, [over]);
    const recorded = [unrecorded[0]!, { ...unrecorded[1]!, stats: { rebounds: 5, points: 31 } }];
    await wallet(user).applyEventResults(user, [{ eventId: other, homeScore: 90, awayScore: 99, props: { players: recorded } }], now());
    expect(await betOf(user, over.id)).toMatchObject({ result: "loss", payoutPaid: 0 });
    await expectLedgerBalanced(user);
  });

  it("voids a prop whose statistics never came, and settles the game's own market beside it from the score", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const propSingle = openBet([propLeg(eventId)], { stake: 100 });
    const moneyline = openBet([leg({ eventId, side: "Home", priceAm: 100 })], { stake: 100 });
    await seedBets(user, [propSingle, moneyline]);
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 101, awayScore: 99 }], now());
    expect(await betOf(user, moneyline.id)).toMatchObject({ result: "win" });
    expect(await betOf(user, propSingle.id)).toMatchObject({ status: "open" });
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 101, awayScore: 99, props: { overdue: true } }], now());
    expect(await betOf(user, propSingle.id)).toMatchObject({ result: "void", payoutPaid: 100 });
  });
});

describe("which props settlement sends to the wallets", () => {
  it("holds a prop back until its box score is recorded or the grading deadline passes", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([propLeg(eventId)], { stake: 100 });
    await seedBets(user, [bet], { project: true });
    const finalAt = now();
    await env.DB.batch(eventUpsertStatements(env.DB, [score(eventId, "basketball_nba", 101, 99, { completed: true })], finalAt));
    const ready = async (deadline: number) => (await readyWorkPage(env.DB, null, 100, eventId, deadline)).rows;

    expect(await ready(propsDeadline(finalAt, 36))).toEqual([]);
    expect(await ready(finalAt + 1)).toEqual([{ userId: user, outcome: { eventId, homeScore: 101, awayScore: 99, props: "overdue" } }]);

    await boxScoreStatement(env.DB, "basketball_nba", box(eventId, 30), finalAt).run();
    expect(await ready(propsDeadline(finalAt, 36))).toEqual([
      { userId: user, outcome: { eventId, homeScore: 101, awayScore: 99, props: "ready" } },
    ]);
  });
});

describe("a corrected score", () => {
  it("re-grades the game's own markets and leaves a prop graded from the box score as it was", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const prop = openBet([propLeg(eventId)], { stake: 100 });
    const moneyline = openBet([leg({ eventId, side: "Home", priceAm: 100 })], { stake: 100 });
    await seedBets(user, [prop, moneyline]);
    await wallet(user).applyEventResults(
      user,
      [{ eventId, homeScore: 101, awayScore: 99, props: { players: box(eventId, 25).players } }],
      now(),
    );
    await wallet(user).applyResultCorrection(user, { eventId, homeScore: 99, awayScore: 101, reference: `fix-${eventId}` }, now());
    expect(await betOf(user, moneyline.id)).toMatchObject({ result: "loss" });
    expect(await betOf(user, prop.id)).toMatchObject({ result: "win", payoutPaid: 200 });
    await expectLedgerBalanced(user);
  });
});
