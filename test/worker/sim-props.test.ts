// The simulator's players: fictional rosters, props priced as The Odds API's per-event odds
// answer (pre-match only, several books, lines at the players' medians) and box scores once a
// game is final that add up to its score. Props and box scores come from the game's one score
// model, so over many games the props win as often as their prices say.
import { describe, expect, it } from "vitest";
import { scoreGrid } from "../../src/shared/game-model";
import { impliedProbability, validPrice } from "../../src/shared/odds";
import { PROP_MARKETS, propMarket } from "../../src/shared/props/catalogue";
import { gradeProp } from "../../src/shared/props/grading";
import { mainLineProps, normaliseProps } from "../../src/shared/props/normalise-props";
import { playerIdOf } from "../../src/shared/props/player-names";
import { type EventOdds, EventOddsSchema } from "../../src/shared/schemas/event-odds";
import { type BoxScore, BoxScoreSchema, type PlayerStatLine } from "../../src/shared/schemas/props";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import { TEAMS } from "../../src/shared/teams";
import { gamesForDay, gameState, type SimGame } from "../../worker/odds/simulator/sim-games";
import { simBoxScore, simEventOdds } from "../../worker/odds/simulator/sim-props";
import { rosterOf } from "../../worker/odds/simulator/sim-rosters";

const DAY = 24 * 60 * 60 * 1000;
const MIN = 60 * 1000;
const T = Date.UTC(2026, 2, 14, 15, 7, 0);
const FIRST_DAY = Math.floor(T / DAY);
const PROP_SPORTS = SPORT_KEYS.filter((sport) => PROP_MARKETS[sport].length > 0);
const SIM_BOOK = "sim-book";

const gamesOf = (sport: SportKey, days = 1): SimGame[] => Array.from({ length: days }, (_, d) => gamesForDay(sport, FIRST_DAY + d)).flat();
/** A moment well before the game starts. */
const beforeStart = (game: SimGame) => game.startMs - 90 * MIN;

/** One book's quote of one player's market at one line: the raw prices of over (or yes) and under (or no). */
type Quote = { book: string; market: string; player: string; line: number | null; over?: number; under?: number };

function quotesOf(odds: EventOdds): Quote[] {
  const quotes = new Map<string, Quote>();
  for (const book of odds.bookmakers) {
    for (const market of book.markets) {
      for (const outcome of market.outcomes) {
        const player = outcome.description ?? outcome.name;
        const line = outcome.point ?? null;
        const key = [book.key, market.key, player, line].join("|");
        const quote = quotes.get(key) ?? { book: book.key, market: market.key, player, line };
        if (outcome.name === "Under" || outcome.name === "No") quote.under = outcome.price;
        else quote.over = outcome.price;
        quotes.set(key, quote);
      }
    }
  }
  return [...quotes.values()];
}

/** A two-sided quote's over (or yes) chance with the margin taken out. */
const fairOver = (quote: Quote) => {
  const over = impliedProbability(quote.over!);
  return over / (over + impliedProbability(quote.under!));
};

const lineOf = (box: BoxScore, player: string): PlayerStatLine => box.players.find((line) => line.playerId === playerIdOf(player))!;

describe("simulated rosters", () => {
  it("give every team a fixed roster of distinct players whose names exercise name handling", () => {
    const names: string[] = [];
    for (const sport of PROP_SPORTS) {
      const ids = new Set<string>();
      for (const [team] of TEAMS[sport]) {
        const roster = rosterOf(sport, team);
        expect(roster.length).toBeGreaterThanOrEqual(9);
        expect(rosterOf(sport, team)).toEqual(roster);
        for (const player of roster) {
          expect(player.id).toBe(playerIdOf(player.name));
          expect(player.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
          ids.add(player.id);
          names.push(player.name);
        }
      }
      // No two players of a sport share an id, so no two can be confused in one game.
      expect(ids.size).toBe(TEAMS[sport].reduce((n, [team]) => n + rosterOf(sport, team).length, 0));
    }
    expect(names.some((name) => name.includes("'"))).toBe(true);
    expect(names.some((name) => /[^\u0020-\u007e]/.test(name))).toBe(true);
    expect(names.some((name) => / (Jr\.|II|III)$/.test(name))).toBe(true);
    expect(names.some((name) => name.includes("-"))).toBe(true);
    expect(rosterOf("mma_mixed_martial_arts", TEAMS.mma_mixed_martial_arts[0]![0])).toEqual([]);
  });
});

describe("simulated props", () => {
  it("answer in The Odds API's per-event odds shape, the same for everyone at a given moment", () => {
    for (const sport of PROP_SPORTS) {
      for (const game of gamesOf(sport).slice(0, 3)) {
        const odds = simEventOdds(game, beforeStart(game));
        expect(EventOddsSchema.parse(odds)).toEqual(odds);
        expect(simEventOdds(game, beforeStart(game))).toEqual(odds);
        expect(odds).toMatchObject({ id: game.eventId, sport_key: sport, home_team: game.home, away_team: game.away });
        expect(odds.commence_time).toBe(new Date(game.startMs).toISOString());
        expect(odds.bookmakers.map((book) => book.key)).toEqual([
          "sim-book",
          "sim-sharp",
          "sim-lowvig",
          "sim-north",
          "sim-coast",
          "sim-square",
        ]);
        for (const book of odds.bookmakers)
          for (const market of book.markets) for (const outcome of market.outcomes) expect(validPrice(outcome.price)).toBe(outcome.price);
      }
    }
  });

  it("quote every catalogue market of the sport, each player's main line by at least three books, some also at other lines", () => {
    for (const sport of PROP_SPORTS) {
      let alternatives = 0;
      for (const game of gamesOf(sport).slice(0, 4)) {
        const odds = simEventOdds(game, beforeStart(game));
        const quotes = quotesOf(odds);
        const rostered = new Set([...rosterOf(sport, game.home), ...rosterOf(sport, game.away)].map((player) => player.name));
        const offered = quotes.filter((quote) => quote.book === SIM_BOOK);
        for (const market of PROP_MARKETS[sport]) {
          const mains = offered.filter((quote) => quote.market === market.key);
          expect(mains.length, `${sport} ${market.key}`).toBeGreaterThan(0);
          for (const main of mains) {
            expect(rostered.has(main.player)).toBe(true);
            // One main line per player at sim-book.
            expect(mains.filter((other) => other.player === main.player)).toHaveLength(1);
            const sameLine = quotes.filter(
              (q) => q.market === main.market && q.player === main.player && q.line === main.line && q.over !== undefined,
            );
            expect(sameLine.length).toBeGreaterThanOrEqual(3);
            if (market.kind === "over-under") {
              expect(main.line! % 1).toBe(0.5);
              expect(sameLine.every((q) => q.under !== undefined)).toBe(true);
              alternatives += quotes.filter((q) => q.market === main.market && q.player === main.player && q.line !== main.line).length;
            } else {
              expect(main.line).toBeNull();
            }
          }
        }
      }
      if (PROP_MARKETS[sport].some((market) => market.kind === "over-under")) expect(alternatives).toBeGreaterThan(0);
    }
  });

  it("answer yes markets with Yes, with Yes and No, or with the player's name, as different books do", () => {
    const odds = simEventOdds(gamesOf("icehockey_nhl")[0]!, beforeStart(gamesOf("icehockey_nhl")[0]!));
    const scorers = (key: string) =>
      odds.bookmakers.find((book) => book.key === key)!.markets.find((m) => m.key === "player_goal_scorer_anytime")!;
    expect(new Set(scorers("sim-book").outcomes.map((o) => o.name))).toEqual(new Set(["Yes"]));
    expect(new Set(scorers("sim-sharp").outcomes.map((o) => o.name))).toEqual(new Set(["Yes", "No"]));
    const bare = scorers("sim-north").outcomes;
    expect(bare.every((o) => o.description === undefined && o.name !== "Yes")).toBe(true);
    expect(bare.map((o) => o.name).sort()).toEqual(
      scorers("sim-book")
        .outcomes.map((o) => o.description)
        .sort(),
    );
  });

  it("set main lines at the players' medians, and win over many games about as often as their prices say", () => {
    for (const sport of ["basketball_nba", "americanfootball_nfl", "icehockey_nhl", "baseball_mlb"] as SportKey[]) {
      let expected = 0;
      let won = 0;
      let props = 0;
      for (const game of gamesOf(sport)) {
        const box = simBoxScore(game, game.endMs)!;
        for (const quote of quotesOf(simEventOdds(game, beforeStart(game)))) {
          const market = propMarket(sport, quote.market)!;
          const line = lineOf(box, quote.player);
          if (quote.book !== SIM_BOOK || market.kind !== "over-under" || !line.played) continue;
          const p = fairOver(quote);
          // The main line is the half-point line nearest the median (a low count's 0.5 may be well off even).
          if (quote.line! > 0.5) expect(Math.abs(p - 0.5)).toBeLessThan(0.25);
          expected += p;
          won += (line.stats[market.stat] ?? 0) > quote.line! ? 1 : 0;
          props++;
        }
      }
      expect(props).toBeGreaterThan(300);
      expect(Math.abs(won / props - expected / props), sport).toBeLessThan(0.05);
    }
  });

  it("price each anytime scorer from his share of his team's goals under the game's model", () => {
    for (const sport of ["icehockey_nhl", "soccer_usa_mls"] as SportKey[]) {
      let checked = 0;
      for (const game of gamesOf(sport).slice(0, 4)) {
        const grid = scoreGrid(game.model!);
        const quotes = quotesOf(simEventOdds(game, beforeStart(game)));
        for (const side of ["home", "away"] as const) {
          const roster = rosterOf(sport, side === "home" ? game.home : game.away);
          // The team's goals under the model: P(goals = g).
          const goals = new Map<number, number>();
          for (let k = 0; k < grid.p.length; k++) {
            const g = side === "home" ? grid.home[k]! : grid.away[k]!;
            goals.set(g, (goals.get(g) ?? 0) + grid.p[k]!);
          }
          const lineup = roster.reduce((sum, player) => sum + (1 - player.sitsOut) * (player.weights.goals ?? 0), 0);
          for (const player of roster.filter((p) => p.sitsOut === 0 && p.props.includes("goals"))) {
            const share = player.weights.goals! / lineup;
            // Scores at least once: 1 − P(none of the team's goals is his).
            let noGoal = 0;
            for (const [g, p] of goals) noGoal += p * (1 - share) ** g;
            if (1 - noGoal < 0.035) continue;
            const quote = quotes.find(
              (q) => q.book === "sim-sharp" && q.market === "player_goal_scorer_anytime" && q.player === player.name,
            );
            expect(quote, player.name).toBeDefined();
            expect(Math.abs(fairOver(quote!) - (1 - noGoal)), `${player.name} share ${share}`).toBeLessThan(0.04);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThan(40);
    }
  });

  it("are pre-match only: once the game starts the event has no bookmakers", () => {
    for (const sport of PROP_SPORTS) {
      const game = gamesOf(sport)[0]!;
      expect(simEventOdds(game, game.startMs - 1).bookmakers.length).toBeGreaterThan(0);
      for (const at of [game.startMs, (game.startMs + game.endMs) / 2, game.endMs, game.endMs + DAY]) {
        const odds = simEventOdds(game, at);
        expect(odds.bookmakers).toEqual([]);
        expect(odds.id).toBe(game.eventId);
      }
    }
  });

  it("move at most every 20 simulated minutes, and do move over the hours", () => {
    const game = gamesOf("basketball_nba")[5]!;
    const bucketStart = Math.floor((game.startMs - 6 * 60 * MIN) / (20 * MIN)) * 20 * MIN;
    const first = simEventOdds(game, bucketStart);
    expect(simEventOdds(game, bucketStart + 20 * MIN - 1)).toEqual(first);
    for (const book of first.bookmakers) expect(book.last_update).toBe(new Date(bucketStart).toISOString());
    const later = [1, 2, 3].map((n) => simEventOdds(game, bucketStart + n * 20 * MIN));
    expect(later.some((odds) => JSON.stringify(odds.bookmakers) !== JSON.stringify(first.bookmakers))).toBe(true);
  });

  it("become props through the normaliser, offered at sim-book's main lines, and grade against the box score", () => {
    for (const sport of PROP_SPORTS) {
      for (const game of gamesOf(sport).slice(0, 2)) {
        const odds = simEventOdds(game, beforeStart(game));
        const props = normaliseProps(odds, { sport, eventId: game.eventId, minBooks: 3, nameMap: {}, bookPreference: [SIM_BOOK] });
        const all = quotesOf(odds).filter((quote) => quote.book === SIM_BOOK);
        // A line that is the same event as the player's line of another market (Total bases 0.5
        // beside Hits 0.5) is left out; that market then shows another line, or none.
        const sameEventAsOffered = (quote: (typeof all)[number]) =>
          (propMarket(sport, quote.market)?.sameEventAs ?? []).some(
            (same) =>
              same.line === quote.line &&
              props.some((p) => p.player.id === playerIdOf(quote.player) && p.marketKey === same.marketKey && p.line === quote.line),
          );
        const left = all.filter(sameEventAsOffered);
        for (const quote of left) {
          expect(props.some((p) => p.player.id === playerIdOf(quote.player) && p.marketKey === quote.market && p.line === quote.line)).toBe(
            false,
          );
        }
        const leftOut = new Set(left.map((quote) => `${playerIdOf(quote.player)}|${quote.market}`));
        const offered = all.filter((quote) => !leftOut.has(`${playerIdOf(quote.player)}|${quote.market}`));
        const shown = mainLineProps(props).filter((p) => !leftOut.has(`${p.player.id}|${p.marketKey}`));
        expect(shown).toHaveLength(offered.length);
        for (const quote of offered) {
          const prop = shown.find((p) => p.player.id === playerIdOf(quote.player) && p.marketKey === quote.market)!;
          expect(prop.line).toBe(quote.line);
          expect(prop.prices.over).toBe(quote.over);
          // sim-book's price carries the house margin against the books' fair price.
          expect(prop.fair.over.margin).toBeGreaterThan(0);
        }
        const box = simBoxScore(game, game.endMs)!;
        for (const prop of props) {
          const line = box.players.find((l) => l.playerId === prop.player.id);
          expect(line, prop.player.name).toBeDefined();
          const result = gradeProp(
            { marketKey: prop.marketKey, sport, kind: prop.kind, line: prop.line, side: prop.kind === "yes" ? "yes" : "over" },
            line,
          );
          // Void only when the player sat out: every stat a market grades on is in the box score.
          expect(result === "void").toBe(!line!.played);
        }
      }
    }
  });

  it("has neither props nor box scores for MMA", () => {
    for (const fight of gamesOf("mma_mixed_martial_arts").slice(0, 3)) {
      expect(simEventOdds(fight, beforeStart(fight)).bookmakers).toEqual([]);
      expect(simBoxScore(fight, fight.endMs)).toBeNull();
    }
  });
});

describe("simulated box scores", () => {
  it("appear only once the game is final, the same whenever asked, with every rostered player", () => {
    for (const sport of PROP_SPORTS) {
      const game = gamesOf(sport)[2]!;
      for (const at of [beforeStart(game), game.startMs, (game.startMs + game.endMs) / 2, game.endMs - 1]) {
        expect(simBoxScore(game, at)).toBeNull();
      }
      const box = simBoxScore(game, game.endMs)!;
      expect(BoxScoreSchema.parse(box)).toEqual(box);
      expect(box).toMatchObject({ eventId: game.eventId, source: "simulator" });
      expect(simBoxScore(game, game.endMs + DAY)).toEqual(box);
      const expected = [
        ...rosterOf(sport, game.home).map((p) => ({ playerId: p.id, name: p.name, team: "home" })),
        ...rosterOf(sport, game.away).map((p) => ({ playerId: p.id, name: p.name, team: "away" })),
      ];
      expect(box.players.map(({ playerId, name, team }) => ({ playerId, name, team }))).toEqual(expected);
      for (const line of box.players) if (!line.played) expect(line.stats).toEqual({});
    }
  });

  it("add up to the final score", () => {
    for (const sport of PROP_SPORTS) {
      for (const game of gamesOf(sport, 2)) {
        const state = gameState(game, game.endMs);
        const box = simBoxScore(game, game.endMs)!;
        for (const side of ["home", "away"] as const) {
          const final = side === "home" ? state.homeScore : state.awayScore;
          const team = box.players.filter((line) => line.team === side);
          const sum = (stat: string) => team.reduce((total, line) => total + (line.stats[stat] ?? 0), 0);
          if (sport.startsWith("basketball")) expect(sum("points")).toBe(final);
          if (sport === "icehockey_nhl" || sport === "soccer_usa_mls") expect(sum("goals")).toBe(final);
          if (sport === "icehockey_nhl") {
            expect(sum("points")).toBeGreaterThanOrEqual(final);
            for (const line of team) expect(line.stats.shots_on_goal ?? 0).toBeGreaterThanOrEqual(line.stats.goals ?? 0);
          }
          if (sport.startsWith("americanfootball")) {
            // Touchdowns are the final's 7-point plays; some go to the defence or players off the roster.
            expect(sum("tds")).toBeLessThanOrEqual(Math.floor(final / 7));
            const passer = team.find((line) => (line.stats.pass_yds ?? 0) > 0);
            expect(passer?.stats.pass_yds ?? 0).toBeGreaterThanOrEqual(sum("rec_yds"));
          }
          if (sport === "baseball_mlb") {
            expect(sum("home_runs")).toBeLessThanOrEqual(final);
            for (const line of team) {
              expect(line.stats.hits ?? 0).toBeGreaterThanOrEqual(line.stats.home_runs ?? 0);
              expect(line.stats.total_bases ?? 0).toBeGreaterThanOrEqual(line.stats.hits ?? 0);
            }
            // One starting pitcher; the other pitchers have no `started`.
            expect(team.filter((line) => line.stats.started === 1)).toHaveLength(1);
            expect(team.filter((line) => line.stats.started !== undefined)).toHaveLength(1);
          }
        }
      }
    }
  });

  it("leave a few bench players out of each sport's games", () => {
    for (const sport of PROP_SPORTS) {
      const lines = gamesOf(sport).flatMap((game) => simBoxScore(game, game.endMs)!.players);
      const sat = lines.filter((line) => !line.played).length;
      expect(sat, sport).toBeGreaterThan(0);
      expect(sat / lines.length, sport).toBeLessThan(0.2);
    }
  });
});
