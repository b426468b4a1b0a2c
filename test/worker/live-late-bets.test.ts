// The late-bet attack on a simulated NBA game, as an attacker would try it: read the
// board until the live markets close, then send slips on every side the board last
// priced, at those prices, 10 s before the final buzzer and 1 s after it. All are refused
// and no money moves. A bettor 20 minutes before the end, at the prices the board shows
// then, is held for the live-bet delay and accepted; once the game is over the price desk
// records its final and those bets settle. Through the real routes with the simulator as
// the feed, a fake clock and a fake sleep (the delay costs no real time).
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { liveClosesAt } from "../../src/shared/live-rules";
import type { BetsPage, PlaceBetPick } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { currentPrice } from "../../worker/bets/price-slip";
import { createApp } from "../../worker/app";
import { gamesForDay, bookOutages, type SimGame } from "../../worker/odds/simulator/sim-games";
import { createSimulatorProvider } from "../../worker/odds/simulator/simulator-provider";
import { PICK_SIDES } from "./bets-helpers";
import { DEFAULT_CLOSE_AFTER } from "./desk-fixtures";
import { BASE, signIn, type SignedIn } from "./helpers";

const SPORT = "basketball_nba";
const DAY_MS = 24 * 3_600_000;
const SECOND = 1_000;
const MINUTE = 60_000;

/** A game of the day after tomorrow whose book never stops on it and whose markets are all offered. */
function chooseGame(): SimGame {
  const day = Math.floor(Date.now() / DAY_MS) + 2;
  const game = gamesForDay(SPORT, day).find((g) => g.suspended === null && bookOutages(g).length === 0);
  if (!game) throw new Error("no simulated NBA game whose book never stops");
  return game;
}

/** When the game scores (simulated time). */
function scoringTimes(game: SimGame): number[] {
  return game.timeline.map((e) => game.startMs + e.at * (game.endMs - game.startMs));
}

/** The first moment from `from` on with no score within `quietMs` either side (so no score change can suspend a bet placed then). */
function quietMoment(game: SimGame, from: number, quietMs: number): number {
  const scores = scoringTimes(game);
  for (let t = from; t < from + 10 * MINUTE; t += SECOND) {
    if (scores.every((s) => Math.abs(s - t) > quietMs)) return t;
  }
  throw new Error("no quiet moment");
}

function harness() {
  const clock = { now: 0 };
  const slept: number[] = [];
  const provider = createSimulatorProvider(env);
  const app = createApp({
    now: () => clock.now,
    sleep: async (ms) => {
      const until = clock.now + ms;
      slept.push(ms);
      await new Promise((r) => setTimeout(r, 10));
      clock.now = Math.max(clock.now, until);
    },
    feed: () => provider,
  });
  const testEnv = { ...env, LIVE_BET_DELAY_SECONDS: "5" } as Env;
  const call = async (path: string, token: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    headers.set("CF-Connecting-IP", "10.6.6.6");
    if (init.body) headers.set("Content-Type", "application/json");
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${BASE}${path}`, { ...init, headers }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return {
    clock,
    slept,
    board: async (player: SignedIn) => (await (await call(`/api/events?sport=${SPORT}`, player.token)).json()) as Event[],
    bet: (player: SignedIn, pick: PlaceBetPick) =>
      call("/api/placeBet", player.token, {
        method: "POST",
        headers: { "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ kind: "Singles", wallet: "coins", amount: 100, picks: [pick] }),
      }),
    me: async (player: SignedIn) => (await (await call("/api/me", player.token)).json()) as { coinBalance: number },
    bets: async (player: SignedIn) => ((await (await call("/api/bets", player.token)).json()) as BetsPage).bets,
  };
}

/** A single on every side of `event` the board prices, at that price. */
function pricedSides(event: Event): PlaceBetPick[] {
  return PICK_SIDES.flatMap(([market, side]) => {
    const price = currentPrice(event, { eventId: event.eventId, market, side });
    if (price.locked || price.priceAm === null) return [];
    return [{ eventId: event.eventId, league: SPORT, market, side, line: price.line, priceAm: price.priceAm }];
  });
}

describe("late live bets on a simulated NBA game", () => {
  const game = chooseGame();
  const closesAt = liveClosesAt({ sport: SPORT, startTime: new Date(game.startMs).toISOString() }, DEFAULT_CLOSE_AFTER);
  let h: ReturnType<typeof harness>;
  let bettor: SignedIn;
  let attacker: SignedIn;

  beforeAll(async () => {
    h = harness();
    [bettor, attacker] = await Promise.all([signIn(), signIn()]);
  });

  it("accepts slips 20 minutes before the end at the current prices, after the delay", async () => {
    expect(closesAt).toBeLessThan(game.endMs - 20 * MINUTE + 10 * MINUTE);
    h.clock.now = quietMoment(game, game.endMs - 20 * MINUTE, 15 * SECOND);
    const shown = (await h.board(bettor)).find((e) => e.eventId === game.eventId)!;
    expect(shown.status).toBe("live");
    const picks = pricedSides(shown);
    expect(picks.length).toBeGreaterThanOrEqual(2);

    const answers = await Promise.all(picks.map((pick) => h.bet(bettor, pick)));
    expect(answers.map((r) => r.status)).toEqual(picks.map(() => 200));
    expect(h.slept).toEqual(picks.map(() => 5_000));
    expect((await h.me(bettor)).coinBalance).toBe(5000 - 100 * picks.length);
  });

  it("refuses every priced side 10 s before the end and 1 s after it, at the last prices shown, and moves no money", async () => {
    // The attacker watches until the live markets close, keeping the last prices the board showed.
    let lastShown: PlaceBetPick[] = [];
    for (let t = closesAt - 3 * MINUTE; t < game.endMs; t += 20 * SECOND) {
      h.clock.now = t;
      const event = (await h.board(attacker)).find((e) => e.eventId === game.eventId);
      const sides = event ? pricedSides(event) : [];
      if (sides.length > 0) lastShown = sides;
      if (t >= closesAt) {
        // Past the window the card stays on the board, every price Locked and the reason shown.
        expect(event?.suspended).toMatchObject({ moneyline: "closing", spread: "closing", total: "closing" });
        expect(sides).toEqual([]);
      }
    }
    expect(lastShown.length).toBeGreaterThan(0);

    for (const at of [game.endMs - 10 * SECOND, game.endMs + SECOND]) {
      h.clock.now = at;
      for (const pick of lastShown) {
        const res = await h.bet(attacker, pick);
        expect(res.status, `${pick.market} ${pick.side} at end ${at > game.endMs ? "+1 s" : "-10 s"}`).toBe(409);
        const error = ((await res.json()) as { error: { code: string; message: string } }).error;
        expect(error.code).toBe("market-suspended");
        expect(error.message).toMatch(/^One or more selections are locked\. .+ \(.+ @ .+\) is closed because /);
      }
    }
    expect((await h.me(attacker)).coinBalance).toBe(5000);
    expect(await h.bets(attacker)).toEqual([]);
  });

  it("records the final once the desk reads it, and settles the bets taken in time", { timeout: 20_000 }, async () => {
    // The wallet writes its bets to D1 (where settlement finds them) within WALLET_OUTBOX_FLUSH_DELAY_MS.
    await vi.waitUntil(
      async () =>
        ((await env.DB.prepare("SELECT COUNT(*) AS n FROM bet_legs WHERE event_id = ?").bind(game.eventId).first<{ n: number }>())?.n ??
          0) >= 2,
      { timeout: 10_000, interval: 50 },
    );
    // Past the cadence: the next reader's refresh brings the scores that say the game is over.
    h.clock.now = game.endMs + 31 * SECOND;
    expect((await h.board(attacker)).map((e) => e.eventId)).not.toContain(game.eventId);
    const recorded = await env.DB.prepare("SELECT status FROM events WHERE event_id = ?").bind(game.eventId).first<{ status: string }>();
    expect(recorded?.status).toBe("final");
    await vi.waitUntil(async () => (await h.bets(bettor)).every((bet) => bet.status === "settled"), { timeout: 10_000, interval: 100 });
    expect(await h.bets(attacker)).toEqual([]);
  });
});
