// The Odds API v4 feed (used whenever ODDS_API_KEY is set). Every outcome is a value:
// a bad key, spent credits, a rate limit, a timeout or an upstream 5xx each come back as
// a distinct FeedFailure, so the board answers a clean 502 (or serves its stale copy)
// and never a 5xx of ours. Quota headers of every call are reported for the operator.
import { z } from "zod";
import { START_SOON_MS } from "../../src/shared/odds";
import { EventOddsSchema, type EventOdds } from "../../src/shared/schemas/event-odds";
import type { EventScore } from "../../src/shared/schemas/events";
import type { SportKey } from "../../src/shared/sports";
import type { FeedFailure, FeedQuota, FeedResult, OddsFeedProvider, OddsResult } from "./feed-provider";
import type { FeedStatusUpdate } from "./feed-status";
import { TUNABLES } from "../tunables";
import { normaliseFeedEvent, normaliseScore, OddsApiEventSchema, OddsApiScoreSchema, type OddsApiScore } from "./normalise";

export type TheOddsApiOptions = {
  apiKey: string;
  baseUrl: string;
  /** Mapped sports; all eight by default. */
  sports?: readonly SportKey[];
  /** Records each call's outcome; reports its own failures and never rejects. */
  record?: (update: FeedStatusUpdate) => Promise<void>;
  fetcher?: typeof fetch;
  /** Defaults to the ODDS_API_TIMEOUT_MS tunable's default. */
  timeoutMs?: number;
  /** The fewest books quoting a line for its fair price (FAIR_MIN_BOOKS); its default when absent. */
  fairMinBooks?: number;
};

function headerInt(headers: Headers, name: string): number | null {
  const raw = headers.get(name);
  if (raw === null) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? Math.round(n) : null;
}

export function quotaFrom(headers: Headers): FeedQuota | null {
  const quota = {
    remaining: headerInt(headers, "x-requests-remaining"),
    used: headerInt(headers, "x-requests-used"),
    last: headerInt(headers, "x-requests-last"),
  };
  return quota.remaining === null && quota.used === null && quota.last === null ? null : quota;
}

/** Classifies a non-OK answer of The Odds API. */
export function classifyFailure(status: number, body: string): FeedFailure {
  let errorCode = "";
  let message = body.slice(0, 200);
  try {
    const parsed = JSON.parse(body) as { error_code?: unknown; message?: unknown };
    if (typeof parsed.error_code === "string") errorCode = parsed.error_code;
    if (typeof parsed.message === "string") message = parsed.message;
  } catch {
    // a non-JSON error body is kept as text
  }
  if (errorCode === "OUT_OF_USAGE_CREDITS") return { ok: false, kind: "out-of-credits", status, message };
  if (status === 401) return { ok: false, kind: "unauthorized", status, message };
  if (status === 429) return { ok: false, kind: "rate-limited", status, message };
  if (status === 404) return { ok: false, kind: "not-mapped", status, message };
  if (status >= 500) return { ok: false, kind: "unavailable", status, message };
  return { ok: false, kind: "bad-response", status, message };
}

export function createTheOddsApiProvider(options: TheOddsApiOptions): OddsFeedProvider {
  const fetcher = options.fetcher ?? fetch;
  const mapped = new Set<string>(options.sports ?? []);
  const isMapped = (sport: SportKey) => options.sports === undefined || mapped.has(sport);

  async function call<T>(
    sport: SportKey,
    path: string,
    params: Record<string, string>,
    schema: z.ZodType<T>,
    purpose: "board" | "props" = "board",
  ): Promise<FeedResult<T>> {
    const url = new URL(`${options.baseUrl.replace(/\/+$/, "")}/v4/sports/${sport}/${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set("apiKey", options.apiKey);
    let result: FeedResult<T>;
    let quota: FeedQuota | null = null;
    try {
      const res = await fetcher(url.toString(), {
        signal: AbortSignal.timeout(options.timeoutMs ?? Number(TUNABLES.ODDS_API_TIMEOUT_MS.default)),
      });
      quota = quotaFrom(res.headers);
      const text = await res.text();
      if (!res.ok) {
        result = classifyFailure(res.status, text);
      } else {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        const parsed = schema.safeParse(json);
        result = parsed.success
          ? { ok: true, value: parsed.data, quota }
          : { ok: false, kind: "bad-response", status: res.status, message: "unexpected odds payload" };
      }
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      result = {
        ok: false,
        kind: "unavailable",
        status: null,
        message: timedOut ? "odds feed timed out" : `odds feed unreachable: ${String(err)}`,
      };
    }
    if (options.record) {
      await options.record({
        sport,
        provider: "the-odds-api",
        quota,
        status: result.ok ? 200 : result.status,
        error: result.ok ? null : `${result.kind}: ${result.message}`,
        purpose,
      });
    }
    return result;
  }

  async function fetchScoresRaw(sport: SportKey, daysFrom?: number): Promise<FeedResult<OddsApiScore[]>> {
    const params: Record<string, string> = daysFrom ? { daysFrom: String(Math.min(3, Math.max(1, Math.floor(daysFrom)))) } : {};
    return call(sport, "scores", params, z.array(OddsApiScoreSchema));
  }

  return {
    name: "the-odds-api",
    isMapped,
    async fetchOdds(sport, now): Promise<OddsResult> {
      if (!isMapped(sport)) return { ok: false, kind: "not-mapped", status: null, message: `${sport} is not mapped` };
      const odds = await call(
        sport,
        "odds",
        { regions: "us,us2", markets: "h2h,spreads,totals", oddsFormat: "american" },
        z.array(OddsApiEventSchema),
      );
      if (!odds.ok) return odds;
      // Scores only when a game has started or is due within START_SOON_MS (one that kicks off
      // early shows there first); a scores failure still shows the odds.
      const startingBy = now + START_SOON_MS;
      const started = odds.value.some((e) => Date.parse(e.commence_time) <= startingBy);
      const scores = started ? await fetchScoresRaw(sport) : null;
      const byId = new Map((scores?.ok ? scores.value : []).map((s) => [s.id, s]));
      const events = odds.value
        .map((e) => normaliseFeedEvent(e, sport, now, byId.get(e.id), options.fairMinBooks))
        .filter((e) => e.status !== "final")
        .sort((a, b) => a.startTime.localeCompare(b.startTime));
      return {
        ok: true,
        value: events,
        quota: scores?.ok ? scores.quota : odds.quota,
        // The scores read with the board also serve the price desk's live rules (score changes, finals).
        ...(scores?.ok && { scores: { value: scores.value.map((s) => normaliseScore(s, sport)), fetchedAt: now } }),
      };
    },
    async fetchEventOdds(sport, eventId, markets): Promise<FeedResult<EventOdds>> {
      if (!isMapped(sport)) return { ok: false, kind: "not-mapped", status: null, message: `${sport} is not mapped` };
      if (markets.length === 0) return { ok: false, kind: "not-mapped", status: null, message: `${sport} has no players' markets` };
      // One region: every offered book of the board is a US book, and each region multiplies the cost.
      return call(
        sport,
        `events/${encodeURIComponent(eventId)}/odds`,
        { regions: "us", markets: markets.join(","), oddsFormat: "american" },
        EventOddsSchema,
        "props",
      );
    },
    async fetchScores(sport, { daysFrom }): Promise<FeedResult<EventScore[]>> {
      if (!isMapped(sport)) return { ok: false, kind: "not-mapped", status: null, message: `${sport} is not mapped` };
      const scores = await fetchScoresRaw(sport, daysFrom);
      if (!scores.ok) return scores;
      return { ok: true, value: scores.value.map((s) => normaliseScore(s, sport)), quota: scores.quota };
    },
  };
}
