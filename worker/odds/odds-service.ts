// The one way to get the board's odds: which feed is active, and the per-sport KV cache
// in front of it. GET /api/events answers from here, and placing a bet re-checks prices,
// lines and locks against exactly this data, so a player is only ever held to the odds
// they were shown.
//
// Cache rules: a copy is fresh for 10 minutes while none of its games is under way, and
// for LIVE_REFRESH_SECONDS once one is (a game whose start passed since the copy was
// taken makes it a live board at once). A fresh copy is served as is. Otherwise one
// refresh per sport runs at a time: concurrent misses in an isolate share one upstream
// call, and a short KV "refreshing" marker keeps other isolates from stampeding the
// provider (they serve the current copy, or wait briefly for the refresher on a cold
// cache or when a bet needs a fresher price). If the provider fails, the copy is served
// flagged `stale`; with no copy at all it is a 502. Every event carries `confirmedAt`,
// when the feed last confirmed its prices.
//
// The marker coordinates isolates through KV, which is eventually consistent between
// locations: the one-call-per-interval promise holds within a location (where readers
// of one sport's board meet), and at worst once per location across the world.
//
// Quota guard (credit-guard.ts): while The Odds API's credits are below the reserve or
// spent, a live board is not refreshed at the live cadence (only every 10 minutes, like
// an upcoming one) and its games under way are served with every price locked. So are
// games under way whose prices are older than LIVE_PRICE_MAX_AGE_SECONDS (the feed
// failing): a live price is only offered while a bet could be accepted at it.
import { ODDS_CACHE_MS } from "../../src/shared/odds";
import type { Event } from "../../src/shared/schemas/events";
import { isSportKey, type SportKey } from "../../src/shared/sports";
import { oddsFeedMode } from "../config";
import { ApiError } from "../http/api-error";
import { STAND_IN_REFUSED_MESSAGE } from "../http/stand-ins";
import type { FeedFailure, OddsFeedProvider } from "./feed-provider";
import { recordFeedStatus } from "./feed-status";
import { simOffsetMs } from "./simulator/sim-clock";
import { createSimulatorProvider } from "./simulator/simulator-provider";
import { createTheOddsApiProvider } from "./the-odds-api";
import { loggerFor, type Logger } from "../logging/logger";
import { TUNABLES, tunables } from "../tunables";
import { isUnderway } from "../../src/shared/live-rules";
import { readCreditGuard } from "./credit-guard";

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
  const keys = (setting ?? "")
    .split(",")
    .map((k) => k.trim())
    .filter(isSportKey);
  return keys.length > 0 ? keys : undefined;
}

/** A sport's board as kept in KV; `liveLocked` when the quota guard was up as it was taken. */
export type CachedBoard = { fetchedAt: number; events: Event[]; liveLocked?: boolean };
/** A board as served: `stale` when the feed failed and an older copy stands in; fresh until `freshUntil`. */
export type LoadedEvents = { events: Event[]; stale: boolean; fetchedAt: number; freshUntil: number };

/** The active feed: The Odds API with a key; the simulator in development; else none. */
export function getFeedProvider(env: Env): OddsFeedProvider | null {
  if (env.ODDS_API_KEY) {
    return createTheOddsApiProvider({
      apiKey: env.ODDS_API_KEY,
      baseUrl: env.ODDS_API_BASE_URL || "https://api.the-odds-api.com",
      sports: mappedSports(env.ODDS_API_SPORTS),
      timeoutMs: tunables(env).ODDS_API_TIMEOUT_MS,
      record: (update) =>
        recordFeedStatus(env, update, Date.now()).catch((err: unknown) => loggerFor(env).error("feed status not recorded", err)),
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

export type LoadOptions = {
  /** The feed to use; the configured one (getFeedProvider) when absent. */
  provider?: OddsFeedProvider | null;
  /** Placement: games under way must carry prices confirmed at most this long ago (re-fetched first if older). */
  liveMaxAgeMs?: number;
};

/**
 * The cached board of a sport (see the module comment) and the feed's clock, read from
 * one simulator-offset lookup; throws ApiError 404/502 when there is nothing to serve.
 */
export async function loadEvents(
  env: Env,
  sport: SportKey,
  now: number,
  ctx?: ExecutionContext,
  options: LoadOptions = {},
): Promise<LoadedEvents & { feedNow: number }> {
  const provider = options.provider === undefined ? getFeedProvider(env) : options.provider;
  if (!provider) {
    // The simulator refused beside a live Stripe key (worker/config.ts): a configuration problem, not a feed outage.
    if (oddsFeedMode(env) === "refused") throw new ApiError(503, "not-configured", STAND_IN_REFUSED_MESSAGE);
    throw new ApiError(502, "odds-feed-unconfigured", "The odds feed is not configured.");
  }
  const simOffset = provider.name === "simulator" ? await simOffsetMs(env) : 0;
  const feedNowMs = now + simOffset;
  const cacheKey = cacheKeyFor(provider, sport, simOffset);
  const memo = boardMemo.get(cacheKey);
  const tooOld = (loaded: LoadedEvents) =>
    options.liveMaxAgeMs !== undefined &&
    now - loaded.fetchedAt > options.liveMaxAgeMs &&
    loaded.events.some((e) => isUnderway(e, feedNowMs));
  if (memo && now < memo.until && !tooOld(memo.loaded)) return { ...memo.loaded, feedNow: feedNowMs };
  const rules = tunables(env);
  const loaded = await loadCachedEvents(
    {
      kv: env.ODDS_CACHE,
      provider,
      cacheKey,
      waitUntil: ctx ? (p) => ctx.waitUntil(p) : undefined,
      feedOffsetMs: simOffset,
      liveRefreshMs: rules.LIVE_REFRESH_SECONDS * 1000,
      liveMaxAgeMs: rules.LIVE_PRICE_MAX_AGE_SECONDS * 1000,
      liveGuard: provider.name === "the-odds-api" ? async () => (await readCreditGuard(env, now)).locked : undefined,
      logger: loggerFor(env),
      inflightWaitMs: rules.ODDS_API_TIMEOUT_MS + COLD_WAIT_MS,
    },
    sport,
    now,
    { liveMaxAgeMs: options.liveMaxAgeMs },
  );
  if (!loaded.stale) {
    if (boardMemo.size >= BOARD_MEMO_MAX) boardMemo.clear();
    boardMemo.set(cacheKey, { loaded, until: Math.min(now + BOARD_MEMO_MS, loaded.freshUntil) });
  }
  return { ...loaded, feedNow: feedNowMs };
}

export type OddsCacheDeps = {
  kv: KVNamespace;
  provider: OddsFeedProvider;
  cacheKey: string;
  waitUntil?: (promise: Promise<unknown>) => void;
  coldWaitMs?: number;
  /** The feed's clock minus real time (the simulator's offset); 0 for a real feed. */
  feedOffsetMs?: number;
  /** How long a board with games under way stays fresh; LIVE_REFRESH_SECONDS' default when absent. */
  liveRefreshMs?: number;
  /** A game under way whose prices are older than this shows locked (no pick at a price that would be refused). */
  liveMaxAgeMs?: number;
  /** True while live refreshes must stop (the quota guard); never when absent. */
  liveGuard?: () => Promise<boolean>;
  /** Where refresh problems are reported; unreported when absent. */
  logger?: Logger;
  /** This isolate's refreshes in flight (one per cache key); a module-wide map when absent. */
  inflight?: Map<string, InflightRefresh>;
  /** How long a reader waits on this isolate's refresh before it stops trusting it (the feed's timeout and then some). */
  inflightWaitMs?: number;
};

/**
 * One refresh under way in this isolate, as plain data. Readers of other requests poll it
 * on their own timers rather than awaiting the refreshing request's promise: a promise
 * settled from another request's context is not safe to share in Workers (if that request
 * is cancelled mid-refresh its promise never settles), so a refresh older than
 * `inflightWaitMs` is no longer waited on.
 */
export type InflightRefresh = { startedAt: number; outcome: { ok: true; loaded: LoadedEvents } | { ok: false; error: unknown } | null };

const sharedInflight = new Map<string, InflightRefresh>();
const INFLIGHT_POLL_MS = 20;
const DEFAULT_LIVE_REFRESH_MS = Number(TUNABLES.LIVE_REFRESH_SECONDS.default) * 1000;

function hasGamesUnderway(board: CachedBoard, feedNowMs: number): boolean {
  return board.events.some((e) => e.status !== "final" && isUnderway(e, feedNowMs));
}

/** When a copy stops being fresh: 10 minutes after it was taken, or the live cadence once a game is under way. */
function freshUntil(board: CachedBoard, deps: OddsCacheDeps, now: number): number {
  const live = hasGamesUnderway(board, now + (deps.feedOffsetMs ?? 0));
  return board.fetchedAt + (live ? (deps.liveRefreshMs ?? DEFAULT_LIVE_REFRESH_MS) : ODDS_CACHE_MS);
}

export async function loadCachedEvents(
  deps: OddsCacheDeps,
  sport: SportKey,
  now: number,
  options: { liveMaxAgeMs?: number } = {},
): Promise<LoadedEvents> {
  if (!deps.provider.isMapped(sport)) {
    throw new ApiError(404, "sport-not-offered", "This sport is not offered yet. Coming soon.");
  }
  const cached = await deps.kv.get<CachedBoard>(deps.cacheKey, "json");
  let needFresh = false;
  if (cached) {
    const live = hasGamesUnderway(cached, now + (deps.feedOffsetMs ?? 0));
    needFresh = live && options.liveMaxAgeMs !== undefined && now - cached.fetchedAt > options.liveMaxAgeMs;
    if (now < freshUntil(cached, deps, now) && !needFresh) return visible(cached, false, deps, now);
    // Due only because of the live cadence: with the quota guard up, keep the copy (live games locked).
    if (live && now - cached.fetchedAt < ODDS_CACHE_MS && (await guardUp(deps))) {
      const locked = visible({ ...cached, liveLocked: true }, false, deps, now);
      return { ...locked, freshUntil: Math.min(now + BOARD_MEMO_MS, cached.fetchedAt + ODDS_CACHE_MS) };
    }
  }

  const inflight = deps.inflight ?? sharedInflight;
  const waitMs = deps.inflightWaitMs ?? Number(TUNABLES.ODDS_API_TIMEOUT_MS.default) + COLD_WAIT_MS;
  const running = inflight.get(deps.cacheKey);
  if (running && Date.now() - running.startedAt < waitMs) {
    const outcome = await refreshOutcome(running, running.startedAt + waitMs);
    if (outcome?.ok) return outcome.loaded;
    if (outcome) throw outcome.error;
  }
  const entry: InflightRefresh = { startedAt: Date.now(), outcome: null };
  inflight.set(deps.cacheKey, entry);
  try {
    const loaded = await refreshBoard(deps, sport, now, cached, needFresh);
    entry.outcome = { ok: true, loaded };
    return loaded;
  } catch (err) {
    entry.outcome = { ok: false, error: err };
    throw err;
  } finally {
    if (inflight.get(deps.cacheKey) === entry) inflight.delete(deps.cacheKey);
  }
}

/** Polls another request's refresh until it has an outcome, or null at `deadline`. */
async function refreshOutcome(running: InflightRefresh, deadline: number): Promise<InflightRefresh["outcome"]> {
  while (running.outcome === null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, INFLIGHT_POLL_MS));
  }
  return running.outcome;
}

/** Whether the quota guard is up; a guard that cannot be read counts as up (no credits spent on a guess). */
async function guardUp(deps: OddsCacheDeps): Promise<boolean> {
  if (!deps.liveGuard) return false;
  return deps.liveGuard().catch((err: unknown) => {
    deps.logger?.warn("odds: quota guard unreadable, treated as up", err);
    return true;
  });
}

/**
 * What players see of a copy: finished games gone; games under way locked while the
 * quota guard is up, or once their prices are older than a bet could be accepted at
 * (the feed failing, say), so nobody picks a live price that would be refused.
 */
function visible(board: CachedBoard, stale: boolean, deps: OddsCacheDeps, now: number): LoadedEvents {
  const feedNowMs = now + (deps.feedOffsetMs ?? 0);
  const tooOld = (e: Event) => deps.liveMaxAgeMs !== undefined && now - (e.confirmedAt ?? board.fetchedAt) > deps.liveMaxAgeMs;
  const events = board.events
    .filter((e) => e.status !== "final")
    .map((e) => ((board.liveLocked || tooOld(e)) && isUnderway(e, feedNowMs) ? lockedEvent(e) : e));
  return { events, stale, fetchedAt: board.fetchedAt, freshUntil: freshUntil(board, deps, now) };
}

function lockedEvent(event: Event): Event {
  const { moneyline, spread, total } = event.markets;
  return {
    ...event,
    markets: {
      ...(moneyline && { moneyline: { home: null, away: null } }),
      ...(spread && { spread: { ...spread, home: null, away: null } }),
      ...(total && { total: { ...total, over: null, under: null } }),
    },
  };
}

type FailureMarker = Pick<FeedFailure, "kind" | "status" | "message">;

async function refreshBoard(
  deps: OddsCacheDeps,
  sport: SportKey,
  now: number,
  cached: CachedBoard | null,
  needFresh: boolean,
): Promise<LoadedEvents> {
  const lockKey = `${deps.cacheKey}:refreshing`;
  const failKey = `${deps.cacheKey}:failed`;
  const [lock, failed] = await Promise.all([deps.kv.get(lockKey), deps.kv.get<FailureMarker>(failKey, "json")]);

  if (cached && failed) return visible(cached, true, deps, now);
  if (cached && lock) {
    // Another isolate is asking the feed. A bet that needs a fresher price waits for it.
    const newer = needFresh ? await waitForBoard(deps, cached.fetchedAt) : null;
    return visible(newer ?? cached, false, deps, now);
  }
  if (!cached && failed) throw feedError(failed);
  if (!cached && lock) {
    const waited = await waitForBoard(deps, null);
    if (waited) return visible(waited, false, deps, now);
  }

  await deps.kv.put(lockKey, String(now), { expirationTtl: MARKER_TTL_SECONDS });
  const [result, guarded] = await Promise.all([
    deps.provider
      .fetchOdds(sport, now)
      .catch((err: unknown): FeedFailure => ({ ok: false, kind: "unavailable", status: null, message: `feed error: ${String(err)}` })),
    guardUp(deps),
  ]);
  if (result.ok) {
    const board: CachedBoard = { fetchedAt: now, events: result.value.map((e) => ({ ...e, confirmedAt: now })), liveLocked: guarded };
    await deps.kv.put(deps.cacheKey, JSON.stringify(board), { expirationTtl: KEEP_STALE_SECONDS });
    await deps.kv.delete(lockKey);
    await deps.kv.delete(failKey);
    return visible(board, false, deps, now);
  }
  const marker: FailureMarker = { kind: result.kind, status: result.status, message: result.message };
  await deps.kv.put(failKey, JSON.stringify(marker), { expirationTtl: MARKER_TTL_SECONDS });
  await deps.kv.delete(lockKey);
  if (cached) return visible(cached, true, deps, now);
  throw feedError(marker);
}

/** Waits briefly for another isolate's refresh to land (on a cold cache whatever copy comes, else one newer than `after`). */
async function waitForBoard(deps: OddsCacheDeps, after: number | null): Promise<CachedBoard | null> {
  const deadline = Date.now() + (deps.coldWaitMs ?? COLD_WAIT_MS);
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, COLD_POLL_MS));
    const board = await deps.kv.get<CachedBoard>(deps.cacheKey, "json");
    if (board && (after === null || board.fetchedAt > after)) return board;
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
