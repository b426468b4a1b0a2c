// GET /api/events (the board's odds for one sport, signed-in players only) and GET
// /api/sports (which sports the active feed carries, so the SPA can mark the rest
// 'Coming soon', the feed's clock, and the live rules: the cadence a board with games
// under way refreshes at and each sport's live-bet delay). The operator's feed status
// (quota, last error and whether the quota guard is up) is an admin route
// (worker/admin/admin-routes.ts).
import { Hono } from "hono";
import { suspendedPropMarkets, withHouseSuspensions } from "../exposure/house-suspensions";
import { z } from "zod";
import type { Event, SportsInfo } from "../../src/shared/schemas/events";
import type { EventProps } from "../../src/shared/schemas/props";
import { SPORT_KEYS, SPORTS } from "../../src/shared/sports";
import { requireUser } from "../auth/require-user";
import { limitPlayerReads } from "../http/rate-limit";
import { ApiError, parseWith } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import { finishedEventIds } from "./finished-events";
import { loggerFor } from "../logging/logger";
import { createOddsReader, feedNow, type OddsDeps, type OddsReader } from "./odds-service";
import { liveRulesOf } from "./live-rules";
import { realDeps, type AppDeps } from "../http/app-deps";
import { tunables } from "../tunables";

/** Spec §7: exactly these parameters, with exactly these values; anything else is a 400. */
export const EventsQuerySchema = z.strictObject({
  sport: z.enum(SPORT_KEYS, { error: "sport must be one of the eight sport keys" }),
  markets: z.literal("h2h,spreads,totals", { error: "markets must be h2h,spreads,totals" }).optional(),
  regions: z.literal("us,us2", { error: "regions must be us,us2" }).optional(),
  oddsFormat: z.literal("american", { error: "oddsFormat must be american" }).optional(),
});

/** GET /api/events/:eventId/props: the game's sport, so its desk is asked. */
export const PropsQuerySchema = z.strictObject({
  sport: z.enum(SPORT_KEYS, { error: "sport must be one of the eight sport keys" }),
});

/** An event id as the feed writes them (letters, digits, dashes, underscores, colons and dots). */
const EventIdSchema = z.string().regex(/^[A-Za-z0-9:._-]{1,100}$/, { error: "eventId is not an event id" });

function singleValuedQuery(all: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, values] of Object.entries(all)) {
    if (values.length !== 1) throw new ApiError(400, "invalid-argument", `${key}: give it once`);
    out[key] = values[0]!;
  }
  return out;
}

// A warm board is the same array for a second (see readBoard), so its JSON is
// serialised once rather than per request.
const serialised = new WeakMap<readonly Event[], string>();
function eventsJson(events: readonly Event[]): string {
  let json = serialised.get(events);
  if (json === undefined) {
    json = JSON.stringify(events);
    serialised.set(events, json);
  }
  return json;
}

/**
 * The board without games under way that settlement or an operator already recorded final
 * or void (the cached copy may still list them as live and priced; placement refuses them).
 * If D1 cannot say, the board is shown as cached: placement checks again.
 */
async function withoutFinishedGames(env: Env, events: readonly Event[], feedNowMs: number, now: number): Promise<readonly Event[]> {
  const started = events.filter((e) => Date.parse(e.startTime) <= feedNowMs).map((e) => ({ eventId: e.eventId, started: true }));
  if (started.length === 0) return events;
  const over = await finishedEventIds(env.DB, started, now, { display: true }).catch((err: unknown) => {
    loggerFor(env).warn("events: finished-games check failed; board shown as cached", err);
    return new Set<string>();
  });
  return over.size === 0 ? events : events.filter((e) => !over.has(e.eventId));
}

export function oddsRoutes(deps: AppDeps & OddsDeps = realDeps, odds: OddsReader = createOddsReader(deps)) {
  const app = new Hono<AppEnv>();

  app.get("/events", requireUser, async (c) => {
    const query = parseWith(EventsQuerySchema, singleValuedQuery(c.req.queries()));
    const now = deps.now();
    const loaded = await odds.load(c.env, query.sport, now);
    const shown = await withoutFinishedGames(c.env, loaded.events, loaded.feedNow, now);
    // Markets an operator suspended read "Suspended"; placement is refused by the game's exposure object either way.
    const events = await withHouseSuspensions(c.env.DB, query.sport, shown, now).catch((err: unknown) => {
      loggerFor(c.env).warn("events: house suspensions could not be read; the board is shown without them", err);
      return shown;
    });
    c.header("Cache-Control", "private, no-store");
    c.header("X-Feed-Now", String(loaded.feedNow));
    c.header("X-Odds-Fetched-At", String(loaded.fetchedAt));
    if (loaded.stale) c.header("X-Odds-Stale", "1");
    c.header("Content-Type", "application/json");
    return c.body(eventsJson(events));
  });

  // `feedNow` is the feed's clock (the simulator's may run ahead of real time); the SPA
  // sorts games into Sports / Live against it.
  // One game's players' markets (pre-match): what the game page lists under the game lines.
  app.get("/events/:eventId/props", requireUser, limitPlayerReads, async (c) => {
    const query = parseWith(PropsQuerySchema, singleValuedQuery(c.req.queries()));
    const eventId = parseWith(EventIdSchema, c.req.param("eventId"));
    const now = deps.now();
    const answer = await odds.props(c.env, query.sport, eventId, now);
    c.header("Cache-Control", "private, no-store");
    const houseSuspended = await suspendedPropMarkets(c.env.DB, query.sport, eventId, now);
    const body: EventProps = {
      eventId: answer.eventId,
      props: answer.props,
      confirmedAt: answer.confirmedAt,
      ...(houseSuspended.length > 0 && { houseSuspended }),
    };
    return c.json(body);
  });

  app.get("/sports", async (c) => {
    const provider = odds.provider(c.env);
    return c.json({
      feedNow: await feedNow(c.env, deps.now()),
      sports: SPORTS.map((s) => ({ key: s.key, label: s.label, mapped: provider?.isMapped(s.key) ?? false })),
      live: liveRulesOf(tunables(c.env)),
    } satisfies SportsInfo);
  });

  return app;
}
