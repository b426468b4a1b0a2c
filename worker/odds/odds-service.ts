// The one way to get the board's odds: which feed is active, and the per-sport KV cache
// in front of it (10 minutes). GET /api/events answers from here, and placing a bet
// re-checks prices, lines and locks against exactly this data, so a player is only
// ever held to the odds they were shown.
//
// Cache rules: a fresh copy (< 10 min) is served as is. Otherwise one refresh per sport
// runs at a time: concurrent misses in an isolate share one upstream call, and a short
// KV "refreshing" marker keeps other isolates from stampeding the provider (they serve
// the stale copy, or wait briefly for the refresher on a cold cache). If the provider
// fails, the stale copy is served flagged `stale`; with no copy at all it is a 502.
import { ODDS_CACHE_MS } from "../../src/shared/odds";
import type { Event } from "../../src/shared/schemas/events";
import { isSportKey, type SportKey } from "../../src/shared/sports";
import { oddsFeedMode } from "../config";
import { ApiError } from "../http/api-error";
import type { FeedFailure, OddsFeedProvider } from "./feed-provider";
import { recordFeedStatus } from "./feed-status";
import { simOffsetMs } from "./simulator/sim-clock";
import { createSimulatorProvider } from "./simulator/simulator-provider";
import { createTheOddsApiProvider } from "./the-odds-api";
import { tunables } from "../tunables";

/** A copy is kept this long past freshness so an outage can still be served stale. */
const KEEP_STALE_SECONDS = 2 * 24 * 60 * 60;
/** The "refreshing" marker's life (KV's minimum TTL); also how long a failure is remembered. */
const MARKER_TTL_SECONDS = 60;
const COLD_WAIT_MS = 1500;
const COLD_POLL_MS = 250;

/**
 * The sports the real feed carries, from `ODDS_API_SPORTS` (comma-separated keys); unset
 * or empty means all eight. The others show as 'Coming soon'.
 */
export function mappedSports(setting: string | undefined): SportKey[] | undefined {
  const keys = (setting ?? "").split(",").map((k) => k.trim()).filter(isSportKey);
  return keys.length > 0 ? keys : undefined;
}

export type CachedBoard = { fetchedAt: number; events: Event[] };
export type LoadedEvents = { events: Event[]; stale: boolean; fetchedAt: number };

/** The active feed: The Odds API with a key; the simulator in development; else none. */
export function getFeedProvider(env: Env): OddsFeedProvider | null {
  if (env.ODDS_API_KEY) {
    return createTheOddsApiProvider({
      apiKey: env.ODDS_API_KEY,
      baseUrl: env.ODDS_API_BASE_URL || "https://api.the-odds-api.com",
      sports: mappedSports(env.ODDS_API_SPORTS),
      timeoutMs: tunables(env).ODDS_API_TIMEOUT_MS,
      record: (update) => recordFeedStatus(env, update, Date.now()),
    });
  }
  if (oddsFeedMode(env) === "embedded") return createSimulatorProvider(env);
  return null;
}

/**
 * The feed's clock: simulated time (real now + the simulator's offset) when the
 * simulator is active, else `now`. Compare event start times against this.
 */
export async function feedNow(env: Env, now: number): Promise<number> {
  if (env.ODDS_API_KEY || oddsFeedMode(env) !== "embedded") return now;
  return now + (await simOffsetMs(env));
}

export function findEvent(events: readonly Event[], eventId: string): Event | null {
  return events.find((e) => e.eventId === eventId) ?? null;
}

/** The KV key of a sport's board; the simulator's includes its clock offset, so advancing the clock invalidates it. */
function cacheKeyFor(provider: OddsFeedProvider, sport: SportKey, simOffset: number): string {
  const base = `odds:v1:${provider.name}:${sport}`;
  return provider.name === "simulator" ? `${base}:${simOffset}` : base;
}

// Boards this isolate read recently, served again without a KV read or JSON parse while
// they stay fresh. Short-lived (5 s) so a refresh by another isolate shows within
// seconds; keyed like KV, so a simulator clock change is a different board.
const BOARD_MEMO_MS = 5_000;
const BOARD_MEMO_MAX = 32;
const boardMemo = new Map<string, { loaded: LoadedEvents; until: number }>();

/**
 * The cached board of a sport (see the module comment) and the feed's clock, read from
 * one simulator-offset lookup; throws ApiError 404/502 when there is nothing to serve.
 */
export async function loadEvents(
  env: Env,
  sport: SportKey,
  now: number,
  ctx?: ExecutionContext,
): Promise<LoadedEvents & { feedNow: number }> {
  const provider = getFeedProvider(env);
  if (!provider) throw new ApiError(502, "odds-feed-unconfigured", "The odds feed is not configured.");
  const simOffset = provider.name === "simulator" ? await simOffsetMs(env) : 0;
  const feedNowMs = now + simOffset;
  const cacheKey = cacheKeyFor(provider, sport, simOffset);
  const memo = boardMemo.get(cacheKey);
  if (memo && now < memo.until) return { ...memo.loaded, feedNow: feedNowMs };
  const loaded = await loadCachedEvents(
    { kv: env.ODDS_CACHE, provider, cacheKey, waitUntil: ctx ? (p) => ctx.waitUntil(p) : undefined },
    sport,
    now,
  );
  if (!loaded.stale) {
    if (boardMemo.size >= BOARD_MEMO_MAX) boardMemo.clear();
    boardMemo.set(cacheKey, { loaded, until: Math.min(now + BOARD_MEMO_MS, loaded.fetchedAt + ODDS_CACHE_MS) });
  }
  return { ...loaded, feedNow: feedNowMs };
}

export type OddsCacheDeps = {
  kv: KVNamespace;
  provider: OddsFeedProvider;
  cacheKey: string;
  waitUntil?: (promise: Promise<unknown>) => void;
  coldWaitMs?: number;
};

const inflight = new Map<string, Promise<LoadedEvents>>();

export async function loadCachedEvents(deps: OddsCacheDeps, sport: SportKey, now: number): Promise<LoadedEvents> {
  if (!deps.provider.isMapped(sport)) {
    throw new ApiError(404, "sport-not-offered", "This sport is not offered yet. Coming soon.");
  }
  const cached = await deps.kv.get<CachedBoard>(deps.cacheKey, "json");
  if (cached && now - cached.fetchedAt < ODDS_CACHE_MS) return visible(cached, false);

  const running = inflight.get(deps.cacheKey);
  if (running) return running;
  const refresh = refreshBoard(deps, sport, now, cached).finally(() => inflight.delete(deps.cacheKey));
  inflight.set(deps.cacheKey, refresh);
  return refresh;
}

function visible(board: CachedBoard, stale: boolean): LoadedEvents {
  return { events: board.events.filter((e) => e.status !== "final"), stale, fetchedAt: board.fetchedAt };
}

type FailureMarker = Pick<FeedFailure, "kind" | "status" | "message">;

async function refreshBoard(deps: OddsCacheDeps, sport: SportKey, now: number, cached: CachedBoard | null): Promise<LoadedEvents> {
  const lockKey = `${deps.cacheKey}:refreshing`;
  const failKey = `${deps.cacheKey}:failed`;
  const [lock, failed] = await Promise.all([deps.kv.get(lockKey), deps.kv.get<FailureMarker>(failKey, "json")]);

  if (cached && (lock || failed)) return visible(cached, true);
  if (!cached && failed) throw feedError(failed);
  if (!cached && lock) {
    const waited = await waitForBoard(deps);
    if (waited) return visible(waited, false);
  }

  await deps.kv.put(lockKey, String(now), { expirationTtl: MARKER_TTL_SECONDS });
  const result = await deps.provider.fetchOdds(sport, now).catch(
    (err: unknown): FeedFailure => ({ ok: false, kind: "unavailable", status: null, message: `feed error: ${String(err)}` }),
  );
  if (result.ok) {
    const board: CachedBoard = { fetchedAt: now, events: result.value };
    await deps.kv.put(deps.cacheKey, JSON.stringify(board), { expirationTtl: KEEP_STALE_SECONDS });
    await deps.kv.delete(lockKey);
    await deps.kv.delete(failKey);
    return visible(board, false);
  }
  const marker: FailureMarker = { kind: result.kind, status: result.status, message: result.message };
  await deps.kv.put(failKey, JSON.stringify(marker), { expirationTtl: MARKER_TTL_SECONDS });
  await deps.kv.delete(lockKey);
  if (cached) return visible(cached, true);
  throw feedError(marker);
}

async function waitForBoard(deps: OddsCacheDeps): Promise<CachedBoard | null> {
  const deadline = Date.now() + (deps.coldWaitMs ?? COLD_WAIT_MS);
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, COLD_POLL_MS));
    const board = await deps.kv.get<CachedBoard>(deps.cacheKey, "json");
    if (board) return board;
  }
  return null;
}

const FAILURE_CODES: Record<FeedFailure["kind"], string> = {
  unauthorized: "odds-feed-unauthorized",
  "out-of-credits": "odds-feed-out-of-credits",
  "rate-limited": "odds-feed-rate-limited",
  unavailable: "odds-feed-unavailable",
  "bad-response": "odds-feed-bad-response",
  "not-mapped": "sport-not-offered",
};

/** A feed failure as the player's API error: always a 502 (the feed, not us, failed), never a 5xx crash. */
export function feedError(failure: FailureMarker): ApiError {
  if (failure.kind === "not-mapped") return new ApiError(404, FAILURE_CODES[failure.kind], "This sport is not offered yet. Coming soon.");
  return new ApiError(502, FAILURE_CODES[failure.kind], "Live odds are unavailable right now. Please try again shortly.");
}
