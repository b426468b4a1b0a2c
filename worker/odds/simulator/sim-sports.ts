// How each sport plays in the simulator: how many games a day and when, how long a game
// lasts in real minutes, how it scores, how its periods and clock read, and the expected
// total and margin its games' score models (sim-model.ts) start from. Numbers are chosen to
// look like a real board, not to be exact. Games overlap, as real slates do: a team sport
// starts one every hour, so whenever it has a game open for live betting one of them is in
// its first hour (a decided game's moneyline passes the price bounds and locks); MMA runs
// three fights side by side (its prices move only with the fighters' strengths, so the
// fights cover one another's suspensions).
import type { SportKey } from "../../../src/shared/sports";

export type Scoring = "football" | "basketball" | "baseball" | "hockey" | "soccer" | "mma";

export type SimSport = {
  code: string;
  gamesPerDay: number;
  /** Minutes after 00:00 UTC of the first start of a day, then a start every `spacingMin`. */
  firstStartMin: number;
  spacingMin: number;
  /** Games that start together at each start. */
  together: number;
  durationMin: number;
  scoring: Scoring;
  periods: number;
  /** Game-clock minutes per period (counting down), or null when the sport has none. */
  periodClockMin: number | null;
  /** Expected combined score of an even game. */
  baseTotal: number;
  /** Points of expected margin per unit of home win log-odds. */
  marginPerLogit: number;
  /** Rating points of home advantage. */
  homeAdvantage: number;
  hasSpread: boolean;
  hasTotal: boolean;
};

export const SIM_SPORTS: Record<SportKey, SimSport> = {
  americanfootball_nfl: {
    code: "nfl",
    gamesPerDay: 24,
    firstStartMin: 0,
    spacingMin: 60,
    together: 1,
    durationMin: 185,
    scoring: "football",
    periods: 4,
    periodClockMin: 15,
    baseTotal: 44,
    marginPerLogit: 6.5,
    homeAdvantage: 4,
    hasSpread: true,
    hasTotal: true,
  },
  basketball_nba: {
    code: "nba",
    gamesPerDay: 24,
    firstStartMin: 40,
    spacingMin: 60,
    together: 1,
    durationMin: 140,
    scoring: "basketball",
    periods: 4,
    periodClockMin: 12,
    baseTotal: 226,
    marginPerLogit: 7.5,
    homeAdvantage: 5,
    hasSpread: true,
    hasTotal: true,
  },
  baseball_mlb: {
    code: "mlb",
    gamesPerDay: 24,
    firstStartMin: 80,
    spacingMin: 60,
    together: 1,
    durationMin: 170,
    scoring: "baseball",
    periods: 9,
    periodClockMin: null,
    baseTotal: 8.5,
    marginPerLogit: 2.2,
    homeAdvantage: 3,
    hasSpread: true,
    hasTotal: true,
  },
  icehockey_nhl: {
    code: "nhl",
    gamesPerDay: 24,
    firstStartMin: 120,
    spacingMin: 60,
    together: 1,
    durationMin: 150,
    scoring: "hockey",
    periods: 3,
    periodClockMin: 20,
    baseTotal: 6,
    marginPerLogit: 1.6,
    homeAdvantage: 3,
    hasSpread: true,
    hasTotal: true,
  },
  americanfootball_ncaaf: {
    code: "ncaaf",
    gamesPerDay: 24,
    firstStartMin: 20,
    spacingMin: 60,
    together: 1,
    durationMin: 195,
    scoring: "football",
    periods: 4,
    periodClockMin: 15,
    baseTotal: 52,
    marginPerLogit: 8,
    homeAdvantage: 5,
    hasSpread: true,
    hasTotal: true,
  },
  basketball_ncaab: {
    code: "ncaab",
    gamesPerDay: 24,
    firstStartMin: 100,
    spacingMin: 60,
    together: 1,
    durationMin: 125,
    scoring: "basketball",
    periods: 2,
    periodClockMin: 20,
    baseTotal: 142,
    marginPerLogit: 6.5,
    homeAdvantage: 5,
    hasSpread: true,
    hasTotal: true,
  },
  soccer_usa_mls: {
    code: "mls",
    gamesPerDay: 24,
    firstStartMin: 60,
    spacingMin: 60,
    together: 1,
    durationMin: 110,
    scoring: "soccer",
    periods: 2,
    periodClockMin: null,
    baseTotal: 2.8,
    marginPerLogit: 1.1,
    homeAdvantage: 5,
    hasSpread: true,
    hasTotal: true,
  },
  mma_mixed_martial_arts: {
    code: "mma",
    gamesPerDay: 36,
    firstStartMin: 30,
    spacingMin: 120,
    together: 3,
    durationMin: 25,
    scoring: "mma",
    periods: 3,
    periodClockMin: 5,
    baseTotal: 0,
    marginPerLogit: 0,
    homeAdvantage: 0,
    hasSpread: false,
    hasTotal: false,
  },
};
