// A game's players' markets come from the sport's price desk: fetched only when someone
// opens the game, at most once per PROP_REFRESH_SECONDS for everyone (sooner for a Vantage
// Cash asker's max age), pre-match only, and held back by the props guard before the board's
// own guard would act. Driven with the recorded per-event odds answer of one NBA game
// (test/fixtures/odds-api/event-odds-nba.json).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { EventOdds } from "../../src/shared/schemas/event-odds";
import { propsGuardFrom } from "../../worker/odds/credit-guard";
import { propsToPrice } from "../../worker/bets/price-slip";
import type { FeedResult, OddsFeedProvider } from "../../worker/odds/feed-provider";
import { memoryPropsStore } from "../../worker/odds/price-desk/desk-deps";
import { type PropsDeskDeps, PropsDesk, propsCacheKey } from "../../worker/odds/price-desk/props-desk";
import recorded from "../fixtures/odds-api/event-odds-nba.json";

const ODDS = recorded as EventOdds;
const EVENT = ODDS.id;
/** The recorded answer was captured five minutes before tip-off. */
const START = Date.parse(ODDS.commence_time);
const T0 = START - 60 * 60_000;
const REFRESH_MS = 600_000;
/** PREMATCH_CASH_PRICE_MAX_AGE_SECONDS (120) in ms: the max age a Vantage Cash slip or cash-out asks. */
const CASH_MAX_AGE_MS = 120_000;

function scriptedFeed(answer: () => FeedResult<EventOdds> = () => ({ ok: true, value: ODDS, quota: null })) {
  const calls: { eventId: string; markets: readonly string[] }[] = [];
  const provider: OddsFeedProvider = {
    name: "the-odds-api",
    isMapped: () => true,
    fetchOdds: async () => ({ ok: true, value: [], quota: null }),
    fetchScores: async () => ({ ok: true, value: [], quota: null }),
    async fetchEventOdds(_sport, eventId, markets) {
      calls.push({ eventId, markets });
      await new Promise((resolve) => setTimeout(resolve, 5));
      return answer();
    },
  };
  return { provider, calls };
}

function propsDesk(provider: OddsFeedProvider, options: Partial<Pick<PropsDeskDeps, "guard" | "nameMap">> = {}) {
  return new PropsDesk({
    sport: "basketball_nba",
    provider,
    kv: env.ODDS_CACHE,
    store: memoryPropsStore(),
    settings: { refreshMs: REFRESH_MS, minBooks: 3, inflightWaitMs: 9_500 },
    feedOffsetMs: async () => 0,
    gameOf: async (eventId) => (eventId === EVENT ? { startTime: ODDS.commence_time, home: ODDS.home_team, away: ODDS.away_team } : null),
    nameMap: async () => ({}),
    ...options,
  });
}

describe("the props desk", () => {
  it("offers each player's points at the lines enough books quote, with fair figures, from one call", async () => {
    const feed = scriptedFeed();
    const answer = await propsDesk(feed.provider).props(EVENT, T0);
    expect(feed.calls).toEqual([{ eventId: EVENT, markets: ["player_points", "player_rebounds", "player_assists", "player_threes"] }]);
    expect(answer.props.length).toBeGreaterThan(10);
    for (const prop of answer.props) {
      expect(prop.marketKey).toBe("player_points");
      expect(prop.fair.books).toBeGreaterThanOrEqual(3);
      expect(prop.fair.over.p + (prop.fair.under?.p ?? 0)).toBeGreaterThan(0.9);
    }
    const banchero = answer.props.filter((p) => p.player.name === "Paolo Banchero");
    expect(banchero.length).toBeGreaterThan(0);
    // Readers of every isolate find the answer in KV until the next refresh is due.
    const cached = await env.ODDS_CACHE.get<{ freshUntil: number; props: unknown[] }>(
      propsCacheKey("the-odds-api", "basketball_nba", EVENT),
      "json",
    );
    expect(cached?.freshUntil).toBe(T0 + REFRESH_MS);
    expect(cached?.props.length).toBe(answer.props.length);
  });

  it("calls the feed once per game per interval, however many players open the game meanwhile", async () => {
    const feed = scriptedFeed();
    const desk = propsDesk(feed.provider);
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => desk.props(EVENT, T0 + i * 100)));
    expect(feed.calls).toHaveLength(1);
    expect(new Set(answers.map((a) => a.props.length)).size).toBe(1);
    await desk.props(EVENT, T0 + REFRESH_MS - 1);
    expect(feed.calls).toHaveLength(1);
    await desk.props(EVENT, T0 + REFRESH_MS);
    expect(feed.calls).toHaveLength(2);
  });

  it("asks once more when the game's last fifteen minutes begin, so the props' close is an answer from them", async () => {
    const feed = scriptedFeed();
    const desk = propsDesk(feed.provider);
    const windowOpens = START - 15 * 60_000;
    await desk.props(EVENT, START - 20 * 60_000);
    // Readers keep that answer until the window opens, not for the whole refresh interval.
    const cached = await env.ODDS_CACHE.get<{ freshUntil: number }>(propsCacheKey("the-odds-api", "basketball_nba", EVENT), "json");
    expect(cached?.freshUntil).toBe(windowOpens);
    await desk.props(EVENT, windowOpens - 1);
    expect(feed.calls).toHaveLength(1);
    await desk.props(EVENT, windowOpens);
    expect(feed.calls).toHaveLength(2);
    // An answer from inside the window serves its full interval.
    await desk.props(EVENT, windowOpens + REFRESH_MS - 1);
    expect(feed.calls).toHaveLength(2);
  });

  it("offers nothing for a game under way or not on the board, and never asks the feed for it", async () => {
    const feed = scriptedFeed();
    const desk = propsDesk(feed.provider);
    expect((await desk.props(EVENT, START)).props).toEqual([]);
    expect((await desk.props("not-on-the-board", T0)).props).toEqual([]);
    expect(feed.calls).toHaveLength(0);
  });

  it("serves the copy it has while the props guard is up, marked stale so no bet is priced from it, and asks again once it lifts", async () => {
    const feed = scriptedFeed();
    let guardUp = false;
    const desk = propsDesk(feed.provider, { guard: async () => guardUp });
    const first = await desk.props(EVENT, T0);
    guardUp = true;
    const guarded = await desk.props(EVENT, T0 + REFRESH_MS);
    expect(feed.calls).toHaveLength(1);
    expect(guarded.props).toEqual(first.props);
    expect({ first: first.stale, guarded: guarded.stale }).toEqual({ first: undefined, guarded: true });
    expect(() => propsToPrice(guarded)).toThrow(expect.objectContaining({ status: 409, code: "odds-stale" }));
    expect(propsToPrice(first)).toEqual(first.props);
    guardUp = false;
    const lifted = await desk.props(EVENT, T0 + REFRESH_MS + 60_000);
    expect(feed.calls).toHaveLength(2);
    expect(lifted.stale).toBeUndefined();
  });

  it("serves an asker with a max age (Vantage Cash) the copy only while fetched that recently, else one call shared with everyone asking meanwhile", async () => {
    const feed = scriptedFeed();
    const desk = propsDesk(feed.provider);
    await desk.props(EVENT, T0);
    expect((await desk.props(EVENT, T0 + CASH_MAX_AGE_MS, CASH_MAX_AGE_MS)).fetchedAt).toBe(T0);
    expect(feed.calls).toHaveLength(1);
    // Older: a Coins asker keeps the copy, and cash askers arriving with it share one call
    // (they wait for the Coins answer, find it too old for them, and ask once between them).
    const later = T0 + CASH_MAX_AGE_MS + 1;
    const [coins, ...cash] = await Promise.all([
      desk.props(EVENT, later),
      desk.props(EVENT, later, CASH_MAX_AGE_MS),
      desk.props(EVENT, later, CASH_MAX_AGE_MS),
    ]);
    expect(coins.fetchedAt).toBe(T0);
    expect(cash.map((a) => [a.fetchedAt, a.stale])).toEqual([
      [later, undefined],
      [later, undefined],
    ]);
    expect(feed.calls).toHaveLength(2);
    // The call takes the place of the props' own refresh, for everyone.
    expect((await desk.props(EVENT, later + REFRESH_MS - 1)).fetchedAt).toBe(later);
    expect(feed.calls).toHaveLength(2);
  });

  it("makes no call for an asker with a max age while the props guard is up: that asker gets the copy marked stale, Coins the copy as it is", async () => {
    const feed = scriptedFeed();
    let guardUp = false;
    const desk = propsDesk(feed.provider, { guard: async () => guardUp });
    await desk.props(EVENT, T0);
    guardUp = true;
    const later = T0 + CASH_MAX_AGE_MS + 1;
    const cash = await desk.props(EVENT, later, CASH_MAX_AGE_MS);
    expect(cash.stale).toBe(true);
    expect(() => propsToPrice(cash)).toThrow(expect.objectContaining({ status: 409, code: "odds-stale" }));
    expect((await desk.props(EVENT, later)).stale).toBeUndefined();
    expect(feed.calls).toHaveLength(1);
  });

  it("remembers a failed call for a minute, serving what it had, marked stale", async () => {
    let failing = false;
    const feed = scriptedFeed(() =>
      failing ? { ok: false, kind: "unavailable", status: 503, message: "down" } : { ok: true, value: ODDS, quota: null },
    );
    const desk = propsDesk(feed.provider);
    const first = await desk.props(EVENT, T0);
    failing = true;
    const failed = await desk.props(EVENT, T0 + REFRESH_MS);
    expect(failed.props).toEqual(first.props);
    expect(failed.stale).toBe(true);
    expect((await desk.props(EVENT, T0 + REFRESH_MS + 59_000)).stale).toBe(true);
    expect(feed.calls).toHaveLength(2);
    failing = false;
    await desk.props(EVENT, T0 + REFRESH_MS + 60_000);
    expect(feed.calls).toHaveLength(3);
  });

  it("gives a real-feed prop its side from the operators' name map, when the entry's team is one of the game's", async () => {
    // The feed names players only: the map's team, matched case and accents aside, is the side.
    const nameMap = async () => ({
      "Franz Wagner": { id: "franz-wagner", name: "Franz Wagner", team: "ORLANDO MAGÍC" },
      "Darius Garland": { id: "darius-garland", name: "Darius Garland", team: "cleveland cavaliers" },
      "Evan Mobley": { id: "evan-mobley", name: "Evan Mobley", team: "Boston Celtics" },
    });
    const answer = await propsDesk(scriptedFeed().provider, { nameMap }).props(EVENT, T0);
    const teamsOf = (name: string) => new Set(answer.props.filter((p) => p.player.name === name).map((p) => p.player.team));
    expect(teamsOf("Franz Wagner")).toEqual(new Set(["away"]));
    expect(teamsOf("Darius Garland")).toEqual(new Set(["home"]));
    // A team that is neither side's, or no entry at all, gives none.
    expect(teamsOf("Evan Mobley")).toEqual(new Set([null]));
    expect(teamsOf("Paolo Banchero")).toEqual(new Set([null]));
  });
});

describe("the props guard", () => {
  const reserve = 5_000;
  const latest = (remaining: number, used: number) => ({
    requestsRemaining: remaining,
    requestsUsed: used,
    lastStatus: 200,
    lastError: null,
  });

  it("stops props at twice the live reserve, while the board still refreshes", () => {
    expect(propsGuardFrom(latest(9_999, 10_000), 0, reserve, 30)).toEqual({ locked: true, reason: "reserve", remaining: 9_999 });
    expect(propsGuardFrom(latest(10_000, 10_000), 0, reserve, 30)).toEqual({ locked: false });
  });

  it("stops props once they have spent their share of the month's credits", () => {
    // 100,000 credits this month: props may spend 30,000.
    expect(propsGuardFrom(latest(60_000, 40_000), 29_999, reserve, 30)).toEqual({ locked: false });
    expect(propsGuardFrom(latest(60_000, 40_000), 30_000, reserve, 30)).toEqual({ locked: true, reason: "props-share", remaining: 60_000 });
  });

  it("stops props whenever the feed is out of credits or refuses the key", () => {
    const out = { requestsRemaining: 0, requestsUsed: 100_000, lastStatus: 401, lastError: "unauthorized: bad key" };
    expect(propsGuardFrom(out, 0, reserve, 30).locked).toBe(true);
  });
});
