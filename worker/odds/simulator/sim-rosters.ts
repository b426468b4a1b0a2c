// The simulated teams' players, for props with no real feed: every sim team gets a small,
// fixed roster of FICTIONAL players (names drawn from invented first-name and surname lists,
// some with apostrophes, accents, hyphens and "Jr."/"II"/"III", so name handling gets
// exercised), each in a role of its sport. A role says how much of the team's play the player
// takes (weights per kind of play, scaled by the player's own usage), which stats books quote
// him on, and how often he sits a game out. A sport's rosters are built together in the order
// of TEAMS (seeded per team name), so no two players of a sport share an id; a team's roster
// never changes. sim-player-model.ts turns the weights into each game's stats.
import type { PropStat } from "../../../src/shared/props/catalogue";
import { playerIdOf } from "../../../src/shared/props/player-names";
import type { SportKey } from "../../../src/shared/sports";
import { TEAMS } from "../../../src/shared/teams";
import { seededRng, type Rng } from "./random";
import { SEED } from "./sim-games";

/** The kinds of a team's play a player takes a share of. */
export type ShareKind =
  | "points"
  | "threes"
  | "rebounds"
  | "assists"
  | "catches"
  | "carries"
  | "tds"
  | "hits"
  | "power"
  | "strikeouts"
  | "goals"
  | "shots";

type Role = {
  role: string;
  /** His weight in each kind of the team's play; his share is his weight over his teammates'. */
  weights: Readonly<Partial<Record<ShareKind, number>>>;
  /** The stats books quote him on (each through the sport's catalogue market of that stat). */
  props: readonly PropStat[];
  /** The chance he does not play a given game (1: he never does). */
  sitsOut: number;
};

export type RosterPlayer = Role & {
  /** The player's id by the props' slug rule (playerIdOf), as props and box scores name him. */
  id: string;
  name: string;
};

const role = (name: string, weights: Role["weights"], props: readonly PropStat[], sitsOut = 0): Role => ({
  role: name,
  weights,
  props,
  sitsOut,
});

const HOOPS: readonly PropStat[] = ["points", "rebounds", "assists", "threes"];
const BASKETBALL: readonly Role[] = [
  role("PG", { points: 1.2, threes: 1.3, rebounds: 0.5, assists: 2.2 }, HOOPS),
  role("SG", { points: 1.15, threes: 1.5, rebounds: 0.6, assists: 1 }, HOOPS),
  role("SF", { points: 1.05, threes: 1.1, rebounds: 0.9, assists: 0.8 }, HOOPS),
  role("PF", { points: 0.95, threes: 0.7, rebounds: 1.3, assists: 0.6 }, HOOPS),
  role("C", { points: 0.9, threes: 0.2, rebounds: 1.6, assists: 0.6 }, HOOPS),
  role("G6", { points: 0.7, threes: 1, rebounds: 0.4, assists: 0.9 }, HOOPS, 0.03),
  role("F7", { points: 0.55, threes: 0.7, rebounds: 0.6, assists: 0.4 }, HOOPS, 0.03),
  role("G8", { points: 0.45, threes: 0.7, rebounds: 0.3, assists: 0.6 }, [], 0.1),
  role("F9", { points: 0.25, threes: 0.4, rebounds: 0.4, assists: 0.3 }, [], 0.3),
  role("C10", { points: 0.2, threes: 0.1, rebounds: 0.5, assists: 0.2 }, [], 0.45),
];

const BACK: readonly PropStat[] = ["rush_yds", "rec_yds", "receptions", "tds"];
const RECEIVER: readonly PropStat[] = ["rec_yds", "receptions", "tds"];
/** QB1 is the starting quarterback: he throws every pass (sim-player-model.ts). */
export const STARTING_QUARTERBACK = "QB1";
const FOOTBALL: readonly Role[] = [
  role(STARTING_QUARTERBACK, { carries: 0.1, tds: 0.07 }, ["pass_yds", "rush_yds", "tds"]),
  role("QB2", {}, [], 0.9),
  role("RB1", { catches: 0.1, carries: 0.55, tds: 0.24 }, BACK),
  role("RB2", { catches: 0.05, carries: 0.25, tds: 0.09 }, BACK, 0.03),
  role("WR1", { catches: 0.24, carries: 0.02, tds: 0.18 }, RECEIVER),
  role("WR2", { catches: 0.18, tds: 0.12 }, RECEIVER),
  role("WR3", { catches: 0.12, tds: 0.07 }, RECEIVER),
  role("TE1", { catches: 0.15, tds: 0.1 }, RECEIVER),
  role("TE2", { catches: 0.05, tds: 0.03 }, [], 0.2),
];

export const STARTING_PITCHER = "SP";
export const RELIEF_PITCHER = "RP";
const BATTING_ORDER_HITS = [1.12, 1.15, 1.1, 1.05, 1, 0.97, 0.92, 0.88, 0.85];
const BATTING_ORDER_POWER = [0.7, 1, 1.4, 1.6, 1.3, 1, 0.8, 0.6, 0.5];
const BASEBALL: readonly Role[] = [
  role(STARTING_PITCHER, { strikeouts: 1 }, ["strikeouts"]),
  ...BATTING_ORDER_HITS.map((hits, i) => role(`B${i + 1}`, { hits, power: BATTING_ORDER_POWER[i]! }, ["hits", "total_bases", "home_runs"])),
  role("BN", { hits: 0.3, power: 0.3 }, [], 0.7),
  role(RELIEF_PITCHER, { strikeouts: 1 }, [], 0.35),
  role(RELIEF_PITCHER, { strikeouts: 1 }, [], 0.5),
  role(RELIEF_PITCHER, { strikeouts: 1 }, [], 0.65),
];

const SKATER: readonly PropStat[] = ["points", "shots_on_goal", "goals"];
const forwardLine = (line: number, scale: number): Role[] => [
  role(`C${line}`, { goals: 1.5 * scale, assists: 1.6 * scale, shots: 1.3 * scale }, SKATER),
  role(`LW${line}`, { goals: 1.6 * scale, assists: 1.3 * scale, shots: 1.4 * scale }, SKATER),
  role(`RW${line}`, { goals: 1.6 * scale, assists: 1.3 * scale, shots: 1.4 * scale }, SKATER),
];
const HOCKEY: readonly Role[] = [
  ...forwardLine(1, 1),
  ...forwardLine(2, 0.7),
  ...forwardLine(3, 0.45),
  role("D1", { goals: 0.35, assists: 1.1, shots: 1 }, SKATER),
  role("D2", { goals: 0.3, assists: 0.9, shots: 0.9 }, SKATER),
  role("D3", { goals: 0.2, assists: 0.6, shots: 0.7 }, []),
  role("D4", { goals: 0.15, assists: 0.5, shots: 0.6 }, []),
  role("G1", {}, []),
  role("G2", {}, [], 1),
];

const SCORER: readonly PropStat[] = ["goals"];
const SOCCER: readonly Role[] = [
  role("GK", {}, []),
  ...[0.35, 0.3, 0.25, 0.2].map((goals, i) => role(`D${i + 1}`, { goals }, SCORER)),
  ...[1.2, 0.9, 0.7].map((goals, i) => role(`M${i + 1}`, { goals }, SCORER)),
  ...[3, 2.2, 1.8].map((goals, i) => role(`F${i + 1}`, { goals }, SCORER)),
  role("F-sub", { goals: 0.9 }, SCORER, 0.3),
  role("M-sub", { goals: 0.5 }, SCORER, 0.4),
  role("D-sub", { goals: 0.15 }, SCORER, 0.7),
];

const ROLES: Record<SportKey, readonly Role[]> = {
  americanfootball_nfl: FOOTBALL,
  americanfootball_ncaaf: FOOTBALL,
  basketball_nba: BASKETBALL,
  basketball_ncaab: BASKETBALL,
  baseball_mlb: BASEBALL,
  icehockey_nhl: HOCKEY,
  soccer_usa_mls: SOCCER,
  mma_mixed_martial_arts: [],
};

/** A player's usage (all his weights scaled by it) lies in [USAGE_LOW, USAGE_LOW + USAGE_RANGE). */
const USAGE_LOW = 0.75;
const USAGE_RANGE = 0.6;

// biome-ignore format: a list of names reads best filled
const FIRST_NAMES = [
  "Marcus", "Dorian", "Tobias", "Keshawn", "Elias", "Mateo", "Rhys", "Declan", "Anders", "Søren", "Mikael", "Tomás",
  "Joaquín", "André", "Luca", "Kofi", "Emeka", "Tariq", "Darnell", "Quinton", "Brody", "Colby", "Hayden", "Nolan",
  "Reid", "Cade", "Bastian", "Henrik", "Jarvis", "Ezekiel", "Isaiah", "Malik", "Demetrius", "Ignacio", "Rafael", "Stellan",
  "Kasimir", "Ondřej", "Łukasz", "Jonas", "Felix", "Otto", "Wade", "Grady", "Tavon", "De'Marco", "Ja'Quan", "D'Shawn",
  "Amari", "Xavier", "Caleb", "Evander", "Thiago", "Bruno", "Yusuf", "Idris", "Arlo", "Emil", "Viggo", "Kieran",
  "Callum", "Finnian", "Ruairí", "Niko", "Aurelio", "Benedikt", "Matías", "Jean-Luc", "Bo", "T.J.",
];
// biome-ignore format: a list of names reads best filled
const SURNAMES = [
  "Ashcombe", "Baptiste-Ware", "Brannigan", "Calloway", "Carrow", "Castellanos", "Delacourt", "D'Amaro", "Dunmore", "Ebright",
  "Falkenrath", "Fairweather", "Gallardo", "Garrity", "Halvorsen", "Hollingsworth", "Ibáñez", "Jablonski", "Kettering", "Kowalczyk",
  "Lachance", "Lindqvist", "Lockhart", "MacAllister", "Marchetti", "Mendonça", "Nakashima", "Nørgaard", "Núñez", "Oduya",
  "O'Halloran", "O'Rourke", "Okonjo", "Pelletier", "Petrakis", "Quillfeather", "Radcliffe", "Renwick", "Rosembrook", "Saint-Pierre",
  "Salcedo", "Szabó", "Thibodeau", "Underhill", "Valdés", "Vanterpool", "Villanueva", "Wainwright", "Whitlock", "Yarborough",
  "Zieliński", "Abernathy", "Achterberg", "Bellweather", "Blackwood", "Cárdenas", "Chukwu", "Desrosiers", "Dvořák", "Eastwick",
  "Greenhalgh", "Haverford", "Holmqvist", "Jarrell", "Kincaid", "Kovačević", "Lamontagne", "Lundgren", "Montrose", "Nwachukwu",
  "Pemberton", "Quarles", "Rautiainen", "Sjöberg", "Tshabalala", "Ueda", "Vasquez-Hale", "Ximénez", "Youngblood", "Zaragoza",
  "Greaves", "Harrow", "Ingledew", "Jovanović", "Krüger", "Larrabee", "Mauriac", "Nettleton", "Ollerenshaw", "Prudhomme",
  "Stavros", "Torvik", "Uzoma", "DeLaurentis", "McCaskey", "Van der Berg", "St. Clair", "Dell'Orto", "Øvergaard", "Fernhollow",
];
/** Generational suffixes and how often a name carries one. */
const SUFFIXES: readonly (readonly [suffix: string, chance: number])[] = [
  ["Jr.", 0.06],
  ["II", 0.02],
  ["III", 0.02],
];

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)]!;
}

/** A name whose id no player of the sport has yet. */
function newName(rng: Rng, taken: Set<string>): { id: string; name: string } {
  for (;;) {
    let roll = rng();
    const suffix = SUFFIXES.find(([, chance]) => {
      roll -= chance;
      return roll < 0;
    })?.[0];
    const name = [pick(rng, FIRST_NAMES), pick(rng, SURNAMES), suffix].filter((part) => part !== undefined).join(" ");
    const id = playerIdOf(name);
    if (!taken.has(id)) {
      taken.add(id);
      return { id, name };
    }
  }
}

const rosterMemo = new Map<SportKey, ReadonlyMap<string, readonly RosterPlayer[]>>();

function sportRosters(sport: SportKey): ReadonlyMap<string, readonly RosterPlayer[]> {
  const known = rosterMemo.get(sport);
  if (known) return known;
  const taken = new Set<string>();
  const rosters = new Map<string, readonly RosterPlayer[]>();
  for (const [team] of TEAMS[sport]) {
    const rng = seededRng(`${SEED}:roster:${sport}:${team}`);
    const players = ROLES[sport].map((template): RosterPlayer => {
      const usage = USAGE_LOW + USAGE_RANGE * rng();
      const weights = Object.fromEntries(Object.entries(template.weights).map(([kind, w]) => [kind, w * usage]));
      return { ...template, weights, ...newName(rng, taken) };
    });
    rosters.set(team, Object.freeze(players));
  }
  rosterMemo.set(sport, rosters);
  return rosters;
}

/** The team's players in role order (none for a sport without players' markets, or a team the simulator does not have). */
export function rosterOf(sport: SportKey, team: string): readonly RosterPlayer[] {
  return sportRosters(sport).get(team) ?? [];
}
