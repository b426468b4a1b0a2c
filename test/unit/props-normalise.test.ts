// The props a game offers, from The Odds API's per-event odds answer
// (src/shared/props/normalise-props.ts): a real recorded NBA answer (ten books, player points)
// and an NFL answer written from the API's documented format (over/unders and anytime
// touchdown in every shape books send); see test/fixtures/odds-api/README.md.
import { describe, expect, it } from "vitest";
import nbaAnswer from "../fixtures/odds-api/event-odds-nba.json";
import nflAnswer from "../fixtures/odds-api/event-odds-nfl.json";
import { legMargin } from "../../src/shared/fair-odds";
import { impliedProbability } from "../../src/shared/odds";
import {
  mainLineProps,
  type NormalisePropsOptions,
  normaliseProps,
  YES_ONLY_DEFAULT_OVERROUND,
} from "../../src/shared/props/normalise-props";
import { BOOKMAKER_PREFERENCE } from "../../src/shared/bookmakers";
import { type EventOdds, type EventOddsOutcome, EventOddsSchema } from "../../src/shared/schemas/event-odds";
import { type Prop, PropSchema } from "../../src/shared/schemas/props";

const BOARD_PREFERENCE = BOOKMAKER_PREFERENCE;

const nba = EventOddsSchema.parse(nbaAnswer);
const nfl = EventOddsSchema.parse(nflAnswer);

const nbaProps = (opts: Partial<NormalisePropsOptions> = {}) =>
  normaliseProps(nba, { sport: "basketball_nba", eventId: nba.id, minBooks: 5, nameMap: {}, bookPreference: BOARD_PREFERENCE, ...opts });
const nflProps = (opts: Partial<NormalisePropsOptions> = {}) =>
  normaliseProps(nfl, {
    sport: "americanfootball_nfl",
    eventId: nfl.id,
    minBooks: 5,
    nameMap: {},
    bookPreference: BOARD_PREFERENCE,
    ...opts,
  });

const find = (props: readonly Prop[], playerId: string, marketKey: string, line: number | null) =>
  props.find((p) => p.player.id === playerId && p.marketKey === marketKey && p.line === line);
const linesOf = (props: readonly Prop[], playerId: string, marketKey = "player_points") =>
  props.filter((p) => p.player.id === playerId && p.marketKey === marketKey).map((p) => p.line);

/** A small answer for one rule at a time: books, each with its markets' outcomes. */
function answer(books: Record<string, Record<string, EventOddsOutcome[]>>): EventOdds {
  return {
    id: "evt",
    sport_key: "americanfootball_nfl",
    commence_time: "2025-10-12T20:25:00Z",
    home_team: "Kansas City Chiefs",
    away_team: "Cincinnati Bengals",
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
const no = (player: string, price: number): EventOddsOutcome => ({ name: "No", description: player, price });
const smallProps = (odds: EventOdds, minBooks = 1, bookPreference: readonly string[] = BOARD_PREFERENCE) =>
  normaliseProps(odds, { sport: "americanfootball_nfl", eventId: odds.id, minBooks, nameMap: {}, bookPreference });

describe("normaliseProps on the recorded NBA answer", () => {
  it("leaves out a total-bases 0.5 beside the same player's hits 0.5: one event, so Under one and Over the other would cover every outcome", () => {
    const markets = (book: number) => ({
      batter_hits: ou("Mookie Betts", 0.5, -200 - book, 160),
      batter_total_bases: [
        ...ou("Mookie Betts", 0.5, -190, 150 + book),
        ...ou("Mookie Betts", 1.5, 120, -150),
        ...ou("Freddie Freeman", 0.5, -180, 140),
      ],
    });
    const props = normaliseProps(answer({ fanduel: markets(0), draftkings: markets(5) }), {
      sport: "baseball_mlb",
      eventId: "evt",
      minBooks: 1,
      nameMap: {},
      bookPreference: BOARD_PREFERENCE,
    });
    expect(props.map((p) => [p.player.name, p.marketKey, p.line])).toEqual([
      ["Freddie Freeman", "batter_total_bases", 0.5],
      ["Mookie Betts", "batter_hits", 0.5],
      ["Mookie Betts", "batter_total_bases", 1.5],
    ]);
  });

  it("offers a line only where at least the minimum number of books quote both sides of it", () => {
    const atFive = nbaProps();
    for (const prop of atFive) expect(prop.fair.books).toBeGreaterThanOrEqual(5);
    // Five books quote Caris LeVert at 11.5 (FanDuel alone has 12.5). Paolo Banchero has 20.5
    // at seven books and 21.5 at five, Unibet and BetRivers (one feed, Kambi's) among both:
    // six books and four as the consensus counts them.
    expect(find(atFive, "caris-levert", "player_points", 11.5)?.fair.books).toBe(5);
    expect(linesOf(atFive, "paolo-banchero")).toEqual([20.5]);
    expect(linesOf(nbaProps({ minBooks: 4 }), "paolo-banchero")).toEqual([20.5, 21.5]);

    const atSix = nbaProps({ minBooks: 6 });
    expect(linesOf(atSix, "caris-levert")).toEqual([]);
    expect(linesOf(atSix, "paolo-banchero")).toEqual([20.5]);
    expect(linesOf(nbaProps({ minBooks: 7 }), "paolo-banchero")).toEqual([]);
    // BetMGM alone quotes Joe Ingles: no prop for him even at two books.
    expect(linesOf(nbaProps({ minBooks: 2 }), "joe-ingles")).toEqual([]);
  });

  it("prices a line at the median of every quoting book's de-vigged prices, with the offered price's margin", () => {
    // All ten books quote Cole Anthony at 8.5, Unibet's and BetRivers' one feed counted once:
    // nine, whose middle de-vigged Over is DraftKings' and Bovada's -120/-110, 0.510121.
    const cole = find(nbaProps(), "cole-anthony", "player_points", 8.5)!;
    expect(cole.fair.books).toBe(9);
    expect(cole.prices).toEqual({ over: -120, under: -110 });
    expect(cole.fair.over).toEqual({ p: 0.510121, margin: legMargin(0.510121, -120) });
    expect(cole.fair.under?.margin).toBe(legMargin(cole.fair.under!.p, -110));
    expect(cole.fair.over.margin).toBe(0.0648);
  });

  it("takes the offered prices from the board's preferred book that quotes the line, locking a side better than fair", () => {
    const props = nbaProps({ minBooks: 4 });
    // DraftKings quotes 20.5; of the books at 21.5, BetRivers comes first in the board's preference.
    expect(find(props, "paolo-banchero", "player_points", 20.5)?.prices).toEqual({ over: -140, under: 110 });
    // Its +104 / -139 there: the Over's 1/d (0.490196) is below the four feeds' fair Over, so it is locked.
    const line = find(props, "paolo-banchero", "player_points", 21.5)!;
    expect(line.fair.over).toEqual({ p: 0.497385, margin: null });
    expect(line.prices).toEqual({ over: null, under: -139 });
    expect(line.fair.under).toEqual({ p: 0.502615, margin: legMargin(0.502615, -139) });
  });

  it("shows a locked offered price as locked while its fair price stands", () => {
    const withLock = structuredClone(nba);
    const draftkings = withLock.bookmakers.find((b) => b.key === "draftkings")!;
    const over = draftkings.markets[0]!.outcomes.find((o) => o.description === "Cole Anthony" && o.name === "Over")!;
    over.price = 5000;
    const cole = find(
      normaliseProps(withLock, { sport: "basketball_nba", eventId: nba.id, minBooks: 5, nameMap: {}, bookPreference: BOARD_PREFERENCE }),
      "cole-anthony",
      "player_points",
      8.5,
    )!;
    expect(cole.prices).toEqual({ over: null, under: -110 });
    expect(cole.fair.books).toBe(9);
    expect(cole.fair.over.margin).toBeNull();
    expect(cole.fair.under?.margin).toBe(legMargin(cole.fair.under!.p, -110));
  });

  it("offers no prop for a market the answer does not quote", () => {
    expect(nbaProps().every((p) => p.marketKey === "player_points")).toBe(true);
    expect(nbaProps({ minBooks: 1 }).filter((p) => p.marketKey === "player_rebounds")).toEqual([]);
  });

  it("counts one player's spellings as one player, shown by the spelling most books use", () => {
    // PointsBet spells "Wendell Carter" at 11.5; Unibet and BetRivers (one feed) spell "Wendell Carter Jr." there.
    const wendell = find(nbaProps({ minBooks: 2 }), "wendell-carter", "player_points", 11.5)!;
    expect(wendell.fair.books).toBe(2);
    expect(wendell.player.name).toBe("Wendell Carter Jr.");
  });

  it("adds the books the operator's name map corrects", () => {
    // Six books quote Jonathan Isaac at 6.5; BetMGM calls him "J. Isaac".
    expect(linesOf(nbaProps({ minBooks: 7 }), "jonathan-isaac")).toEqual([]);
    const nameMap = { "J. Isaac": { id: "jonathan-isaac", name: "Jonathan Isaac" } };
    const isaac = find(nbaProps({ minBooks: 7, nameMap }), "jonathan-isaac", "player_points", 6.5)!;
    expect(isaac.fair.books).toBe(7);
    expect(isaac.player.name).toBe("Jonathan Isaac");
    expect(isaac.propId).toBe(`${nba.id}:jonathan-isaac:player_points:6.5`);
  });

  it("gives every player the side the caller names, and every prop a stable id", () => {
    const magic = new Set(["paolo-banchero", "franz-wagner"]);
    const props = nbaProps({ teamOf: (id) => (magic.has(id) ? "away" : id === "darius-garland" ? "home" : null) });
    expect(find(props, "paolo-banchero", "player_points", 20.5)?.player).toEqual({
      id: "paolo-banchero",
      name: "Paolo Banchero",
      team: "away",
    });
    expect(find(props, "darius-garland", "player_points", 20.5)?.player.team).toBe("home");
    expect(find(props, "cole-anthony", "player_points", 8.5)?.player.team).toBeNull();
    expect(find(props, "cole-anthony", "player_points", 8.5)?.propId).toBe(
      "f54c4a22568ce9dc33fb410d1b0e75e9:cole-anthony:player_points:8.5",
    );
    for (const prop of props) expect(PropSchema.parse(prop)).toEqual(prop);
  });

  it("picks the line most books quote as each player's main line", () => {
    const main = mainLineProps(nbaProps());
    expect(linesOf(main, "paolo-banchero")).toEqual([20.5]);
    expect(new Set(main.map((p) => p.player.id)).size).toBe(main.length);
  });
});

describe("normaliseProps on the NFL answer", () => {
  it("offers the catalogue's markets only, sorted by player, catalogue order and line", () => {
    const props = nflProps({ minBooks: 3 });
    expect(props.some((p) => p.marketKey === "player_pass_tds")).toBe(false);
    expect(props.map((p) => `${p.player.name} ${p.marketKey} ${p.line ?? "yes"}`)).toEqual([
      "Creed Humphrey player_anytime_td yes",
      "Isiah Pacheco player_rush_yds 58.5",
      "Isiah Pacheco player_anytime_td yes",
      "Ja'Marr Chase player_reception_yds 84.5",
      "Ja'Marr Chase player_receptions 6.5",
      "Ja'Marr Chase player_receptions 7.5",
      "Ja'Marr Chase player_anytime_td yes",
      "Joe Burrow player_pass_yds 262.5",
      "Joe Burrow player_anytime_td yes",
      "Patrick Mahomes player_pass_yds 254.5",
      "Travis Kelce player_receptions 5.5",
      "Travis Kelce player_anytime_td yes",
    ]);
  });

  it("leaves out a player's market no book quotes and a line too few books quote", () => {
    const props = nflProps();
    expect(props.filter((p) => p.player.id === "travis-kelce" && p.marketKey === "player_reception_yds")).toEqual([]);
    // Four books have Patrick Mahomes at 254.5, two at 255.5.
    expect(linesOf(props, "patrick-mahomes", "player_pass_yds")).toEqual([]);
    expect(linesOf(nflProps({ minBooks: 4 }), "patrick-mahomes", "player_pass_yds")).toEqual([254.5]);
  });

  it('merges BetMGM\'s "JaMarr Chase" with the other books\' "Ja\'Marr Chase"', () => {
    const chase = find(nflProps({ minBooks: 6 }), "jamarr-chase", "player_reception_yds", 84.5)!;
    expect(chase.fair.books).toBe(6);
    expect(chase.player.name).toBe("Ja'Marr Chase");
  });

  it("prices a yes market from every book quoting the player's Yes, in each shape books send it", () => {
    // Seven books: DraftKings, FanDuel and BetRivers quote Yes only; BetMGM, Caesars and Bovada
    // Yes and No; ESPN BET one outcome named for the player. The median is BetRivers' +105
    // (implied 0.487805) over its median two-sided overround 1.069586.
    const chase = find(nflProps(), "jamarr-chase", "player_anytime_td", null)!;
    expect(chase.kind).toBe("yes");
    expect(chase.fair.books).toBe(7);
    expect(chase.prices).toEqual({ over: 110, under: null });
    expect(chase.fair.under).toBeNull();
    expect(chase.fair.over).toEqual({ p: 0.456069, margin: legMargin(0.456069, 110) });
    expect(chase.propId).toBe(`${nfl.id}:jamarr-chase:player_anytime_td:yes`);
  });

  it("shows DraftKings' +6000 longshot as locked, with its fair price from five books", () => {
    const humphrey = find(nflProps(), "creed-humphrey", "player_anytime_td", null)!;
    expect(humphrey.prices).toEqual({ over: null, under: null });
    expect(humphrey.fair.books).toBe(5);
    expect(humphrey.fair.over.margin).toBeNull();
    expect(find(nflProps({ minBooks: 6 }), "creed-humphrey", "player_anytime_td", null)).toBeUndefined();
  });

  it("breaks a tie in books for the main line towards the line closest to even", () => {
    // Three books each at 6.5 (fair Over 0.54) and at 7.5 (fair Over 0.47).
    const props = nflProps({ minBooks: 3 });
    expect(linesOf(props, "jamarr-chase", "player_receptions")).toEqual([6.5, 7.5]);
    expect(linesOf(mainLineProps(props), "jamarr-chase", "player_receptions")).toEqual([7.5]);
    expect(mainLineProps(props).filter((p) => p.kind === "yes")).toEqual(props.filter((p) => p.kind === "yes"));
  });
});

describe("normaliseProps: the yes-market rules", () => {
  it("de-vigs a book's Yes and No as a pair", () => {
    const [prop] = smallProps(answer({ draftkings: { player_anytime_td: [yes("A Back", 100), no("A Back", -150)] } }));
    // 0.5 / (0.5 + 0.6)
    expect(prop!.fair.over.p).toBe(0.454545);
  });

  it("removes a Yes-only book's margin as its two-sided props in the game carry it", () => {
    const odds = answer({ draftkings: { player_rush_yds: ou("A Back", 58.5, -120, -120), player_anytime_td: [yes("A Back", 100)] } });
    const td = find(smallProps(odds), "a-back", "player_anytime_td", null)!;
    // 0.5 / (2 × 120/220)
    expect(td.fair.over.p).toBe(0.458333);
  });

  it("uses the -110/-110 overround for a Yes-only book with no two-sided prop in the game", () => {
    expect(YES_ONLY_DEFAULT_OVERROUND).toBeCloseTo(2 * impliedProbability(-110), 12);
    const [prop] = smallProps(answer({ draftkings: { player_anytime_td: [yes("A Back", 100)] } }));
    expect(prop!.fair.over.p).toBe(0.477273);
  });

  it("never lifts a Yes above its implied chance when a book's two-sided prices sum below 1", () => {
    const odds = answer({ draftkings: { player_rush_yds: ou("A Back", 58.5, 110, 110), player_anytime_td: [yes("A Back", 100)] } });
    expect(find(smallProps(odds), "a-back", "player_anytime_td", null)?.fair.over.p).toBe(0.5);
  });

  it("reads an outcome named for the player with no description as a Yes, and ignores a Yes naming nobody", () => {
    const odds = answer({
      draftkings: {
        player_anytime_td: [
          { name: "A Back", price: 150 },
          { name: "Yes", price: 200 },
        ],
      },
    });
    expect(smallProps(odds).map((p) => [p.player.name, p.prices.over])).toEqual([["A Back", 150]]);
  });

  it("counts only books whose Yes is quoted, not a lone No", () => {
    const odds = answer({
      draftkings: { player_anytime_td: [yes("A Back", 120)] },
      fanduel: { player_anytime_td: [no("A Back", -150)] },
    });
    expect(smallProps(odds, 2)).toEqual([]);
    expect(smallProps(odds, 1)[0]?.fair.books).toBe(1);
  });
});

describe("normaliseProps: books", () => {
  it("counts a book listed twice once", () => {
    const odds = answer({ draftkings: { player_rush_yds: ou("A Back", 58.5, -110, -110) } });
    odds.bookmakers.push({ ...odds.bookmakers[0]! });
    expect(smallProps(odds, 2)).toEqual([]);
    expect(smallProps(odds, 1)[0]?.fair.books).toBe(1);
  });

  it("offers, among books outside the preference, the one quoting the most props", () => {
    const odds = answer({
      abook: { player_rush_yds: ou("A Back", 58.5, -105, -125) },
      zbook: { player_rush_yds: ou("A Back", 58.5, -125, -105), player_anytime_td: [yes("A Back", 120), yes("B Back", 300)] },
    });
    expect(find(smallProps(odds, 2, []), "a-back", "player_rush_yds", 58.5)?.prices).toEqual({ over: -125, under: -105 });
    expect(find(smallProps(odds, 2, ["abook"]), "a-back", "player_rush_yds", 58.5)?.prices).toEqual({ over: -105, under: -125 });
  });

  it("offers a line only from a book quoting both of its sides", () => {
    const odds = answer({
      draftkings: { player_rush_yds: [ou("A Back", 58.5, -110, -110)[0]!] },
      fanduel: { player_rush_yds: ou("A Back", 58.5, -115, -105) },
    });
    expect(find(smallProps(odds), "a-back", "player_rush_yds", 58.5)?.prices).toEqual({ over: -115, under: -105 });
  });

  it("offers nothing where a price is too extreme to read a chance from", () => {
    const odds = answer({ draftkings: { player_rush_yds: ou("A Back", 58.5, -1_000_000_000, 1_000_000_000) } });
    expect(smallProps(odds)).toEqual([]);
  });

  it("breaks an even tie in books and evenness towards the lower line", () => {
    const odds = answer({ draftkings: { player_rush_yds: [...ou("A Back", 58.5, -110, -110), ...ou("A Back", 60.5, -110, -110)] } });
    expect(mainLineProps(smallProps(odds)).map((p) => p.line)).toEqual([58.5]);
  });
});
