// A sport desk's dependencies from this Worker's configuration: the feed, the KV the
// board is written to, the live tunables, the simulator's clock, the quota guard (The
// Odds API only) and the finals recorder. One place, so the Durable Object and the
// in-process desks of tests are built alike. Recording a final is settlement's step, so
// the desk never imports settlement: whoever builds a desk hands it a RecordFinals
// (worker/index.ts for the Durable Object, worker/app.ts for in-process desks).
import type { EventScore } from "../../../src/shared/schemas/events";
import type { SportKey } from "../../../src/shared/sports";
import { loggerFor } from "../../logging/logger";
import { readCreditGuard, readPropsGuard } from "../credit-guard";
import type { OddsFeedProvider } from "../feed-provider";
import { simOffsetMs } from "../simulator/sim-clock";
import { tunables } from "../../tunables";
import { readPropPlayerNames } from "../prop-names";
import { storeCloses } from "../../clv/closes-store";
import type { BoardGame, PropsDeskDeps, PropsState, PropsStore } from "./props-desk";
import type { DeskSettings, DeskStore, SportDeskDeps } from "./sport-desk";

/**
 * Records games a desk learns are final (their scores to D1 `events`) and enqueues their
 * settlement, idempotently: worker/settlement/record-finals.ts implements it.
 */
export type RecordFinals = (env: Env, finals: readonly EventScore[], now: number) => Promise<void>;

/** How much longer than the feed's own timeout a call in flight is waited on. */
const INFLIGHT_GRACE_MS = 1_500;

export function deskSettings(env: Env): DeskSettings {
  const rules = tunables(env);
  return {
    liveRefreshMs: rules.LIVE_REFRESH_SECONDS * 1000,
    betRefreshMs: rules.LIVE_BET_REFRESH_SECONDS * 1000,
    closeAfter: rules.LIVE_CLOSE_AFTER_MINUTES,
    inflightWaitMs: rules.ODDS_API_TIMEOUT_MS + INFLIGHT_GRACE_MS,
    sameGame: { margin: rules.SAME_GAME_MARGIN / 100, tolerance: rules.SGP_FIT_TOLERANCE / 100 },
  };
}

export function sportDeskDeps(
  env: Env,
  provider: OddsFeedProvider,
  sport: SportKey,
  store: DeskStore,
  recordFinals: RecordFinals | undefined,
  propsStore?: PropsStore,
): SportDeskDeps {
  const log = loggerFor(env);
  return {
    sport,
    provider,
    kv: env.ODDS_CACHE,
    store,
    settings: deskSettings(env),
    feedOffsetMs: () => (provider.name === "simulator" ? simOffsetMs(env) : Promise.resolve(0)),
    liveGuard: provider.name === "the-odds-api" ? async (now) => (await readCreditGuard(env, now)).locked : undefined,
    ...(recordFinals && { recordFinals: (finals: EventScore[], now: number) => recordFinals(env, finals, now) }),
    recordCloses: (closes, now) => storeCloses(env.DB, closes, now),
    ...(propsStore && { propsOf: (eventId: string) => propsStore.load(eventId) }),
    logger: log,
  };
}

/** A props desk's dependencies from this Worker's configuration (see props-desk.ts); `gameOf` reads the sport's board. */
export function propsDeskDeps(
  env: Env,
  provider: OddsFeedProvider,
  sport: SportKey,
  store: PropsStore,
  gameOf: (eventId: string, now: number) => Promise<BoardGame | null>,
): PropsDeskDeps {
  const rules = tunables(env);
  return {
    sport,
    provider,
    kv: env.ODDS_CACHE,
    store,
    settings: {
      refreshMs: rules.PROP_REFRESH_SECONDS * 1000,
      minBooks: rules.PROP_FAIR_MIN_BOOKS,
      inflightWaitMs: rules.ODDS_API_TIMEOUT_MS + INFLIGHT_GRACE_MS,
    },
    feedOffsetMs: () => (provider.name === "simulator" ? simOffsetMs(env) : Promise.resolve(0)),
    gameOf,
    guard: provider.name === "the-odds-api" ? async (now) => (await readPropsGuard(env, now)).locked : undefined,
    nameMap: () => readPropPlayerNames(env.DB, sport),
    logger: loggerFor(env),
  };
}

/** Props states kept in memory only (in-process desks). */
export function memoryPropsStore(): PropsStore {
  const kept = new Map<string, PropsState>();
  return {
    load: async (eventId) => kept.get(eventId),
    save: async (eventId, state) => {
      kept.set(eventId, state);
    },
  };
}

/** A desk state kept in memory only (in-process desks). */
export function memoryDeskStore(): DeskStore {
  let kept: Awaited<ReturnType<DeskStore["load"]>>;
  return {
    load: async () => kept,
    save: async (state) => {
      kept = state;
    },
  };
}
