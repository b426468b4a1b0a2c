// One sport's price desk: the single place that asks the feed for that sport, for the
// whole world. Readers whose copy of the board (KV) is due, and bettors who need fresher
// scores after their live-bet delay, ask the desk; whoever asks while a call is under way
// shares it, and the desk calls again only when the board is due (10 minutes, or
// LIVE_REFRESH_SECONDS once a game is under way), a Vantage Cash slip or cash-out needs a
// board younger than the one kept (PREMATCH_CASH_PRICE_MAX_AGE_SECONDS: the asker's max
// age makes it due), or a bettor needs scores newer than the last read (at most one
// scores call per LIVE_BET_REFRESH_SECONDS). Nobody asking means no calls: a desk
// refreshes only while someone reads the board or holds a live slip.
//
// Each answer is merged into the desk's board (desk-board.ts: score changes, games that
// are over, windows passed), kept in the desk's storage and written to KV, where readers
// of every isolate find it. A game the scores report completed has its final recorded
// and its settlement enqueued at once (`recordFinals`, the cron's idempotent path).
//
// Quota guard (credit-guard.ts): while The Odds API's credits are below the reserve or
// spent, a board due only because of the live cadence is not refreshed (its games under
// way are served locked), nor one due only because of an asker's max age (the copy is
// answered as it is, too old for that asker: its cash slip is a 409 odds-stale), and no
// scores are read for bettors. A failed call is remembered for a minute: until then the
// desk serves its copy flagged stale rather than retry.
//
// The desk runs in a Durable Object per sport in production (price-desk.ts); tests run
// the same class in-process with a scripted feed and a fake clock. `now` is always the
// caller's (the Worker's clock); waiting uses real time.
import type { CloseAfterMinutes } from "../../../src/shared/live-rules";
import { ODDS_CACHE_MS } from "../../../src/shared/odds";
import type { EventScore } from "../../../src/shared/schemas/events";
import type { SportKey } from "../../../src/shared/sports";
import type { Logger } from "../../logging/logger";
import type { FeedEvent, FeedFailure, FeedResult, OddsFeedProvider, OddsResult } from "../feed-provider";
import { withSameGameModel, type SameGameRules } from "./same-game-fit";
import { lockSidesBetterThanFair } from "../../../src/shared/fair-lock";
import { lockSureProfitSets } from "../../../src/shared/sure-profit-lock";
import { closesAtStart, gamesStartedSince } from "./desk-closes";
import type { CapturedClose } from "../../clv/closes-store";
import { boardCacheKey, boardFreshUntil, fetchedWithin, mergeOdds, mergeScores, type DeskBoard, type Merged } from "./desk-board";
import type { BoardGame, PropsState } from "./props-desk";

/** A failed call as remembered and answered (no stack, only what a player's error needs). */
export type FailureMarker = Pick<FeedFailure, "kind" | "status" | "message">;

/** The desk's answer: its board (null when it has none), `stale` when the last call failed, and until when a reader may keep it. */
export type DeskAnswer = { board: DeskBoard | null; stale: boolean; failure: FailureMarker | null; freshUntil: number };

export type DeskSettings = {
  liveRefreshMs: number;
  betRefreshMs: number;
  closeAfter: Readonly<CloseAfterMinutes>;
  /** How long a call in flight is waited on before the desk stops trusting it (the feed's timeout and then some). */
  inflightWaitMs: number;
  /** Each game's score model is fitted once per refresh with these (same-game-fit.ts). */
  sameGame: SameGameRules;
};

/** What the desk keeps between calls (a Durable Object's storage, or memory in tests). */
export type DeskState = {
  board: DeskBoard | null;
  failure: { marker: FailureMarker; until: number } | null;
  lastScoresCallAt: number | null;
};

export type DeskStore = { load(): Promise<DeskState | undefined>; save(state: DeskState): Promise<void> };

export type SportDeskDeps = {
  sport: SportKey;
  provider: OddsFeedProvider;
  kv: KVNamespace;
  store: DeskStore;
  settings: DeskSettings;
  /** The feed's clock minus the Worker's (the simulator's offset); 0 for a real feed. */
  feedOffsetMs(): Promise<number>;
  /** True while live refreshes must stop (the quota guard) as of the caller's `now`; never when absent. */
  liveGuard?(now: number): Promise<boolean>;
  /** Records games the scores report final and enqueues their settlement (settlement's, handed in from outside). */
  recordFinals?(finals: EventScore[], now: number): Promise<void>;
  /** Stores the closes of games that started since the last board (once per market; desk-closes.ts). */
  recordCloses?(closes: CapturedClose[], now: number): Promise<void>;
  /** The sport's props desk's last answer for a game, whose props close with it; none are closed when absent. */
  propsOf?(eventId: string): Promise<PropsState | undefined>;
  logger?: Logger;
};

/** A copy is kept this long in KV so an outage can still be served stale. */
const KEEP_STALE_SECONDS = 2 * 24 * 60 * 60;
/** How long a failed call is remembered before the desk asks the feed again. */
const FAILURE_MEMORY_MS = 60_000;
/** While the quota guard holds a live board, readers ask again this soon (the guard may lift). */
const GUARD_RECHECK_MS = 5_000;

type Inflight<T> = { startedAt: number; promise: Promise<T> };

function failureOf(err: unknown): FeedFailure {
  return { ok: false, kind: "unavailable", status: null, message: `feed error: ${String(err)}` };
}

export class SportDesk {
  private state: DeskState | null = null;
  private boardCall: Inflight<DeskAnswer> | null = null;
  private scoresCall: Inflight<void> | null = null;

  constructor(private readonly deps: SportDeskDeps) {}

  private async current(): Promise<DeskState> {
    if (!this.state) this.state = (await this.deps.store.load()) ?? { board: null, failure: null, lastScoresCallAt: null };
    return this.state;
  }

  /** Whether the quota guard is up; a guard that cannot be read counts as up (no credits spent on a guess). */
  private async guardUp(now: number): Promise<boolean> {
    if (!this.deps.liveGuard) return false;
    return this.deps.liveGuard(now).catch((err: unknown) => {
      this.deps.logger?.warn("price desk: quota guard unreadable, treated as up", err);
      return true;
    });
  }

  private answer(board: DeskBoard, freshUntil: number, stale = false, failure: FailureMarker | null = null): DeskAnswer {
    return { board, stale, failure, freshUntil };
  }

  /**
   * The board as of `now`: the desk's copy while it is fresh (and, with `maxAgeMs`, fetched
   * at most that long ago), else one shared call to the feed.
   */
  async board(now: number, maxAgeMs?: number): Promise<DeskAnswer> {
    const offset = await this.deps.feedOffsetMs();
    const feedNow = now + offset;
    const kept = (await this.current()).board;
    const board = kept && kept.feedOffsetMs === offset ? kept : null;
    if (board) {
      const freshUntil = boardFreshUntil(board, feedNow, this.deps.settings.liveRefreshMs);
      if (now < freshUntil && fetchedWithin(board, now, maxAgeMs)) return this.answer(board, freshUntil);
      // Due only because of the live cadence or the asker's max age, not the 10-minute clock:
      // with the quota guard up, keep the copy (live games locked once their cadence is due).
      const upcomingDue = board.fetchedAt + ODDS_CACHE_MS;
      if (now < upcomingDue && (await this.guardUp(now))) {
        if (now < freshUntil) return this.answer(board, freshUntil);
        const latest = await this.current();
        if (board.liveLocked || latest.board !== board)
          return this.answer(latest.board ?? board, Math.min(now + GUARD_RECHECK_MS, upcomingDue));
        const locked = { ...board, liveLocked: true };
        await this.keep({ ...latest, board: locked });
        return this.answer(locked, Math.min(now + GUARD_RECHECK_MS, upcomingDue));
      }
    }
    const state = await this.current();
    if (state.failure && now < state.failure.until) {
      return board
        ? this.answer(board, now, true, state.failure.marker)
        : { board: null, stale: false, failure: state.failure.marker, freshUntil: now };
    }
    const shared = await this.outcomeOf(this.boardCall);
    if (shared) return shared.value;
    const call: Inflight<DeskAnswer> = { startedAt: Date.now(), promise: this.refresh(now, offset) };
    this.boardCall = call;
    try {
      return await call.promise;
    } finally {
      if (this.boardCall === call) this.boardCall = null;
    }
  }

  /** One game as the board lists it as of `now` (its start on the feed's clock, its teams), or null when it is not on the board. */
  async game(eventId: string, now: number): Promise<BoardGame | null> {
    const event = (await this.board(now)).board?.events.find((e) => e.eventId === eventId);
    return event ? { startTime: event.startTime, home: event.home, away: event.away } : null;
  }

  /**
   * The board with scores read at or after `since`, for a bettor whose delay just ended:
   * the board's own refresh may bring them; else one scores call, at most one per
   * LIVE_BET_REFRESH_SECONDS, shared by everyone waiting. Null when none arrive by
   * `deadline` (the feed down, the quota guard up, no board at all).
   */
  async freshScores(now: number, since: number, deadline: number): Promise<DeskAnswer | null> {
    const started = Date.now();
    const clock = () => now + (Date.now() - started);
    for (;;) {
      const answer = await this.board(clock());
      if (!answer.board) return null;
      const state = await this.current();
      const board = state.board ?? answer.board;
      if (board.scoresAt !== null && board.scoresAt >= since) return { ...answer, board };
      if (await this.guardUp(clock())) return null;
      const at = clock();
      const allowedAt = (state.lastScoresCallAt ?? Number.NEGATIVE_INFINITY) + this.deps.settings.betRefreshMs;
      if (at < allowedAt) {
        if (allowedAt > deadline) return null;
        await new Promise((resolve) => setTimeout(resolve, allowedAt - at));
        continue;
      }
      if (at > deadline) return null;
      await this.sharedScoresCall(at);
    }
  }

  /**
   * The outcome of a call under way, waited on until it is `inflightWaitMs` old; null
   * when none is under way or it did not answer by then (a new call may start).
   */
  private async outcomeOf<T>(running: Inflight<T> | null): Promise<{ value: T } | null> {
    if (!running) return null;
    const left = running.startedAt + this.deps.settings.inflightWaitMs - Date.now();
    if (left <= 0) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), left);
    });
    try {
      return await Promise.race([running.promise.then((value) => ({ value })), gaveUp]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One scores call, shared by everyone who asks while it is under way (and not stuck). */
  private async sharedScoresCall(now: number): Promise<void> {
    if (await this.outcomeOf(this.scoresCall)) return;
    const call: Inflight<void> = { startedAt: Date.now(), promise: this.readScores(now) };
    this.scoresCall = call;
    try {
      await call.promise;
    } finally {
      if (this.scoresCall === call) this.scoresCall = null;
    }
  }

  private async refresh(now: number, offset: number): Promise<DeskAnswer> {
    const [result, guarded] = await Promise.all([
      this.deps.provider.fetchOdds(this.deps.sport, now).catch((err: unknown): OddsResult => failureOf(err)),
      this.guardUp(now),
    ]);
    // Merged into the desk's board as it is now (a scores read may have landed meanwhile).
    const state = await this.current();
    const previous = state.board && state.board.feedOffsetMs === offset ? state.board : null;
    if (!result.ok) {
      const marker: FailureMarker = { kind: result.kind, status: result.status, message: result.message };
      await this.keep({ ...state, failure: { marker, until: now + FAILURE_MEMORY_MS } });
      return previous ? this.answer(previous, now, true, marker) : { board: null, stale: false, failure: marker, freshUntil: now };
    }
    // One game, one price: each game's model fitted, then no side offered better than fair (fair-lock.ts),
    // and without a model (or under way) no set of the game's sides that wins on every final score, or on
    // some and loses on none (sure-profit-lock.ts; checked again at each new score as the board merges it, desk-board.ts).
    const events = result.value.map((event) =>
      lockSureProfitSets(lockSidesBetterThanFair(withSameGameModel(event, this.deps.settings.sameGame))),
    );
    const merged = mergeOdds(previous, { events, scores: result.scores }, now, offset, guarded, this.clock(now, offset));
    // Started by the merged board: a game the scores showed begun before its listed start counts then.
    if (this.deps.recordCloses) {
      await this.recordCloses(previous, merged.board.events, now, offset).catch((err: unknown) =>
        this.deps.logger?.error("price desk: closes not recorded", err),
      );
    }
    await this.settle(
      { ...state, board: merged.board, failure: null, lastScoresCallAt: result.scores ? now : state.lastScoresCallAt },
      merged,
      now,
    );
    return this.answer(merged.board, boardFreshUntil(merged.board, now + offset, this.deps.settings.liveRefreshMs));
  }

  /** Stores the closes of the games this answer shows started (their props answers read first). */
  private async recordCloses(previous: DeskBoard | null, events: readonly FeedEvent[], now: number, offset: number): Promise<void> {
    const started = gamesStartedSince(previous, events, now + offset);
    if (started.length === 0) return;
    const propsOf = this.deps.propsOf;
    const states = new Map(propsOf ? await Promise.all(started.map(async (id) => [id, await propsOf(id)] as const)) : []);
    const closes = closesAtStart(previous, events, now + offset, (id) => states.get(id));
    if (closes.length > 0) await this.deps.recordCloses?.(closes, now);
  }

  private async readScores(now: number): Promise<void> {
    const result = await this.deps.provider
      .fetchScores(this.deps.sport, {}, now)
      .catch((err: unknown): FeedResult<EventScore[]> => failureOf(err));
    const state = await this.current();
    if (!result.ok || !state.board) {
      if (!result.ok) this.deps.logger?.warn(`price desk ${this.deps.sport}: scores call failed: ${result.message}`);
      await this.keep({ ...state, lastScoresCallAt: now });
      return;
    }
    const offset = state.board.feedOffsetMs;
    const merged = mergeScores(state.board, result.value, now, this.clock(now, offset));
    // A game these scores show begun before its listed start has its close taken now.
    if (this.deps.recordCloses) {
      await this.recordCloses(state.board, merged.board.events, now, offset).catch((err: unknown) =>
        this.deps.logger?.error("price desk: closes not recorded", err),
      );
    }
    await this.settle({ ...state, board: merged.board, lastScoresCallAt: now }, merged, now);
  }

  private clock(now: number, offset: number) {
    return { now, feedNow: now + offset, closeAfter: this.deps.settings.closeAfter };
  }

  /** Keeps a new board (storage and KV) and records the finals it learned. */
  private async settle(state: DeskState, merged: Merged, now: number): Promise<void> {
    await this.keep(state);
    if (merged.finals.length > 0 && this.deps.recordFinals) {
      await this.deps
        .recordFinals(merged.finals, now)
        .catch((err: unknown) => this.deps.logger?.error("price desk: finals not recorded", err));
    }
  }

  private async keep(state: DeskState): Promise<void> {
    const boardChanged = state.board !== this.state?.board;
    this.state = state;
    await this.deps.store.save(state);
    if (boardChanged && state.board) {
      const key = boardCacheKey(this.deps.provider.name, this.deps.sport, state.board.feedOffsetMs);
      await this.deps.kv
        .put(key, JSON.stringify(state.board), { expirationTtl: KEEP_STALE_SECONDS })
        .catch((err: unknown) => this.deps.logger?.warn("price desk: board not written to KV", err));
    }
  }
}
