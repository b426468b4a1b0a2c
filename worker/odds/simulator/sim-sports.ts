// How each sport plays in the simulator: how many games a day and when, how long a game
// lasts in real minutes, how it scores, how its periods and clock read, and the expected
// total and margin its games' score models (sim-model.ts) start from. Numbers are chosen to
// look like a real board, not to be exact. Games overlap, as real slates do: a team sport
// starts one every half hour, as a night of NBA, NHL or college games tips off in waves
// (MLB and college football, whose games are seldom decided early, one every hour), so
// whenever it has a game open for live betting one of them has just begun (a decided
// game's moneyline passes the price bounds and locks); MMA runs three fights side by side
// (its prices move only with the fighters' strengths, so the fights cover one another's
// suspensions). The matchups are as far apart as each league's closing lines (LEVEL_LEAGUES).
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
  /**
   * Rating points (teams.ts, 0–100) per unit of home win log-odds: how far apart the
   * sport's matchups are. 20 unless the league's closing lines are closer together (see
   * LEVEL_LEAGUES).
   */
  ratingPerLogit: number;
  /** Rating points of home advantage. */
  homeAdvantage: number;
  hasSpread: boolean;
  hasTotal: boolean;
};

/**
 * The rating points per logit of the leagues whose matchups are closer than the 0–100
 * ratings read at 20 points a logit, each chosen so the simulator's biggest pre-game
 * favourite is about the league's biggest in a season of closing lines, and the home
 * advantage (in logits) is kept by scaling its rating points alike:
 * - NBA: closing point spreads beyond about 17 are rare (a few games a season), so the
 *   biggest favourites are about −2000; at 20 points a logit the simulator's reached 24
 *   points (−5000).
 * - MLB: the biggest moneyline favourites of a season are about −350 to −400 (starting
 *   pitching evens most games out); at 20 points a logit the simulator's reached 94%.
 * - NHL: the biggest moneyline favourites of a season are about −350 to −400 (the puck
 *   line's −1.5 rarely past −150); at 20 points a logit the simulator's reached 96%.
 * - MLS: the league is known for its parity; its biggest 3-way home favourites are about
 *   −250 to −300; at 20 points a logit the simulator's reached a 2-goal expected margin.
 * A game that mismatched is decided by its first goals or runs of play, so the simulator's
 * live board was full of locked moneylines no real league shows as often.
 */
const LEVEL_LEAGUES = { basketball_nba: 27, baseball_mlb: 40, icehockey_nhl: 50, soccer_usa_mls: 40 } as const;

export const SIM_SPORTS: Record<SportKey, SimSport> = {
  americanfootball_nfl: {
    code: "nfl",
    gamesPerDay: 48,
    firstStartMin: 0,
    spacingMin: 30,
    together: 1,
    durationMin: 185,
    scoring: "football",
    periods: 4,
    periodClockMin: 15,
    baseTotal: 44,
    marginPerLogit: 6.5,
    ratingPerLogit: 20,
    homeAdvantage: 4,
    hasSpread: true,
    hasTotal: true,
  },
  basketball_nba: {
    code: "nba",
    gamesPerDay: 48,
    firstStartMin: 10,
    spacingMin: 30,
    together: 1,
    durationMin: 140,
    scoring: "basketball",
    periods: 4,
    periodClockMin: 12,
    baseTotal: 226,
    marginPerLogit: 7.5,
    ratingPerLogit: LEVEL_LEAGUES.basketball_nba,
    homeAdvantage: 7,
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
    ratingPerLogit: LEVEL_LEAGUES.baseball_mlb,
    homeAdvantage: 6,
    hasSpread: true,
    hasTotal: true,
  },
  icehockey_nhl: {
    code: "nhl",
    gamesPerDay: 48,
    firstStartMin: 25,
    spacingMin: 30,
    together: 1,
    durationMin: 150,
    scoring: "hockey",
    periods: 3,
    periodClockMin: 20,
    baseTotal: 6,
    marginPerLogit: 1.6,
    ratingPerLogit: LEVEL_LEAGUES.icehockey_nhl,
    homeAdvantage: 7.5,
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
    ratingPerLogit: 20,
    homeAdvantage: 5,
    hasSpread: true,
    hasTotal: true,
  },
  basketball_ncaab: {
    code: "ncaab",
    gamesPerDay: 48,
    firstStartMin: 20,
    spacingMin: 30,
    together: 1,
    durationMin: 125,
    scoring: "basketball",
    periods: 2,
    periodClockMin: 20,
    baseTotal: 142,
    marginPerLogit: 6.5,
    ratingPerLogit: 20,
    homeAdvantage: 5,
    hasSpread: true,
    hasTotal: true,
  },
  soccer_usa_mls: {
    code: "mls",
    gamesPerDay: 48,
    firstStartMin: 0,
    spacingMin: 30,
    together: 1,
    durationMin: 110,
    scoring: "soccer",
    periods: 2,
    periodClockMin: null,
    baseTotal: 2.8,
    marginPerLogit: 1.1,
    ratingPerLogit: LEVEL_LEAGUES.soccer_usa_mls,
    homeAdvantage: 10,
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
    ratingPerLogit: 20,
    homeAdvantage: 0,
    hasSpread: false,
    hasTotal: false,
  },
};
