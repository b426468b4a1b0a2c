// The Odds API v4 payloads (recorded-style) turned into board Events and scores, and
// every way the real feed can fail turned into a distinct value, never a crash.
import { describe, expect, it } from "vitest";
import { EventSchema } from "../../src/shared/schemas/events";
import {
  chooseBookmaker,
  normaliseEvent,
  normaliseFeedEvent,
  normaliseScore,
  OddsApiEventSchema,
  OddsApiScoreSchema,
  type OddsApiEvent,
} from "../../worker/odds/normalise";
import { boardView } from "../../worker/odds/price-desk/board-view";
import { DEFAULT_CLOSE_AFTER } from "./desk-fixtures";
import { createTheOddsApiProvider } from "../../worker/odds/the-odds-api";
import type { FeedStatusUpdate } from "../../worker/odds/feed-status";

const NOW = Date.parse("2026-01-10T12:00:00Z");

const nfl: OddsApiEvent = OddsApiEventSchema.parse({
  id: "e912304de2b2ce35b473ce2ecd3d1502",
  sport_key: "americanfootball_nfl",
  sport_title: "NFL",
  commence_time: "2026-01-11T18:00:00Z",
  home_team: "Kansas City Chiefs",
  away_team: "Buffalo Bills",
  bookmakers: [
    {
      key: "bovada",
      title: "Bovada",
      last_update: "2026-01-10T11:58:00Z",
      markets: [
        {
          key: "h2h",
          last_update: "2026-01-10T11:58:00Z",
          outcomes: [
            { name: "Buffalo Bills", price: 105 },
            { name: "Kansas City Chiefs", price: -125 },
          ],
        },
      ],
    },
    {
      key: "fanduel",
      title: "FanDuel",
      last_update: "2026-01-10T11:59:00Z",
      markets: [
        {
          key: "h2h",
          outcomes: [
            { name: "Buffalo Bills", price: 110 },
            { name: "Kansas City Chiefs", price: -130 },
          ],
        },
        {
          key: "spreads",
          outcomes: [
            { name: "Buffalo Bills", price: -108, point: 2.5 },
            { name: "Kansas City Chiefs", price: -112, point: -2.5 },
          ],
        },
        {
          key: "totals",
          outcomes: [
            { name: "Over", price: -110, point: 47.5 },
            { name: "Under", price: -110, point: 47.5 },
          ],
        },
      ],
    },
    {
      key: "draftkings",
      title: "DraftKings",
      last_update: "2026-01-10T11:59:30Z",
      markets: [
        {
          key: "h2h",
          outcomes: [
            { name: "Buffalo Bills", price: 115 },
            { name: "Kansas City Chiefs", price: -135 },
          ],
        },
        {
          key: "spreads",
          outcomes: [
            { name: "Buffalo Bills", price: -110, point: 3 },
            { name: "Kansas City Chiefs", price: -110, point: -3 },
          ],
        },
        {
          key: "totals",
          outcomes: [
            { name: "Over", price: -105, point: 48 },
            { name: "Under", price: -115, point: 48 },
          ],
        },
      ],
    },
  ],
});

describe("normalising The Odds API odds", () => {
  it("takes all markets from one bookmaker: the most markets, then the preference order", () => {
    expect(chooseBookmaker(nfl.bookmakers)?.key).toBe("draftkings");
    const event = normaliseEvent(nfl, "americanfootball_nfl", NOW);
    expect(EventSchema.parse(event)).toEqual(event);
    expect(event).toMatchObject({
      eventId: "e912304de2b2ce35b473ce2ecd3d1502",
      sport: "americanfootball_nfl",
      home: "Kansas City Chiefs",
      away: "Buffalo Bills",
      status: "scheduled",
      live: null,
      markets: {
        moneyline: { home: -135, away: 115 },
        spread: { line: -3, home: -110, away: -110 },
        total: { line: 48, over: -105, under: -115 },
      },
    });
  });

  it("prefers a book with more markets over a preferred book with fewer", () => {
    const onlyH2hFromDk = {
      ...nfl,
      bookmakers: [
        {
          key: "draftkings",
          markets: [
            {
              key: "h2h",
              outcomes: [
                { name: "Buffalo Bills", price: 115 },
                { name: "Kansas City Chiefs", price: -135 },
              ],
            },
          ],
        },
        nfl.bookmakers[1]!,
      ],
    };
    expect(chooseBookmaker(onlyH2hFromDk.bookmakers)?.key).toBe("fanduel");
  });

  it("locks extreme and missing prices (null) and keeps the rest", () => {
    const raw = OddsApiEventSchema.parse({
      id: "mismatch",
      commence_time: "2026-01-11T01:00:00Z",
      home_team: "Oklahoma City Thunder",
      away_team: "Washington Wizards",
      bookmakers: [
        {
          key: "draftkings",
          markets: [
            {
              key: "h2h",
              outcomes: [
                { name: "Washington Wizards", price: 5000 },
                { name: "Oklahoma City Thunder", price: -12000 },
              ],
            },
            {
              key: "spreads",
              outcomes: [
                { name: "Washington Wizards", price: 0, point: 18.5 },
                { name: "Oklahoma City Thunder", point: -18.5 },
              ],
            },
            {
              key: "totals",
              outcomes: [
                { name: "Over", price: -110.4, point: 221.5 },
                { name: "Under", price: -9999, point: 221.5 },
              ],
            },
          ],
        },
      ],
    });
    const event = normaliseEvent(raw, "basketball_nba", NOW);
    expect(event.markets.moneyline).toEqual({ home: null, away: null });
    // The locked moneyline still names the favourite: the Thunder keep the negative line.
    expect(event.markets.spread).toEqual({ line: -18.5, home: null, away: null });
    expect(event.markets.total).toEqual({ line: 221.5, over: -110, under: -9999 });
  });

  it("keeps soccer's home/away moneyline and adds the Draw as `draw`", () => {
    const raw = OddsApiEventSchema.parse({
      id: "mls-1",
      commence_time: "2026-01-10T23:30:00Z",
      home_team: "Inter Miami CF",
      away_team: "Toronto FC",
      bookmakers: [
        {
          key: "fanduel",
          markets: [
            {
              key: "h2h",
              outcomes: [
                { name: "Inter Miami CF", price: -145 },
                { name: "Toronto FC", price: 360 },
                { name: "Draw", price: 290 },
              ],
            },
            {
              key: "totals",
              outcomes: [
                { name: "Over", price: -125, point: 2.5 },
                { name: "Under", price: 100, point: 2.5 },
              ],
            },
          ],
        },
      ],
    });
    const event = normaliseEvent(raw, "soccer_usa_mls", NOW);
    expect(event.markets.moneyline).toEqual({ home: -145, away: 360, draw: 290 });
    expect(event.markets.spread).toBeUndefined();
    // Only soccer has a draw: the same payload read as a two-way sport keeps home/away only.
    expect(normaliseEvent(raw, "icehockey_nhl", NOW).markets.moneyline).toEqual({ home: -145, away: 360 });
  });

  it("never invents a market the game does not have", () => {
    const raw = OddsApiEventSchema.parse({
      id: "ufc-1",
      commence_time: "2026-01-11T03:00:00Z",
      home_team: "Islam Makhachev",
      away_team: "Arman Tsarukyan",
      bookmakers: [
        {
          key: "betmgm",
          markets: [
            {
              key: "h2h",
              outcomes: [
                { name: "Islam Makhachev", price: -250 },
                { name: "Arman Tsarukyan", price: 200 },
              ],
            },
          ],
        },
      ],
    });
    const event = normaliseEvent(raw, "mma_mixed_martial_arts", NOW);
    expect(event.markets).toEqual({ moneyline: { home: -250, away: 200 } });

    const noBooks = normaliseEvent(OddsApiEventSchema.parse({ ...raw, bookmakers: [] }), "mma_mixed_martial_arts", NOW);
    expect(noBooks.markets).toEqual({});
  });

  /** One book's Lions–Bears prices: the moneyline, the spread's two points (at -110) and, where given, the total's two points. */
  const lionsBears = (
    moneyline: { home: number; away: number },
    spread: { home: number; away: number },
    total?: { over: number; under: number },
  ) =>
    OddsApiEventSchema.parse({
      id: "lions-bears",
      commence_time: "2026-01-11T18:00:00Z",
      home_team: "Detroit Lions",
      away_team: "Chicago Bears",
      bookmakers: [
        {
          key: "draftkings",
          markets: [
            {
              key: "h2h",
              outcomes: [
                { name: "Detroit Lions", price: moneyline.home },
                { name: "Chicago Bears", price: moneyline.away },
              ],
            },
            {
              key: "spreads",
              outcomes: [
                { name: "Detroit Lions", price: -110, point: spread.home },
                { name: "Chicago Bears", price: -110, point: spread.away },
              ],
            },
            ...(total
              ? [
                  {
                    key: "totals",
                    outcomes: [
                      { name: "Over", price: -105, point: total.over },
                      { name: "Under", price: -115, point: total.under },
                    ],
                  },
                ]
              : []),
          ],
        },
      ],
    });

  it("applies the spread favourite rule even when the book's signs disagree, and locks the prices of the other bet", () => {
    const raw = lionsBears({ home: 160, away: -190 }, { home: -4.5, away: 4.5 });
    // The book's -110s are of Detroit -4.5 and Chicago +4.5: shown on the other lines they
    // would be another bet's prices (Chicago -4.5 at Chicago +4.5's price), so both lock.
    expect(normaliseEvent(raw, "americanfootball_nfl", NOW).markets.spread).toEqual({ line: 4.5, home: null, away: null });
  });

  it("locks a spread or a total whose sides are quoted at different lines, or at a quarter line", () => {
    const game = (spread: { home: number; away: number }, total: { over: number; under: number }) =>
      normaliseEvent(lionsBears({ home: -190, away: 160 }, spread, total), "americanfootball_nfl", NOW).markets;
    expect(game({ home: -4.5, away: 4.5 }, { over: 44.5, under: 44.5 })).toMatchObject({
      spread: { line: -4.5, home: -110, away: -110 },
      total: { line: 44.5, over: -105, under: -115 },
    });
    // Chicago +3.5 beside Detroit -4.5: a point where both win.
    expect(game({ home: -4.5, away: 3.5 }, { over: 44.5, under: 45.5 })).toMatchObject({
      spread: { line: -4.5, home: null, away: null },
      total: { line: 44.5, over: null, under: null },
    });
    expect(game({ home: -4.25, away: 4.25 }, { over: 44.75, under: 44.75 })).toMatchObject({
      spread: { line: -4.25, home: null, away: null },
      total: { line: 44.75, over: null, under: null },
    });
  });

  it("marks a started game live with its score and a completed one final", () => {
    const started = { ...nfl, commence_time: "2026-01-10T11:00:00Z" };
    const score = {
      id: nfl.id,
      commence_time: started.commence_time,
      home_team: nfl.home_team,
      away_team: nfl.away_team,
      completed: false,
      scores: [
        { name: "Kansas City Chiefs", score: "17" },
        { name: "Buffalo Bills", score: "10" },
      ],
    };
    expect(normaliseEvent(started, "americanfootball_nfl", NOW, score)).toMatchObject({
      status: "live",
      live: { homeScore: 17, awayScore: 10 },
    });
    expect(normaliseEvent(started, "americanfootball_nfl", NOW, { ...score, completed: true }).status).toBe("final");
    expect(normaliseScore({ ...score, completed: true }, "americanfootball_nfl")).toEqual({
      eventId: nfl.id,
      sport: "americanfootball_nfl",
      startTime: "2026-01-10T11:00:00.000Z",
      home: "Kansas City Chiefs",
      away: "Buffalo Bills",
      completed: true,
      homeScore: 17,
      awayScore: 10,
    });
  });
});

describe("the book's clock of recorded payloads", () => {
  const live = OddsApiEventSchema.parse({ ...nfl, commence_time: "2026-01-10T11:00:00Z" });
  const view = (event: ReturnType<typeof normaliseFeedEvent>, now: number, fetchedAt: number) =>
    boardView(
      { fetchedAt, feedOffsetMs: 0, events: [{ ...event, confirmedAt: fetchedAt }], games: {}, scoresAt: null },
      { now, feedNow: now },
      { maxAgeMs: 45_000, closeAfter: DEFAULT_CLOSE_AFTER },
    )[0]!;

  it("still parse and price, carrying the chosen book's per-bookmaker and per-market last_update", () => {
    const upcoming = normaliseFeedEvent(nfl, "americanfootball_nfl", NOW);
    expect(upcoming.book).toEqual({ key: "draftkings", updatedAt: Date.parse("2026-01-10T11:59:30Z"), markets: {} });
    // Pre-game prices are unchanged by the book's clock.
    expect(view(upcoming, NOW, NOW).markets).toEqual(normaliseEvent(nfl, "americanfootball_nfl", NOW).markets);

    // Under way, fetched now: DraftKings confirmed 30 s ago, within the accepted age.
    const priced = view(normaliseFeedEvent(live, "americanfootball_nfl", NOW), NOW, NOW);
    expect(priced.suspended).toBeUndefined();
    expect(priced.markets.moneyline).toEqual({ home: -135, away: 115 });
    // 16 s later the same copy is older than 45 s on the book's clock: Locked, with the reason.
    const aged = view(normaliseFeedEvent(live, "americanfootball_nfl", NOW), NOW + 16_000, NOW);
    expect(aged.suspended).toEqual({ moneyline: "price-age", spread: "price-age", total: "price-age" });
    expect(aged.markets.moneyline).toEqual({ home: null, away: null });
  });

  it("takes a market's own last_update over its bookmaker's, and locks a live market whose book says nothing", () => {
    const bovadaOnly = OddsApiEventSchema.parse({ ...live, bookmakers: [nfl.bookmakers[0]] });
    const event = normaliseFeedEvent(bovadaOnly, "americanfootball_nfl", NOW);
    expect(event.book?.markets).toEqual({ moneyline: Date.parse("2026-01-10T11:58:00Z") });
    // Bovada's moneyline is 120 s old although we fetched it just now.
    expect(view(event, NOW, NOW).suspended).toEqual({ moneyline: "price-age" });

    const silent = OddsApiEventSchema.parse({
      ...live,
      bookmakers: [{ key: "fanduel", markets: nfl.bookmakers[1]!.markets }],
    });
    expect(view(normaliseFeedEvent(silent, "americanfootball_nfl", NOW), NOW, NOW).suspended).toEqual({
      moneyline: "price-age",
      spread: "price-age",
      total: "price-age",
    });
  });

  it("reads a scores entry's last_update as when its score last changed, and a garbled one as unknown", () => {
    const entry = {
      id: "g",
      commence_time: "2026-01-10T11:00:00Z",
      home_team: "A",
      away_team: "B",
      completed: false,
      scores: [
        { name: "A", score: "7" },
        { name: "B", score: "3" },
      ],
    };
    expect(
      normaliseScore(OddsApiScoreSchema.parse({ ...entry, last_update: "2026-01-10T11:59:10Z" }), "americanfootball_nfl").updatedAt,
    ).toBe(Date.parse("2026-01-10T11:59:10Z"));
    expect(normaliseScore(OddsApiScoreSchema.parse({ ...entry, last_update: "soon" }), "americanfootball_nfl").updatedAt).toBeUndefined();
    expect(normaliseScore(OddsApiScoreSchema.parse({ ...entry, last_update: null }), "americanfootball_nfl").updatedAt).toBeUndefined();
  });
});

function fakeFetch(respond: (url: URL) => Response | Promise<Response>) {
  const urls: URL[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    urls.push(url);
    return respond(url);
  }) as typeof fetch;
  return { fetcher, urls };
}

const quotaHeaders = { "content-type": "application/json", "x-requests-remaining": "480", "x-requests-used": "20", "x-requests-last": "3" };

describe("The Odds API provider", () => {
  it("asks for the spec's markets and regions, reads quota headers and reports them", async () => {
    const recorded: FeedStatusUpdate[] = [];
    const { fetcher, urls } = fakeFetch(() => new Response(JSON.stringify([nfl]), { headers: quotaHeaders }));
    const provider = createTheOddsApiProvider({
      apiKey: "k",
      baseUrl: "https://odds.test/",
      fetcher,
      record: async (u) => void recorded.push(u),
    });
    const result = await provider.fetchOdds("americanfootball_nfl", NOW);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.quota).toEqual({ remaining: 480, used: 20, last: 3 });
    expect(urls[0]?.pathname).toBe("/v4/sports/americanfootball_nfl/odds");
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      regions: "us,us2",
      markets: "h2h,spreads,totals",
      oddsFormat: "american",
      apiKey: "k",
    });
    expect(recorded[0]).toMatchObject({ sport: "americanfootball_nfl", provider: "the-odds-api", status: 200, quota: { remaining: 480 } });
  });

  it("merges live scores when a game has started and drops completed games", async () => {
    const live = { ...nfl, commence_time: "2026-01-10T11:00:00Z" };
    const done = { ...nfl, id: "done", commence_time: "2026-01-10T08:00:00Z" };
    const { fetcher, urls } = fakeFetch((url) =>
      url.pathname.endsWith("/scores")
        ? Response.json([
            {
              id: live.id,
              commence_time: live.commence_time,
              home_team: live.home_team,
              away_team: live.away_team,
              completed: false,
              scores: [
                { name: "Kansas City Chiefs", score: "3" },
                { name: "Buffalo Bills", score: "7" },
              ],
            },
            {
              id: "done",
              commence_time: done.commence_time,
              home_team: done.home_team,
              away_team: done.away_team,
              completed: true,
              scores: [
                { name: "Kansas City Chiefs", score: "24" },
                { name: "Buffalo Bills", score: "21" },
              ],
            },
          ])
        : Response.json([live, done]),
    );
    const result = await createTheOddsApiProvider({ apiKey: "k", baseUrl: "https://odds.test", fetcher }).fetchOdds(
      "americanfootball_nfl",
      NOW,
    );
    expect(urls.map((u) => u.pathname.split("/").pop())).toEqual(["odds", "scores"]);
    expect(result.ok && result.value.map((e) => [e.eventId, e.status, e.live?.homeScore, e.live?.awayScore])).toEqual([
      [live.id, "live", 3, 7],
    ]);
  });

  it("reads the scores for a game due within 15 minutes; one they show scored is live before its listed start", async () => {
    const early = { ...nfl, commence_time: "2026-01-10T12:10:00Z" };
    const quiet = { ...nfl, id: "quiet", commence_time: "2026-01-10T12:14:00Z" };
    const scoresOf = (id: string, commence: string, scores: { name: string; score: string }[] | null) => ({
      id,
      commence_time: commence,
      home_team: nfl.home_team,
      away_team: nfl.away_team,
      completed: false,
      scores,
    });
    const { fetcher, urls } = fakeFetch((url) =>
      url.pathname.endsWith("/scores")
        ? Response.json([
            scoresOf(early.id, early.commence_time, [
              { name: "Kansas City Chiefs", score: "0" },
              { name: "Buffalo Bills", score: "7" },
            ]),
            scoresOf("quiet", quiet.commence_time, null),
          ])
        : Response.json([early, quiet]),
    );
    const result = await createTheOddsApiProvider({ apiKey: "k", baseUrl: "https://odds.test", fetcher }).fetchOdds(
      "americanfootball_nfl",
      NOW,
    );
    expect(urls.map((u) => u.pathname.split("/").pop())).toEqual(["odds", "scores"]);
    expect(result.ok && result.value.map((e) => [e.eventId, e.status, e.live?.homeScore ?? null, e.live?.awayScore ?? null])).toEqual([
      [early.id, "live", 0, 7],
      ["quiet", "scheduled", null, null],
    ]);

    // A score on a game listed further off than 15 minutes is a glitch: it stays upcoming.
    const far = { ...nfl, id: "far", commence_time: "2026-01-13T12:00:00Z" };
    const glitch = fakeFetch((url) =>
      url.pathname.endsWith("/scores")
        ? Response.json([
            scoresOf("far", far.commence_time, [
              { name: "Kansas City Chiefs", score: "3" },
              { name: "Buffalo Bills", score: "0" },
            ]),
          ])
        : Response.json([early, far]),
    );
    const glitched = await createTheOddsApiProvider({ apiKey: "k", baseUrl: "https://odds.test", fetcher: glitch.fetcher }).fetchOdds(
      "americanfootball_nfl",
      NOW,
    );
    expect(glitched.ok && glitched.value.find((e) => e.eventId === "far")?.status).toBe("scheduled");

    // Games further off than 15 minutes cost no scores call.
    const later = fakeFetch(() => Response.json([{ ...nfl, commence_time: "2026-01-10T12:16:00Z" }]));
    await createTheOddsApiProvider({ apiKey: "k", baseUrl: "https://odds.test", fetcher: later.fetcher }).fetchOdds(
      "americanfootball_nfl",
      NOW,
    );
    expect(later.urls.map((u) => u.pathname.split("/").pop())).toEqual(["odds"]);
  });

  it("asks for past finals with daysFrom and parses string scores", async () => {
    const { fetcher, urls } = fakeFetch(() =>
      Response.json([
        {
          id: "g",
          commence_time: "2026-01-09T00:00:00Z",
          home_team: "A",
          away_team: "B",
          completed: true,
          scores: [
            { name: "A", score: "101" },
            { name: "B", score: "99" },
          ],
        },
      ]),
    );
    const result = await createTheOddsApiProvider({ apiKey: "k", baseUrl: "https://odds.test", fetcher }).fetchScores(
      "basketball_nba",
      { daysFrom: 2 },
      NOW,
    );
    expect(urls[0]?.searchParams.get("daysFrom")).toBe("2");
    expect(result.ok && result.value[0]).toMatchObject({ completed: true, homeScore: 101, awayScore: 99 });
  });

  it("tells a bad key, spent credits, a rate limit and an outage apart", async () => {
    const cases: Array<[Response, string]> = [
      [Response.json({ message: "API key is not valid", error_code: "INVALID_KEY" }, { status: 401 }), "unauthorized"],
      [Response.json({ message: "Usage quota has been reached", error_code: "OUT_OF_USAGE_CREDITS" }, { status: 401 }), "out-of-credits"],
      [Response.json({ message: "Too many requests", error_code: "EXCEEDED_FREQ_LIMIT" }, { status: 429 }), "rate-limited"],
      [new Response("<html>bad gateway</html>", { status: 502 }), "unavailable"],
      [new Response("not json", { status: 200 }), "bad-response"],
    ];
    for (const [response, kind] of cases) {
      const recorded: FeedStatusUpdate[] = [];
      const { fetcher } = fakeFetch(() => response);
      const provider = createTheOddsApiProvider({
        apiKey: "k",
        baseUrl: "https://odds.test",
        fetcher,
        record: async (u) => void recorded.push(u),
      });
      const result = await provider.fetchOdds("basketball_nba", NOW);
      expect(result).toMatchObject({ ok: false, kind });
      expect(recorded[0]?.error).toContain(kind);
    }
  });

  it("turns a timeout into an 'unavailable' value", async () => {
    const fetcher = ((_: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      })) as typeof fetch;
    const result = await createTheOddsApiProvider({ apiKey: "k", baseUrl: "https://odds.test", fetcher, timeoutMs: 50 }).fetchOdds(
      "icehockey_nhl",
      NOW,
    );
    expect(result).toMatchObject({ ok: false, kind: "unavailable", message: "odds feed timed out" });
  });
});

describe("fair prices of recorded payloads", () => {
  // The recorded NFL game above (Bovada, FanDuel, DraftKings) plus two more books of the same payload.
  const moreBooks = [
    {
      key: "lowvig",
      markets: [
        {
          key: "h2h",
          outcomes: [
            { name: "Buffalo Bills", price: -110 },
            { name: "Kansas City Chiefs", price: -110 },
          ],
        },
        {
          key: "spreads",
          outcomes: [
            { name: "Buffalo Bills", price: -105, point: 3 },
            { name: "Kansas City Chiefs", price: -105, point: -3 },
          ],
        },
      ],
    },
    {
      key: "betmgm",
      markets: [
        {
          key: "h2h",
          outcomes: [
            { name: "Buffalo Bills", price: 100 },
            { name: "Kansas City Chiefs", price: -120 },
          ],
        },
        {
          key: "spreads",
          outcomes: [
            { name: "Buffalo Bills", price: -110, point: 3 },
            { name: "Kansas City Chiefs", price: -110, point: -3 },
          ],
        },
      ],
    },
  ];
  const fiveBooks = OddsApiEventSchema.parse({ ...nfl, bookmakers: [...nfl.bookmakers, ...moreBooks] });

  it("de-vigs each book multiplicatively and takes the median per side: the hand-computed example", () => {
    // Chiefs / Bills de-vigged, p_home = (1/d_home) / (1/d_home + 1/d_away) = d_away / (d_home + d_away):
    //   lowvig -110/-110 → 0.5; betmgm -120/+100 → 2/3.8333 = 0.521739; bovada -125/+105 → 2.05/3.85 = 41/77 = 0.532468;
    //   fanduel -130/+110 → 2.1/3.869231 = 0.542744; draftkings -135/+115 → 2.15/3.890741 = 0.552594.
    // Median (five books): Bovada's 41/77 = 0.532468 for the Chiefs and 36/77 = 0.467532 for the Bills.
    // The offered prices are DraftKings' (-135 / +115): margin = 1 − p × d.
    //   Chiefs: 1 − 0.532468 × 1.740741 = 0.0731 (7.3% kept); Bills: 1 − 0.467532 × 2.15 = −0.0052 (better than fair).
    const event = normaliseEvent(fiveBooks, "americanfootball_nfl", NOW);
    expect(EventSchema.parse(event)).toEqual(event);
    expect(event.markets.moneyline).toEqual({ home: -135, away: 115 });
    expect(event.fair?.moneyline).toEqual({
      books: 5,
      home: { p: 0.532468, margin: 0.0731 },
      away: { p: 0.467532, margin: -0.0052 },
    });
    // The board (and so the KV copy) keeps the figures, never the other books' prices.
    const cached = JSON.stringify(normaliseFeedEvent(fiveBooks, "americanfootball_nfl", NOW));
    for (const book of ["lowvig", "betmgm", "bovada", "fanduel"]) expect(cached).not.toContain(book);
  });

  it("counts only books quoting the offered line, and shows no fair price below FAIR_MIN_BOOKS", () => {
    const event = normaliseEvent(fiveBooks, "americanfootball_nfl", NOW);
    // The spread at 3 is quoted by three books (FanDuel's is at 2.5), the total at 48 by one: too few.
    expect(event.markets.spread?.line).toBe(-3);
    expect(event.fair?.spread).toBeUndefined();
    expect(event.fair?.total).toBeUndefined();
    // The recorded three books alone are too few at the default of five…
    expect(normaliseEvent(nfl, "americanfootball_nfl", NOW).fair).toBeUndefined();
    // …and enough when the operator asks for three: the median is then FanDuel's 0.542744.
    const three = normaliseEvent(nfl, "americanfootball_nfl", NOW, undefined, 3);
    expect(three.fair?.moneyline?.home.p).toBe(0.542744);
    expect(normaliseEvent(fiveBooks, "americanfootball_nfl", NOW, undefined, 3).fair?.spread).toMatchObject({ books: 3, line: -3 });
  });
});
