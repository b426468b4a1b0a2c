// Test helpers for the app built over a scripted feed and a fake clock, as the Vantage Cash
// price-clock tests (cash-clock-cost, cash-prematch-price-age, cash-prop-price-age) and the
// props tests drive it: the clock's start, a player's calls through the real routes, a
// player holding Vantage Cash, the recorded NBA props answer with moved prices, a prop's
// Over pick, reading a refusal or a placed bet, and the feed's quota row in D1.
import { env } from "cloudflare:workers";
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import type { PlaceBetPick, PlaceBetResponse, PriceChangedDetails } from "../../src/shared/schemas/bets";
import type { EventOdds } from "../../src/shared/schemas/event-odds";
import type { Prop } from "../../src/shared/schemas/props";
import type { SportKey } from "../../src/shared/sports";
import type { createApp } from "../../worker/app";
import recorded from "../fixtures/odds-api/event-odds-nba.json";
import { BASE, signIn, type SignedIn } from "./helpers";
import { buyCash } from "./payout-helpers";

/** The recorded answer of The Odds API for one NBA game's players' markets. */
export const RECORDED_PROPS = recorded as EventOdds;
/** The sport of the recorded props answer's game. */
export const RECORDED_SPORT: SportKey = "basketball_nba";
/** A player the recorded props answer offers a points line (Over and Under) for. */
export const RECORDED_PLAYER = "Paolo Banchero";

/** A fake clock's first reading: 1 to 1,000 whole hours from now, so each test's clock starts somewhere else. */
export function fakeClockStart(): number {
  return Date.now() + 3_600_000 * (1 + Math.floor(Math.random() * 1000));
}

/** Calls a route of the app as a signed-in player's browser at `ip`. */
export type PlayerCall = (path: string, token: string, init?: RequestInit) => Promise<Response>;

/**
 * Calls `app`'s routes as a signed-in player's browser at `ip` does: the bearer token, a JSON
 * body's content type, and the work the invocation handed to waitUntil awaited before answering.
 */
export function playerCaller(app: ReturnType<typeof createApp>, ip: string, testEnv: Env = env): PlayerCall {
  return async (path, token, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    headers.set("CF-Connecting-IP", ip);
    if (init.body) headers.set("Content-Type", "application/json");
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request(`${BASE}${path}`, { ...init, headers }), testEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
}

/** Sends a slip to /api/placeBet through `call`, under a fresh Idempotency-Key. */
export function postSlip(call: PlayerCall, token: string, body: unknown): Promise<Response> {
  return call("/api/placeBet", token, {
    method: "POST",
    headers: { "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify(body),
  });
}

/** One player's line as every book re-quotes it. */
export type MovedLine = { line: number; over: number; under: number };

/**
 * The recorded props answer for the game `eventId` starting at `startTime`, where each player
 * named in `moved` has their line (at that point) re-quoted at every book.
 */
export function recordedPropsFor(eventId: string, startTime: string, moved: ReadonlyMap<string, MovedLine>): EventOdds {
  return {
    ...RECORDED_PROPS,
    id: eventId,
    commence_time: startTime,
    bookmakers: RECORDED_PROPS.bookmakers.map((book) => ({
      ...book,
      markets: book.markets.map((market) => ({
        ...market,
        outcomes: market.outcomes.map((outcome) => {
          const quote = outcome.description === undefined ? undefined : moved.get(outcome.description);
          if (!quote || outcome.point !== quote.line) return outcome;
          return { ...outcome, price: outcome.name === "Over" ? quote.over : quote.under };
        }),
      })),
    })),
  };
}

/** The pick of `prop`'s Over, at the price offered and for its player unless `options` say otherwise. */
export function overOf(prop: Prop, options: { priceAm?: number; playerId?: string } = {}): PlaceBetPick {
  return {
    eventId: prop.eventId,
    league: prop.sport,
    market: "Prop",
    side: "Over",
    line: prop.line,
    priceAm: options.priceAm ?? prop.prices.over!,
    playerMarket: { playerId: options.playerId ?? prop.player.id, marketKey: prop.marketKey },
  };
}

/** The first prop of the player named `name` (RECORDED_PLAYER unless given) the game page, read through `h.props`, offers an Over of. */
export async function recordedPlayerProp(
  h: { props: (token: string) => Promise<Prop[]> },
  token: string,
  name = RECORDED_PLAYER,
): Promise<Prop> {
  const prop = (await h.props(token)).find((p) => p.player.name === name && p.prices.over !== null);
  if (!prop) throw new Error(`the recorded answer offers no ${name} prop`);
  return prop;
}

/** A signed-in player holding 49.99 of Vantage Cash (one pack bought). */
export async function cashPlayer(): Promise<SignedIn> {
  const player = await signIn();
  await buyCash(player);
  return player;
}

/** The error a refused call answered with. */
export async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; details?: PriceChangedDetails } }).error;
}

/** The bet a slip placed, expecting the slip taken (200). */
export async function placed(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as PlaceBetResponse).bets[0]!;
}

/**
 * Writes the feed's quota as its latest call for `sport` reported it: `remaining` credits left
 * of 20,000, the call costing `last`; stamped far ahead, so it is the newest row and speaks for every sport.
 */
export async function recordFeedQuota(sport: SportKey, remaining: number, last = 6): Promise<void> {
  await env.DB.prepare(
    `INSERT INTO feed_status (sport, provider, requests_remaining, requests_used, requests_last, last_status, last_error, updated_at)
     VALUES (?, 'the-odds-api', ?, 20000 - ?, ?, 200, NULL, ?)
     ON CONFLICT (sport) DO UPDATE SET requests_remaining = excluded.requests_remaining, updated_at = excluded.updated_at`,
  )
    .bind(sport, remaining, remaining, last, Date.now() + 10 * 365 * 24 * 3_600_000)
    .run();
}
