// Each simulated player's statistics in one game, tied to the game's one score model: a
// player's stats are his shares of what his team does given its final score, and the team's
// final is the model's. The props' prices (sim-props.ts) read each stat's law mixed over the
// model's distribution of the team's final; the box score draws the same way given the final
// the game actually reached. So prices, box scores and the board all tell one story.
//
// Per sport (a share is the player's roster weight over his teammates', sim-rosters.ts):
// - Basketball: the final splits into threes, twos and ones as the scoring timeline splits it
//   (sim-model.ts `plays`); each three goes to a player by threes share, each two and one by
//   points share. Assists: Poisson, ASSISTS_PER_FIELD_GOAL per made three or two, by assists
//   share. Rebounds: Poisson by rebounds share of TEAM_REBOUNDS, scaled by the team's expected score.
// - Football: the team's touchdowns are its final's 7-point plays (`plays`), each scored by a
//   player by touchdown share or by nobody on the roster (OFF_ROSTER: the defence, special
//   teams, depth players). Catches and carries: Poisson, growing with the final, by share; each
//   catch gains CATCH_GAIN yards, each carry CARRY_GAIN; the starting quarterback passes for
//   every catch's yards. Touchdowns and yards are independent given the final (a touchdown
//   without a catch can happen).
// - Baseball: each run is driven by a home run with chance HOME_RUN_PER_RUN (so a team never
//   homers more often than it scores), each home run hit by a batter by power share; other hits
//   are Poisson, OTHER_HITS growing with the runs, by hits share, some of them doubles and
//   triples. The starting pitcher strikes out Poisson(STARTER_STRIKEOUTS, fewer the more runs
//   the opponents score) × his rate; relievers a few each.
// - Hockey: each goal is scored by a skater by goals share, with 0, 1 or 2 assists
//   (ASSISTS_PER_GOAL) by teammates by assists share; shots on goal are his goals plus Poisson
//   saved shots by shots share (SAVED_SHOTS, more for a team expected to score more).
// - Soccer: each goal is scored by a player by goals share (own goals are not modelled).
// Approximations: the tie-break (overtime, a shootout, extra innings) scores like any other
// goal or run, so a shootout winner is credited to a player; who sits out is drawn at the game
// and shares are then among those who played, while the prices (set before) count each
// teammate at his chance of playing.
import type { PropStat } from "../../../src/shared/props/catalogue";
import type { PlayerStatLine } from "../../../src/shared/schemas/props";
import { scoreGrid } from "../../../src/shared/game-model";
import type { SportKey } from "../../../src/shared/sports";
import { seededRng, type Rng } from "./random";
import { SEED, type SimGame } from "./sim-games";
import { plays } from "./sim-model";
import { RELIEF_PITCHER, rosterOf, type RosterPlayer, type ShareKind, STARTING_PITCHER, STARTING_QUARTERBACK } from "./sim-rosters";
import { type Scoring, SIM_SPORTS } from "./sim-sports";
import {
  binomialPmf,
  convolve,
  countLaw,
  drawBinomial,
  drawIndex,
  drawPoisson,
  drawYards,
  mixture,
  type Pmf,
  poissonPmf,
  type StatLaw,
  times,
  type TouchGain,
  yardsLaw,
} from "./sim-stat-laws";

type Side = "home" | "away";

/** One team in one game, as its players' stats read it. */
type TeamGame = {
  sport: SportKey;
  roster: readonly RosterPlayer[];
  /** P(the team's final = f), from the game's model. */
  finals: Pmf;
  /** P(the opponents' final = f). */
  opponentFinals: Pmf;
  /** The team's expected final. */
  expected: number;
};

/** A player's laws of the stats books quote him on. */
type Laws = Partial<Record<PropStat, StatLaw>>;
/** A player's final stats (empty for one who did not play). */
type Stats = Record<string, number>;

/** How one sport's players' stats come from their team's final. */
type StatModel = {
  /** Each player's laws, in roster order. */
  laws(team: TeamGame): Laws[];
  /** Each player's stats given the team's and the opponents' finals and who played, in roster order. */
  draw(rng: Rng, team: TeamGame, final: number, opponentFinal: number, played: readonly boolean[]): Stats[];
};

/** Each player's share of `kind` as the prices count it: his weight over his own plus each teammate's at the teammate's chance of playing. */
function expectedShares(roster: readonly RosterPlayer[], kind: ShareKind): number[] {
  const weights = roster.map((player) => player.weights[kind] ?? 0);
  const lineup = roster.reduce((sum, player, i) => sum + (1 - player.sitsOut) * weights[i]!, 0);
  return weights.map((w, i) => (w > 0 ? w / (w + lineup - (1 - roster[i]!.sitsOut) * w) : 0));
}

/** Each player's share of `kind` among those who played (0 for those who did not). */
function playedShares(roster: readonly RosterPlayer[], kind: ShareKind, played: readonly boolean[]): number[] {
  const weights = roster.map((player, i) => (played[i] ? (player.weights[kind] ?? 0) : 0));
  const total = weights.reduce((sum, w) => sum + w, 0);
  return weights.map((w) => (total > 0 ? w / total : 0));
}

/** The laws of the stats `player` is quoted on, each made only when needed. */
function lawsOf(player: RosterPlayer, makers: Partial<Record<PropStat, () => StatLaw>>): Laws {
  const laws: Laws = {};
  for (const stat of player.props) {
    const make = makers[stat];
    if (make) laws[stat] = make();
  }
  return laws;
}

/** How a final splits into scoring plays, as the scoring timeline splits it. */
function playCounts(sport: SportKey, final: number): { threes: number; twos: number; ones: number; sevens: number } {
  const counts = { threes: 0, twos: 0, ones: 0, sevens: 0 };
  for (const points of plays(SIM_SPORTS[sport], final)) {
    if (points === 3) counts.threes++;
    else if (points === 2) counts.twos++;
    else if (points === 1) counts.ones++;
    else if (points === 7) counts.sevens++;
  }
  return counts;
}

const TEAM_REBOUNDS: Partial<Record<SportKey, number>> = { basketball_nba: 44, basketball_ncaab: 36 };
const ASSISTS_PER_FIELD_GOAL = 0.52;

/** The team's expected rebounds: the league's, more for a team expected to score more. */
function teamRebounds(team: TeamGame): number {
  return ((TEAM_REBOUNDS[team.sport] ?? 0) * team.expected * 2) / SIM_SPORTS[team.sport].baseTotal;
}

const BASKETBALL: StatModel = {
  laws(team) {
    const threes = expectedShares(team.roster, "threes");
    const points = expectedShares(team.roster, "points");
    const assists = expectedShares(team.roster, "assists");
    const rebounds = expectedShares(team.roster, "rebounds");
    return team.roster.map((player, i) =>
      lawsOf(player, {
        points: () =>
          countLaw(
            mixture(team.finals, (f) => {
              const made = playCounts(team.sport, f);
              const twosAndOnes = convolve(times(binomialPmf(made.twos, points[i]!), 2), binomialPmf(made.ones, points[i]!));
              return convolve(times(binomialPmf(made.threes, threes[i]!), 3), twosAndOnes);
            }),
          ),
        threes: () => countLaw(mixture(team.finals, (f) => binomialPmf(playCounts(team.sport, f).threes, threes[i]!))),
        assists: () =>
          countLaw(
            mixture(team.finals, (f) => {
              const made = playCounts(team.sport, f);
              return poissonPmf(assists[i]! * ASSISTS_PER_FIELD_GOAL * (made.threes + made.twos));
            }),
          ),
        rebounds: () => countLaw(poissonPmf(rebounds[i]! * teamRebounds(team))),
      }),
    );
  },
  draw(rng, team, final, _opponentFinal, played) {
    const made = playCounts(team.sport, final);
    const threeShares = playedShares(team.roster, "threes", played);
    const pointShares = playedShares(team.roster, "points", played);
    const assistShares = playedShares(team.roster, "assists", played);
    const reboundShares = playedShares(team.roster, "rebounds", played);
    const points = team.roster.map(() => 0);
    const threes = team.roster.map(() => 0);
    for (let k = 0; k < made.threes; k++) {
      const i = drawIndex(rng, threeShares);
      threes[i]!++;
      points[i]! += 3;
    }
    for (let k = 0; k < made.twos; k++) points[drawIndex(rng, pointShares)]! += 2;
    for (let k = 0; k < made.ones; k++) points[drawIndex(rng, pointShares)]! += 1;
    const assistsMean = ASSISTS_PER_FIELD_GOAL * (made.threes + made.twos);
    return team.roster.map(
      (_, i): Stats =>
        played[i]
          ? {
              points: points[i]!,
              threes: threes[i]!,
              rebounds: drawPoisson(rng, reboundShares[i]! * teamRebounds(team)),
              assists: drawPoisson(rng, assistShares[i]! * assistsMean),
            }
          : {},
    );
  },
};

/** A football team's expected catches and carries: a base plus so many per point of its final. */
const FOOTBALL_VOLUME: Partial<Record<SportKey, { catches: [number, number]; carries: [number, number] }>> = {
  americanfootball_nfl: { catches: [13, 0.38], carries: [21, 0.25] },
  americanfootball_ncaaf: { catches: [12, 0.32], carries: [24, 0.3] },
};
/** The share of a team's catches, carries and touchdowns that goes to nobody on the simulated roster. */
const OFF_ROSTER = { catches: 0.1, carries: 0.08, tds: 0.1 } as const;
/** Yards per catch: mean 11.1, spread about 9. */
const CATCH_GAIN: TouchGain = { shape: 1.5, scale: 7.4 };
/** Yards per carry: mean 4.3, spread about 5. */
const CARRY_GAIN: TouchGain = { shape: 0.8, scale: 5.4 };

function footballVolume(sport: SportKey, final: number): { catches: number; carries: number } {
  const volume = FOOTBALL_VOLUME[sport]!;
  return { catches: volume.catches[0] + volume.catches[1] * final, carries: volume.carries[0] + volume.carries[1] * final };
}

const FOOTBALL: StatModel = {
  laws(team) {
    const onRoster = (kind: keyof typeof OFF_ROSTER) => expectedShares(team.roster, kind).map((s) => s * (1 - OFF_ROSTER[kind]));
    const catches = onRoster("catches");
    const carries = onRoster("carries");
    const tds = onRoster("tds");
    const catchesOf = (i: number) => mixture(team.finals, (f) => poissonPmf(catches[i]! * footballVolume(team.sport, f).catches));
    return team.roster.map((player, i) =>
      lawsOf(player, {
        pass_yds: () =>
          yardsLaw(
            mixture(team.finals, (f) => poissonPmf(footballVolume(team.sport, f).catches)),
            CATCH_GAIN,
          ),
        rec_yds: () => yardsLaw(catchesOf(i), CATCH_GAIN),
        receptions: () => countLaw(catchesOf(i)),
        rush_yds: () =>
          yardsLaw(
            mixture(team.finals, (f) => poissonPmf(carries[i]! * footballVolume(team.sport, f).carries)),
            CARRY_GAIN,
          ),
        tds: () => countLaw(mixture(team.finals, (f) => binomialPmf(playCounts(team.sport, f).sevens, tds[i]!))),
      }),
    );
  },
  draw(rng, team, final, _opponentFinal, played) {
    const volume = footballVolume(team.sport, final);
    const onRoster = (kind: keyof typeof OFF_ROSTER) => playedShares(team.roster, kind, played).map((s) => s * (1 - OFF_ROSTER[kind]));
    const catches = onRoster("catches");
    const carries = onRoster("carries");
    const stats = team.roster.map((_, i): Stats => {
      if (!played[i]) return {};
      const receptions = drawPoisson(rng, catches[i]! * volume.catches);
      return {
        pass_yds: 0,
        rush_yds: drawYards(rng, drawPoisson(rng, carries[i]! * volume.carries), CARRY_GAIN),
        rec_yds: drawYards(rng, receptions, CATCH_GAIN),
        receptions,
        tds: 0,
      };
    });
    const offRosterYards = drawYards(rng, drawPoisson(rng, OFF_ROSTER.catches * volume.catches), CATCH_GAIN);
    const scorers = [...onRoster("tds"), OFF_ROSTER.tds];
    for (let k = 0; k < playCounts(team.sport, final).sevens; k++) {
      const scorer = stats[drawIndex(rng, scorers)];
      if (scorer) scorer.tds! += 1;
    }
    const passer = stats[team.roster.findIndex((player) => player.role === STARTING_QUARTERBACK)];
    if (passer?.pass_yds !== undefined) passer.pass_yds = stats.reduce((sum, s) => sum + (s.rec_yds ?? 0), offRosterYards);
    return stats;
  },
};

const HOME_RUN_PER_RUN = 0.26;
/** A team's hits other than home runs: Poisson with mean base + perRun × its runs. */
const OTHER_HITS = { base: 4.2, perRun: 0.55 };
const DOUBLE_SHARE = 0.22;
const TRIPLE_SHARE = 0.02;
/** A starter's expected strikeouts at his rate 1: base − perRunAllowed × the opponents' runs, at least floor. */
const STARTER_STRIKEOUTS = { base: 7.4, perRunAllowed: 0.5, floor: 1.5 };
const RELIEVER_STRIKEOUTS = 1.1;

const starterStrikeouts = (rate: number, runsAllowed: number) =>
  rate * Math.max(STARTER_STRIKEOUTS.floor, STARTER_STRIKEOUTS.base - STARTER_STRIKEOUTS.perRunAllowed * runsAllowed);

const BASEBALL: StatModel = {
  laws(team) {
    const hits = expectedShares(team.roster, "hits");
    const power = expectedShares(team.roster, "power");
    const homeRuns = (i: number, runs: number) => binomialPmf(runs, HOME_RUN_PER_RUN * power[i]!);
    const otherHits = (i: number, runs: number) => hits[i]! * (OTHER_HITS.base + OTHER_HITS.perRun * runs);
    return team.roster.map((player, i) =>
      lawsOf(player, {
        strikeouts: () =>
          countLaw(mixture(team.opponentFinals, (runs) => poissonPmf(starterStrikeouts(player.weights.strikeouts ?? 0, runs)))),
        home_runs: () => countLaw(mixture(team.finals, (runs) => homeRuns(i, runs))),
        hits: () => countLaw(mixture(team.finals, (runs) => convolve(homeRuns(i, runs), poissonPmf(otherHits(i, runs))))),
        total_bases: () =>
          countLaw(
            mixture(team.finals, (runs) => {
              const other = otherHits(i, runs);
              const singles = poissonPmf(other * (1 - DOUBLE_SHARE - TRIPLE_SHARE));
              const extraBases = convolve(times(poissonPmf(other * DOUBLE_SHARE), 2), times(poissonPmf(other * TRIPLE_SHARE), 3));
              return convolve(times(homeRuns(i, runs), 4), convolve(singles, extraBases));
            }),
          ),
      }),
    );
  },
  draw(rng, team, final, opponentFinal, played) {
    const powerShares = playedShares(team.roster, "power", played);
    const hitShares = playedShares(team.roster, "hits", played);
    const homeRuns = team.roster.map(() => 0);
    for (let k = drawBinomial(rng, final, HOME_RUN_PER_RUN); k > 0; k--) homeRuns[drawIndex(rng, powerShares)]! += 1;
    return team.roster.map((player, i): Stats => {
      if (!played[i]) return {};
      const rate = player.weights.strikeouts ?? 0;
      if (player.role === STARTING_PITCHER) return { started: 1, strikeouts: drawPoisson(rng, starterStrikeouts(rate, opponentFinal)) };
      if (player.role === RELIEF_PITCHER) return { strikeouts: drawPoisson(rng, rate * RELIEVER_STRIKEOUTS) };
      const other = hitShares[i]! * (OTHER_HITS.base + OTHER_HITS.perRun * final);
      const singles = drawPoisson(rng, other * (1 - DOUBLE_SHARE - TRIPLE_SHARE));
      const doubles = drawPoisson(rng, other * DOUBLE_SHARE);
      const triples = drawPoisson(rng, other * TRIPLE_SHARE);
      const hr = homeRuns[i]!;
      return { hits: hr + singles + doubles + triples, total_bases: 4 * hr + singles + 2 * doubles + 3 * triples, home_runs: hr };
    });
  },
};

/** The chance a goal has 0, 1 or 2 assists. */
const ASSISTS_PER_GOAL = [0.08, 0.27, 0.65] as const;
/** A team's saved shots on goal: base + perExpectedGoal × its expected goals. */
const SAVED_SHOTS = { base: 20, perExpectedGoal: 2.5 };

/**
 * Each skater's chance of a point on one goal: he scores it, or he is drawn among its
 * assists (the first by assists share among the scorer's teammates, the second among the rest).
 */
function pointChances(goals: readonly number[], assists: readonly number[]): number[] {
  const [, oneAssist, twoAssists] = ASSISTS_PER_GOAL;
  return goals.map((own, i) => {
    let chance = own;
    for (const [j, scored] of goals.entries()) {
      if (j === i || scored === 0) continue;
      const others = 1 - assists[j]!;
      const first = assists[i]! / others;
      let second = 0;
      for (const [k, other] of assists.entries()) {
        if (k !== i && k !== j && other > 0) second += (other / others) * (assists[i]! / (others - other));
      }
      chance += scored * ((oneAssist + twoAssists) * first + twoAssists * second);
    }
    return chance;
  });
}

function savedShots(team: TeamGame): number {
  return SAVED_SHOTS.base + SAVED_SHOTS.perExpectedGoal * team.expected;
}

const HOCKEY: StatModel = {
  laws(team) {
    const goals = expectedShares(team.roster, "goals");
    const shots = expectedShares(team.roster, "shots");
    const points = pointChances(goals, expectedShares(team.roster, "assists"));
    return team.roster.map((player, i) =>
      lawsOf(player, {
        goals: () => countLaw(mixture(team.finals, (g) => binomialPmf(g, goals[i]!))),
        points: () => countLaw(mixture(team.finals, (g) => binomialPmf(g, points[i]!))),
        shots_on_goal: () =>
          countLaw(mixture(team.finals, (g) => convolve(binomialPmf(g, goals[i]!), poissonPmf(shots[i]! * savedShots(team))))),
      }),
    );
  },
  draw(rng, team, final, _opponentFinal, played) {
    const goalShares = playedShares(team.roster, "goals", played);
    const assistShares = playedShares(team.roster, "assists", played);
    const shotShares = playedShares(team.roster, "shots", played);
    const goals = team.roster.map(() => 0);
    const assists = team.roster.map(() => 0);
    for (let k = 0; k < final; k++) {
      const scorer = drawIndex(rng, goalShares);
      goals[scorer]! += 1;
      const pool = assistShares.map((share, i) => (i === scorer ? 0 : share));
      for (let n = drawIndex(rng, ASSISTS_PER_GOAL); n > 0; n--) {
        const assister = drawIndex(rng, pool);
        assists[assister]! += 1;
        pool[assister] = 0;
      }
    }
    return team.roster.map(
      (_, i): Stats =>
        played[i]
          ? {
              goals: goals[i]!,
              points: goals[i]! + assists[i]!,
              shots_on_goal: goals[i]! + drawPoisson(rng, shotShares[i]! * savedShots(team)),
            }
          : {},
    );
  },
};

const SOCCER: StatModel = {
  laws(team) {
    const goals = expectedShares(team.roster, "goals");
    return team.roster.map((player, i) =>
      lawsOf(player, { goals: () => countLaw(mixture(team.finals, (g) => binomialPmf(g, goals[i]!))) }),
    );
  },
  draw(rng, team, final, _opponentFinal, played) {
    const goalShares = playedShares(team.roster, "goals", played);
    const goals = team.roster.map(() => 0);
    for (let k = 0; k < final; k++) goals[drawIndex(rng, goalShares)]! += 1;
    return team.roster.map((_, i): Stats => (played[i] ? { goals: goals[i]! } : {}));
  },
};

const STAT_MODELS: Record<Exclude<Scoring, "mma">, StatModel> = {
  basketball: BASKETBALL,
  football: FOOTBALL,
  baseball: BASEBALL,
  hockey: HOCKEY,
  soccer: SOCCER,
};

function statModel(sport: SportKey): StatModel | null {
  const scoring = SIM_SPORTS[sport].scoring;
  return scoring === "mma" ? null : STAT_MODELS[scoring];
}

/** The game's two teams as their players' stats read them, home first; none for a game without a score model (MMA). */
function teamGames(game: SimGame): { side: Side; team: TeamGame }[] {
  if (!game.model) return [];
  const grid = scoreGrid(game.model);
  const finalsOf = (scores: Int16Array) => {
    const finals = new Float64Array(scores.reduce((top, score) => Math.max(top, score), 0) + 1);
    for (let k = 0; k < grid.p.length; k++) finals[scores[k]!]! += grid.p[k]!;
    return finals;
  };
  const home = finalsOf(grid.home);
  const away = finalsOf(grid.away);
  const expected = (finals: Pmf) => finals.reduce((sum, p, f) => sum + p * f, 0);
  const team = (name: string, finals: Pmf, opponentFinals: Pmf): TeamGame => ({
    sport: game.sport,
    roster: rosterOf(game.sport, name),
    finals,
    opponentFinals,
    expected: expected(finals),
  });
  return [
    { side: "home", team: team(game.home, home, away) },
    { side: "away", team: team(game.away, away, home) },
  ];
}

/** One player's laws in one game: the stats books quote him on. */
export type PlayerLaws = { player: RosterPlayer; side: Side; laws: Laws };

/** The laws of recent games (a game's laws never change: they are of its model only). */
const lawsMemo = new Map<string, readonly PlayerLaws[]>();
const LAWS_MEMO_SIZE = 64;

/** Every rostered player's laws in the game, home players first, in roster order. */
export function gamePlayerLaws(game: SimGame): readonly PlayerLaws[] {
  const known = lawsMemo.get(game.eventId);
  if (known) return known;
  const model = statModel(game.sport);
  const out: PlayerLaws[] = [];
  for (const { side, team } of teamGames(game)) {
    const laws = model?.laws(team) ?? [];
    for (const [i, player] of team.roster.entries()) out.push({ player, side, laws: laws[i] ?? {} });
  }
  if (lawsMemo.size >= LAWS_MEMO_SIZE) lawsMemo.delete(lawsMemo.keys().next().value!);
  lawsMemo.set(game.eventId, out);
  return out;
}

/** Every rostered player's stat line given the game's final (who plays and what each does drawn, seeded per game and side). */
export function gamePlayerStats(game: SimGame, final: { home: number; away: number }): PlayerStatLine[] {
  const model = statModel(game.sport);
  if (!model) return [];
  return teamGames(game).flatMap(({ side, team }) => {
    const rng = seededRng(`${SEED}:${game.eventId}:box:${side}`);
    const played = team.roster.map((player) => rng() >= player.sitsOut);
    const opponent = side === "home" ? "away" : "home";
    const stats = model.draw(rng, team, final[side], final[opponent], played);
    return team.roster.map((player, i) => ({ playerId: player.id, name: player.name, team: side, played: played[i]!, stats: stats[i]! }));
  });
}
