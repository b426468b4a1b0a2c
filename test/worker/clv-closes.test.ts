// Closing fair prices as the price desk captures them: a game's close is the last board
// before its start, taken once when the desk first sees the game started (later boards
// never move it, a second write does nothing), and a last board more than 15 minutes
// before the start gives no close.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { betClv } from "../../src/shared/clv";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { FairFigures } from "../../src/shared/schemas/events";
import type { Prop } from "../../src/shared/schemas/props";
import { readCloses, storeCloses } from "../../worker/clv/closes-store";
import type { FeedEvent, OddsFeedProvider, OddsResult } from "../../worker/odds/feed-provider";
import type { DeskBoard } from "../../worker/odds/price-desk/desk-board";
import { closesAtStart } from "../../worker/odds/price-desk/desk-closes";
import type { PropsState } from "../../worker/odds/price-desk/props-desk";
import { closingDesk } from "./desk-fixtures";

const SPORT = "basketball_nba" as const;
const T = Date.parse("2030-01-10T00:00:00.000Z");
const MIN = 60_000;

const fair = (home: number): FairFigures => ({
  moneyline: { books: 6, home: { p: home, margin: null }, away: { p: 1 - home, margin: null } },
  total: { books: 6, line: 221.5, over: { p: 0.5, margin: null }, under: { p: 0.5, margin: null } },
});

/** A feed whose games start at the given times and whose home chance is whatever `home` says at the moment of the call. */
function feed(games: { id: string; startAt: number }[], home: (now: number) => number): OddsFeedProvider {
  return {
    name: "the-odds-api",
    isMapped: () => true,
    async fetchOdds(_sport, now): Promise<OddsResult> {
      const value = games.map(
        (g): FeedEvent => ({
          eventId: g.id,
          sport: SPORT,
          startTime: new Date(g.startAt).toISOString(),
          home: "Boston Celtics",
          away: "New York Knicks",
          status: now >= g.startAt ? "live" : "scheduled",
          live: null,
          markets: { moneyline: { home: -120, away: 100 }, total: { line: 221.5, over: -110, under: -110 } },
          fair: fair(home(now)),
        }),
      );
      return { ok: true, value, quota: null };
    },
    async fetchScores() {
      return { ok: true, value: [], quota: null };
    },
  };
}

const desk = (provider: OddsFeedProvider, propsOf?: (eventId: string) => Promise<PropsState | undefined>) =>
  closingDesk(provider, SPORT, propsOf);

/** A player's points at 27.5 (Over at `over`) and an anytime-scorer style yes market, as a props answer holds them. */
function props(eventId: string, over: number): Prop[] {
  const base = { eventId, sport: SPORT, player: { id: "jayson-tatum", name: "Jayson Tatum", team: "home" as const } };
  return [
    {
      ...base,
      propId: `${eventId}:jayson-tatum:player_points:27.5`,
      marketKey: "player_points",
      kind: "over-under",
      line: 27.5,
      prices: { over: -110, under: -110 },
      fair: { books: 5, over: { p: over, margin: null }, under: { p: 1 - over, margin: null } },
    },
    {
      ...base,
      propId: `${eventId}:jayson-tatum:player_double_double`,
      marketKey: "player_double_double",
      kind: "yes",
      line: null,
      prices: { over: 150, under: null },
      fair: { books: 5, over: { p: 0.38, margin: null }, under: null },
    },
  ];
}

const propsState = (eventId: string, fetchedAt: number, over: number, feedOffsetMs = 0): PropsState => ({
  startTime: new Date(T).toISOString(),
  props: props(eventId, over),
  confirmedAt: fetchedAt,
  fetchedAt,
  feedOffsetMs,
  failureUntil: null,
});

describe("closing fair prices", () => {
  it("captures each market once, at the start, from the last board before it", async () => {
    // Home's fair chance drifts with the clock, so each board is told apart by it.
    const home = (now: number) => Number((0.5 + (now - (T - 30 * MIN)) / (1000 * MIN)).toFixed(6));
    const d = desk(
      feed(
        [
          { id: "clv-a", startAt: T },
          { id: "clv-late", startAt: T + 30 * MIN },
        ],
        home,
      ),
    );
    await d.board(T - 25 * MIN);
    await d.board(T - 14 * MIN); // the last board before clv-a's start
    expect((await readCloses(env.DB, ["clv-a"])).size).toBe(0);
    await d.board(T + MIN); // clv-a has started: its close is the board of T − 14 min
    const closes = (await readCloses(env.DB, ["clv-a"])).get("clv-a")!;
    expect(closes.sides).toContainEqual({ market: "Moneyline", side: "Home", line: null, p: home(T - 14 * MIN) });
    expect(closes.sides).toContainEqual({ market: "Total", side: "Under", line: 221.5, p: 0.5 });
    expect(closes.sides).toHaveLength(4);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n, MIN(snapshot_at) AS at FROM market_closes WHERE event_id = 'clv-a'").first<{
      n: number;
      at: number;
    }>();
    expect(rows).toEqual({ n: 4, at: T - 14 * MIN });

    // Later boards and a second write with other figures never move the close.
    await d.board(T + 2 * MIN);
    await storeCloses(
      env.DB,
      [{ eventId: "clv-a", sides: [{ market: "Moneyline", side: "Home", line: null, p: 0.9 }], snapshotAt: T }],
      T + 3 * MIN,
    );
    const again = (await readCloses(env.DB, ["clv-a"])).get("clv-a")!;
    expect(again.sides.find((s) => s.market === "Moneyline" && s.side === "Home")!.p).toBe(home(T - 14 * MIN));
    expect(again.sides).toHaveLength(4);

    // clv-late's last board before its start (T + 2 min) is 28 minutes old at the start: no close.
    await d.board(T + 40 * MIN);
    expect((await readCloses(env.DB, ["clv-late"])).size).toBe(0);
  });

  it("keeps the score model at close, for re-pricing same-game blocks", async () => {
    const model = { v: 2, sport: SPORT, params: [7, 12, 228] } as const;
    const event: FeedEvent = {
      eventId: "clv-sgp",
      sport: SPORT,
      startTime: new Date(T).toISOString(),
      home: "Boston Celtics",
      away: "New York Knicks",
      status: "scheduled",
      live: null,
      markets: { moneyline: { home: -120, away: 100 } },
      fair: fair(0.55),
      sameGame: { model: { ...model, params: [...model.params] }, margin: 0.1 },
    };
    const previous: DeskBoard = { fetchedAt: T - 5 * MIN, feedOffsetMs: 0, events: [event], games: {}, scoresAt: null };
    // Not started yet: nothing; started: the model with the sides.
    expect(closesAtStart(previous, [event], T - MIN)).toEqual([]);
    const found = closesAtStart(previous, [{ ...event, status: "live" }], T + MIN);
    expect(found).toHaveLength(1);
    await storeCloses(env.DB, found, T + MIN);
    const closes = (await readCloses(env.DB, ["clv-sgp"])).get("clv-sgp")!;
    expect(closes.model).toEqual({ v: 2, sport: SPORT, params: [7, 12, 228] });
    expect(closes.sides).toHaveLength(4);
  });

  it("closes a game's players' markets at the desk's last props answer before the start, and a prop bet then has a CLV", async () => {
    const states = new Map<string, PropsState>([
      ["clv-props", propsState("clv-props", T - 10 * MIN, 0.55)],
      // Taken 20 minutes before the start: too old to be a close.
      ["clv-props-old", propsState("clv-props-old", T - 20 * MIN, 0.6)],
      // Taken under another simulator clock: not a snapshot of this start.
      ["clv-props-moved", propsState("clv-props-moved", T - 5 * MIN, 0.6, 3 * 60 * MIN)],
    ]);
    const d = desk(
      feed(
        ["clv-props", "clv-props-old", "clv-props-moved"].map((id) => ({ id, startAt: T })),
        () => 0.5,
      ),
      async (id) => states.get(id),
    );
    await d.board(T - 5 * MIN);
    await d.board(T + MIN);
    const found = await readCloses(env.DB, ["clv-props", "clv-props-old", "clv-props-moved"]);
    expect(found.get("clv-props")!.props).toEqual(
      expect.arrayContaining([
        { playerId: "jayson-tatum", marketKey: "player_points", side: "Over", line: 27.5, p: 0.55 },
        { playerId: "jayson-tatum", marketKey: "player_points", side: "Under", line: 27.5, p: 1 - 0.55 },
        { playerId: "jayson-tatum", marketKey: "player_double_double", side: "Yes", line: null, p: 0.38 },
      ]),
    );
    expect(found.get("clv-props")!.props).toHaveLength(3);
    const at = await env.DB.prepare("SELECT MIN(snapshot_at) AS at FROM prop_closes WHERE event_id = 'clv-props'").first<{ at: number }>();
    expect(at!.at).toBe(T - 10 * MIN);
    // The board closed those games all the same; only their props did not.
    expect(found.get("clv-props-old")!.sides).toHaveLength(4);
    expect(found.get("clv-props-old")!.props).toBeUndefined();
    expect(found.get("clv-props-moved")!.props).toBeUndefined();

    // Tatum Over 27.5 taken at +100 an hour before tip-off, closing at a fair 0.55: CLV 0.55 × 2 − 1 = +10%.
    const leg = {
      eventId: "clv-props",
      league: SPORT,
      market: "Prop",
      side: "Over",
      line: 27.5,
      priceAm: 100,
      home: "Boston Celtics",
      away: "New York Knicks",
      startTime: new Date(T).toISOString(),
      prop: { playerId: "jayson-tatum", player: "Jayson Tatum", marketKey: "player_points", label: "Points" },
    } as const;
    const bet = { createdAt: T - 60 * MIN, legs: [leg] } satisfies Pick<BetDocument, "createdAt" | "legs">;
    expect(betClv(bet, (id) => found.get(id)).clv).toBeCloseTo(0.1, 10);
    // Another line of the same market has no close: the bet has no CLV.
    expect(betClv({ ...bet, legs: [{ ...leg, line: 28.5 }] }, (id) => found.get(id)).clv).toBeNull();
  });
});
