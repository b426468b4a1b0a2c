// Closing-line value rules: what a close is, a leg's and a bet's CLV (a hand-computed
// parlay, a same-game block re-priced on the model at close, a player's prop), live legs,
// and the summary.
import { describe, expect, it } from "vitest";
import {
  betClv,
  closesOfEvent,
  formatClv,
  isCloseSnapshot,
  legClv,
  propClosesOf,
  summariseClv,
  type EventCloses,
} from "../../src/shared/clv";
import { blockChance, GAME_MODEL_VERSION } from "../../src/shared/game-model";
import type { BetLeg } from "../../src/shared/schemas/bets";
import type { GameModel } from "../../src/shared/schemas/game-model";

const START = Date.parse("2026-11-28T18:00:00.000Z");
const leg = (over: Partial<BetLeg>): BetLeg => ({
  eventId: "e1",
  league: "basketball_nba",
  market: "Moneyline",
  side: "Home",
  line: null,
  priceAm: 120,
  home: "H",
  away: "A",
  startTime: new Date(START).toISOString(),
  ...over,
});

const closes: Record<string, EventCloses> = {
  e1: {
    eventId: "e1",
    sides: [
      { market: "Moneyline", side: "Home", line: null, p: 0.5 },
      { market: "Spread", side: "Away", line: 3.5, p: 0.52 },
    ],
  },
  e2: { eventId: "e2", sides: [{ market: "Total", side: "Over", line: 220.5, p: 0.55 }] },
};

describe("closing-line value", () => {
  it("a snapshot is a close only before the start and at most 15 minutes before it", () => {
    expect(isCloseSnapshot(START - 15 * 60_000, START)).toBe(true);
    expect(isCloseSnapshot(START - 15 * 60_000 - 1, START)).toBe(false);
    expect(isCloseSnapshot(START, START)).toBe(false);
  });

  it("reads every side of a snapshot, the away spread at the negated line", () => {
    const c = closesOfEvent({
      eventId: "e1",
      fair: {
        moneyline: { books: 5, home: { p: 0.6, margin: null }, away: { p: 0.4, margin: null } },
        spread: { books: 5, line: -3.5, home: { p: 0.51, margin: null }, away: { p: 0.49, margin: null } },
      },
    });
    expect(c.sides).toContainEqual({ market: "Spread", side: "Away", line: 3.5, p: 0.49 });
    expect(c.sides).toHaveLength(4);
    expect(c.model).toBeUndefined();
  });

  it("computes a parlay's CLV by hand: 0.5 × 2.2 × 0.55 × 1.909090… − 1 = +15.5%", () => {
    // +120 is 2.2 decimal; −110 is 1 + 100/110 = 1.909090…; 0.5 × 2.2 = 1.1 (+10% on the leg).
    expect(legClv(0.5, 120)).toBeCloseTo(0.1, 12);
    const bet = {
      createdAt: START - 3_600_000,
      legs: [leg({}), leg({ eventId: "e2", market: "Total", side: "Over", line: 220.5, priceAm: -110 })],
    };
    const got = betClv(bet, (id) => closes[id]);
    expect(got.legs[0]).toBeCloseTo(0.1, 12);
    expect(got.legs[1]).toBeCloseTo(0.55 * (1 + 100 / 110) - 1, 12);
    expect(got.clv).toBeCloseTo(1.1 * 0.55 * (210 / 110) - 1, 12);
    expect(got.clv).toBeCloseTo(0.155, 12);
    expect(got.prematchLegs).toBe(2);
  });

  it("a leg placed live, or one without a close, gives the bet no CLV", () => {
    const live = betClv({ createdAt: START + 60_000, legs: [leg({})] }, (id) => closes[id]);
    expect(live).toEqual({ clv: null, legs: [null], prematchLegs: 0 });
    const missing = betClv({ createdAt: START - 1, legs: [leg({ line: 2.5, market: "Spread" })] }, (id) => closes[id]);
    expect(missing.clv).toBeNull();
  });

  it("re-prices a same-game block on the model at close", () => {
    const model: GameModel = { v: GAME_MODEL_VERSION, sport: "basketball_nba", params: [7, 12, 228] };
    const legs = [leg({ market: "Moneyline", side: "Home" }), leg({ market: "Total", side: "Over", line: 228.5, priceAm: -110 })];
    const block = { eventId: "e1", legs: [0, 1], priceAm: 250, chance: 0.3, margin: 0.1, model };
    const chance = blockChance(model, legs);
    const got = betClv({ createdAt: START - 1, legs, sameGame: [block] }, () => ({ eventId: "e1", sides: [], model }));
    expect(got.clv).toBeCloseTo(chance * 3.5 - 1, 12);
    const noModel = betClv({ createdAt: START - 1, legs, sameGame: [block] }, () => ({ eventId: "e1", sides: [] }));
    expect(noModel.clv).toBeNull();
  });

  it("reads a player's prop at its own close: same player, market, side and line", () => {
    const prop = leg({
      eventId: "e2",
      market: "Prop",
      side: "Under",
      line: 7.5,
      priceAm: 110,
      prop: { playerId: "p-1", player: "Player One", marketKey: "player_rebounds", label: "Rebounds" },
    });
    const withProps: EventCloses = {
      ...closes.e2!,
      props: [
        { playerId: "p-1", marketKey: "player_rebounds", side: "Over", line: 7.5, p: 0.45 },
        { playerId: "p-1", marketKey: "player_rebounds", side: "Under", line: 7.5, p: 0.55 },
        { playerId: "p-2", marketKey: "player_rebounds", side: "Under", line: 7.5, p: 0.7 },
      ],
    };
    const of = (id: string) => (id === "e2" ? withProps : closes[id]);
    // A parlay of the Home moneyline (+120, closing 0.5) and the Under 7.5 (+110, closing 0.55): 1.1 × 0.55 × 2.1 − 1.
    const got = betClv({ createdAt: START - 1, legs: [leg({}), prop] }, of);
    expect(got.legs[1]).toBeCloseTo(0.55 * 2.1 - 1, 12);
    expect(got.clv).toBeCloseTo(1.1 * 0.55 * 2.1 - 1, 12);
    // Another player's market, another line, or a game whose props did not close: no close.
    const other = { ...prop, prop: { ...prop.prop!, playerId: "p-3" } };
    expect(betClv({ createdAt: START - 1, legs: [other] }, of).clv).toBeNull();
    expect(betClv({ createdAt: START - 1, legs: [{ ...prop, line: 8.5 }] }, of).clv).toBeNull();
    expect(betClv({ createdAt: START - 1, legs: [prop] }, (id) => closes[id]).clv).toBeNull();
  });

  it("reads every side of a props answer, a yes market's one side as Yes", () => {
    const fairSide = (p: number) => ({ p, margin: null });
    const base = { eventId: "e1", sport: "basketball_nba" as const, player: { id: "p-1", name: "Player One", team: null } };
    expect(
      propClosesOf([
        {
          ...base,
          propId: "a",
          marketKey: "player_points",
          kind: "over-under",
          line: 20.5,
          prices: { over: -110, under: -110 },
          fair: { books: 4, over: fairSide(0.48), under: fairSide(0.52) },
        },
        {
          ...base,
          propId: "b",
          marketKey: "player_double_double",
          kind: "yes",
          line: null,
          prices: { over: 200, under: null },
          fair: { books: 4, over: fairSide(0.3), under: null },
        },
      ]),
    ).toEqual([
      { playerId: "p-1", marketKey: "player_points", side: "Over", line: 20.5, p: 0.48 },
      { playerId: "p-1", marketKey: "player_points", side: "Under", line: 20.5, p: 0.52 },
      { playerId: "p-1", marketKey: "player_double_double", side: "Yes", line: null, p: 0.3 },
    ]);
  });

  it("summarises the average and the share that beat the close", () => {
    expect(summariseClv([0.1, -0.05, null, 0.02])).toEqual({ average: (0.1 - 0.05 + 0.02) / 3, beatShare: 2 / 3, count: 3 });
    expect(summariseClv([null])).toEqual({ average: null, beatShare: null, count: 0 });
    expect(formatClv(0.155)).toBe("+15.5%");
    expect(formatClv(-0.012)).toBe("−1.2%");
  });
});
