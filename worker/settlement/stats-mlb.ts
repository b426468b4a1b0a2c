// MLB players' final statistics from MLB's own Stats API (statsapi.mlb.com), for grading
// MLB props beside The Odds API's games. The feed's event id means nothing to MLB, so a game
// is found by its teams and start: the schedule of the start's Eastern date (then its UTC
// date) lists MLB's games, the one with both teams' names and the start closest to ours
// (a doubleheader has two) is ours when it is within MAX_START_GAP_MS, and only a Final game
// ("Final" and coded "F"; a postponed game is "Final" but coded "D") has its box score read.
// Anything unexpected (an HTTP error, a timeout, a payload that does not parse, a box score
// of other teams) is a thrown error: the settlement run logs it and asks again next run,
// and no wrong box score is ever recorded. Terms of use: docs/rules.md, "Where player
// statistics come from".
import { z } from "zod";
import { etDayKey } from "../../src/shared/bonus";
import { playerIdOf } from "../../src/shared/props/player-names";
import type { BoxScore, PlayerStatLine } from "../../src/shared/schemas/props";
import type { StatsPort } from "./stats-source";

/** A game as the odds feed recorded it in D1 `events`: the teams' full names and the start (epoch ms). */
export type FeedGame = { home: string; away: string; startTime: number };

export type MlbStatsOptions = {
  /** e.g. https://statsapi.mlb.com (the MLB_STATS_API_BASE_URL var). */
  baseUrl: string;
  /** The feed's game of an event id (D1 `events`), or null when unknown. */
  gameOf: (eventId: string) => Promise<FeedGame | null>;
  fetcher?: typeof fetch;
  /** How long one call may take before it counts as failed. */
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 8_000;

/**
 * The farthest MLB's start may be from the feed's for the same game: well under the hours
 * between a doubleheader's two games, so a game the schedule no longer lists is never taken
 * for the other one.
 */
const MAX_START_GAP_MS = 2 * 60 * 60 * 1000;

const count = z.number().int().nonnegative();
const TeamSchema = z.object({ id: z.number().int(), name: z.string() });

const ScheduleSchema = z.object({
  dates: z.array(
    z.object({
      games: z.array(
        z.object({
          gamePk: z.number().int(),
          gameDate: z.iso.datetime({ offset: true }),
          status: z.object({ abstractGameState: z.string(), codedGameState: z.string() }),
          // A postseason game whose teams are not decided yet lists none; it is nobody's game.
          teams: z.object({ home: z.object({ team: TeamSchema }).optional(), away: z.object({ team: TeamSchema }).optional() }),
        }),
      ),
    }),
  ),
});
type ScheduleGame = z.infer<typeof ScheduleSchema>["dates"][number]["games"][number];

const BattingSchema = z.object({
  gamesPlayed: count.optional(),
  atBats: count.optional(),
  plateAppearances: count.optional(),
  hits: count.optional(),
  doubles: count.optional(),
  triples: count.optional(),
  homeRuns: count.optional(),
  totalBases: count.optional(),
});
const PitchingSchema = z.object({
  gamesPlayed: count.optional(),
  gamesStarted: count.optional(),
  battersFaced: count.optional(),
  strikeOuts: count.optional(),
});
const BoxPlayerSchema = z.object({
  person: z.object({ id: z.number().int(), fullName: z.string() }),
  stats: z.object({ batting: BattingSchema.optional(), pitching: PitchingSchema.optional() }),
});
const BoxTeamSchema = z.object({
  team: TeamSchema,
  players: z.record(z.string(), BoxPlayerSchema),
  batters: z.array(z.number().int()),
  pitchers: z.array(z.number().int()),
});
const BoxScoreSchema = z.object({ teams: z.object({ home: BoxTeamSchema, away: BoxTeamSchema }) });
type BoxTeam = z.infer<typeof BoxTeamSchema>;
type BoxPlayer = z.infer<typeof BoxPlayerSchema>;

/** A team's name as compared across the feed and MLB: case, accents and punctuation aside. */
function teamKey(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** The schedule's game that is the feed's game: both teams, the closest start within MAX_START_GAP_MS. */
function matchGame(games: readonly ScheduleGame[], game: FeedGame): ScheduleGame | null {
  const home = teamKey(game.home);
  const away = teamKey(game.away);
  let best: { game: ScheduleGame; gap: number } | null = null;
  for (const candidate of games) {
    const { home: h, away: a } = candidate.teams;
    if (!h || !a || teamKey(h.team.name) !== home || teamKey(a.team.name) !== away) continue;
    const gap = Math.abs(Date.parse(candidate.gameDate) - game.startTime);
    if (gap <= MAX_START_GAP_MS && (!best || gap < best.gap)) best = { game: candidate, gap };
  }
  return best?.game ?? null;
}

function isFinal(game: ScheduleGame): boolean {
  return game.status.abstractGameState === "Final" && game.status.codedGameState === "F";
}

function appeared(player: BoxPlayer, team: BoxTeam): boolean {
  const { batting = {}, pitching = {} } = player.stats;
  const took = [batting.gamesPlayed, batting.atBats, batting.plateAppearances, pitching.gamesPlayed, pitching.battersFaced];
  return took.some((n) => (n ?? 0) > 0) || team.batters.includes(player.person.id) || team.pitchers.includes(player.person.id);
}

/** Total bases as MLB counts them, or from the hits by kind when the payload leaves it out. */
function totalBasesOf(batting: z.infer<typeof BattingSchema>): number | undefined {
  if (batting.totalBases !== undefined) return batting.totalBases;
  const { hits, doubles, triples, homeRuns } = batting;
  if (hits === undefined || doubles === undefined || triples === undefined || homeRuns === undefined) return undefined;
  return hits + doubles + 2 * triples + 3 * homeRuns;
}

/** The statistics props grade on (src/shared/props/catalogue.ts), only those MLB recorded. */
function statsOf(player: BoxPlayer, starter: boolean): Record<string, number> {
  const { batting = {}, pitching = {} } = player.stats;
  const recorded: Record<string, number | undefined> = {
    hits: batting.hits,
    total_bases: totalBasesOf(batting),
    home_runs: batting.homeRuns,
    strikeouts: pitching.strikeOuts,
    started: starter ? 1 : undefined,
  };
  return Object.fromEntries(Object.entries(recorded).filter((entry): entry is [string, number] => entry[1] !== undefined));
}

function teamLines(team: BoxTeam, side: "home" | "away"): PlayerStatLine[] {
  const players = Object.values(team.players);
  const starter = players.find((p) => p.stats.pitching?.gamesStarted === 1)?.person.id ?? team.pitchers[0];
  return players.map((player) => ({
    playerId: playerIdOf(player.person.fullName),
    name: player.person.fullName,
    team: side,
    played: appeared(player, team),
    stats: statsOf(player, player.person.id === starter),
  }));
}

/**
 * Every player of both rosters as a stat line. Two players whose names make one id (two Luis
 * Garcías in one game) are left out: a prop on that id cannot tell them apart, so it voids.
 */
function mapBoxScore(eventId: string, payload: z.infer<typeof BoxScoreSchema>): BoxScore {
  const lines = [...teamLines(payload.teams.home, "home"), ...teamLines(payload.teams.away, "away")];
  const seen = new Map<string, number>();
  for (const line of lines) seen.set(line.playerId, (seen.get(line.playerId) ?? 0) + 1);
  return { eventId, source: "official", players: lines.filter((line) => line.playerId !== "" && seen.get(line.playerId) === 1) };
}

function errorName(err: unknown): string {
  return typeof err === "object" && err !== null && "name" in err ? String(err.name) : "";
}

export function createMlbStatsProvider(options: MlbStatsOptions): StatsPort {
  const fetcher = options.fetcher ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function getJson<T>(path: string, schema: z.ZodType<T>): Promise<T> {
    let status: number;
    let body: string;
    try {
      const res = await fetcher(`${baseUrl}${path}`, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
      status = res.status;
      body = await res.text();
    } catch (err) {
      const name = errorName(err);
      if (name === "TimeoutError" || name === "AbortError") throw new Error(`MLB Stats API ${path} timed out after ${timeoutMs} ms`);
      throw new Error(`MLB Stats API ${path} unreachable: ${String(err)}`);
    }
    if (status < 200 || status > 299) throw new Error(`MLB Stats API ${path} answered HTTP ${status}`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new Error(`MLB Stats API ${path} answered something other than JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const where = parsed.error.issues[0]?.path.join(".") ?? "";
      throw new Error(`MLB Stats API ${path}: unexpected payload (${where || "top level"})`);
    }
    return parsed.data;
  }

  /** The feed's game in MLB's schedule: the Eastern date of its start first, then its UTC date. */
  async function findGame(game: FeedGame): Promise<ScheduleGame | null> {
    const dates = [...new Set([etDayKey(game.startTime), new Date(game.startTime).toISOString().slice(0, 10)])];
    for (const date of dates) {
      const schedule = await getJson(`/api/v1/schedule?sportId=1&date=${date}`, ScheduleSchema);
      const found = matchGame(
        schedule.dates.flatMap((d) => d.games),
        game,
      );
      if (found) return found;
    }
    return null;
  }

  return {
    name: "mlb-stats-api",
    async boxScore(sport, eventId) {
      if (sport !== "baseball_mlb") return null;
      const game = await options.gameOf(eventId);
      if (!game) return null;
      const scheduled = await findGame(game);
      if (!scheduled || !isFinal(scheduled)) return null;
      const payload = await getJson(`/api/v1/game/${scheduled.gamePk}/boxscore`, BoxScoreSchema);
      const { home, away } = payload.teams;
      if (home.team.id !== scheduled.teams.home?.team.id || away.team.id !== scheduled.teams.away?.team.id) {
        throw new Error(`MLB Stats API box score of game ${scheduled.gamePk} names other teams than its schedule`);
      }
      return mapBoxScore(eventId, payload);
    },
  };
}
