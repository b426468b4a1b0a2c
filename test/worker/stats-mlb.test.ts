// MLB's Stats API as the source of MLB players' statistics, on payloads the API really sent
// (test/fixtures/mlb-stats/README.md): a game is found in the schedule by its teams and
// start (a doubleheader's by the closer start), only a Final game's box score is read, every
// player maps to the stat line props grade on, and anything unexpected throws rather than
// record a wrong box score.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gradeProp } from "../../src/shared/props/grading";
import type { BoxScore } from "../../src/shared/schemas/props";
import { createTheOddsApiProvider } from "../../worker/odds/the-odds-api";
import { createSimulatorProvider } from "../../worker/odds/simulator/simulator-provider";
import { createMlbStatsProvider, type FeedGame } from "../../worker/settlement/stats-mlb";
import { statsPortFor } from "../../worker/settlement/stats-port";
import recordedBox from "../fixtures/mlb-stats/boxscore-744914.json";
import postponedDay from "../fixtures/mlb-stats/schedule-2022-04-07.json";
import recordedDay from "../fixtures/mlb-stats/schedule-2024-07-01.json";

const BASE = "https://statsapi.example";
const SCHEDULE_2024_07_01 = "/api/v1/schedule?sportId=1&date=2024-07-01";
const BOX_744914 = "/api/v1/game/744914/boxscore";

/** Houston Astros @ Toronto Blue Jays, 2024-07-01 (gamePk 744914), as The Odds API names it. */
const astrosAtJays: FeedGame = { home: "Toronto Blue Jays", away: "Houston Astros", startTime: Date.parse("2024-07-01T19:07:00Z") };

/** A fetcher that answers each scripted path (with its query) with its JSON, or its Response; 404 otherwise. */
function scripted(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const fetcher: typeof fetch = async (input) => {
    const url = new URL(String(input));
    const path = `${url.pathname}${url.search}`;
    calls.push(path);
    if (!Object.hasOwn(answers, path)) return new Response("Not Found", { status: 404 });
    const answer = answers[path];
    return answer instanceof Response ? answer : Response.json(answer);
  };
  return { fetcher, calls };
}

function mlbStats(answers: Record<string, unknown>, game: FeedGame | null = astrosAtJays, timeoutMs?: number) {
  const { fetcher, calls } = scripted(answers);
  const port = createMlbStatsProvider({ baseUrl: `${BASE}/`, fetcher, timeoutMs, gameOf: async () => game });
  return { port, calls };
}

function lineOf(box: BoxScore | null, playerId: string) {
  const line = box?.players.find((p) => p.playerId === playerId);
  if (!line) throw new Error(`no stat line for ${playerId}`);
  return line;
}

describe("MLB's box score as props' stat lines", () => {
  it("maps every player of the recorded game: hits, total bases, home runs, the starters' strikeouts", async () => {
    const { port, calls } = mlbStats({ [SCHEDULE_2024_07_01]: recordedDay, [BOX_744914]: recordedBox });
    const box = await port.boxScore("baseball_mlb", "evt-hou-tor", Date.now());

    expect(calls).toEqual([SCHEDULE_2024_07_01, BOX_744914]);
    expect(box).toMatchObject({ eventId: "evt-hou-tor", source: "official" });
    expect(box?.players).toHaveLength(50);
    // A two-hit game with a home run: 1 + 4 total bases.
    expect(lineOf(box, "ernie-clement")).toEqual({
      playerId: "ernie-clement",
      name: "Ernie Clement",
      team: "home",
      played: true,
      stats: { hits: 2, total_bases: 5, home_runs: 1 },
    });
    expect(lineOf(box, "alex-bregman")).toMatchObject({ team: "away", played: true, stats: { hits: 2, total_bases: 3, home_runs: 0 } });
    // The starters, by the props' slug of MLB's full name (accents folded).
    expect(lineOf(box, "yariel-rodriguez")).toMatchObject({
      name: "Yariel Rodríguez",
      team: "home",
      played: true,
      stats: { started: 1, strikeouts: 6 },
    });
    expect(lineOf(box, "hunter-brown")).toMatchObject({ team: "away", played: true, stats: { started: 1, strikeouts: 5 } });
    // A reliever pitched but did not start; a bench player did not play.
    expect(lineOf(box, "trevor-richards")).toEqual({
      playerId: "trevor-richards",
      name: "Trevor Richards",
      team: "home",
      played: true,
      stats: { strikeouts: 1 },
    });
    expect(lineOf(box, "vladimir-guerrero")).toEqual({
      playerId: "vladimir-guerrero",
      name: "Vladimir Guerrero Jr.",
      team: "home",
      played: false,
      stats: {},
    });
  });

  it("grades MLB props from those lines: a starter's strikeouts, a reliever's void, a bench player's void", async () => {
    const { port } = mlbStats({ [SCHEDULE_2024_07_01]: recordedDay, [BOX_744914]: recordedBox });
    const box = await port.boxScore("baseball_mlb", "evt-hou-tor", Date.now());
    const strikeoutsOver = { marketKey: "pitcher_strikeouts", sport: "baseball_mlb", kind: "over-under", line: 5.5, side: "over" } as const;
    expect(gradeProp(strikeoutsOver, lineOf(box, "yariel-rodriguez"))).toBe("win");
    expect(gradeProp(strikeoutsOver, lineOf(box, "trevor-richards"))).toBe("void");
    const hitsOver = { marketKey: "batter_hits", sport: "baseball_mlb", kind: "over-under", line: 0.5, side: "over" } as const;
    expect(gradeProp(hitsOver, lineOf(box, "vladimir-guerrero"))).toBe("void");
    expect(gradeProp({ ...hitsOver, marketKey: "batter_total_bases", line: 4.5 }, lineOf(box, "ernie-clement"))).toBe("win");
  });

  it("counts total bases from the hits by kind when the payload leaves totalBases out", async () => {
    const withoutTotalBases = structuredClone(recordedBox);
    Reflect.deleteProperty(withoutTotalBases.teams.home.players.ID676391.stats.batting, "totalBases");
    const { port } = mlbStats({ [SCHEDULE_2024_07_01]: recordedDay, [BOX_744914]: withoutTotalBases });
    expect(lineOf(await port.boxScore("baseball_mlb", "evt-hou-tor", Date.now()), "ernie-clement").stats.total_bases).toBe(5);
  });
});

describe("finding the feed's game in MLB's schedule", () => {
  it("answers null for other sports and for an event D1 does not know, without a call", async () => {
    const other = mlbStats({});
    expect(await other.port.boxScore("basketball_nba", "evt", Date.now())).toBeNull();
    const unknown = mlbStats({}, null);
    expect(await unknown.port.boxScore("baseball_mlb", "evt", Date.now())).toBeNull();
    expect([...other.calls, ...unknown.calls]).toEqual([]);
  });

  it("needs both teams where the feed has them: home and away swapped is not the game", async () => {
    const swapped = { ...astrosAtJays, home: astrosAtJays.away, away: astrosAtJays.home };
    const { port, calls } = mlbStats({ [SCHEDULE_2024_07_01]: recordedDay }, swapped);
    expect(await port.boxScore("baseball_mlb", "evt", Date.now())).toBeNull();
    // Not found on the Eastern date, the UTC date would be tried: the same day here, so one call.
    expect(calls).toEqual([SCHEDULE_2024_07_01]);
  });

  it("asks for the Eastern date of a night game's start, then its UTC date", async () => {
    // Milwaukee Brewers @ Colorado Rockies started 2024-07-02T00:40Z: 8:40 PM Eastern on July 1.
    const brewersAtRockies: FeedGame = {
      home: "Colorado Rockies",
      away: "Milwaukee Brewers",
      startTime: Date.parse("2024-07-02T00:40:00Z"),
    };
    const onEasternDate = mlbStats({ [SCHEDULE_2024_07_01]: recordedDay }, brewersAtRockies);
    // No box score of that game was recorded: the 404 shows which game was asked for.
    await expect(onEasternDate.port.boxScore("baseball_mlb", "evt", Date.now())).rejects.toThrow(/HTTP 404/);
    expect(onEasternDate.calls).toEqual([SCHEDULE_2024_07_01, "/api/v1/game/746535/boxscore"]);

    const onUtcDate = mlbStats(
      { [SCHEDULE_2024_07_01]: { dates: [] }, "/api/v1/schedule?sportId=1&date=2024-07-02": recordedDay },
      brewersAtRockies,
    );
    await expect(onUtcDate.port.boxScore("baseball_mlb", "evt", Date.now())).rejects.toThrow(/HTTP 404/);
    expect(onUtcDate.calls).toEqual([SCHEDULE_2024_07_01, "/api/v1/schedule?sportId=1&date=2024-07-02", "/api/v1/game/746535/boxscore"]);
  });

  it("takes a doubleheader's game by the closer start, and no game whose start is hours off", async () => {
    // No recorded doubleheader was found: game 2 is the recorded game 1 moved six hours later, under another gamePk.
    const [game1, ...others] = recordedDay.dates[0]!.games;
    const game2 = { ...game1!, gamePk: 999_001, gameNumber: 2, doubleHeader: "S", gameDate: "2024-07-02T01:07:00Z" };
    const doubleheader = {
      ...recordedDay,
      dates: [{ ...recordedDay.dates[0]!, games: [{ ...game1!, doubleHeader: "S" }, game2, ...others] }],
    };
    const answers = { [SCHEDULE_2024_07_01]: doubleheader, [BOX_744914]: recordedBox, "/api/v1/game/999001/boxscore": recordedBox };

    const first = mlbStats(answers, astrosAtJays);
    expect(await first.port.boxScore("baseball_mlb", "evt-1", Date.now())).not.toBeNull();
    expect(first.calls).toEqual([SCHEDULE_2024_07_01, BOX_744914]);

    const second = mlbStats(answers, { ...astrosAtJays, startTime: Date.parse("2024-07-02T01:05:00Z") });
    expect(await second.port.boxScore("baseball_mlb", "evt-2", Date.now())).not.toBeNull();
    expect(second.calls).toEqual([SCHEDULE_2024_07_01, "/api/v1/game/999001/boxscore"]);

    // Three hours after the only game of these teams that day: not a game MLB lists.
    const adrift = mlbStats({ [SCHEDULE_2024_07_01]: recordedDay }, { ...astrosAtJays, startTime: Date.parse("2024-07-01T22:07:00Z") });
    expect(await adrift.port.boxScore("baseball_mlb", "evt-3", Date.now())).toBeNull();
    expect(adrift.calls).toEqual([SCHEDULE_2024_07_01]);
  });
});

describe("only a Final game has a box score", () => {
  it("answers null for a postponed game (abstractGameState Final, codedGameState D) without reading a box score", async () => {
    // Boston Red Sox @ New York Yankees, 2022-04-07, postponed for weather (recorded).
    const redSoxAtYankees: FeedGame = { home: "New York Yankees", away: "Boston Red Sox", startTime: Date.parse("2022-04-07T17:05:00Z") };
    const { port, calls } = mlbStats({ "/api/v1/schedule?sportId=1&date=2022-04-07": postponedDay }, redSoxAtYankees);
    expect(await port.boxScore("baseball_mlb", "evt", Date.now())).toBeNull();
    expect(calls).toEqual(["/api/v1/schedule?sportId=1&date=2022-04-07"]);
  });

  it("answers null for a game still in progress", async () => {
    const [game1, ...others] = recordedDay.dates[0]!.games;
    const live = { ...game1!, status: { ...game1!.status, abstractGameState: "Live", codedGameState: "I", detailedState: "In Progress" } };
    const day = { ...recordedDay, dates: [{ ...recordedDay.dates[0]!, games: [live, ...others] }] };
    const { port, calls } = mlbStats({ [SCHEDULE_2024_07_01]: day, [BOX_744914]: recordedBox });
    expect(await port.boxScore("baseball_mlb", "evt", Date.now())).toBeNull();
    expect(calls).toEqual([SCHEDULE_2024_07_01]);
  });
});

describe("failures throw, so the run asks again and records nothing wrong", () => {
  it("throws on a box score whose statistics are not counts", async () => {
    const malformed = structuredClone(recordedBox);
    Reflect.set(malformed.teams.home.players.ID676391.stats.batting, "hits", "2");
    const { port } = mlbStats({ [SCHEDULE_2024_07_01]: recordedDay, [BOX_744914]: malformed });
    await expect(port.boxScore("baseball_mlb", "evt", Date.now())).rejects.toThrow(/unexpected payload/);
  });

  it("throws on a schedule that is not JSON, or not a schedule", async () => {
    const html = mlbStats({ [SCHEDULE_2024_07_01]: new Response("<html>maintenance</html>", { status: 200 }) });
    await expect(html.port.boxScore("baseball_mlb", "evt", Date.now())).rejects.toThrow(/other than JSON/);
    const notSchedule = mlbStats({ [SCHEDULE_2024_07_01]: { message: "ok" } });
    await expect(notSchedule.port.boxScore("baseball_mlb", "evt", Date.now())).rejects.toThrow(/unexpected payload \(dates\)/);
  });

  it("throws on a box score of other teams than the schedule's game", async () => {
    const { home, away } = recordedBox.teams;
    const swapped = { ...recordedBox, teams: { home: away, away: home } };
    const { port } = mlbStats({ [SCHEDULE_2024_07_01]: recordedDay, [BOX_744914]: swapped });
    await expect(port.boxScore("baseball_mlb", "evt", Date.now())).rejects.toThrow(/names other teams/);
  });

  it("throws when a call outlasts its timeout", async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    const port = createMlbStatsProvider({ baseUrl: BASE, fetcher: hanging, timeoutMs: 20, gameOf: async () => astrosAtJays });
    await expect(port.boxScore("baseball_mlb", "evt", Date.now())).rejects.toThrow(/timed out after 20 ms/);
  });
});

describe("statsPortFor", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const theOddsApi = createTheOddsApiProvider({ apiKey: "test-key", baseUrl: "https://odds.example" });

  it("reads MLB's Stats API beside The Odds API, finding the game's teams and start in D1 events", async () => {
    const eventId = `mlb-${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO events (event_id, sport, home, away, start_time, status, updated_at) VALUES (?, ?, ?, ?, ?, 'final', ?)",
    )
      .bind(eventId, "baseball_mlb", astrosAtJays.home, astrosAtJays.away, astrosAtJays.startTime, Date.now())
      .run();
    const { fetcher, calls } = scripted({ [SCHEDULE_2024_07_01]: recordedDay, [BOX_744914]: recordedBox });
    vi.spyOn(globalThis, "fetch").mockImplementation(fetcher);

    const port = statsPortFor(env, theOddsApi);
    expect(port?.name).toBe("mlb-stats-api");
    const box = await port?.boxScore("baseball_mlb", eventId, Date.now());
    expect(lineOf(box ?? null, "ernie-clement").stats).toEqual({ hits: 2, total_bases: 5, home_runs: 1 });
    expect(calls).toEqual([SCHEDULE_2024_07_01, BOX_744914]);
    expect(await port?.boxScore("icehockey_nhl", eventId, Date.now())).toBeNull();
  });

  it("keeps the simulator's beside the simulator, and has none with MLB_STATS_API_BASE_URL empty or no feed", () => {
    expect(statsPortFor(env, createSimulatorProvider(env))?.name).toBe("simulator");
    expect(statsPortFor({ ...env, MLB_STATS_API_BASE_URL: "" }, theOddsApi)).toBeNull();
    expect(statsPortFor(env, null)).toBeNull();
  });
});
