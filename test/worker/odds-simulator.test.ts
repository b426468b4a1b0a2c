// The embedded simulator: the same schedule and prices for everyone at a given moment,
// real teams for all eight sports, games that start on time, play through periods with
// a clock and finish with a final score the settlement job can grade. Each game's markets
// and its final all come from one model of its score (src/shared/game-model/).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sideChance } from "../../src/shared/game-model";
import { fitGameModel, SGP_FIT_TOLERANCE_DEFAULT } from "../../src/shared/game-model/fit";
import { validPrice } from "../../src/shared/odds";
import { EventSchema, type Event } from "../../src/shared/schemas/events";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";
import { TEAMS } from "../../src/shared/teams";
import {
  bookConfirmedAt,
  bookOutageAt,
  bookOutages,
  gameById,
  gamesForDay,
  gameState,
  gameToEvent,
  lastScoreAt,
  LONGEST_PRICE,
  OUTAGE_MS,
  priceFor,
  REPRICE_AFTER_SCORE_MS,
  SCORES_FEED_DELAY_MS,
  SIM_BOOK,
} from "../../worker/odds/simulator/sim-games";
import { gameSuspension, isUnderway, liveClosesAt } from "../../src/shared/live-rules";
import { boardView, type ViewRules } from "../../worker/odds/price-desk/board-view";
import { mergeOdds } from "../../worker/odds/price-desk/desk-board";
import { simulatedBoard, simulatedFeedBoard, simulatedScores } from "../../worker/odds/simulator/simulator-provider";
import { SIM_SPORTS } from "../../worker/odds/simulator/sim-sports";
import { tunables } from "../../worker/tunables";

const DAY = 24 * 60 * 60 * 1000;
const MIN = 60 * 1000;
const T = Date.UTC(2026, 2, 14, 15, 7, 0);

function allPrices(e: Event): Array<number | null> {
  const m = e.markets;
  return [m.moneyline?.home, m.moneyline?.away, m.spread?.home, m.spread?.away, m.total?.over, m.total?.under].filter(
    (p) => p !== undefined,
  );
}

describe("simulator schedule", () => {
  it("is deterministic: the same moment gives the same board and scores", () => {
    for (const sport of SPORT_KEYS) {
      expect(simulatedBoard(sport, T)).toEqual(simulatedBoard(sport, T));
      expect(simulatedScores(sport, 2, T)).toEqual(simulatedScores(sport, 2, T));
    }
  });

  it("schedules overlapping games of real teams for all eight sports, no team in two games at once", () => {
    const day = Math.floor(T / DAY);
    for (const sport of SPORT_KEYS) {
      const games = [...gamesForDay(sport, day), ...gamesForDay(sport, day + 1), ...gamesForDay(sport, day + 2)];
      expect(games.length).toBeGreaterThanOrEqual(3 * 24);
      const names = new Set(TEAMS[sport].map((t) => t[0]));
      for (const g of games) {
        expect(names.has(g.home) && names.has(g.away) && g.home !== g.away, g.eventId).toBe(true);
        const meanwhile = games.filter((o) => o !== g && o.startMs < g.endMs && g.startMs < o.endMs);
        expect(meanwhile.length, g.eventId).toBeGreaterThan(0);
        for (const o of meanwhile) expect([o.home, o.away], `${g.eventId} and ${o.eventId}`).not.toContain(g.home);
        for (const o of meanwhile) expect([o.home, o.away], `${g.eventId} and ${o.eventId}`).not.toContain(g.away);
      }
    }
  });

  it("always has live and upcoming games, every event valid against the API schema", () => {
    for (const at of [T, T + 5 * 60 * MIN, T + 13 * 60 * MIN]) {
      const boards = SPORT_KEYS.map((s) => simulatedBoard(s, at));
      const all = boards.flat();
      expect(all.some((e) => e.status === "live")).toBe(true);
      for (const board of boards) expect(board.filter((e) => e.status === "scheduled").length).toBeGreaterThanOrEqual(5);
      for (const e of all) {
        expect(EventSchema.parse(e)).toEqual(e);
        expect(e.status).not.toBe("final");
        for (const p of allPrices(e)) if (p !== null) expect(validPrice(p)).toBe(p);
      }
    }
  });

  it("offers MMA as moneyline only and the team sports all three markets", () => {
    const mma = simulatedBoard("mma_mixed_martial_arts", T);
    for (const e of mma) expect(Object.keys(e.markets)).toEqual(["moneyline"]);
    for (const e of simulatedBoard("basketball_nba", T)) expect(Object.keys(e.markets).sort()).toEqual(["moneyline", "spread", "total"]);
  });

  it("prices favourites short and gives them the negative spread", () => {
    let checked = 0;
    for (const sport of ["americanfootball_nfl", "basketball_nba", "icehockey_nhl"] as SportKey[]) {
      for (const e of simulatedBoard(sport, T).filter((x) => x.status === "scheduled")) {
        const ml = e.markets.moneyline;
        const spread = e.markets.spread;
        if (!ml?.home || !ml.away || !spread?.line) continue;
        const homeFavourite =
          1 / (ml.home > 0 ? 1 + ml.home / 100 : 1 + 100 / -ml.home) >= 1 / (ml.away > 0 ? 1 + ml.away / 100 : 1 + 100 / -ml.away);
        expect(spread.line < 0).toBe(homeFavourite);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("moves lines a little over time and shows some locked prices", () => {
    const before = simulatedBoard("basketball_nba", T).filter((e) => e.status === "scheduled");
    const after = simulatedBoard("basketball_nba", T + 40 * MIN);
    const moved = before.filter((e) => {
      const later = after.find((x) => x.eventId === e.eventId);
      return later && JSON.stringify(later.markets) !== JSON.stringify(e.markets);
    });
    expect(moved.length).toBeGreaterThan(0);

    let locked = 0;
    for (let h = 0; h < 48; h += 3)
      for (const s of SPORT_KEYS)
        for (const e of simulatedBoard(s, T + h * 60 * MIN)) locked += allPrices(e).filter((p) => p === null).length;
    expect(locked).toBeGreaterThan(0);
  });
});

describe("simulator game progression", () => {
  it("starts on time, plays through periods with a clock, and ends with a final that never changes", () => {
    const game = gamesForDay("basketball_nba", Math.floor(T / DAY))[2]!;
    expect(gameState(game, game.startMs - 1).status).toBe("scheduled");
    expect(gameToEvent(game, game.startMs - 1).live).toBeNull();

    const start = gameState(game, game.startMs + 1000);
    expect(start).toMatchObject({ status: "live", periodLabel: "Q1" });
    expect(start.clock).toMatch(/^1[12]:\d\d$/);

    const third = gameState(game, game.startMs + (game.endMs - game.startMs) * 0.6);
    expect(third.periodLabel).toBe("Q3");

    let lastHome = 0;
    let lastAway = 0;
    for (let t = game.startMs; t < game.endMs; t += 5 * MIN) {
      const s = gameState(game, t);
      expect(s.homeScore).toBeGreaterThanOrEqual(lastHome);
      expect(s.awayScore).toBeGreaterThanOrEqual(lastAway);
      lastHome = s.homeScore;
      lastAway = s.awayScore;
    }

    const final = gameState(game, game.endMs);
    expect(final.status).toBe("final");
    expect(final.homeScore).toBeGreaterThan(60);
    expect(final.homeScore).not.toBe(final.awayScore);
    expect(gameState(game, game.endMs + 3 * DAY)).toEqual(final);
    expect(gameById(game.eventId)).toEqual(game);
  });

  it("reads sport-appropriate periods and clocks", () => {
    const mid = (sport: SportKey, fraction: number) => {
      const g = gamesForDay(sport, Math.floor(T / DAY))[0]!;
      return gameState(g, g.startMs + (g.endMs - g.startMs) * fraction);
    };
    expect(mid("baseball_mlb", 0.25)).toMatchObject({ periodLabel: "Top 3rd", clock: null });
    expect(mid("baseball_mlb", 0.3).periodLabel).toBe("Bot 3rd");
    expect(mid("icehockey_nhl", 0.5).periodLabel).toBe("2nd Period");
    expect(mid("soccer_usa_mls", 0.75)).toMatchObject({ periodLabel: "2nd Half", clock: "68'" });
    expect(mid("basketball_ncaab", 0.25).periodLabel).toBe("1st Half");
    expect(mid("mma_mixed_martial_arts", 0.9).periodLabel).toBe("Round 3");
    expect(mid("americanfootball_nfl", 0.1)).toMatchObject({ periodLabel: "Q1" });
  });

  it("reports live and completed games to the settlement job with final scores", () => {
    for (const sport of SPORT_KEYS) {
      const scores = simulatedScores(sport, 1, T);
      const finals = scores.filter((s) => s.completed);
      expect(finals.length).toBeGreaterThan(2);
      for (const f of finals) {
        expect(f.homeScore).not.toBeNull();
        expect(f.awayScore).not.toBeNull();
        if (sport !== "soccer_usa_mls") expect(f.homeScore).not.toBe(f.awayScore);
        expect(Date.parse(f.startTime)).toBeLessThanOrEqual(T);
      }
      // A game reported live now is reported completed, with the same teams, once it ends.
      const live = scores.find((s) => !s.completed);
      if (live) {
        const later = simulatedScores(sport, 1, T + 4 * 60 * MIN).find((s) => s.eventId === live.eventId);
        expect(later).toMatchObject({ completed: true, home: live.home, away: live.away });
      }
    }
  });

  it("moves a points game's margin as its model reads the rest of the game: half-time leads spread as σ√½", () => {
    // Given its final, the margin runs as a Brownian bridge: at half-time it is the model's
    // expected half margin give or take σM·√½ (Stern 1994's Brownian motion of the score), as
    // the live prices read it. Plays placed independently for each side spread it about half
    // as wide again in the NBA, and the live board locked decided games that early.
    for (const sport of ["basketball_nba", "basketball_ncaab", "americanfootball_nfl", "americanfootball_ncaaf"] as const) {
      let squares = 0;
      let games = 0;
      for (let day = Math.floor(T / DAY) - 10; day < Math.floor(T / DAY); day++) {
        for (const g of gamesForDay(sport, day)) {
          const [expected, sigmaMargin] = g.model!.params as [number, number, number];
          const half = gameState(g, g.startMs + (g.endMs - g.startMs) / 2);
          squares += ((half.homeScore - half.awayScore - expected / 2) / (sigmaMargin * Math.SQRT1_2)) ** 2;
          games++;
        }
      }
      const spread = Math.sqrt(squares / games);
      expect(spread, `${sport}: ${spread.toFixed(3)} of σM·√½ over ${games} games`).toBeGreaterThan(0.85);
      expect(spread, `${sport}: ${spread.toFixed(3)} of σM·√½ over ${games} games`).toBeLessThan(1.15);
    }
  });

  it("holds a market back only before the start: once under way the book quotes every market", () => {
    const days = [0, 1, 2, 3].map((d) => gamesForDay("basketball_nba", Math.floor(T / DAY) + d));
    const game = days.flat().find((g) => g.suspended === "total")!;
    expect(game).toBeDefined();
    const before = gameToEvent(game, game.startMs - MIN).markets.total!;
    expect([before.over, before.under]).toEqual([null, null]);
    const under = gameToEvent(game, game.startMs + MIN).markets.total!;
    expect(validPrice(under.over!)).toBe(under.over);
    expect(validPrice(under.under!)).toBe(under.under);
  });

  it("scores MMA as a win for one fighter only at the end", () => {
    const g = gamesForDay("mma_mixed_martial_arts", Math.floor(T / DAY))[0]!;
    expect(gameState(g, g.endMs - 1000)).toMatchObject({ homeScore: 0, awayScore: 0 });
    const f = gameState(g, g.endMs);
    expect(f.homeScore + f.awayScore).toBe(1);
  });

  it("quotes a long shot at the book's top price, inside the spec's bounds and never better than its chance", () => {
    for (const p of [0.0001, 0.001, 0.005, 0.01, 0.015, 0.02, 0.03]) {
      const price = priceFor(p);
      expect(price, String(p)).toBeLessThanOrEqual(LONGEST_PRICE);
      expect(validPrice(price), String(p)).toBe(price);
      // What a winning unit returns at that price, against what the side's chance is worth.
      expect(price / 100 + 1, String(p)).toBeLessThanOrEqual(1 / p);
    }
    expect(priceFor(0.2)).toBeLessThan(LONGEST_PRICE);
  });

  it("moves live prices with the score: a goal by the underdog lengthens the favourite", () => {
    let checked = 0;
    for (const sport of ["soccer_usa_mls", "icehockey_nhl"] as const) {
      for (let day = Math.floor(T / DAY); day < Math.floor(T / DAY) + 3; day++) {
        for (const g of gamesForDay(sport, day)) {
          const favourite = g.pHome >= 0.5 ? "home" : "away";
          for (const goal of g.timeline) {
            if (goal.team === favourite || goal.at >= 0.98) continue;
            const at = g.startMs + goal.at * (g.endMs - g.startMs);
            // Compare one second either side of the goal, inside one 20-minute price step.
            if (Math.floor((at - 1000) / (20 * MIN)) !== Math.floor((at + 1000) / (20 * MIN))) continue;
            // Only this goal in that window: two within the same two seconds move the price both ways.
            const span = g.endMs - g.startMs;
            if (g.timeline.some((e) => e !== goal && Math.abs(e.at - goal.at) * span <= 1000)) continue;
            const before = gameToEvent(g, at - 1000).markets.moneyline?.[favourite];
            const after = gameToEvent(g, at + 1000).markets.moneyline?.[favourite];
            if (before == null || after == null) continue;
            // A favourite already trailing at the book's top price has no longer price to go to.
            if (before === LONGEST_PRICE) {
              expect(after).toBe(LONGEST_PRICE);
              continue;
            }
            expect(after, `${g.eventId} at ${goal.at.toFixed(3)}`).toBeGreaterThan(before);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe("simulator book clock", () => {
  it("says when its book confirmed each market, per market, on the Worker's clock: within its cadence, or since an outage began", () => {
    const offset = 7 * 60 * MIN;
    for (const sport of SPORT_KEYS) {
      for (const e of simulatedFeedBoard(sport, T, offset)) {
        const times = Object.values(e.book!.markets);
        expect(times.length).toBe(Object.keys(e.markets).length);
        expect(e.book!.updatedAt).toBe(Math.max(...times));
        for (const at of times) expect(T - offset - at).toBeGreaterThanOrEqual(0);
        const game = gameById(e.eventId)!;
        const outage = bookOutageAt(game, T);
        for (const at of times) expect(T - offset - at).toBeLessThan(outage ? OUTAGE_MS + SIM_BOOK.cadenceMs : SIM_BOOK.cadenceMs);
      }
    }
  });

  it("re-prices within a second of each score, before the scores feed reports it", () => {
    const g = gamesForDay("basketball_nba", Math.floor(T / DAY))[0]!;
    const scores = g.timeline.map((s) => g.startMs + s.at * (g.endMs - g.startMs)).filter((t) => t < g.endMs && !bookOutageAt(g, t));
    expect(scores.length).toBeGreaterThan(20);
    for (const scoredAt of scores.slice(0, 20)) {
      const reported = scoredAt + SCORES_FEED_DELAY_MS;
      if (bookOutageAt(g, reported)) continue;
      const score = simulatedScores("basketball_nba", 1, reported).find((s) => s.eventId === g.eventId)!;
      // The score the feed reports is older than every market's last confirmation: nothing to suspend.
      for (const market of ["moneyline", "spread", "total"] as const) {
        expect(bookConfirmedAt(g, market, reported)).toBeGreaterThan(score.updatedAt!);
      }
      expect(bookConfirmedAt(g, "moneyline", scoredAt + REPRICE_AFTER_SCORE_MS + 1)).toBeGreaterThanOrEqual(Math.ceil(scoredAt));
    }
  });

  it("stops now and then on a game: its prices age past what a live bet accepts, for about a minute", () => {
    const games = SPORT_KEYS.flatMap((sport) => gamesForDay(sport, Math.floor(T / DAY)));
    const outages = games.flatMap((g) => bookOutages(g).map((o) => ({ g, o })));
    expect(outages.length).toBeGreaterThan(0);
    // Occasional: far less than a tenth of the time games are under way.
    const played = games.reduce((sum, g) => sum + (g.endMs - g.startMs), 0);
    expect(outages.reduce((sum, { o }) => sum + (o.to - o.from), 0) / played).toBeLessThan(0.02);
    const { g, o } = outages[0]!;
    const ages = Array.from({ length: 75 }, (_, s) => {
      const at = o.from + s * 1000;
      const e = simulatedFeedBoard(g.sport, at, 0).find((x) => x.eventId === g.eventId)!;
      return at - e.book!.markets.moneyline!;
    });
    expect(ages.filter((age) => age > 45_000).length).toBeGreaterThan(20);
    // Once it ends, the book is back on its cadence.
    const after = simulatedFeedBoard(g.sport, o.to + 6_000, 0).find((x) => x.eventId === g.eventId);
    if (after) expect(o.to + 6_000 - after.book!.markets.moneyline!).toBeLessThan(SIM_BOOK.cadenceMs + 1_000);
  });

  it("holds one game of a sport at a time, never the sport's newest, so the game that just started stays on the live tab", () => {
    const day = Math.floor(T / DAY);
    let holds = 0;
    for (const sport of SPORT_KEYS) {
      // The day's games and the day's before, and those of the day after that start while they are on.
      const games = [-1, 0, 1].flatMap((d) => gamesForDay(sport, day + d));
      const checked = games.filter((g) => g.startMs < (day + 1) * DAY);
      const outages = checked.flatMap((g) => bookOutages(g).map((o) => ({ g, o }))).sort((a, b) => a.o.from - b.o.from);
      holds += outages.length;
      for (let i = 1; i < outages.length; i++)
        expect(outages[i]!.o.from, outages[i]!.g.eventId).toBeGreaterThanOrEqual(outages[i - 1]!.o.to);
      for (const { g, o } of outages) {
        // A game of the sport listed after the held one had started when the hold began.
        const later = games.slice(games.indexOf(g) + 1);
        expect(
          later.some((x) => x.startMs <= o.from),
          g.eventId,
        ).toBe(true);
        expect(o.to, g.eventId).toBeLessThanOrEqual(g.endMs);
      }
    }
    expect(holds).toBeGreaterThan(0);
  });

  it("prices each market as its book last confirmed it, with the score as it is now", () => {
    const g = gamesForDay("basketball_nba", Math.floor(T / DAY)).find((x) => !bookOutageAt(x, x.startMs + 40 * MIN + 2_500))!;
    const at = g.startMs + 40 * MIN + 2_500;
    const e = simulatedFeedBoard("basketball_nba", at, 0).find((x) => x.eventId === g.eventId)!;
    expect(e.markets.moneyline).toEqual(gameToEvent(g, e.book!.markets.moneyline!).markets.moneyline);
    expect(e.live).toEqual(gameToEvent(g, at).live);
  });

  it("times each score by its last change, like The Odds API's last_update", () => {
    const g = gamesForDay("icehockey_nhl", Math.floor(T / DAY))[0]!;
    expect(lastScoreAt(g, g.startMs - 1)).toBeNull();
    const goals = g.timeline.map((e) => g.startMs + e.at * (g.endMs - g.startMs)).filter((t) => t < g.endMs);
    if (goals.length > 0) {
      const first = goals[0]!;
      expect(lastScoreAt(g, first - 1)).toBe(g.startMs);
      expect(lastScoreAt(g, first + 1)).toBe(Math.ceil(first));
    }
    expect(lastScoreAt(g, g.endMs + MIN)).toBe(g.endMs);
    const score = simulatedScores("icehockey_nhl", 1, g.endMs + MIN).find((s) => s.eventId === g.eventId)!;
    expect(score).toMatchObject({ completed: true, updatedAt: g.endMs });
  });
});

describe("the simulator's other books", () => {
  it("quote every game, so its board carries fair prices and each offered price's margin", () => {
    for (const sport of SPORT_KEYS) {
      const events = simulatedFeedBoard(sport, T, 0);
      expect(events.length).toBeGreaterThan(0);
      for (const e of events) {
        const fair = e.fair?.moneyline;
        expect(fair?.books).toBe(6);
        // The offered book adds 4.76% to every side: its margin is positive, a few percent.
        if (e.markets.moneyline?.home !== null && fair) expect(fair.home.margin).toBeGreaterThan(0);
        if (e.markets.moneyline?.home !== null && fair) expect(fair.home.margin).toBeLessThan(0.15);
        expect(EventSchema.parse(e)).toMatchObject({ eventId: e.eventId });
      }
    }
    // With more books required than the simulator has, no fair price shows.
    expect(simulatedFeedBoard("basketball_nba", T, 0, 7).every((e) => e.fair === undefined)).toBe(true);
  });

  it("prices soccer's moneyline 3-way, with a fair Draw too, and no draw elsewhere", () => {
    const soccer = simulatedFeedBoard("soccer_usa_mls", T, 0).filter((e) => e.status === "scheduled");
    expect(soccer.length).toBeGreaterThan(0);
    for (const e of soccer) {
      expect(typeof e.markets.moneyline?.draw).toBe("number");
      const fair = e.fair!.moneyline!;
      expect(fair.home.p + fair.away.p + fair.draw!.p).toBeCloseTo(1, 1);
    }
    expect(simulatedFeedBoard("icehockey_nhl", T, 0).every((e) => e.markets.moneyline?.draw === undefined)).toBe(true);
  });
});

describe("one model per simulated game", () => {
  const firstDay = Math.floor(T / DAY);
  const MODELLED = SPORT_KEYS.filter((sport) => sport !== "mma_mixed_martial_arts");
  /** The days that hold at least `games` games of the sport (its slate starts 24 or 48 a day). */
  const daysFor = (sport: SportKey, games: number) => Math.ceil(games / SIM_SPORTS[sport].gamesPerDay);

  it("prices every market from the game's model: a fit to each board's fair figures reproduces them within tolerance", () => {
    let fitted = 0;
    for (const sport of SPORT_KEYS) {
      for (let day = firstDay; day < firstDay + daysFor(sport, 96); day++) {
        for (const g of gamesForDay(sport, day)) {
          const board = gameToEvent(g, g.startMs - 2 * 60 * MIN);
          expect(board.status).toBe("scheduled");
          const fit = fitGameModel(sport, board.fair);
          if (sport === "mma_mixed_martial_arts") {
            expect(g.model).toBeNull();
            expect(fit).toEqual({ ok: false, reason: "no-model" });
            continue;
          }
          if (!fit.ok) throw new Error(`${g.eventId}: ${JSON.stringify(fit)} for ${JSON.stringify(board.fair)}`);
          expect(fit.worstMiss).toBeLessThanOrEqual(SGP_FIT_TOLERANCE_DEFAULT);
          fitted++;
        }
      }
    }
    expect(fitted).toBe(MODELLED.reduce((n, sport) => n + daysFor(sport, 96) * SIM_SPORTS[sport].gamesPerDay, 0));
  }, 60_000);

  it("draws the finals from the model: home wins and overs come as often as the model says", () => {
    for (const sport of MODELLED) {
      let homeChance = 0;
      let homeWins = 0;
      let overChance = 0;
      let overs = 0;
      let games = 0;
      for (let day = firstDay - daysFor(sport, 960); day < firstDay; day++) {
        for (const g of gamesForDay(sport, day)) {
          const model = g.model!;
          const final = gameState(g, g.endMs + MIN);
          expect(final.status).toBe("final");
          games++;
          homeChance += sideChance(model, { market: "Moneyline", side: "Home", line: null });
          if (final.homeScore > final.awayScore) homeWins++;
          // The total at a half point around the model's mean total, so no final pushes.
          const mean = model.params.length === 2 ? model.params[0]! + model.params[1]! : model.params[2]!;
          const line = Math.floor(mean) + 0.5;
          overChance += sideChance(model, { market: "Total", side: "Over", line });
          if (final.homeScore + final.awayScore > line) overs++;
        }
      }
      expect(games).toBeGreaterThanOrEqual(300);
      // About 320 games: the share's standard error is under 0.03.
      expect(Math.abs(homeWins / games - homeChance / games), `${sport} home wins`).toBeLessThan(0.08);
      expect(Math.abs(overs / games - overChance / games), `${sport} overs`).toBeLessThan(0.08);
    }
  }, 60_000);
});

describe("live games a player can bet", () => {
  /**
   * A sport's games under way and still open for live bets at `now`, as a player reads the
   * board 20 s after the desk fetched it (the feed's answer cut to the games started by the
   * read: the rest are pre-game and change nothing here). `live` are the games the scores
   * read with the board saw under way; `justStarted` those that started after it, which
   * wait for the next read's scores.
   */
  const liveGamesAt = (sport: SportKey, now: number, rules: ViewRules) => {
    const fetchedAt = now - 20_000;
    const clock = { now: fetchedAt, feedNow: fetchedAt, closeAfter: rules.closeAfter };
    const answer = {
      events: simulatedFeedBoard(sport, fetchedAt, 0, undefined, now - fetchedAt + 1),
      scores: { value: simulatedScores(sport, 1, fetchedAt), fetchedAt },
    };
    const { board } = mergeOdds(null, answer, fetchedAt, 0, false, clock);
    const underway = boardView(board, { now, feedNow: now }, rules).filter(
      (e) => isUnderway(e, now) && now < liveClosesAt(e, rules.closeAfter),
    );
    const startedBy = (e: Event) => Date.parse(e.startTime) <= fetchedAt;
    return { fetchedAt, live: underway.filter(startedBy), justStarted: underway.filter((e) => !startedBy(e)) };
  };

  it("suspends a game under way only while its book has stopped: on a day of every sport, hardly ever", () => {
    const t = tunables(env);
    const closeAfter = t.LIVE_CLOSE_AFTER_MINUTES;
    const rules = { maxAgeMs: t.LIVE_PRICE_MAX_AGE_SECONDS * 1000, closeAfter };
    const day = Math.floor(T / DAY) * DAY;
    for (const sport of SPORT_KEYS) {
      let liveMinutes = 0;
      let suspendedMinutes = 0;
      // Every tenth minute of the day.
      for (let now = day; now < day + DAY; now += 10 * MIN) {
        const { fetchedAt, live, justStarted } = liveGamesAt(sport, now, rules);
        // A game no scores have listed since it started is not offered: it could have scored unseen.
        for (const e of justStarted) expect(gameSuspension(e), e.eventId).toBe("no-score");
        for (const e of live) {
          liveMinutes += 1;
          const reason = gameSuspension(e);
          if (reason === null) continue;
          suspendedMinutes += 1;
          // A suspension is the book's outage (or a score in it), never a book that simply lags.
          const game = gameById(e.eventId)!;
          expect(
            bookOutages(game).some((o) => o.from <= fetchedAt && fetchedAt < o.to + 5_000),
            `${e.eventId} ${reason}`,
          ).toBe(true);
        }
      }
      expect(liveMinutes, sport).toBeGreaterThan(15);
      expect(suspendedMinutes / liveMinutes, sport).toBeLessThan(0.03);
    }
  }, 60_000);

  // A market is open when a player could bet it now: its game is not suspended and every
  // outcome of it has a price within the spec's bounds (not 'Locked'). Soccer's 3-way
  // moneyline counts as one market, open only while home, away and the draw are all priced:
  // a book quoting one side of a decided game is not making that market. A game's markets
  // are the ones its sport offers: MMA the moneyline, the team sports moneyline, spread and
  // total (live props do not exist: props are pre-match). A game is mostly open with at
  // least 80% of its markets open: for the team sports, all three.
  it("keeps a game early in its play whenever a sport is live, so one is mostly open in every minute", () => {
    const t = tunables(env);
    const closeAfter = t.LIVE_CLOSE_AFTER_MINUTES;
    const rules = { maxAgeMs: t.LIVE_PRICE_MAX_AGE_SECONDS * 1000, closeAfter };
    const day = Math.floor(T / DAY) * DAY;
    const priced = (prices: Array<number | null | undefined>) => prices.every((p) => p !== null && p !== undefined && validPrice(p) === p);
    const openShare = (e: Event): number => {
      const { moneyline, spread, total } = e.markets;
      const markets = [
        moneyline && [moneyline.home, moneyline.away, ...(e.sport === "soccer_usa_mls" ? [moneyline.draw] : [])],
        spread && [spread.home, spread.away],
        total && [total.over, total.under],
      ].filter((m) => m !== undefined);
      expect(markets.length, e.eventId).toBe(e.sport === "mma_mixed_martial_arts" ? 1 : 3);
      if (gameSuspension(e) !== null) return 0;
      return markets.filter(priced).length / markets.length;
    };
    const shares: Partial<Record<SportKey, number>> = {};
    const shutMinutes: string[] = [];
    for (const sport of SPORT_KEYS) {
      let liveMinutes = 0;
      let mostlyOpenMinutes = 0;
      // Every minute of the day.
      for (let now = day; now < day + DAY; now += MIN) {
        const { live } = liveGamesAt(sport, now, rules);
        if (live.length === 0) continue;
        liveMinutes += 1;
        // The schedule's promise: one of the games open started within the sport's spacing (at
        // most: in the seconds after a kickoff the new game waits for its first scores).
        const youngest = Math.min(...live.map((e) => now - Date.parse(e.startTime)));
        expect(youngest, `${sport} ${new Date(now).toISOString()}`).toBeLessThanOrEqual(SIM_SPORTS[sport].spacingMin * MIN);
        if (live.some((e) => openShare(e) >= 0.8)) mostlyOpenMinutes += 1;
        else shutMinutes.push(`${sport} ${new Date(now).toISOString()}`);
      }
      expect(liveMinutes, sport).toBeGreaterThan(60);
      shares[sport] = mostlyOpenMinutes / liveMinutes;
    }
    // Every minute: the newest game is never on a trader's hold and quotes every market once
    // under way, and it is at most half an hour in (MLB, NCAAF: an hour; MMA: three fights
    // side by side), so it is decided only in a rare blow-out, while an older one is open.
    expect(shutMinutes, JSON.stringify(shares)).toEqual([]);
  }, 60_000);
});
