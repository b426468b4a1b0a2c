// How the Worker reaches a sport's price desk: the Durable Object of the configured feed
// (one per feed and sport, for the whole world), or, when the app was built with a feed
// given in code (tests' scripted feeds), one in-process desk per feed and sport kept by
// that app. Tests that stand for several isolates pass one shared desk (`deps.desk`).
import type { SportKey } from "../../../src/shared/sports";
import type { FeedDeps, OddsFeedProvider } from "../feed-provider";
import { memoryDeskStore, memoryPropsStore, propsDeskDeps, sportDeskDeps, type RecordFinals } from "./desk-deps";
import { PropsDesk, type PropsAnswer } from "./props-desk";
import { SportDesk, type DeskAnswer } from "./sport-desk";

/** A sport's desk as its callers use it (see SportDesk). */
export type DeskHandle = {
  /** The board as of `now`; with `maxAgeMs`, one fetched at most that long ago where the desk may fetch one (see SportDesk.board). */
  board(now: number, maxAgeMs?: number): Promise<DeskAnswer>;
  freshScores(now: number, since: number, deadline: number): Promise<DeskAnswer | null>;
  /** One game's players' markets; with `maxAgeMs`, fetched at most that long ago where the desk may fetch them (see PropsDesk.props). */
  props(eventId: string, now: number, maxAgeMs?: number): Promise<PropsAnswer>;
};

/** What the odds reader takes from outside besides the feed: how it finds a sport's desk. */
export type DeskDeps = {
  /** A sport's price desk; the feed's Durable Object (or, with `feed`, one in-process desk per app) when absent. */
  desk?: (env: Env, sport: SportKey) => DeskHandle;
  /** How in-process desks record the finals they learn (the Durable Object is handed its own in worker/index.ts). */
  recordFinals?: RecordFinals;
};

/** The Durable Object desk of `sport` for the feed named `feedName`. */
export function priceDeskObject(env: Env, feedName: OddsFeedProvider["name"], sport: SportKey): DeskHandle {
  const stub = env.PRICE_DESK.get(env.PRICE_DESK.idFromName(`${feedName}:${sport}`));
  return {
    board: (now, maxAgeMs) => stub.board(sport, now, maxAgeMs),
    freshScores: (now, since, deadline) => stub.freshScores(sport, now, since, deadline),
    props: (eventId, now, maxAgeMs) => stub.props(sport, eventId, now, maxAgeMs),
  };
}

/** An in-process desk over `provider` (what the Durable Object runs, with its state in memory). */
export function localDesk(env: Env, provider: OddsFeedProvider, sport: SportKey, recordFinals?: RecordFinals): DeskHandle {
  const propsStore = memoryPropsStore();
  const desk = new SportDesk(sportDeskDeps(env, provider, sport, memoryDeskStore(), recordFinals, propsStore));
  const props = new PropsDesk(propsDeskDeps(env, provider, sport, propsStore, (eventId, now) => desk.game(eventId, now)));
  return {
    board: (now, maxAgeMs) => desk.board(now, maxAgeMs),
    freshScores: (now, since, deadline) => desk.freshScores(now, since, deadline),
    props: (eventId, now, maxAgeMs) => props.props(eventId, now, maxAgeMs),
  };
}

/** Finds the desk of a sport for one app: `deps.desk` when given, else per the module comment. */
export function deskHandles(deps: FeedDeps & DeskDeps) {
  const local = new Map<OddsFeedProvider, Map<SportKey, DeskHandle>>();
  return (env: Env, provider: OddsFeedProvider, sport: SportKey): DeskHandle => {
    if (deps.desk) return deps.desk(env, sport);
    if (!deps.feed) return priceDeskObject(env, provider.name, sport);
    let bySport = local.get(provider);
    if (!bySport) {
      bySport = new Map();
      local.set(provider, bySport);
    }
    let desk = bySport.get(sport);
    if (!desk) {
      desk = localDesk(env, provider, sport, deps.recordFinals);
      bySport.set(sport, desk);
    }
    return desk;
  };
}
