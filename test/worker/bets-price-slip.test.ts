// Re-pricing a slip against feed states the simulator rarely shows on demand: a finished
// game, a locked market, a feed serving only a stale copy, a sport it does not carry, and
// a game suspended by one of its markets, refused in every market as the card locks it.
import { describe, expect, it } from "vitest";
import { gameSuspension } from "../../src/shared/live-rules";
import type { PlaceBetRequest } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { Prop } from "../../src/shared/schemas/props";
import type { PropsLoader } from "../../worker/bets/price-props";
import { priceSlip, type EventsLoader } from "../../worker/bets/price-slip";
import { ApiError } from "../../worker/http/api-error";
import { boardView } from "../../worker/odds/price-desk/board-view";
import { DEFAULT_CLOSE_AFTER } from "./desk-fixtures";

const NOW = Date.parse("2026-12-01T01:00:00.000Z");
const game: Event = {
  eventId: "nba-1",
  sport: "basketball_nba",
  startTime: "2026-12-01T00:00:00.000Z",
  home: "Boston Celtics",
  away: "New York Knicks",
  status: "live",
  live: { homeScore: 50, awayScore: 48, periodLabel: "Q3", clock: "5:00" },
  confirmedAt: NOW - 5_000,
  markets: {
    moneyline: { home: -150, away: 130 },
    spread: { line: -3.5, home: -110, away: null },
    total: { line: 221.5, over: -105, under: -115 },
  },
};

const request = (picks: PlaceBetRequest["picks"]): PlaceBetRequest => ({ kind: "Singles", wallet: "coins", amount: 10, picks });
const ml = { eventId: "nba-1", league: "basketball_nba", market: "Moneyline", side: "Home", line: null, priceAm: -150 } as const;
const RULES = { now: NOW, liveMaxAgeMs: 60_000, propMaxPayout: { coins: 250_000, cash: 50_000 } };
/** No game here offers players' markets. */
const noProps: PropsLoader = async () => [];
const loader =
  (events: Event[], stale = false): EventsLoader =>
  async () => ({ events, stale, feedNow: NOW });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("priceSlip", () => {
  it("prices a live game's picks at the current odds, with the away spread mirrored", async () => {
    const { legs, liveSports } = await priceSlip(
      request([ml, { eventId: "nba-1", league: "basketball_nba", market: "Total", side: "Under", line: 221.5, priceAm: -115 }]),
      loader([game]),
      RULES,
      noProps,
    );
    expect(liveSports).toEqual(["basketball_nba"]);
    expect(legs.map((l) => [l.market, l.side, l.line, l.priceAm, l.home])).toEqual([
      ["Moneyline", "Home", null, -150, "Boston Celtics"],
      ["Total", "Under", 221.5, -115, "Boston Celtics"],
    ]);
  });

  it("treats a locked side and a finished game as locked selections", async () => {
    const awaySpread = { eventId: "nba-1", league: "basketball_nba", market: "Spread", side: "Away", line: 3.5, priceAm: -110 } as const;
    expect(await refusal(priceSlip(request([awaySpread]), loader([game]), RULES, noProps))).toEqual({
      status: 400,
      code: "selection-locked",
      message: "One or more selections are locked.",
    });
    expect(await refusal(priceSlip(request([ml]), loader([{ ...game, status: "final" }]), RULES, noProps))).toMatchObject({
      message: "One or more selections are locked.",
    });
  });

  it("treats a sport the feed does not carry as locked, and passes other feed failures on", async () => {
    const notOffered: EventsLoader = async () => {
      throw new ApiError(404, "sport-not-offered", "This sport is not offered yet. Coming soon.");
    };
    expect(await refusal(priceSlip(request([ml]), notOffered, RULES, noProps))).toMatchObject({ status: 400, code: "selection-locked" });
    const down: EventsLoader = async () => {
      throw new ApiError(502, "odds-feed-unavailable", "Live odds are unavailable right now. Please try again shortly.");
    };
    expect(await refusal(priceSlip(request([ml]), down, RULES, noProps))).toMatchObject({ status: 502 });
  });

  it("refuses to take bets on a stale copy of the odds", async () => {
    expect(await refusal(priceSlip(request([ml]), loader([game], true), RULES, noProps))).toMatchObject({
      status: 409,
      code: "odds-stale",
    });
  });

  it("accepts a game under way only at a price the feed confirmed within the maximum age", async () => {
    const at = (confirmedAt: number | undefined) => loader([{ ...game, confirmedAt }]);
    const exactlyOld = await priceSlip(request([ml]), at(NOW - 60_000), RULES, noProps);
    expect(exactlyOld.legs[0]!.priceAm).toBe(-150);
    expect(await refusal(priceSlip(request([ml]), at(NOW - 60_001), RULES, noProps))).toMatchObject({ status: 409, code: "odds-stale" });
    expect(await refusal(priceSlip(request([ml]), at(undefined), RULES, noProps))).toMatchObject({ status: 409, code: "odds-stale" });
  });

  it("prices an upcoming game from its cached copy, with no live sport to delay", async () => {
    const upcoming: Event = {
      ...game,
      status: "scheduled",
      live: null,
      startTime: "2026-12-02T00:00:00.000Z",
      confirmedAt: NOW - 9 * 60_000,
    };
    const priced = await priceSlip(request([ml]), loader([upcoming]), RULES, noProps);
    expect(priced.liveSports).toEqual([]);
    expect(priced.legs[0]!.priceAm).toBe(-150);
  });
});

describe("a suspended game", () => {
  const under = { eventId: "nba-1", league: "basketball_nba", market: "Total", side: "Under", line: 221.5, priceAm: -115 } as const;

  it("is locked in every market on the board when the live rules hold back one of them", () => {
    // The book confirmed the spread and total 5 s ago but the moneyline a minute ago: past the 45 s it may be.
    const feedEvent = { ...game, book: { key: "book", updatedAt: NOW - 5_000, markets: { moneyline: NOW - 60_000 } } };
    const [shown] = boardView(
      { fetchedAt: NOW - 5_000, feedOffsetMs: 0, events: [feedEvent], games: {}, scoresAt: null },
      { now: NOW, feedNow: NOW },
      { maxAgeMs: 45_000, closeAfter: DEFAULT_CLOSE_AFTER },
    );
    expect(shown!.suspended).toEqual({ moneyline: "price-age" });
    expect(gameSuspension(shown!)).toBe("price-age");
    expect(shown!.markets).toEqual({
      moneyline: { home: null, away: null },
      spread: { line: -3.5, home: null, away: null },
      total: { line: 221.5, over: null, under: null },
    });
  });

  it("refuses a leg on a market still priced, with the game's reason, as the card locks it", async () => {
    // A copy of the board whose total kept its prices while the moneyline was held back.
    const held: Event = {
      ...game,
      markets: { ...game.markets, moneyline: { home: null, away: null } },
      suspended: { moneyline: "price-age" },
    };
    expect(await refusal(priceSlip(request([under]), loader([held]), RULES, noProps))).toEqual({
      status: 409,
      code: "market-suspended",
      message:
        "One or more selections are locked. Under 221.5 (New York Knicks @ Boston Celtics) is suspended because the bookmaker has not confirmed its price recently.",
    });
    // With nothing held back the same leg is taken.
    const { legs } = await priceSlip(request([under]), loader([game]), RULES, noProps);
    expect(legs[0]!.priceAm).toBe(-115);
  });
});

describe("a player's market on a game the board shows under way", () => {
  const points: Prop = {
    propId: "nba-1:jalen-brunson:player_points:26.5",
    eventId: "nba-1",
    sport: "basketball_nba",
    marketKey: "player_points",
    kind: "over-under",
    player: { id: "jalen-brunson", name: "Jalen Brunson", team: "away" },
    line: 26.5,
    prices: { over: -110, under: -110 },
    fair: { books: 3, over: { p: 0.5, margin: 0.024 }, under: { p: 0.5, margin: 0.024 } },
  };
  const over = {
    eventId: "nba-1",
    league: "basketball_nba",
    market: "Prop",
    side: "Over",
    line: 26.5,
    priceAm: -110,
    playerMarket: { playerId: "jalen-brunson", marketKey: "player_points" },
  } as const;
  // A props copy kept from before the feed moved the start earlier still offers the market.
  const keptProps: PropsLoader = async () => [points];

  it("is locked, whatever start the props copy kept: props are pre-match", async () => {
    expect(await refusal(priceSlip(request([over]), loader([game]), RULES, keptProps))).toMatchObject({
      status: 400,
      code: "selection-locked",
    });
    const upcoming: Event = { ...game, status: "scheduled", startTime: new Date(NOW + 3_600_000).toISOString(), live: null };
    const { legs } = await priceSlip(request([over]), loader([upcoming]), RULES, keptProps);
    expect(legs[0]).toMatchObject({ market: "Prop", side: "Over", line: 26.5, priceAm: -110 });
  });
});
