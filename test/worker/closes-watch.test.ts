// Closes of games nobody watches: each scheduled run asks the desks, for every game with an
// open bet in the ten minutes before its start or the three after, for the sport's board (refreshed only when stale)
// and, before the start, for a prop bet's game's props (fetched only when the copy kept could
// not be the close). So the game gets its closes though no player reads its board.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { EventOdds } from "../../src/shared/schemas/event-odds";
import type { SportKey } from "../../src/shared/sports";
import { readCloses } from "../../worker/clv/closes-store";
import { gamesAwaitingPropsClose, sportsAwaitingCloses, watchCloses } from "../../worker/odds/closes-watch";
import type { FeedEvent, OddsFeedProvider } from "../../worker/odds/feed-provider";
import { propsCloseOf } from "../../worker/odds/price-desk/desk-closes";
import { memoryPropsStore } from "../../worker/odds/price-desk/desk-deps";
import { PropsDesk } from "../../worker/odds/price-desk/props-desk";
import recorded from "../fixtures/odds-api/event-odds-nba.json";
import { closingDesk } from "./desk-fixtures";

const ODDS = recorded as EventOdds;
const MIN = 60_000;
const NOW = Date.parse("2031-03-01T18:00:00.000Z");

type Leg = { eventId: string; sport?: SportKey; market?: string; startAt: number; result?: string | null };

async function seedLegs(legs: Leg[]): Promise<void> {
  await env.DB.batch(
    legs.map((leg, i) =>
      env.DB.prepare(
        `INSERT INTO bet_legs (bet_id, leg_index, user_id, event_id, sport, market, side, line, price_am, commence_time, result, fair_p)
         VALUES (?, 0, 'watch-player', ?, ?, ?, 'Over', 24.5, -110, ?, ?, NULL)`,
      ).bind(`watch-bet-${i}`, leg.eventId, leg.sport ?? "basketball_nba", leg.market ?? "Prop", leg.startAt, leg.result ?? null),
    ),
  );
}

describe("closes of games nobody watches", () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM bet_legs WHERE user_id = 'watch-player'").run();
  });

  it("watches the sports with an open bet in the ten minutes before a start or the three after, and the prop games about to start", async () => {
    await seedLegs([
      { eventId: "soon", startAt: NOW + 5 * MIN },
      { eventId: "soon", market: "Moneyline", startAt: NOW + 5 * MIN },
      { eventId: "hockey-soon", sport: "icehockey_nhl", market: "Moneyline", startAt: NOW + 10 * MIN },
      { eventId: "just-started", sport: "baseball_mlb", startAt: NOW - 2 * MIN },
      { eventId: "later", sport: "soccer_usa_mls", startAt: NOW + 11 * MIN },
      { eventId: "long-started", sport: "americanfootball_nfl", startAt: NOW - 3 * MIN },
      { eventId: "settled", sport: "mma_mixed_martial_arts", startAt: NOW + 5 * MIN, result: "win" },
    ]);
    expect((await sportsAwaitingCloses(env.DB, NOW)).sort()).toEqual(["baseball_mlb", "basketball_nba", "icehockey_nhl"]);
    // Props only before the start: a started game's props are its close already, or never.
    expect(await gamesAwaitingPropsClose(env.DB, NOW)).toEqual([{ sport: "basketball_nba", eventId: "soon" }]);
  });

  it("asks each sport's board once and the props of prop games not yet started, counting a failed call", async () => {
    await seedLegs([
      { eventId: "a", startAt: NOW + 2 * MIN },
      { eventId: "b", startAt: NOW + 3 * MIN },
      { eventId: "c", market: "Total", startAt: NOW + 3 * MIN },
      { eventId: "started", startAt: NOW - MIN },
      { eventId: "puck", sport: "icehockey_nhl", market: "Moneyline", startAt: NOW + 4 * MIN },
    ]);
    const asked: string[] = [];
    const watch = await watchCloses(env.DB, NOW, NOW, {
      board: async (sport) => {
        asked.push(`board ${sport}`);
      },
      props: async (sport, eventId) => {
        asked.push(`props ${sport} ${eventId}`);
        if (eventId === "a") throw new Error("desk unreachable");
      },
    });
    expect(asked.sort()).toEqual(["board basketball_nba", "board icehockey_nhl", "props basketball_nba a", "props basketball_nba b"]);
    expect(watch).toEqual({ sports: 2, propGames: 2, failed: 1 });
  });

  it("leaves the desk props from the game's last fifteen minutes, at one feed call", async () => {
    const start = Date.parse(ODDS.commence_time);
    const calls: number[] = [];
    const provider: OddsFeedProvider = {
      name: "the-odds-api",
      isMapped: () => true,
      fetchOdds: async () => ({ ok: true, value: [], quota: null }),
      fetchScores: async () => ({ ok: true, value: [], quota: null }),
      async fetchEventOdds(_sport, _eventId, _markets, now) {
        calls.push(now);
        return { ok: true, value: ODDS, quota: null };
      },
    };
    const store = memoryPropsStore();
    const desk = new PropsDesk({
      sport: "basketball_nba",
      provider,
      kv: env.ODDS_CACHE,
      store,
      settings: { refreshMs: 10 * MIN, minBooks: 3, inflightWaitMs: 9_500 },
      feedOffsetMs: async () => 0,
      gameOf: async () => ({ startTime: ODDS.commence_time, home: ODDS.home_team, away: ODDS.away_team }),
      nameMap: async () => ({}),
    });
    // A player opened the game 17 minutes before the start, then nobody did: that answer would
    // serve the whole refresh interval, past the close window's opening, but cannot be the close.
    await desk.props(ODDS.id, start - 17 * MIN);
    await seedLegs([{ eventId: ODDS.id, startAt: start }]);
    expect(propsCloseOf(await store.load(ODDS.id), start, 0)).toBeNull();

    for (const at of [start - 9 * MIN, start - 7 * MIN, start - 5 * MIN]) {
      await watchCloses(env.DB, at, at, { board: async () => undefined, props: (_sport, eventId, now) => desk.props(eventId, now) });
    }
    expect(calls).toEqual([start - 17 * MIN, start - 9 * MIN]);
    const close = propsCloseOf(await store.load(ODDS.id), start, 0);
    expect(close?.snapshotAt).toBe(start - 9 * MIN);
    expect(close?.props.length).toBeGreaterThan(10);
  });

  it("gives a game whose board nobody read since long before its start a close, from a board of its last minutes", async () => {
    const start = Date.parse("2031-03-02T00:00:00.000Z");
    const fetched: number[] = [];
    const home = (now: number) => Number((0.5 + (now - start) / (1000 * MIN)).toFixed(6));
    const provider: OddsFeedProvider = {
      name: "the-odds-api",
      isMapped: () => true,
      async fetchOdds(_sport, now) {
        fetched.push(now);
        const event: FeedEvent = {
          eventId: "quiet-game",
          sport: "basketball_nba",
          startTime: new Date(start).toISOString(),
          home: "Boston Celtics",
          away: "New York Knicks",
          status: now >= start ? "live" : "scheduled",
          live: null,
          markets: { moneyline: { home: -120, away: 100 } },
          fair: { moneyline: { books: 6, home: { p: home(now), margin: null }, away: { p: 1 - home(now), margin: null } } },
        };
        return { ok: true, value: [event], quota: null };
      },
      fetchScores: async () => ({ ok: true, value: [], quota: null }),
    };
    const desk = closingDesk(provider, "basketball_nba");
    // The bet was placed an hour before the start; nobody read the board after that.
    await desk.board(start - 60 * MIN);
    await seedLegs([{ eventId: "quiet-game", market: "Moneyline", startAt: start }]);
    const watched = { board: (_sport: SportKey, now: number) => desk.board(now), props: async () => undefined };
    for (let at = start - 9 * MIN; at <= start + MIN; at += 2 * MIN) await watchCloses(env.DB, at, at, watched);
    // Within 15 minutes of the start the board is on the live cadence: each watch in the last
    // minutes refreshes it, and the close is the last board before the start.
    expect(fetched).toEqual([
      start - 60 * MIN,
      start - 9 * MIN,
      start - 7 * MIN,
      start - 5 * MIN,
      start - 3 * MIN,
      start - MIN,
      start + MIN,
    ]);
    const close = (await readCloses(env.DB, ["quiet-game"])).get("quiet-game");
    expect(close?.sides).toContainEqual({ market: "Moneyline", side: "Home", line: null, p: home(start - MIN) });
  });

  it("takes the close of a game the scores show begun before its listed start, from the board before", async () => {
    const listedStart = Date.parse("2031-03-09T00:00:00.000Z");
    const firstRead = listedStart - 12 * MIN;
    let scored = false;
    const provider: OddsFeedProvider = {
      name: "the-odds-api",
      isMapped: () => true,
      async fetchOdds(_sport, now) {
        const event: FeedEvent = {
          eventId: "early-game",
          sport: "basketball_nba",
          startTime: new Date(listedStart).toISOString(),
          home: "Boston Celtics",
          away: "New York Knicks",
          status: scored ? "live" : "scheduled",
          live: null,
          markets: { moneyline: { home: -120, away: 100 } },
          fair: { moneyline: { books: 6, home: { p: 0.55, margin: null }, away: { p: 0.45, margin: null } } },
        };
        const score = {
          eventId: "early-game",
          sport: "basketball_nba" as const,
          startTime: event.startTime,
          home: event.home,
          away: event.away,
          completed: false,
          homeScore: scored ? 4 : null,
          awayScore: scored ? 2 : null,
        };
        return { ok: true, value: [event], quota: null, scores: { value: [score], fetchedAt: now } };
      },
      fetchScores: async () => ({ ok: true, value: [], quota: null }),
    };
    const desk = closingDesk(provider, "basketball_nba");
    await desk.board(firstRead);
    expect((await readCloses(env.DB, ["early-game"])).get("early-game")).toBeUndefined();
    // Ten minutes before its listed start the game is under way: the board before is its close.
    scored = true;
    const begun = await desk.board(firstRead + 2 * MIN);
    expect(begun.board?.events[0]).toMatchObject({ status: "live", startTime: new Date(firstRead + 2 * MIN).toISOString() });
    const close = (await readCloses(env.DB, ["early-game"])).get("early-game");
    expect(close?.sides).toContainEqual({ market: "Moneyline", side: "Home", line: null, p: 0.55 });
  });
});
