// The one way to get the board's odds: which feed is active, and how a request reads a
// sport's board. GET /api/events answers from here, and placing a bet re-checks prices,
// lines, locks and the live rules against exactly this data, so a player is only ever
// held to the odds they were shown.
//
// Every sport has one price desk (worker/odds/price-desk/): the only caller of the feed for
// that sport, for the whole world. It writes the board to KV; a reader serves the KV copy
// while it is fresh (10 minutes while none of its games is under way, LIVE_REFRESH_SECONDS
// once one is: a game whose start passed since the copy was taken makes it a live board
// at once) and otherwise asks the desk, which shares one call among everyone asking. If
// the feed fails, the copy is served flagged `stale`; with no copy at all it is a 502.
// Every event carries `confirmedAt`, when we fetched its prices.
//
// Vantage Cash is priced on a younger board than Coins: a read with a max age (a cash
// slip or cash-out, PREMATCH_CASH_PRICE_MAX_AGE_SECONDS) takes no copy fetched longer ago
// than that, however fresh by its own clock, and asks the desk to fetch one; a board the
// desk cannot bring that fresh (the feed down, the quota guard up) is served `stale`, so
// the slip is a 409 odds-stale and never priced on the old one. A game's props are read
// the same way (`props` with a max age; the props guard stops their calls).
//
// Those early calls give way to live play: while The Odds API's remaining credits are
// below twice FEED_CREDIT_RESERVE (the cash clock's guard, credit-guard.ts), a reader
// hands its desk no max age at all, so the desk answers on the copy's own clock and
// fetches nothing early; the copy, too old for the read, is served `stale`. Live
// refreshes go on down to the reserve itself. (Who may ask with a max age at all is the
// routes' matter: worker/bets/cash-clock.ts.)
//
// What a reader serves is the board view at its `now` (price-desk/board-view.ts):
// finished games gone; live prices offered only while the live rules allow (the book's
// clock, close windows, suspension after a score change), and every live price locked
// while the quota guard is up or our copy is older than LIVE_PRICE_MAX_AGE_SECONDS.
import type { Event } from "../../src/shared/schemas/events";
import { isSportKey, type SportKey } from "../../src/shared/sports";
import { oddsFeedMode } from "../config";
import { ApiError } from "../http/api-error";
import { STAND_IN_REFUSED_MESSAGE } from "../http/stand-ins";
import { boardCacheKey, boardFreshUntil, fetchedWithin, type DeskBoard } from "./price-desk/desk-board";
import { boardView, type ViewRules } from "./price-desk/board-view";
import { deskHandles, type DeskDeps, type DeskHandle } from "./price-desk/desk-client";
import { propsCacheKey, propsFetchedWithin, type CachedProps, type PropsAnswer } from "./price-desk/props-desk";
import type { FailureMarker } from "./price-desk/sport-desk";
import type { FeedDeps, FeedFailure, OddsFeedProvider } from "./feed-provider";
import { recordFeedStatus } from "./feed-status";
import { simOffsetMs } from "./simulator/sim-clock";
import { createSimulatorProvider } from "./simulator/simulator-provider";
import { createTheOddsApiProvider } from "./the-odds-api";
import { loggerFor } from "../logging/logger";
import { tunables } from "../tunables";
import { isolateMemo } from "../isolate-memos";
import { readCashClockGuard } from "./credit-guard";

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

/** A board as served: `stale` when the feed failed and an older copy stands in, or it is older than the read's max age; fresh until `freshUntil`. */
export type LoadedEvents = { events: Event[]; stale: boolean; fetchedAt: number; freshUntil: number; feedNow: number };

/** The active feed: The Odds API with a key; the simulator in development; else none. */
export function getFeedProvider(env: Env): OddsFeedProvider | null {
  if (env.ODDS_API_KEY) {
    return createTheOddsApiProvider({
      apiKey: env.ODDS_API_KEY,
      baseUrl: env.ODDS_API_BASE_URL || "https://api.the-odds-api.com",
      sports: mappedSports(env.ODDS_API_SPORTS),
      timeoutMs: tunables(env).ODDS_API_TIMEOUT_MS,
      fairMinBooks: tunables(env).FAIR_MIN_BOOKS,
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

// A reader keeps the boards it read for a few seconds (never past their freshness), so a
// warm board costs no KV read or JSON parse; short, so a desk's refresh shows within seconds.
const BOARD_MEMO_MS = 5_000;
const BOARD_MEMO_MAX = 32;
// The players' view of a board is reused for a second (its live rules move with time).
const VIEW_MEMO_MS = 1_000;

/** What one read of a sport's board needs: where the desk's copy is, the desk, and the rules to view it by. */
export type BoardReadDeps = {
  kv: KVNamespace;
  provider: OddsFeedProvider;
  desk: DeskHandle;
  feedOffsetMs: number;
  liveRefreshMs: number;
  rules: ViewRules;
  /** This isolate's boards read recently (the reader's own). */
  memo: Map<string, { board: DeskBoard; until: number }>;
  /**
   * True while no copy may be fetched early for a read's max age (the cash clock's guard,
   * see the module comment); never when absent (the simulator has no quota).
   */
  cashClockGuard?(now: number): Promise<boolean>;
};

export type ReadOptions = {
  /**
   * Placement's view of the slip's games alone (a bet need not view the whole board): games
   * that are over stay, closed, so a slip on one is named.
   */
  placement?: { games: ReadonlySet<string> };
  /** A board the desk just answered (after a bettor's delay): used instead of reading one. */
  board?: DeskBoard;
  /**
   * The oldest board the read may price on, in ms since its fetch (a Vantage Cash slip or
   * cash-out: PREMATCH_CASH_PRICE_MAX_AGE_SECONDS): an older copy is asked of the desk
   * again, and one the desk cannot bring that fresh is served `stale`. None: the board's own clock.
   */
  maxAgeMs?: number;
};

/** How a game's props are read: with `maxAgeMs`, as a board (ReadOptions.maxAgeMs), for a Vantage Cash slip or cash-out. */
export type PropsReadOptions = Pick<ReadOptions, "maxAgeMs">;

const views = new WeakMap<DeskBoard, { at: number; events: Event[] }>();

/**
 * The max age a read hands its desk: its own, unless the cash clock's guard is up; then
 * none, so the desk fetches nothing early for it (and the read serves the too-old copy `stale`).
 */
async function maxAgeToAsk(guard: BoardReadDeps["cashClockGuard"], now: number, maxAgeMs: number | undefined): Promise<number | undefined> {
  if (maxAgeMs === undefined || !guard) return maxAgeMs;
  return (await guard(now)) ? undefined : maxAgeMs;
}

/** Reads a sport's board as described in the module comment; throws ApiError 404/502 when there is nothing to serve. */
export async function readBoard(deps: BoardReadDeps, sport: SportKey, now: number, options: ReadOptions = {}): Promise<LoadedEvents> {
  if (!deps.provider.isMapped(sport)) throw new ApiError(404, "sport-not-offered", "This sport is not offered yet. Coming soon.");
  const feedNowMs = now + deps.feedOffsetMs;
  let board = options.board ?? null;
  let stale = false;
  const young = (b: DeskBoard) => fetchedWithin(b, now, options.maxAgeMs);
  if (!board) {
    const key = boardCacheKey(deps.provider.name, sport, deps.feedOffsetMs);
    const memo = deps.memo.get(key);
    // A memo never outlives the board's freshness (a game starting makes it live at once).
    if (memo && now < memo.until && now < boardFreshUntil(memo.board, feedNowMs, deps.liveRefreshMs) && young(memo.board)) {
      board = memo.board;
    } else {
      let until: number;
      const kept = await deps.kv.get<DeskBoard>(key, "json");
      const keptFreshUntil = kept ? boardFreshUntil(kept, feedNowMs, deps.liveRefreshMs) : 0;
      if (kept && now < keptFreshUntil && young(kept)) {
        board = kept;
        until = keptFreshUntil;
      } else {
        const answer = await deps.desk.board(now, await maxAgeToAsk(deps.cashClockGuard, now, options.maxAgeMs));
        if (!answer.board) throw feedError(answer.failure ?? { kind: "unavailable", status: null, message: "no board" });
        board = answer.board;
        stale = answer.stale;
        until = answer.freshUntil;
      }
      if (!stale) {
        if (deps.memo.size >= BOARD_MEMO_MAX) deps.memo.clear();
        deps.memo.set(key, { board, until: Math.min(now + BOARD_MEMO_MS, until) });
      }
    }
  }
  // Older than the read allows (the desk could not fetch a younger one): priced on by no one.
  if (!young(board)) stale = true;
  const clock = { now, feedNow: feedNowMs };
  let events: Event[];
  if (options.placement) {
    events = boardView(board, clock, deps.rules, { placement: true, only: options.placement.games });
  } else {
    const seen = views.get(board);
    if (seen && now >= seen.at && now - seen.at < VIEW_MEMO_MS) events = seen.events;
    else {
      events = boardView(board, clock, deps.rules);
      views.set(board, { at: now, events });
    }
  }
  return {
    events,
    stale,
    fetchedAt: board.fetchedAt,
    freshUntil: boardFreshUntil(board, feedNowMs, deps.liveRefreshMs),
    feedNow: feedNowMs,
  };
}

/** The live view rules of this configuration. */
export function viewRules(env: Env): ViewRules {
  const rules = tunables(env);
  return { maxAgeMs: rules.LIVE_PRICE_MAX_AGE_SECONDS * 1000, closeAfter: rules.LIVE_CLOSE_AFTER_MINUTES };
}

/** What routes that read the odds take from outside: the feed, and how a sport's desk is found. */
export type OddsDeps = FeedDeps & DeskDeps;

/**
 * The odds as one Worker isolate reads them: its feed (the configured one, or the one
 * `deps.feed` gives), each sport's desk, and this isolate's memo of boards read.
 */
export function createOddsReader(deps: OddsDeps = {}) {
  const memo = new Map<string, { board: DeskBoard; until: number }>();
  isolateMemo(() => memo.clear());
  const desks = deskHandles(deps);
  // The simulator refused beside a live Stripe key (worker/config.ts) is a configuration problem, not a feed outage.
  const noFeed = (env: Env) =>
    oddsFeedMode(env) === "refused"
      ? new ApiError(503, "not-configured", STAND_IN_REFUSED_MESSAGE)
      : new ApiError(502, "odds-feed-unconfigured", "The odds feed is not configured.");
  const providerOf = (env: Env) => (deps.feed ? deps.feed(env) : getFeedProvider(env));
  /** The cash clock's guard of The Odds API; one that cannot be read counts as up (no credits spent on a guess). */
  const cashClockGuardOf = (env: Env, provider: OddsFeedProvider): BoardReadDeps["cashClockGuard"] =>
    provider.name === "the-odds-api"
      ? (now) =>
          readCashClockGuard(env, now).then(
            (guard) => guard.locked,
            (err: unknown) => {
              loggerFor(env).warn("odds: the cash clock's guard is unreadable, treated as up", err);
              return true;
            },
          )
      : undefined;
  return {
    provider: providerOf,
    /** The desk of `sport` for this configuration's feed. */
    desk(env: Env, sport: SportKey): DeskHandle {
      const provider = providerOf(env);
      if (!provider) throw noFeed(env);
      return desks(env, provider, sport);
    },
    /**
     * The final score the sport's desk holds for a game right now, when the feed's scores
     * said it completed; null otherwise, and when the desk cannot be asked (an operator's
     * final then waits for a second operator: failing closed).
     */
    async reportedFinal(env: Env, sport: string, eventId: string, now: number): Promise<{ homeScore: number; awayScore: number } | null> {
      const provider = providerOf(env);
      if (!provider || !isSportKey(sport)) return null;
      try {
        const facts = (await desks(env, provider, sport).board(now)).board?.games[eventId];
        if (!facts?.completed || facts.homeScore === null || facts.awayScore === null) return null;
        return { homeScore: facts.homeScore, awayScore: facts.awayScore };
      } catch (err) {
        loggerFor(env).warn(`price desk ${sport}: could not read the state of ${eventId}`, err);
        return null;
      }
    },
    /**
     * One game's players' markets: the copy in KV while fresh (and, with `maxAgeMs`, fetched
     * at most that long ago), else the sport's desk (one feed call per game per
     * PROP_REFRESH_SECONDS, worldwide, or sooner for a max age, unless the cash clock's
     * guard is up). Pre-match only: once the game has started on the feed's clock, none
     * are offered, whatever a copy says.
     */
    async props(env: Env, sport: SportKey, eventId: string, now: number, options: PropsReadOptions = {}): Promise<PropsAnswer> {
      const provider = providerOf(env);
      if (!provider) throw noFeed(env);
      const { maxAgeMs } = options;
      const cached = await env.ODDS_CACHE.get<CachedProps>(propsCacheKey(provider.name, sport, eventId), "json");
      const answer =
        cached && now < cached.freshUntil && propsFetchedWithin(cached, now, maxAgeMs)
          ? cached
          : await desks(env, provider, sport).props(eventId, now, await maxAgeToAsk(cashClockGuardOf(env, provider), now, maxAgeMs));
      // On the clock of this reader's feed, as its desk reads it (desk-deps.ts).
      const feedOffsetMs = provider.name === "simulator" ? await simOffsetMs(env) : 0;
      const started = answer.startTime !== null && Date.parse(answer.startTime) <= now + feedOffsetMs;
      if (started) return { ...answer, props: [] };
      // Older than the read allows (the desk could not fetch younger ones): priced on by no one.
      if (answer.props.length > 0 && !propsFetchedWithin(answer, now, maxAgeMs)) return { ...answer, stale: true };
      return answer;
    },
    async load(env: Env, sport: SportKey, now: number, options: ReadOptions = {}): Promise<LoadedEvents> {
      const provider = providerOf(env);
      if (!provider) throw noFeed(env);
      const rules = tunables(env);
      return readBoard(
        {
          kv: env.ODDS_CACHE,
          provider,
          desk: desks(env, provider, sport),
          feedOffsetMs: provider.name === "simulator" ? await simOffsetMs(env) : 0,
          liveRefreshMs: rules.LIVE_REFRESH_SECONDS * 1000,
          rules: viewRules(env),
          memo,
          cashClockGuard: cashClockGuardOf(env, provider),
        },
        sport,
        now,
        options,
      );
    },
  };
}

export type OddsReader = ReturnType<typeof createOddsReader>;

const defaultReader = createOddsReader();

/** The board of a sport as the configured feed's readers see it (scripts and tests outside a request's app). */
export function loadEvents(env: Env, sport: SportKey, now: number): Promise<LoadedEvents> {
  return defaultReader.load(env, sport, now);
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
