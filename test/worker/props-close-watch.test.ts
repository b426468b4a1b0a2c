// A prop bet's game gets its players' markets' close even when nobody opens the game: each
// scheduled run asks the desk for the props of games with an open prop bet starting within
// ten minutes, and the desk calls the feed once when the answer it keeps could not be the
// close. Driven with the recorded per-event odds answer of one NBA game.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { EventOdds } from "../../src/shared/schemas/event-odds";
import type { OddsFeedProvider } from "../../worker/odds/feed-provider";
import { propsCloseOf } from "../../worker/odds/price-desk/desk-closes";
import { memoryPropsStore } from "../../worker/odds/price-desk/desk-deps";
import { PropsDesk } from "../../worker/odds/price-desk/props-desk";
import { gamesAwaitingPropsClose, watchPropsCloses } from "../../worker/odds/props-close-watch";
import recorded from "../fixtures/odds-api/event-odds-nba.json";

const ODDS = recorded as EventOdds;
const START = Date.parse(ODDS.commence_time);
const MIN = 60_000;

type Leg = { eventId: string; sport?: string; market?: string; startAt: number; result?: string | null };

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

describe("props closes for games nobody opens", () => {
  beforeEach(async () => {
    await env.DB.prepare("DELETE FROM bet_legs WHERE user_id = 'watch-player'").run();
  });

  it("watches the games with an open prop bet that start within ten minutes, each once", async () => {
    const now = Date.parse("2031-03-01T18:00:00.000Z");
    await seedLegs([
      { eventId: "soon", startAt: now + 5 * MIN },
      { eventId: "soon", startAt: now + 5 * MIN },
      { eventId: "hockey-soon", sport: "icehockey_nhl", startAt: now + 10 * MIN },
      { eventId: "later", startAt: now + 11 * MIN },
      { eventId: "settled", startAt: now + 5 * MIN, result: "win" },
      { eventId: "moneyline-only", market: "Moneyline", startAt: now + 5 * MIN },
      { eventId: "under-way", startAt: now - MIN },
    ]);
    expect(await gamesAwaitingPropsClose(env.DB, now)).toEqual([
      { sport: "basketball_nba", eventId: "soon" },
      { sport: "icehockey_nhl", eventId: "hockey-soon" },
    ]);
  });

  it("asks every watched game's desk, and counts a desk that fails without stopping the others", async () => {
    const now = Date.parse("2031-03-01T18:00:00.000Z");
    await seedLegs([
      { eventId: "a", startAt: now + 2 * MIN },
      { eventId: "b", startAt: now + 3 * MIN },
    ]);
    const asked: string[] = [];
    const watch = await watchPropsCloses(env.DB, now, now, async (_sport, eventId) => {
      asked.push(eventId);
      if (eventId === "a") throw new Error("desk unreachable");
      return { eventId, props: [], confirmedAt: null, startTime: null, freshUntil: now };
    });
    expect(asked.sort()).toEqual(["a", "b"]);
    expect(watch).toEqual({ games: 2, failed: 1 });
  });

  it("leaves the desk an answer from the game's last fifteen minutes, at one feed call", async () => {
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
    await desk.props(ODDS.id, START - 17 * MIN);
    await seedLegs([{ eventId: ODDS.id, startAt: START }]);
    expect(propsCloseOf(await store.load(ODDS.id), START, 0)).toBeNull();

    for (const at of [START - 9 * MIN, START - 7 * MIN, START - 5 * MIN]) {
      await watchPropsCloses(env.DB, at, at, (_sport, eventId, now) => desk.props(eventId, now));
    }
    expect(calls).toEqual([START - 17 * MIN, START - 9 * MIN]);
    const close = propsCloseOf(await store.load(ODDS.id), START, 0);
    expect(close?.snapshotAt).toBe(START - 9 * MIN);
    expect(close?.props.length).toBeGreaterThan(10);
  });
});
