// Re-pricing a slip against feed states the simulator rarely shows on demand: a finished
// game, a locked market, a feed serving only a stale copy, a sport it does not carry.
import { describe, expect, it } from "vitest";
import type { PlaceBetRequest } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { priceSlip, type EventsLoader } from "../../worker/bets/price-slip";
import { ApiError } from "../../worker/http/api-error";

const game: Event = {
  eventId: "nba-1",
  sport: "basketball_nba",
  startTime: "2026-12-01T00:00:00.000Z",
  home: "Boston Celtics",
  away: "New York Knicks",
  status: "live",
  live: { homeScore: 50, awayScore: 48, periodLabel: "Q3", clock: "5:00" },
  markets: {
    moneyline: { home: -150, away: 130 },
    spread: { line: -3.5, home: -110, away: null },
    total: { line: 221.5, over: -105, under: -115 },
  },
};

const request = (picks: PlaceBetRequest["picks"]): PlaceBetRequest => ({ kind: "Singles", wallet: "coins", amount: 10, picks });
const ml = { eventId: "nba-1", league: "basketball_nba", market: "Moneyline", side: "Home", line: null, priceAm: -150 } as const;
const loader = (events: Event[], stale = false): EventsLoader => async () => ({ events, stale });

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
    const legs = await priceSlip(
      request([ml, { eventId: "nba-1", league: "basketball_nba", market: "Total", side: "Under", line: 221.5, priceAm: -115 }]),
      loader([game]),
    );
    expect(legs.map((l) => [l.market, l.side, l.line, l.priceAm, l.home])).toEqual([
      ["Moneyline", "Home", null, -150, "Boston Celtics"],
      ["Total", "Under", 221.5, -115, "Boston Celtics"],
    ]);
  });

  it("treats a locked side and a finished game as locked selections", async () => {
    const awaySpread = { eventId: "nba-1", league: "basketball_nba", market: "Spread", side: "Away", line: 3.5, priceAm: -110 } as const;
    expect(await refusal(priceSlip(request([awaySpread]), loader([game])))).toEqual({
      status: 400,
      code: "selection-locked",
      message: "One or more selections are locked.",
    });
    expect(await refusal(priceSlip(request([ml]), loader([{ ...game, status: "final" }])))).toMatchObject({ message: "One or more selections are locked." });
  });

  it("treats a sport the feed does not carry as locked, and passes other feed failures on", async () => {
    const notOffered: EventsLoader = async () => {
      throw new ApiError(404, "sport-not-offered", "This sport is not offered yet. Coming soon.");
    };
    expect(await refusal(priceSlip(request([ml]), notOffered))).toMatchObject({ status: 400, code: "selection-locked" });
    const down: EventsLoader = async () => {
      throw new ApiError(502, "odds-feed-unavailable", "Live odds are unavailable right now. Please try again shortly.");
    };
    expect(await refusal(priceSlip(request([ml]), down))).toMatchObject({ status: 502 });
  });

  it("refuses to take bets on a stale copy of the odds", async () => {
    expect(await refusal(priceSlip(request([ml]), loader([game], true)))).toMatchObject({ status: 409, code: "odds-stale" });
  });
});
