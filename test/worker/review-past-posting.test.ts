// Review finding: the board is cached for up to 10 minutes, while settlement records a
// game's final score in D1 every cron run. A bet must not be accepted on a game the
// Worker already knows is over (or voided) just because the cached board still lists
// it: that would let a player bet on a known result and be paid at the next run. Nor
// should the board keep offering such a game as live and priced (the journeys met one).
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import { isUnderway, liveClosesAt } from "../../src/shared/live-rules";
import { SPORT_KEYS } from "../../src/shared/sports";
import { advanceSimClock, simOffsetMs } from "../../worker/odds/simulator/sim-clock";
import { bookOutages, gameById, gamesBetween } from "../../worker/odds/simulator/sim-games";
import { DEFAULT_CLOSE_AFTER } from "./desk-fixtures";
import { loadEvents } from "../../worker/odds/odds-service";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, postJson, signIn } from "./helpers";

async function recordEvent(eventId: string, status: "final" | "void", sport: string) {
  const now = Date.now();
  await env.DB.prepare(
    `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
     VALUES (?, ?, 'Home', 'Away', ?, ?, ?, ?, NULL, ?)`,
  )
    .bind(eventId, sport, now - 3 * 60 * 60 * 1000, status, status === "final" ? 3 : null, status === "final" ? 1 : null, now)
    .run();
}

/** Whether the game's book stops (an outage) at any moment in [from, to). */
function bookStops(game: Parameters<typeof bookOutages>[0], from: number, to: number): boolean {
  return bookOutages(game).some((o) => o.from < to && o.to > from);
}

/**
 * A game under way (by the feed's clock) with an open moneyline, then `events`. Only a
 * game whose score stays unchanged for the next minute, whose book does not stop and whose
 * live window stays open is chosen: nothing but a recorded result may refuse a bet on it.
 */
async function startedFirst(events: Event[]): Promise<Event[]> {
  for (const sport of SPORT_KEYS) {
    const { events: board, feedNow } = await loadEvents(env, sport, Date.now());
    const calm = (e: Event) => {
      const game = gameById(e.eventId);
      if (!game || bookStops(game, feedNow - 60_000, feedNow + 60_000) || feedNow > liveClosesAt(e, DEFAULT_CLOSE_AFTER) - 2 * 60_000) {
        return false;
      }
      return game.timeline.every((s) => Math.abs(game.startMs + s.at * (game.endMs - game.startMs) - feedNow) > 60_000);
    };
    const live = board.find((e) => isUnderway(e, feedNow) && e.markets.moneyline?.home != null && calm(e));
    if (live) return [live, ...events.filter((e) => e.eventId !== live.eventId)];
  }
  throw new Error("no game under way offers a moneyline price");
}

/**
 * Moves the simulator's clock into a calm minute of a game under way: its book does not stop,
 * its moneyline is open, no score is due within 3 minutes and its live window stays open
 * for 3 more. Then the test does not depend on the hour it runs (at some hours no game of
 * any sport is under way and calm).
 */
async function moveClockIntoCalmGame(): Promise<void> {
  const simNow = Date.now() + (await simOffsetMs(env));
  for (const sport of SPORT_KEYS) {
    for (const game of gamesBetween(sport, simNow, simNow + 2 * 24 * 60 * 60_000)) {
      if (game.suspended === "moneyline") continue;
      const scoresAt = game.timeline.map((s) => game.startMs + s.at * (game.endMs - game.startMs));
      const lastCalm = Math.min(game.endMs, game.startMs + DEFAULT_CLOSE_AFTER[sport] * 60_000) - 3 * 60_000;
      for (let at = game.startMs + 5 * 60_000; at < lastCalm; at += 60_000) {
        if (scoresAt.every((scoreAt) => Math.abs(scoreAt - at) > 3 * 60_000) && !bookStops(game, at - 3 * 60_000, at + 3 * 60_000)) {
          await advanceSimClock(env, (at - simNow) / 60_000, Date.now());
          return;
        }
      }
    }
  }
  throw new Error("the simulator has no calm game under way in the next two days");
}

async function coins(token: string): Promise<number> {
  return ((await (await api("/api/me", { token })).json()) as { coinBalance: number }).coinBalance;
}

describe("placing a bet on a game settlement already recorded as over", () => {
  it("refuses a game recorded final while the cached board still offers it, and moves no money", async () => {
    // Only a game that has started can be final: bet on one that is live.
    await moveClockIntoCalmGame();
    const [event, other] = await startedFirst(await openEvents(2));
    const player = await signIn();
    const pick = pickOf(event!, "Moneyline", "Home");

    // Priced fine before the result is known.
    expect((await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [pick] })).status).toBe(200);

    await recordEvent(event!.eventId, "final", event!.sport);
    const before = await coins(player.token);
    const res = await placeBet(player.token, {
      kind: "Parlay",
      wallet: "coins",
      amount: 10,
      picks: [pick, pickOf(other!, "Total", "Over")],
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "selection-locked", message: "One or more selections are locked." });
    expect(await coins(player.token)).toBe(before);
  });

  it("takes a game under way off the board once it is recorded void, though the cached copy still lists it", {
    timeout: 20_000,
  }, async () => {
    // The next game to start, moved under way by the simulator's clock (whatever the hour).
    const { feedNow } = await loadEvents(env, (await openEvents(1))[0]!.sport, Date.now());
    const event = (await openEvents(20))
      .filter((e) => Date.parse(e.startTime) > feedNow)
      .sort((a, b) => a.startTime.localeCompare(b.startTime))[0];
    expect(event, "an upcoming game").toBeDefined();
    const minutes = Math.ceil((Date.parse(event!.startTime) - feedNow) / 60_000) + 1;
    expect((await postJson("/api/dev/sim/advance", { minutes })).status).toBe(200);
    const player = await signIn();
    const board = async () => (await (await api(`/api/events?sport=${event!.sport}`, { token: player.token })).json()) as Event[];
    expect((await board()).map((e) => e.eventId)).toContain(event!.eventId);
    await recordEvent(event!.eventId, "void", event!.sport);
    // The board's check may remember a game's answer for 5 s: the clock moves past that
    // rather than waiting it out.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5_001 });
    try {
      expect((await board()).map((e) => e.eventId)).not.toContain(event!.eventId);
      expect((await loadEvents(env, event!.sport, Date.now())).events.map((e) => e.eventId)).toContain(event!.eventId);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses a game an operator voided", async () => {
    const [, , event] = await openEvents(3);
    const player = await signIn();
    await recordEvent(event!.eventId, "void", event!.sport);
    const res = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(event!, "Spread", "Away")] });
    expect(res.status).toBe(400);
    expect(await coins(player.token)).toBe(5000);
  });
});
