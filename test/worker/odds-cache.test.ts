// The odds cache in front of the feed: a fresh copy is served without calling the
// feed, a miss calls it once however many players ask at once, an outage serves the
// stale copy flagged as such, and with nothing cached an outage is a 502 JSON error.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import type { SportKey } from "../../src/shared/sports";
import { ApiError } from "../../worker/http/api-error";
import type { FeedResult, OddsFeedProvider } from "../../worker/odds/feed-provider";
import { ODDS_CACHE_MS } from "../../src/shared/odds";
import { loadCachedEvents } from "../../worker/odds/odds-service";

const T0 = Date.UTC(2026, 4, 1, 12, 0, 0);

function event(id: string, status: Event["status"] = "scheduled"): Event {
  return {
    eventId: id,
    sport: "basketball_nba",
    startTime: new Date(T0 + 3_600_000).toISOString(),
    home: "Boston Celtics",
    away: "Miami Heat",
    status,
    live: null,
    markets: { moneyline: { home: -150, away: 130 } },
  };
}

function fakeFeed(answers: Array<FeedResult<Event[]>>, delayMs = 0) {
  const calls: number[] = [];
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: (sport: SportKey) => sport !== "mma_mixed_martial_arts",
    async fetchOdds(_sport, now) {
      calls.push(now);
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
      if (!answer) throw new Error("no answer scripted");
      return answer;
    },
    async fetchScores() {
      return { ok: true, value: [], quota: null };
    },
  };
  return { provider, calls };
}

const ok = (events: Event[]): FeedResult<Event[]> => ({ ok: true, value: events, quota: null });
const down: FeedResult<Event[]> = { ok: false, kind: "unavailable", status: 503, message: "upstream 503" };

let n = 0;
const freshKey = () => `odds:test:${++n}:${crypto.randomUUID()}`;

describe("odds cache", () => {
  it("serves a fresh copy without calling the feed again (hit), and refetches after 10 minutes (miss)", async () => {
    const { provider, calls } = fakeFeed([ok([event("a")]), ok([event("b")])]);
    const deps = { kv: env.ODDS_CACHE, provider, cacheKey: freshKey() };

    const first = await loadCachedEvents(deps, "basketball_nba", T0);
    expect(first.events.map((e) => e.eventId)).toEqual(["a"]);
    expect(calls).toHaveLength(1);

    const hit = await loadCachedEvents(deps, "basketball_nba", T0 + ODDS_CACHE_MS - 1);
    expect(hit).toMatchObject({ stale: false });
    expect(hit.events.map((e) => e.eventId)).toEqual(["a"]);
    expect(calls).toHaveLength(1);

    const miss = await loadCachedEvents(deps, "basketball_nba", T0 + ODDS_CACHE_MS);
    expect(miss.events.map((e) => e.eventId)).toEqual(["b"]);
    expect(calls).toHaveLength(2);
  });

  it("coalesces concurrent misses for a sport into one upstream call", async () => {
    const { provider, calls } = fakeFeed([ok([event("x")])], 50);
    const deps = { kv: env.ODDS_CACHE, provider, cacheKey: freshKey() };
    const answers = await Promise.all(Array.from({ length: 8 }, () => loadCachedEvents(deps, "basketball_nba", T0)));
    expect(calls).toHaveLength(1);
    for (const a of answers) expect(a.events.map((e) => e.eventId)).toEqual(["x"]);
  });

  it("does not stampede the feed when another isolate is already refreshing a cold cache", async () => {
    const { provider, calls } = fakeFeed([ok([event("late")])]);
    const deps = { kv: env.ODDS_CACHE, provider, cacheKey: freshKey(), coldWaitMs: 1000 };
    await env.ODDS_CACHE.put(`${deps.cacheKey}:refreshing`, "1", { expirationTtl: 60 });
    // The other isolate's refresh lands while this one waits.
    setTimeout(() => {
      void env.ODDS_CACHE.put(deps.cacheKey, JSON.stringify({ fetchedAt: T0, events: [event("theirs")] }));
    }, 300);
    const answer = await loadCachedEvents(deps, "basketball_nba", T0);
    expect(answer.events.map((e) => e.eventId)).toEqual(["theirs"]);
    expect(calls).toHaveLength(0);
  });

  it("serves the stale copy, flagged, when the feed fails", async () => {
    const { provider, calls } = fakeFeed([ok([event("old")]), down]);
    const deps = { kv: env.ODDS_CACHE, provider, cacheKey: freshKey() };
    await loadCachedEvents(deps, "basketball_nba", T0);
    const later = await loadCachedEvents(deps, "basketball_nba", T0 + ODDS_CACHE_MS + 1);
    expect(calls).toHaveLength(2);
    expect(later.stale).toBe(true);
    expect(later.events.map((e) => e.eventId)).toEqual(["old"]);
    // A minute of remembered failure: the next request does not hammer the feed.
    const again = await loadCachedEvents(deps, "basketball_nba", T0 + ODDS_CACHE_MS + 2);
    expect(again.stale).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it("is a 502 when the feed fails and nothing is cached, with a distinct code per failure", async () => {
    const cases: Array<[FeedResult<Event[]>, string]> = [
      [down, "odds-feed-unavailable"],
      [{ ok: false, kind: "unauthorized", status: 401, message: "bad key" }, "odds-feed-unauthorized"],
      [{ ok: false, kind: "out-of-credits", status: 401, message: "OUT_OF_USAGE_CREDITS" }, "odds-feed-out-of-credits"],
      [{ ok: false, kind: "rate-limited", status: 429, message: "slow down" }, "odds-feed-rate-limited"],
    ];
    for (const [answer, code] of cases) {
      const { provider } = fakeFeed([answer]);
      const err = await loadCachedEvents({ kv: env.ODDS_CACHE, provider, cacheKey: freshKey() }, "basketball_nba", T0).catch(
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ApiError);
      expect(err).toMatchObject({ status: 502, code });
    }
  });

  it("treats a thrown feed error like an outage, never a crash", async () => {
    const provider: OddsFeedProvider = {
      name: "the-odds-api",
      isMapped: () => true,
      fetchOdds: () => Promise.reject(new Error("socket hang up")),
      fetchScores: () => Promise.reject(new Error("unused")),
    };
    const err = await loadCachedEvents({ kv: env.ODDS_CACHE, provider, cacheKey: freshKey() }, "basketball_nba", T0).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ status: 502, code: "odds-feed-unavailable" });
  });

  it("takes finished games off the board", async () => {
    const { provider } = fakeFeed([ok([event("on"), event("done", "final"), event("playing", "live")])]);
    const answer = await loadCachedEvents({ kv: env.ODDS_CACHE, provider, cacheKey: freshKey() }, "basketball_nba", T0);
    expect(answer.events.map((e) => e.eventId)).toEqual(["on", "playing"]);
  });

  it("refuses a sport the feed does not carry", async () => {
    const { provider, calls } = fakeFeed([ok([])]);
    const err = await loadCachedEvents({ kv: env.ODDS_CACHE, provider, cacheKey: freshKey() }, "mma_mixed_martial_arts", T0).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ status: 404, code: "sport-not-offered" });
    expect(calls).toHaveLength(0);
  });
});
