// Test helpers for the price desk and its readers: an in-process desk over a scripted
// feed (the logic the PRICE_DESK Durable Object runs), and readers that each stand for
// one isolate (their own memo of boards) over that one desk and the test KV.
import { env } from "cloudflare:workers";
import { storeCloses } from "../../worker/clv/closes-store";
import { parseTunables } from "../../worker/tunables";
import type { OddsFeedProvider } from "../../worker/odds/feed-provider";
import { readBoard, type LoadedEvents, type ReadOptions } from "../../worker/odds/odds-service";
import { boardCacheKey, type DeskBoard } from "../../worker/odds/price-desk/desk-board";
import { memoryDeskStore, memoryPropsStore, propsDeskDeps } from "../../worker/odds/price-desk/desk-deps";
import { PropsDesk, type PropsState } from "../../worker/odds/price-desk/props-desk";
import type { DeskHandle } from "../../worker/odds/price-desk/desk-client";
import { SportDesk, type DeskSettings, type SportDeskDeps } from "../../worker/odds/price-desk/sport-desk";
import type { ViewRules } from "../../worker/odds/price-desk/board-view";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";

const defaults = parseTunables({});
if (!defaults.ok) throw new Error("tunable defaults do not validate");
export const DEFAULT_CLOSE_AFTER = defaults.value.LIVE_CLOSE_AFTER_MINUTES;
const DEFAULT_SAME_GAME = { margin: defaults.value.SAME_GAME_MARGIN / 100, tolerance: defaults.value.SGP_FIT_TOLERANCE / 100 };

export type DeskSetup = {
  liveRefreshMs?: number;
  betRefreshMs?: number;
  maxAgeMs?: number;
  inflightWaitMs?: number;
  liveGuard?: SportDeskDeps["liveGuard"];
  recordFinals?: SportDeskDeps["recordFinals"];
};

/** A desk for `sport` over `provider` as the Durable Object builds it, with the given rules. */
export function testDesk(provider: OddsFeedProvider, sport: SportKey, setup: DeskSetup = {}) {
  const settings: DeskSettings = {
    liveRefreshMs: setup.liveRefreshMs ?? 30_000,
    betRefreshMs: setup.betRefreshMs ?? 3_000,
    closeAfter: DEFAULT_CLOSE_AFTER,
    inflightWaitMs: setup.inflightWaitMs ?? 9_500,
    sameGame: DEFAULT_SAME_GAME,
  };
  const desk = new SportDesk({
    sport,
    provider,
    kv: env.ODDS_CACHE,
    store: memoryDeskStore(),
    settings,
    feedOffsetMs: async () => 0,
    liveGuard: setup.liveGuard,
    recordFinals: setup.recordFinals,
  });
  const props = new PropsDesk(propsDeskDeps(env, provider, sport, memoryPropsStore(), (eventId, now) => desk.game(eventId, now)));
  const handle: DeskHandle = {
    board: (now, maxAgeMs) => desk.board(now, maxAgeMs),
    freshScores: (now, since, deadline) => desk.freshScores(now, since, deadline),
    props: (eventId, now, maxAgeMs) => props.props(eventId, now, maxAgeMs),
  };
  const rules: ViewRules = { maxAgeMs: setup.maxAgeMs ?? 45_000, closeAfter: DEFAULT_CLOSE_AFTER };
  /** One isolate's reader of this desk's board. */
  const isolate = () => {
    const memo = new Map<string, { board: DeskBoard; until: number }>();
    return (now: number, options: ReadOptions = {}, asked: SportKey = sport): Promise<LoadedEvents> =>
      readBoard(
        { kv: env.ODDS_CACHE, provider, desk: handle, feedOffsetMs: 0, liveRefreshMs: settings.liveRefreshMs, rules, memo },
        asked,
        now,
        options,
      );
  };
  return { desk: handle, isolate, rules };
}

/**
 * A desk for `sport` over `provider` that records the closes it captures in D1, as the
 * Durable Object does, reading a game's props answer through `propsOf` when given.
 */
export function closingDesk(provider: OddsFeedProvider, sport: SportKey, propsOf?: (eventId: string) => Promise<PropsState | undefined>) {
  return new SportDesk({
    sport,
    provider,
    kv: env.ODDS_CACHE,
    store: memoryDeskStore(),
    settings: {
      liveRefreshMs: 30_000,
      betRefreshMs: 3_000,
      closeAfter: DEFAULT_CLOSE_AFTER,
      inflightWaitMs: 9_500,
      sameGame: { margin: 0.1, tolerance: 0.01 },
    },
    feedOffsetMs: async () => 0,
    recordCloses: (closes, now) => storeCloses(env.DB, closes, now),
    ...(propsOf && { propsOf }),
  });
}

/** Forgets the boards earlier tests of this file left in KV for a feed named `name`. */
export async function clearBoards(name: OddsFeedProvider["name"] = "the-odds-api"): Promise<void> {
  await Promise.all(SPORT_KEYS.map((sport) => env.ODDS_CACHE.delete(boardCacheKey(name, sport, 0))));
}
