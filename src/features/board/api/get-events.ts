// The board's data calls: GET /api/events for one sport (spec §7, with the spec's exact
// query) behind a 10-minute per-sport cache in session storage (spec §9), and GET
// /api/sports for which sports the feed carries, the feed's clock and the live rules.
// A board with games under way is asked again at the live cadence (use-events.ts), past
// the session cache: in-play prices older than that are not worth showing. The board is
// the first page, so the answers' schemas load beside the first request (see api-client).
import type { ApiClient } from "../../../lib/api-client";
import { ApiError } from "../../../lib/api-client";
import { ODDS_CACHE_MS } from "../../../shared/odds";
import type { Event, SportsInfo } from "../../../shared/schemas/events";
import type { SportKey } from "../../../shared/sports";

const eventSchemas = () => import("../../../shared/schemas/events");

export const EVENTS_QUERY = { markets: "h2h,spreads,totals", regions: "us,us2", oddsFormat: "american" } as const;

const cacheKey = (sport: SportKey) => `vantage.odds.${sport}`;

type CachedEvents = { savedAt: number; events: Event[] };

export function readCachedEvents(sport: SportKey, now: number): Event[] | null {
  try {
    const raw = sessionStorage.getItem(cacheKey(sport));
    if (!raw) return null;
    const cached = JSON.parse(raw) as CachedEvents;
    if (typeof cached.savedAt !== "number" || !Array.isArray(cached.events)) return null;
    return now - cached.savedAt < ODDS_CACHE_MS && cached.savedAt <= now ? cached.events : null;
  } catch {
    return null;
  }
}

function writeCachedEvents(sport: SportKey, events: Event[], now: number): void {
  try {
    sessionStorage.setItem(cacheKey(sport), JSON.stringify({ savedAt: now, events } satisfies CachedEvents));
  } catch {
    // storage full or blocked: the board still works, it just asks again next time
  }
}

/**
 * A sport's events, from the session cache when under 10 minutes old (unless `fresh`, the
 * live poll); a failed answer throws `events {status}`.
 */
export async function getEvents(api: ApiClient, sport: SportKey, now: number, fresh = false): Promise<Event[]> {
  const cached = fresh ? null : readCachedEvents(sport, now);
  if (cached) return cached;
  let events: Event[];
  try {
    events = await api.get("/events", async () => (await eventSchemas()).EventListSchema, { sport, ...EVENTS_QUERY });
  } catch (err) {
    throw new Error(`events ${err instanceof ApiError ? err.status : 0}`, { cause: err });
  }
  writeCachedEvents(sport, events, now);
  return events;
}

export function getSports(api: ApiClient): Promise<SportsInfo> {
  return api.get("/sports", async () => (await eventSchemas()).SportsInfoSchema);
}
