// No sure profit on one player's market (src/shared/props/prop-lock.ts): no prop side is
// offered better than its fair chance, and no set of the offered singles on one player's
// market, across all its lines, returns more than its stakes whatever the player scores.
// Checked by linear programming (maximise the worst net return, over the integer outcomes
// the player's statistic can take, of non-negative stakes summing to 1; each bet graded by
// gradeProp, so a whole line pushes) over generated boards of several books quoting several
// lines each, over the recorded payloads of test/fixtures/odds-api, and on the pricing
// review's example (Over 24.5 and Under 25.5 both at +105 from two books). Also: that pairs
// of an Over and an Under are all the linear programme ever needs, and that books sharing one
// odds feed (Unibet and BetRivers: Kambi's) count once in the fair consensus.
import fc from "fast-check";
import solver, { type SolveResult } from "javascript-lp-solver";
import { describe, expect, it } from "vitest";
import nbaAnswer from "../fixtures/odds-api/event-odds-nba.json";
import nflAnswer from "../fixtures/odds-api/event-odds-nfl.json";
import { BOOKMAKER_PREFERENCE, feedOf, SHARED_FEEDS } from "../../src/shared/bookmakers";
import { fairProbabilities, legMargin } from "../../src/shared/fair-odds";
import { decimalOdds, decimalToAmerican } from "../../src/shared/odds";
import { gradeProp } from "../../src/shared/props/grading";
import { mainLineProps, normaliseProps } from "../../src/shared/props/normalise-props";
import { isRiskFreePair, linesCoverEveryOutcome, lockProps, propSideBetterThanFair } from "../../src/shared/props/prop-lock";
import { type EventOdds, type EventOddsOutcome, EventOddsSchema } from "../../src/shared/schemas/event-odds";
import type { Prop } from "../../src/shared/schemas/props";
import type { SportKey } from "../../src/shared/sports";

/** One offered single on a player's over/under market. */
type Single = { side: "over" | "under"; line: number; priceAm: number };

const SPORT: SportKey = "basketball_nba";

/** The integer outcomes that tell every line apart: one below the lowest line to one above the highest. */
function outcomesOf(lines: readonly number[]): number[] {
  const lo = Math.floor(Math.min(...lines)) - 1;
  const hi = Math.ceil(Math.max(...lines)) + 1;
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/** A single's net return per unit staked when the player's statistic is `x`, as settlement grades it (a push returns the stake). */
function netReturn(single: Single, x: number): number {
  const result = gradeProp(
    { marketKey: "player_points", sport: SPORT, kind: "over-under", line: single.line, side: single.side },
    { playerId: "p", name: "P", team: "home", played: true, stats: { points: x } },
  );
  if (result === "win") return decimalOdds(single.priceAm) - 1;
  return result === "loss" ? -1 : 0;
}

/** The best worst-case net return, per unit staked in all, of any portfolio of `singles` over the integer outcomes. */
function bestSureReturn(singles: readonly Single[]): number {
  if (singles.length === 0) return Number.NEGATIVE_INFINITY;
  const constraints: Record<string, { min?: number; equal?: number }> = { stakes: { equal: 1 } };
  const variables: Record<string, Record<string, number>> = { worst: { objective: 1 } };
  outcomesOf(singles.map((s) => s.line)).forEach((x, c) => {
    constraints[`x${c}`] = { min: 0 };
    variables.worst![`x${c}`] = -1;
    singles.forEach((single, j) => {
      variables[`bet${j}`] ??= { stakes: 1 };
      variables[`bet${j}`]![`x${c}`] = netReturn(single, x);
    });
  });
  const result = solver.Solve({ optimize: "objective", opType: "max", constraints, variables, unrestricted: { worst: 1 } }) as SolveResult;
  expect(result.feasible).toBe(true);
  return result.result;
}

/** Every offered over/under single of each player's market, keyed by player and market. */
function marketsOf(props: readonly Prop[]): Map<string, Single[]> {
  const markets = new Map<string, Single[]>();
  for (const prop of props) {
    if (prop.kind !== "over-under" || prop.line === null) continue;
    const key = `${prop.player.id} ${prop.marketKey}`;
    const singles = markets.get(key) ?? [];
    if (prop.prices.over !== null) singles.push({ side: "over", line: prop.line, priceAm: prop.prices.over });
    if (prop.prices.under !== null) singles.push({ side: "under", line: prop.line, priceAm: prop.prices.under });
    markets.set(key, singles);
  }
  return markets;
}

/** Whether any pair of the singles is a sure profit by prop-lock's pair rule. */
const hasSurePair = (singles: readonly Single[]) =>
  singles.some((o) => o.side === "over" && singles.some((u) => u.side === "under" && isRiskFreePair(o, u)));

/** An answer of books, each with its markets' outcomes. */
function answer(books: Record<string, Record<string, EventOddsOutcome[]>>): EventOdds {
  return {
    id: "evt",
    sport_key: SPORT,
    commence_time: "2026-12-01T00:00:00Z",
    home_team: "Cleveland Cavaliers",
    away_team: "Orlando Magic",
    bookmakers: Object.entries(books).map(([key, markets]) => ({
      key,
      title: key,
      markets: Object.entries(markets).map(([marketKey, outcomes]) => ({ key: marketKey, outcomes })),
    })),
  };
}
const ou = (player: string, line: number, over: number, under: number): EventOddsOutcome[] => [
  { name: "Over", description: player, price: over, point: line },
  { name: "Under", description: player, price: under, point: line },
];
const yes = (player: string, price: number): EventOddsOutcome => ({ name: "Yes", description: player, price });
const propsOf = (odds: EventOdds, minBooks: number, sport: SportKey = SPORT) =>
  normaliseProps(odds, { sport, eventId: odds.id, minBooks, nameMap: {}, bookPreference: BOOKMAKER_PREFERENCE });
const find = (props: readonly Prop[], line: number | null, playerId = "a-player") =>
  props.find((p) => p.player.id === playerId && p.line === line);

/**
 * The pricing review's example: an NBA player's points at 24.5 (DraftKings Over +105 / Under
 * −125, two other books −120/+100) and at 25.5 (FanDuel Over −125 / Under +105, two others
 * +100/−120).
 */
const REVIEW_EXAMPLE = answer({
  draftkings: { player_points: ou("A Player", 24.5, 105, -125) },
  fanduel: { player_points: ou("A Player", 25.5, -125, 105) },
  bovada: { player_points: [...ou("A Player", 24.5, -120, 100), ...ou("A Player", 25.5, 100, -120)] },
  betonlineag: { player_points: [...ou("A Player", 24.5, -120, 100), ...ou("A Player", 25.5, 100, -120)] },
});

describe("the pricing review's example", () => {
  it("Over 24.5 at +105 and Under 25.5 at +105 from two books: a sure profit before, both locked now", () => {
    // The two singles, 100 each, as the review priced them: +5 at ≤24 or ≥26, +210 at 25.
    const review: Single[] = [
      { side: "over", line: 24.5, priceAm: 105 },
      { side: "under", line: 25.5, priceAm: 105 },
    ];
    const net = (x: number) => Math.round(review.reduce((sum, s) => sum + 100 * netReturn(s, x), 0) * 100) / 100;
    expect([20, 24, 25, 26, 30].map(net)).toEqual([5, 5, 210, 5, 5]);
    expect(bestSureReturn(review)).toBeGreaterThan(0.02);
    expect(isRiskFreePair(review[0]!, review[1]!)).toBe(true);

    const props = propsOf(REVIEW_EXAMPLE, 3);
    const at245 = find(props, 24.5)!;
    const at255 = find(props, 25.5)!;
    // Each line's fair chances: the median of three de-vigged books, 0.521739 on the side the offered book prices at +105.
    expect(at245.fair.over.p).toBe(0.521739);
    expect(at255.fair.under?.p).toBe(0.521739);
    // +105 implies 0.487805: about 7% better than fair, so each is locked (its margin null, its fair chance kept).
    expect(legMargin(0.521739, 105)).toBe(-0.0696);
    expect(at245.prices).toEqual({ over: null, under: -125 });
    expect(at245.fair.over).toEqual({ p: 0.521739, margin: null });
    expect(at255.prices).toEqual({ over: -125, under: null });
    expect(at255.fair.under).toEqual({ p: 0.521739, margin: null });
    expect(bestSureReturn(marketsOf(props).get("a-player player_points")!)).toBeLessThanOrEqual(1e-9);
  });
});

describe("rule 1: no prop side better than its fair chance", () => {
  it("locks a side whose 1/d is below its fair chance, as a game's side is locked; at or above fair it stands", () => {
    expect(propSideBetterThanFair(105, { p: 0.5217, margin: null })).toBe(true);
    expect(propSideBetterThanFair(-110, { p: 0.5217, margin: null })).toBe(false);
    // Exactly fair (+100 on 0.5) is not better than fair.
    expect(propSideBetterThanFair(100, { p: 0.5, margin: null })).toBe(false);
    expect(propSideBetterThanFair(null, { p: 0.5, margin: null })).toBe(false);
    expect(propSideBetterThanFair(150, null)).toBe(false);
  });

  it("locks a Yes priced better than the books' fair Yes", () => {
    // DraftKings' Yes +150 (0.4) against a fair Yes of 0.476 (the median of its own, 0.382, and
    // two books' Yes/No pairs at +100/−122, 0.476 each).
    const odds = answer({
      draftkings: { player_points: ou("B Player", 20.5, -110, -110), player_anytime_td: [yes("A Player", 150)] },
      fanduel: { player_anytime_td: [yes("A Player", 100), { name: "No", description: "A Player", price: -122 }] },
      bovada: { player_anytime_td: [yes("A Player", 100), { name: "No", description: "A Player", price: -122 }] },
    });
    const [td] = normaliseProps(odds, {
      sport: "americanfootball_nfl",
      eventId: "evt",
      minBooks: 3,
      nameMap: {},
      bookPreference: BOOKMAKER_PREFERENCE,
    }).filter((p) => p.kind === "yes");
    expect(td!.fair.over.p).toBe(0.476395);
    expect(td!.prices).toEqual({ over: null, under: null });
    expect(td!.fair.over.margin).toBeNull();
  });
});

describe("rule 2: no sure profit across one player's market's lines", () => {
  it("an Over and an Under cover every outcome when the Over's line is at most the Under's (whole lines read as half a point wider)", () => {
    expect(linesCoverEveryOutcome(24.5, 25.5)).toBe(true);
    expect(linesCoverEveryOutcome(24.5, 24.5)).toBe(true);
    expect(linesCoverEveryOutcome(25.5, 24.5)).toBe(false);
    // Over 25 wins or pushes from 25, Under 25 up to 25; Over 25 with Under 24.5 meets at 25 too (the Over's push).
    expect(linesCoverEveryOutcome(25, 25)).toBe(true);
    expect(linesCoverEveryOutcome(25, 24.5)).toBe(true);
    expect(linesCoverEveryOutcome(26, 24.5)).toBe(false);
    expect(isRiskFreePair({ line: 24.5, priceAm: 105 }, { line: 30.5, priceAm: 105 })).toBe(true);
    expect(isRiskFreePair({ line: 24.5, priceAm: -110 }, { line: 30.5, priceAm: 105 })).toBe(false);
    expect(isRiskFreePair({ line: 30.5, priceAm: 105 }, { line: 24.5, priceAm: 105 })).toBe(false);
    // Exactly even (+100 and +100) on two lines returns the stakes at worst and double at 25: a free roll, withdrawn too.
    expect(isRiskFreePair({ line: 24.5, priceAm: 100 }, { line: 25.5, priceAm: 100 })).toBe(true);
    expect(isRiskFreePair({ line: 24, priceAm: 100 }, { line: 25, priceAm: 100 })).toBe(true);
    // One line at even prices returns the stakes on every outcome: no free roll.
    expect(isRiskFreePair({ line: 24.5, priceAm: 100 }, { line: 24.5, priceAm: 100 })).toBe(false);
    expect(isRiskFreePair({ line: 25, priceAm: 100 }, { line: 25, priceAm: 100 })).toBe(false);
  });

  it("withdraws the side off the main line that pairs with the main line into a sure profit, where the fair lock alone does not", () => {
    // The books disagree: three say 50% over 25.5 (the main line, DraftKings −110/−110); one
    // says only 44% over 24.5 though more points are needed over 25.5. Its Over 24.5 at +117
    // (0.460829) is worse than its own fair chance, so the fair lock keeps it, but with the
    // main line's Under 25.5 at −110 (0.52381) it costs 0.98 to win 1 whatever he scores.
    const odds = answer({
      draftkings: { player_points: ou("A Player", 25.5, -110, -110) },
      fanduel: { player_points: ou("A Player", 25.5, -110, -110) },
      bovada: { player_points: ou("A Player", 25.5, -110, -110) },
      pointsbetus: { player_points: ou("A Player", 24.5, 117, -140) },
    });
    const props = propsOf(odds, 1);
    expect(mainLineProps(props).map((p) => p.line)).toEqual([25.5]);
    const off = find(props, 24.5)!;
    expect(propSideBetterThanFair(117, off.fair.over)).toBe(false);
    expect(isRiskFreePair({ line: 24.5, priceAm: 117 }, { line: 25.5, priceAm: -110 })).toBe(true);
    expect(find(props, 25.5)!.prices).toEqual({ over: -110, under: -110 });
    expect(off.prices).toEqual({ over: null, under: -140 });
    expect(off.fair.over.margin).toBeNull();
    expect(bestSureReturn(marketsOf(props).get("a-player player_points")!)).toBeLessThanOrEqual(1e-9);
  });

  it("keeps the main line's sides first, then the lines nearest it", () => {
    // Lines 20.5 (main: most books), 22.5 and 24.5. Under 22.5 (+130) and Under 24.5 (+110)
    // each cover every outcome with the main line's Over 20.5 (+120) for less than 1: they go.
    // The Overs above the main line cover nothing with its Under, so they stay.
    const prop = (line: number, over: number, under: number, books: number): Prop => ({
      propId: `evt:a-player:player_points:${line}`,
      eventId: "evt",
      sport: SPORT,
      marketKey: "player_points",
      kind: "over-under",
      player: { id: "a-player", name: "A Player", team: null },
      line,
      prices: { over, under },
      fair: { books, over: { p: 0.3, margin: 0.1 }, under: { p: 0.3, margin: 0.1 } },
    });
    const props = [prop(20.5, 120, -150, 6), prop(22.5, 130, 130, 3), prop(24.5, 200, 110, 3)];
    const locked = lockProps(props, mainLineProps(props));
    expect(locked.map((p) => p.prices)).toEqual([
      { over: 120, under: -150 },
      { over: 130, under: null },
      { over: 200, under: null },
    ]);
    expect(locked[0]).toBe(props[0]);
    expect(locked[1]!.fair.under?.margin).toBeNull();
    expect(bestSureReturn(marketsOf(props).get("a-player player_points")!)).toBeGreaterThan(0);
    expect(bestSureReturn(marketsOf(locked).get("a-player player_points")!)).toBeLessThanOrEqual(1e-9);
  });

  it("pairs are enough: with half lines a set is a sure profit exactly when one (Over, Under) pair is; with whole lines, only if one is", () => {
    const single = fc.record({
      side: fc.constantFrom<"over" | "under">("over", "under"),
      line: fc.integer({ min: 0, max: 12 }).chain((l) => fc.constantFrom(l + 0.5, l + 0.5, l)),
      priceAm: fc.double({ min: 1.2, max: 6, noNaN: true }).map((d) => decimalToAmerican(d)),
    });
    let sure = 0;
    fc.assert(
      fc.property(fc.array(single, { minLength: 1, maxLength: 7 }), (singles) => {
        const lp = bestSureReturn(singles);
        if (hasSurePair(singles)) sure++;
        // No sure pair (whole lines read as the wider half line): no sure profit at all.
        if (!hasSurePair(singles)) expect(lp).toBeLessThanOrEqual(1e-9);
        // With half lines only, the pair rule is exact.
        if (singles.every((s) => !Number.isInteger(s.line))) expect(hasSurePair(singles)).toBe(lp > 1e-9);
      }),
      { numRuns: 400, seed: 20261201 },
    );
    expect(sure).toBeGreaterThan(50);
  });
});

/** A generated player's market: books reading the player differently, each quoting some lines (half, sometimes whole) with its own margin. */
const BOOKS = ["draftkings", "fanduel", "betmgm", "bovada", "unibet_us", "betrivers", "pointsbetus", "betonlineag"] as const;
const bookArb = fc.record({
  key: fc.constantFrom(...BOOKS),
  shift: fc.double({ min: -3, max: 3, noNaN: true }),
  spread: fc.double({ min: 1.5, max: 6, noNaN: true }),
  margin: fc.double({ min: -0.03, max: 0.08, noNaN: true }),
  lines: fc.uniqueArray(fc.integer({ min: -6, max: 6 }), { minLength: 1, maxLength: 5 }),
});
const marketArb = fc.record({
  centre: fc.integer({ min: 7, max: 30 }),
  books: fc.uniqueArray(bookArb, { minLength: 2, maxLength: 6, selector: (b) => b.key }),
  kambiAgree: fc.boolean(),
  minBooks: fc.constantFrom(1, 2, 3),
});

type Drawn<A> = A extends fc.Arbitrary<infer T> ? T : never;

/** The answer a generated market gives: one player's points, each book's Over chance a logistic curve through its own centre. */
function generatedAnswer({ centre, books, kambiAgree }: Drawn<typeof marketArb>): EventOdds {
  const quoted: Record<string, Record<string, EventOddsOutcome[]>> = {};
  const kambi = books.find((b) => b.key === "unibet_us" || b.key === "betrivers");
  for (const book of books) {
    // Unibet and BetRivers run one feed: usually they quote alike, as recorded.
    const reading = kambiAgree && kambi && feedOf(book.key) === "feed:kambi" ? kambi : book;
    const outcomes: EventOddsOutcome[] = [];
    for (const offset of reading.lines) {
      // Half lines mostly; every third offset is a whole line.
      const line = centre + offset + (offset % 3 === 0 ? 0 : 0.5);
      const pOver = 1 / (1 + Math.exp(-(centre + reading.shift - line) / reading.spread));
      const over = Math.min(0.97, Math.max(0.03, pOver));
      const price = (p: number) => decimalToAmerican(Math.max(1.02, 1 / (p * (1 + reading.margin))));
      outcomes.push(...ou("A Player", line, price(over), price(1 - over)));
    }
    quoted[book.key] = { player_points: outcomes };
  }
  return answer(quoted);
}

describe("no portfolio of one player's market's offered singles wins on every outcome", () => {
  it("holds on generated boards: several books, several lines each, books disagreeing by up to six points", () => {
    let lockedSides = 0;
    fc.assert(
      fc.property(marketArb, (market) => {
        const props = propsOf(generatedAnswer(market), market.minBooks);
        for (const singles of marketsOf(props).values()) {
          expect(hasSurePair(singles)).toBe(false);
          expect(bestSureReturn(singles), JSON.stringify(singles)).toBeLessThanOrEqual(1e-9);
        }
        lockedSides += props.filter((p) => p.prices.over === null).length + props.filter((p) => p.prices.under === null).length;
      }),
      { numRuns: 300, seed: 20261202 },
    );
    // Sides were locked on these boards (the rules had work to do).
    expect(lockedSides).toBeGreaterThan(100);
  });

  it("holds for lockProps on any prices and fair chances, the books' consensus incoherent across lines; rule 2 does what rule 1 cannot", () => {
    const propArb = fc.record({
      line: fc.integer({ min: 5, max: 15 }).chain((l) => fc.constantFrom(l + 0.5, l + 0.5, l)),
      books: fc.integer({ min: 1, max: 8 }),
      over: fc.double({ min: 1.3, max: 3.5, noNaN: true }).map((d) => decimalToAmerican(d)),
      under: fc.double({ min: 1.3, max: 3.5, noNaN: true }).map((d) => decimalToAmerican(d)),
      pOver: fc.double({ min: 0.2, max: 0.8, noNaN: true }),
    });
    let acrossLines = 0;
    fc.assert(
      fc.property(fc.uniqueArray(propArb, { minLength: 1, maxLength: 6, selector: (p) => p.line }), (drawn) => {
        const props: Prop[] = drawn.map(({ line, books, over, under, pOver }) => ({
          propId: `evt:a-player:player_points:${line}`,
          eventId: "evt",
          sport: SPORT,
          marketKey: "player_points",
          kind: "over-under",
          player: { id: "a-player", name: "A Player", team: null },
          line,
          prices: { over, under },
          fair: {
            books,
            over: { p: Math.round(pOver * 1e6) / 1e6, margin: legMargin(pOver, over) },
            under: { p: Math.round((1 - pOver) * 1e6) / 1e6, margin: legMargin(1 - pOver, under) },
          },
        }));
        const locked = lockProps(props, mainLineProps(props));
        const singles = marketsOf(locked).get("a-player player_points") ?? [];
        expect(bestSureReturn(singles)).toBeLessThanOrEqual(1e-9);
        // Rule 1 alone: each line locked on its own (rule 2 then sees one line only).
        const fairLockedOnly = props.map((p) => lockProps([p], [p])[0]!);
        const alone = marketsOf(fairLockedOnly).get("a-player player_points") ?? [];
        if (bestSureReturn(alone) > 1e-9) acrossLines++;
        // The main line keeps every side the fair lock leaves it.
        const main = mainLineProps(props)[0]!;
        const mainIndex = props.indexOf(main);
        expect(locked[mainIndex]!.prices).toEqual(lockProps([main], [main])[0]!.prices);
      }),
      { numRuns: 300, seed: 20261203 },
    );
    // Boards the fair lock alone left a sure profit on, which rule 2 removed.
    expect(acrossLines).toBeGreaterThan(20);
  });

  it("holds on the recorded payloads (test/fixtures/odds-api), at every book count", () => {
    let markets = 0;
    for (const [raw, sport] of [
      [nbaAnswer, "basketball_nba"],
      [nflAnswer, "americanfootball_nfl"],
    ] as const) {
      const odds = EventOddsSchema.parse(raw);
      for (const minBooks of [1, 2, 3, 5]) {
        const props = propsOf(odds, minBooks, sport);
        for (const prop of props) {
          for (const side of ["over", "under"] as const) expect(propSideBetterThanFair(prop.prices[side], prop.fair[side])).toBe(false);
        }
        for (const [key, singles] of marketsOf(props)) {
          if (singles.length === 0) continue;
          expect(bestSureReturn(singles), `${key} at ${minBooks}`).toBeLessThanOrEqual(1e-9);
          markets++;
        }
      }
    }
    expect(markets).toBeGreaterThan(40);
  });
});

describe("books sharing one odds feed count once", () => {
  it("names Unibet and BetRivers as Kambi's, and the recorded payloads show them quoting alike", () => {
    expect(SHARED_FEEDS).toEqual({ kambi: ["unibet_us", "betrivers"] });
    expect(feedOf("unibet_us")).toBe(feedOf("betrivers"));
    expect(feedOf("draftkings")).toBe("draftkings");
    // The evidence the table cites: every player-points outcome the two quote in the NBA answer is the same.
    const nba = EventOddsSchema.parse(nbaAnswer);
    const outcomesOf = (key: string) =>
      nba.bookmakers
        .find((b) => b.key === key)!
        .markets.flatMap((m) => m.outcomes.map((o) => `${o.description} ${o.name} ${o.point} ${o.price}`))
        .sort();
    expect(outcomesOf("unibet_us")).toHaveLength(132);
    expect(outcomesOf("unibet_us")).toEqual(outcomesOf("betrivers"));
  });

  it("the consensus counts the pair as one book, the first of them quoting the line", () => {
    const quote = (book: string, over: number) => ({ book, line: 20.5, pricesAm: [over, -110] });
    const found = fairProbabilities([quote("unibet_us", 150), quote("draftkings", -110), quote("betrivers", -300)], 20.5, 2, 1)!;
    expect(found.books).toBe(2);
    expect(fairProbabilities([quote("unibet_us", -110), quote("betrivers", -110)], 20.5, 2, 2)).toBeNull();
  });

  it("a player's line quoted by Unibet, BetRivers and one more book is two books, over/under and Yes alike", () => {
    const odds = answer({
      unibet_us: { player_points: ou("A Player", 20.5, -115, -105), player_anytime_td: [yes("A Player", 120)] },
      betrivers: { player_points: ou("A Player", 20.5, -115, -105), player_anytime_td: [yes("A Player", 120)] },
      draftkings: { player_points: ou("A Player", 20.5, -110, -110), player_anytime_td: [yes("A Player", 110)] },
    });
    const nfl = (minBooks: number) =>
      normaliseProps(odds, { sport: "americanfootball_nfl", eventId: "evt", minBooks, nameMap: {}, bookPreference: BOOKMAKER_PREFERENCE });
    expect(propsOf(odds, 3)).toEqual([]);
    expect(find(propsOf(odds, 2), 20.5)?.fair.books).toBe(2);
    expect(nfl(3).filter((p) => p.kind === "yes")).toEqual([]);
    expect(nfl(2).find((p) => p.kind === "yes")?.fair.books).toBe(2);
  });
});
