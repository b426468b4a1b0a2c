// One sport's players' markets ("props"), asked of the feed by the same price desk that
// owns the sport's board, so one upstream call per game per PROP_REFRESH_SECONDS holds for
// the whole world: a game's props are fetched when someone opens the game (or the scheduled
// closes watch asks for a game with a prop bet about to start, worker/odds/closes-watch.ts),
// at most once per interval and once more when its last 15 minutes begin (`servesUntil`),
// shared by everyone asking meanwhile, and only before the game starts (props are
// pre-match). Each answer is normalised once (src/shared/props/normalise-props.ts: fair
// prices from PROP_FAIR_MIN_BOOKS books, the operators' name corrections), kept in the
// desk's storage and written to KV, where readers of every isolate find it.
//
// A Vantage Cash slip or cash-out asks with a max age (PREMATCH_CASH_PRICE_MAX_AGE_SECONDS,
// as for the board): the kept copy serves it only while fetched at most that long ago, and
// an older one makes the game due, so the one shared call brings props young enough (and
// resets the PROP_REFRESH_SECONDS clock for everyone, rather than adding to it).
//
// Credits: props give way first. The props guard (credit-guard.ts) stops them at twice the
// live reserve and once they have spent their share of the month's credits; a guarded or
// failed refresh serves the copy kept (a failure is remembered for a minute), marked
// `stale`: the game page still shows it, but placement and cash-out refuse to price from it.
// A refresh due only because of a Vantage Cash asker's max age is held back the same way:
// that asker gets the copy marked `stale` (its slip or quote is a 409 odds-stale), while
// Coins keep the copy on its own clock.
import { CLOSE_MAX_AGE_MS, isCloseSnapshot } from "../../../src/shared/clv";
import { propMarketKeys } from "../../../src/shared/props/catalogue";
import { normaliseProps, type PlayerNameMap } from "../../../src/shared/props/normalise-props";
import { playerIdOf } from "../../../src/shared/props/player-names";
import type { EventOdds } from "../../../src/shared/schemas/event-odds";
import type { EventProps, Prop } from "../../../src/shared/schemas/props";
import type { SportKey } from "../../../src/shared/sports";
import type { Logger } from "../../logging/logger";
import type { FeedResult, OddsFeedProvider } from "../feed-provider";
import { BOOKMAKER_PREFERENCE } from "../normalise";
import { fetchedWithin } from "./desk-board";

/** A game's props as the desk keeps them: what was offered, when the feed confirmed it, and when we asked. */
export type PropsState = {
  /** The game's start on the feed's clock: its props close then. */
  startTime: string;
  props: Prop[];
  confirmedAt: number | null;
  fetchedAt: number;
  /** The simulator's clock offset when `props` were fetched (0 for a real feed): a close is read at the same offset only. Absent on states kept before it was recorded. */
  feedOffsetMs?: number;
  /** Until when a failed call is remembered (no new call before). */
  failureUntil: number | null;
};

/**
 * The desk's answer: the game's props, when the game starts (null when it is not on the
 * board), when we fetched them (null: no copy) and until when a reader may keep them.
 * `stale`: the copy kept is served past its time (the props guard is up, or the feed
 * failed), or past the asker's max age: shown, but no bet or cash-out is priced from it
 * (no price older than the book's own clock allows).
 */
export type PropsAnswer = EventProps & { startTime: string | null; fetchedAt: number | null; freshUntil: number; stale?: true };

export type PropsStore = {
  load(eventId: string): Promise<PropsState | undefined>;
  save(eventId: string, state: PropsState): Promise<void>;
};

/** What the desk needs to know of a game from the sport's board: when it starts (on the feed's clock) and its teams' names. */
export type BoardGame = { startTime: string; home: string; away: string };

export type PropsDeskDeps = {
  sport: SportKey;
  provider: OddsFeedProvider;
  kv: KVNamespace;
  store: PropsStore;
  settings: { refreshMs: number; minBooks: number; inflightWaitMs: number };
  /** The feed's clock minus the Worker's (the simulator's offset); 0 for a real feed. */
  feedOffsetMs(): Promise<number>;
  /** The game as the sport's board lists it, or null when it is not on the board. */
  gameOf(eventId: string, now: number): Promise<BoardGame | null>;
  /** True while props must not be refreshed (the props guard); never when absent. */
  guard?(now: number): Promise<boolean>;
  /** The operators' corrections of the feed's player names for this sport. */
  nameMap(): Promise<PlayerNameMap>;
  logger?: Logger;
};

/** A failed call is remembered this long before the feed is asked again. */
const FAILURE_MEMORY_MS = 60_000;
/** Kept in KV this long, so a reader finds the last answer even when the desk cannot refresh it. */
const KEEP_SECONDS = 24 * 60 * 60;

/**
 * Whether a props answer can be its game's close (src/shared/clv.ts): taken under the feed
 * clock the desk has now (`offsetMs`; a simulator clock moved since makes it no snapshot of
 * the start) and within CLOSE_MAX_AGE_MS before `startAt`, on the feed's clock.
 */
export function isPropsCloseSnapshot(state: Pick<PropsState, "fetchedAt" | "feedOffsetMs">, startAt: number, offsetMs: number): boolean {
  return state.feedOffsetMs === offsetMs && isCloseSnapshot(state.fetchedAt + offsetMs, startAt);
}

/**
 * Until when a kept answer serves, on the Worker's clock: PROP_REFRESH_SECONDS after it was
 * taken, but no later than the opening of its game's close window (CLOSE_MAX_AGE_MS before
 * the start) when it cannot be the close, so the first request inside the window asks the
 * feed again: at most one call more per game.
 */
export function servesUntil(
  state: Pick<PropsState, "startTime" | "fetchedAt" | "feedOffsetMs">,
  refreshMs: number,
  offsetMs: number,
): number {
  const refreshAt = state.fetchedAt + refreshMs;
  const startAt = Date.parse(state.startTime);
  if (isPropsCloseSnapshot(state, startAt, offsetMs)) return refreshAt;
  return Math.min(refreshAt, startAt - CLOSE_MAX_AGE_MS - offsetMs);
}

export function propsCacheKey(providerName: string, sport: SportKey, eventId: string): string {
  return `props:${providerName}:${sport}:${eventId}`;
}

/**
 * Whether an answer's copy was fetched at most `maxAgeMs` before `now` (a Vantage Cash
 * asker's max age, PREMATCH_CASH_PRICE_MAX_AGE_SECONDS); any answer when no age is asked,
 * and one with no copy at all (nothing old to price on).
 */
export function propsFetchedWithin(answer: Pick<PropsAnswer, "fetchedAt">, now: number, maxAgeMs: number | undefined): boolean {
  return answer.fetchedAt === null || fetchedWithin({ fetchedAt: answer.fetchedAt }, now, maxAgeMs);
}

/** A game's props as KV keeps them for readers (always a fetched copy). */
export type CachedProps = PropsAnswer & { fetchedAt: number };

/** When the feed last confirmed the answer: the newest bookmaker or market `last_update`, on the Worker's clock. */
function confirmedAtOf(odds: EventOdds, offsetMs: number): number | null {
  const times = odds.bookmakers.flatMap((book) => [book.last_update, ...book.markets.map((m) => m.last_update)]);
  const parsed = times.map((t) => (t === undefined ? Number.NaN : Date.parse(t))).filter((t) => Number.isFinite(t));
  return parsed.length === 0 ? null : Math.max(...parsed) - offsetMs;
}

/**
 * Each player's side by the operators' name map: the real feed names players only, so an
 * entry's team, matched against the game's home and away names (case and accents aside),
 * is how a real-feed prop learns its side. An entry naming neither team gives none.
 */
function sidesFromNameMap(nameMap: PlayerNameMap, game: BoardGame): Map<string, "home" | "away"> {
  const home = playerIdOf(game.home);
  const away = playerIdOf(game.away);
  const sides = new Map<string, "home" | "away">();
  for (const entry of Object.values(nameMap)) {
    const team = entry.team ? playerIdOf(entry.team) : "";
    if (team === "") continue;
    if (team === home) sides.set(entry.id, "home");
    else if (team === away) sides.set(entry.id, "away");
  }
  return sides;
}

export class PropsDesk {
  private readonly inflight = new Map<string, { startedAt: number; promise: Promise<PropsAnswer> }>();

  constructor(private readonly deps: PropsDeskDeps) {}

  private answer(eventId: string, state: PropsState | undefined, freshUntil: number, stale = false): PropsAnswer {
    const answer: PropsAnswer = {
      eventId,
      props: state?.props ?? [],
      confirmedAt: state?.confirmedAt ?? null,
      startTime: state?.startTime ?? null,
      fetchedAt: state?.fetchedAt ?? null,
      freshUntil,
    };
    return stale && answer.props.length > 0 ? { ...answer, stale: true } : answer;
  }

  /**
   * The game's props as of `now`: the kept copy while fresh (and, with `maxAgeMs`, fetched
   * at most that long ago), else one call to the feed. Everyone asking about a game while
   * an answer is being made shares it, so a crowd opening one game makes one call.
   */
  async props(eventId: string, now: number, maxAgeMs?: number): Promise<PropsAnswer> {
    const running = this.running(eventId, now);
    if (running) {
      const shared = await running;
      // An answer made for an asker with no max age may be a kept copy too old for this one:
      // then this asker's own answer, shared in turn with whoever asks meanwhile.
      if (shared.stale || propsFetchedWithin(shared, now, maxAgeMs)) return shared;
    }
    return this.running(eventId, now) ?? this.start(eventId, now, maxAgeMs);
  }

  /** The answer being made for `eventId`, unless it started too long ago to wait on. */
  private running(eventId: string, now: number): Promise<PropsAnswer> | null {
    const running = this.inflight.get(eventId);
    return running && now - running.startedAt < this.deps.settings.inflightWaitMs ? running.promise : null;
  }

  private start(eventId: string, now: number, maxAgeMs: number | undefined): Promise<PropsAnswer> {
    const promise = this.answerAt(eventId, now, maxAgeMs).finally(() => {
      if (this.inflight.get(eventId)?.promise === promise) this.inflight.delete(eventId);
    });
    this.inflight.set(eventId, { startedAt: now, promise });
    return promise;
  }

  private async answerAt(eventId: string, now: number, maxAgeMs: number | undefined): Promise<PropsAnswer> {
    const { refreshMs } = this.deps.settings;
    const kept = await this.deps.store.load(eventId);
    const offset = await this.deps.feedOffsetMs();
    const keptUntil = kept ? servesUntil(kept, refreshMs, offset) : Number.NEGATIVE_INFINITY;
    // A Vantage Cash asker takes the copy only while fetched at most `maxAgeMs` ago: an older one is due for it.
    if (kept && now < keptUntil && fetchedWithin(kept, now, maxAgeMs)) return this.answer(eventId, kept, keptUntil);
    const game = await this.deps.gameOf(eventId, now);
    // Pre-match only: a game not on the board, or under way, offers no props.
    if (!game || Date.parse(game.startTime) <= now + offset) return this.answer(eventId, undefined, now + refreshMs);
    if (kept?.failureUntil && now < kept.failureUntil) return this.answer(eventId, kept, kept.failureUntil, true);
    if (!this.deps.provider.fetchEventOdds || propMarketKeys(this.deps.sport).length === 0) {
      return this.answer(eventId, undefined, now + refreshMs);
    }
    if (await this.guardUp(now)) return this.answer(eventId, kept, now + FAILURE_MEMORY_MS, true);
    return this.refresh(eventId, game, kept, now, offset);
  }

  /** Whether the props guard is up; one that cannot be read counts as up (no credits spent on a guess). */
  private async guardUp(now: number): Promise<boolean> {
    if (!this.deps.guard) return false;
    return this.deps.guard(now).catch((err: unknown) => {
      this.deps.logger?.warn("props desk: props guard unreadable, treated as up", err);
      return true;
    });
  }

  private async refresh(eventId: string, game: BoardGame, kept: PropsState | undefined, now: number, offset: number): Promise<PropsAnswer> {
    const { sport, provider, settings } = this.deps;
    let result: FeedResult<EventOdds>;
    try {
      // The provider has fetchEventOdds (checked by the caller).
      result = await provider.fetchEventOdds!(sport, eventId, propMarketKeys(sport), now);
    } catch (err) {
      result = { ok: false, kind: "unavailable", status: null, message: `feed error: ${String(err)}` };
    }
    if (!result.ok) {
      this.deps.logger?.warn(`props desk ${sport}: ${eventId} not refreshed: ${result.kind} ${result.message}`);
      const failed: PropsState = {
        startTime: game.startTime,
        props: kept?.props ?? [],
        confirmedAt: kept?.confirmedAt ?? null,
        fetchedAt: kept?.fetchedAt ?? 0,
        ...(kept?.feedOffsetMs !== undefined && { feedOffsetMs: kept.feedOffsetMs }),
        failureUntil: now + FAILURE_MEMORY_MS,
      };
      await this.deps.store.save(eventId, failed);
      return this.answer(eventId, failed, now + FAILURE_MEMORY_MS, true);
    }
    const rosters = provider.playerTeams?.(sport, eventId) ?? {};
    const nameMap = await this.deps.nameMap();
    const mapped = sidesFromNameMap(nameMap, game);
    const props = normaliseProps(result.value, {
      sport,
      eventId,
      minBooks: settings.minBooks,
      nameMap,
      bookPreference: BOOKMAKER_PREFERENCE,
      teamOf: (playerId) => rosters[playerId] ?? mapped.get(playerId) ?? null,
    });
    const state: PropsState = {
      startTime: game.startTime,
      props,
      confirmedAt: confirmedAtOf(result.value, offset),
      fetchedAt: now,
      feedOffsetMs: offset,
      failureUntil: null,
    };
    await this.deps.store.save(eventId, state);
    const freshUntil = servesUntil(state, settings.refreshMs, offset);
    const cached: CachedProps = { ...this.answer(eventId, state, freshUntil), fetchedAt: now };
    await this.deps.kv.put(propsCacheKey(provider.name, sport, eventId), JSON.stringify(cached), { expirationTtl: KEEP_SECONDS });
    return this.answer(eventId, state, freshUntil);
  }
}
