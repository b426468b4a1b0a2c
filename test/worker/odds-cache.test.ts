// The odds cache in front of the feed: a fresh copy is served without calling the
// feed, a miss calls it once however many players ask at once (in one isolate or
// several: they share the sport's price desk), an outage serves the stale copy flagged
// as such, and with nothing cached an outage is a 502 JSON error.
import { beforeEach, describe, expect, it } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import type { SportKey } from "../../src/shared/sports";
import { ApiError } from "../../worker/http/api-error";
import type { FeedResult, OddsFeedProvider } from "../../worker/odds/feed-provider";
import { ODDS_CACHE_MS } from "../../src/shared/odds";
import { clearBoards, testDesk } from "./desk-fixtures";

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

beforeEach(() => clearBoards());

describe("odds cache", () => {
  it("serves a fresh copy without calling the feed again (hit), and refetches after 10 minutes (miss)", async () => {
    const { provider, calls } = fakeFeed([ok([event("a")]), ok([event("b")])]);
    const read = testDesk(provider, "basketball_nba").isolate();

    const first = await read(T0);
    expect(first.events.map((e) => e.eventId)).toEqual(["a"]);
    expect(calls).toHaveLength(1);

    const hit = await read(T0 + ODDS_CACHE_MS - 1);
    expect(hit).toMatchObject({ stale: false });
    expect(hit.events.map((e) => e.eventId)).toEqual(["a"]);
    expect(calls).toHaveLength(1);

    const miss = await read(T0 + ODDS_CACHE_MS);
    expect(miss.events.map((e) => e.eventId)).toEqual(["b"]);
    expect(calls).toHaveLength(2);
  });

  it("coalesces concurrent misses for a sport into one upstream call", async () => {
    const { provider, calls } = fakeFeed([ok([event("x")])], 50);
    const read = testDesk(provider, "basketball_nba").isolate();
    const answers = await Promise.all(Array.from({ length: 8 }, () => read(T0)));
    expect(calls).toHaveLength(1);
    for (const a of answers) expect(a.events.map((e) => e.eventId)).toEqual(["x"]);
  });

  it("does not stampede the feed when readers in other isolates meet a cold cache at the same moment", async () => {
    const { provider, calls } = fakeFeed([ok([event("theirs")])], 100);
    const desk = testDesk(provider, "basketball_nba");
    const [isolateA, isolateB] = [desk.isolate(), desk.isolate()];
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => isolateA(T0)),
      ...Array.from({ length: 10 }, () => isolateB(T0)),
    ]);
    expect(calls).toHaveLength(1);
    for (const a of answers) expect(a.events.map((e) => e.eventId)).toEqual(["theirs"]);
    // A third isolate arriving later reads the desk's copy from KV.
    expect((await desk.isolate()(T0 + 1_000)).events.map((e) => e.eventId)).toEqual(["theirs"]);
    expect(calls).toHaveLength(1);
  });

  it("serves the stale copy, flagged, when the feed fails", async () => {
    const { provider, calls } = fakeFeed([ok([event("old")]), down]);
    const read = testDesk(provider, "basketball_nba").isolate();
    await read(T0);
    const later = await read(T0 + ODDS_CACHE_MS + 1);
    expect(calls).toHaveLength(2);
    expect(later.stale).toBe(true);
    expect(later.events.map((e) => e.eventId)).toEqual(["old"]);
    // A minute of remembered failure: the next request does not hammer the feed.
    const again = await read(T0 + ODDS_CACHE_MS + 2);
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
      const err = await testDesk(provider, "basketball_nba")
        .isolate()(T0)
        .catch((e: unknown) => e);
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
    const err = await testDesk(provider, "basketball_nba")
      .isolate()(T0)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: "odds-feed-unavailable" });
  });

  it("takes finished games off the board", async () => {
    const { provider } = fakeFeed([ok([event("on"), event("done", "final"), event("playing", "live")])]);
    const answer = await testDesk(provider, "basketball_nba").isolate()(T0);
    expect(answer.events.map((e) => e.eventId)).toEqual(["on", "playing"]);
  });

  it("refuses a sport the feed does not carry", async () => {
    const { provider, calls } = fakeFeed([ok([])]);
    const err = await testDesk(provider, "mma_mixed_martial_arts")
      .isolate()(T0)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 404, code: "sport-not-offered" });
    expect(calls).toHaveLength(0);
  });
});
