// The house's exposure on one game (worker/exposure/book.ts) against a brute force over the
// same positions: each market's result per selection, the game's worst over every outcome,
// the largest stake a limit still lets through, and a cash-out's hold (the worse of the bet
// before and after it, judged by the same limit).
import { describe, expect, it } from "vitest";
import { ExposureBook, type Pick, pickOf, type Position } from "../../worker/exposure/book";

const MARKETS: Record<string, string[]> = {
  Moneyline: ["Home", "Away", "Draw"],
  Spread: ["Home", "Away"],
  Total: ["Over", "Under"],
  "Prop:goals:p1": ["Yes"],
};

/** A small deterministic generator, so a failure names its seed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomPositions(seed: number, n: number): Position[] {
  const next = random(seed);
  const names = Object.keys(MARKETS);
  return Array.from({ length: n }, (_, i) => {
    const count = 1 + Math.floor(next() * 3);
    const markets = [...names].sort(() => next() - 0.5).slice(0, count);
    const picks: Pick[] = markets.map((market) => {
      const options = MARKETS[market]!;
      return { market, selection: options[Math.floor(next() * options.length)]! };
    });
    const stake = 100 + Math.floor(next() * 5000);
    return { id: `p${i}`, currency: next() < 0.7 ? "cash" : "coins", stake, payout: Math.floor(stake * (1.2 + next() * 6)), picks };
  });
}

/** What the house would pay less what it took in one market if `selection` won, summed bet by bet. */
function bruteResult(positions: Position[], currency: string, market: string, selection: string): number {
  let result = 0;
  for (const p of positions) {
    if (p.currency !== currency) continue;
    const pick = p.picks.find((k) => k.market === market);
    if (!pick) continue;
    result += pick.selection === selection ? p.payout - p.stake : -p.stake;
  }
  return result;
}

/** The game's worst by trying every outcome of every market (a selection, or none of them). */
function bruteGameWorst(positions: Position[], currency: string): number {
  const mine = positions.filter((p) => p.currency === currency);
  const markets = [...new Set(mine.flatMap((p) => p.picks.map((k) => k.market)))];
  let worst = mine.length === 0 ? 0 : -Infinity;
  const choose = (i: number, chosen: Record<string, string | null>) => {
    if (i === markets.length) {
      if (mine.length === 0) return;
      const paid = mine.reduce((sum, p) => sum + (p.picks.every((k) => chosen[k.market] === k.selection) ? p.payout : 0), 0);
      worst = Math.max(worst, paid - mine.reduce((sum, p) => sum + p.stake, 0));
      return;
    }
    for (const s of [...MARKETS[markets[i]!]!, null]) choose(i + 1, { ...chosen, [markets[i]!]: s });
  };
  choose(0, {});
  return worst;
}

describe("a game's exposure", () => {
  it.each([1, 2, 3, 4, 5])("matches a brute force over random bets (seed %i)", (seed) => {
    const positions = randomPositions(seed, 60);
    const book = new ExposureBook();
    for (const p of positions) book.put(p);
    // Some bets leave (settled, cashed out) and one is replaced as a partial cash-out would.
    const kept = positions.filter((_, i) => i % 7 !== 0);
    for (const [i, p] of positions.entries()) if (i % 7 === 0) book.remove(p.id);
    const partly = { ...kept[0]!, stake: Math.floor(kept[0]!.stake / 2), payout: Math.floor(kept[0]!.payout / 2) };
    book.put(partly);
    const now = [partly, ...kept.slice(1)];

    for (const currency of ["cash", "coins"] as const) {
      const markets = book.marketsOf(currency);
      for (const market of Object.keys(MARKETS)) {
        const touched = now.some((p) => p.currency === currency && p.picks.some((k) => k.market === market));
        const shown = markets.find((m) => m.market === market);
        expect(Boolean(shown)).toBe(touched);
        if (!shown) continue;
        for (const selection of MARKETS[market]!) {
          expect(book.resultIf(currency, { market, selection })).toBe(bruteResult(now, currency, market, selection));
        }
        const worst = Math.max(
          ...MARKETS[market]!.map((s) => bruteResult(now, currency, market, s)),
          -now.filter((p) => p.currency === currency && p.picks.some((k) => k.market === market)).reduce((a, p) => a + p.stake, 0),
        );
        expect(shown.worst).toBe(worst);
      }
      const game = book.game(currency);
      expect(game.bound).toBe(false);
      expect(game.worst).toBe(bruteGameWorst(now, currency));
    }
  });

  it("an empty book owes nothing", () => {
    const game = new ExposureBook().game("cash");
    expect(game).toEqual({ positions: 0, stakes: 0, worst: 0, bound: false, markets: [] });
  });

  it("bounds the game's worst from above when its markets are too many to try one by one", () => {
    const book = new ExposureBook();
    const positions: Position[] = Array.from({ length: 14 }, (_, i) => ({
      id: `p${i}`,
      currency: "cash",
      stake: 100,
      payout: 300,
      picks: [{ market: `Prop:points:player${i}`, selection: "Over" }],
    }));
    for (const p of positions) book.put(p);
    const game = book.game("cash");
    expect(game.bound).toBe(true);
    // Every prop can win together: the bound is reached.
    expect(game.worst).toBe(14 * 300 - 14 * 100);
  });
});

describe("the largest stake a limit lets through", () => {
  it("names a stake that fits, and one unit more does not", () => {
    const book = new ExposureBook();
    for (const p of randomPositions(11, 40)) if (p.currency === "cash") book.put(p);
    const picks: Pick[] = [
      { market: "Moneyline", selection: "Home" },
      { market: "Total", selection: "Over" },
    ];
    const perStake = 3.64;
    const limit = Math.max(...picks.map((k) => book.resultIf("cash", k))) + 50_000;
    const largest = book.largestStake("cash", picks, perStake, limit);
    const position = (stake: number): Position => ({ id: "new", currency: "cash", stake, payout: Math.floor(stake * perStake), picks });
    expect(largest).toBeGreaterThan(0);
    expect(book.fits(position(largest), limit)).toBe(true);
    expect(book.fits(position(largest + 2), limit)).toBe(false);
  });

  it("takes a bet on the other side of a market already past the limit", () => {
    const book = new ExposureBook();
    book.put({ id: "big", currency: "cash", stake: 10_000, payout: 50_000, picks: [{ market: "Moneyline", selection: "Away" }] });
    const hedge: Position = {
      id: "hedge",
      currency: "cash",
      stake: 1_000,
      payout: 1_900,
      picks: [{ market: "Moneyline", selection: "Home" }],
    };
    expect(book.fits(hedge, 20_000)).toBe(true);
    expect(book.largestStake("cash", [{ market: "Moneyline", selection: "Away" }], 5, 20_000)).toBe(0);
  });
});

describe("lines apart: a middle", () => {
  const total = (side: "Over" | "Under", line: number) => pickOf({ market: "Total", side, line });
  const at = (id: string, pick: Pick, stake = 1_000): Position => ({
    id,
    currency: "cash",
    stake,
    payout: Math.floor(stake * 1.909),
    picks: [pick],
  });

  it("counts Over 220.5 and Under 235.5 as winning together, and Over and Under one line as netting", () => {
    const middle = new ExposureBook();
    middle.put(at("over", total("Over", 220.5)));
    middle.put(at("under", total("Under", 235.5)));
    // 221 to 235 pays both: 1,909 + 1,909 − 2,000.
    expect(middle.marketsOf("cash")[0]).toMatchObject({ market: "Total", worst: 1_818 });
    expect(middle.game("cash")).toMatchObject({ worst: 1_818, bound: true });

    const oneLine = new ExposureBook();
    oneLine.put(at("over", total("Over", 220.5)));
    oneLine.put(at("under", total("Under", 220.5)));
    expect(oneLine.marketsOf("cash")[0]).toMatchObject({ market: "Total", worst: -91 });
  });

  it("refuses the other side of a middle past the limit, and takes it at the line that nets", () => {
    const book = new ExposureBook();
    book.put(at("over", total("Over", 220.5)));
    const limit = 1_500;
    expect(book.fits(at("under", total("Under", 235.5)), limit)).toBe(false);
    expect(book.overLimit(at("under", total("Under", 235.5)), limit)).toMatchObject({ market: "Total" });
    // What fits: the Over's 909 plus the new bet's gain stays within 1,500.
    const largest = book.largestStake("cash", [total("Under", 235.5)], 1.909, limit);
    expect(book.fits(at("under", total("Under", 235.5), largest), limit)).toBe(true);
    expect(book.fits(at("under", total("Under", 235.5), largest + 2), limit)).toBe(false);
    expect(book.fits(at("under", total("Under", 220.5)), limit)).toBe(true);
  });

  it("reads a spread on the home side's margin: Home −3.5 and Away +7.5 both win on 4 to 7", () => {
    const spread = (side: "Home" | "Away", line: number) => pickOf({ market: "Spread", side, line });
    expect(spread("Home", -3.5)).toEqual({ market: "Spread", selection: "Home -3.5", wins: { above: 3.5 } });
    expect(spread("Away", 7.5)).toEqual({ market: "Spread", selection: "Away +7.5", wins: { below: 7.5 } });
    const book = new ExposureBook();
    book.put(at("home", spread("Home", -3.5)));
    book.put(at("away", spread("Away", 7.5)));
    expect(book.marketsOf("cash")[0]).toMatchObject({ worst: 1_818 });
    const apart = new ExposureBook();
    apart.put(at("home", spread("Home", -3.5)));
    apart.put(at("away", spread("Away", 3.5)));
    expect(apart.marketsOf("cash")[0]).toMatchObject({ worst: -91 });
  });
});

describe("a cash-out's hold", () => {
  /** The share `share` of `p` given back, as the relay later holds the bet. */
  const shrunk = (p: Position, share: number): Position => ({
    ...p,
    stake: p.stake - share,
    payout: Math.floor((p.payout * (p.stake - share)) / p.stake),
  });
  const hold = (p: Position, share: number): Position => ({
    id: "hold",
    currency: p.currency,
    stake: -share,
    payout: -share,
    picks: p.picks,
  });

  it("counts each selection at the worse of the bet before and after, and is judged by the same limit", () => {
    for (const seed of [3, 5, 8]) {
      const positions = randomPositions(seed, 30).filter((p) => p.currency === "cash");
      const cashed = positions[0]!;
      const share = Math.floor(cashed.stake / 2);
      const before = new ExposureBook();
      const after = new ExposureBook();
      const held = new ExposureBook();
      for (const p of positions) {
        before.put(p);
        held.put(p);
        after.put(p.id === cashed.id ? shrunk(p, share) : p);
      }
      held.put(hold(cashed, share));
      for (const [market, selections] of Object.entries(MARKETS)) {
        for (const selection of selections) {
          const pick = { market, selection };
          expect(held.resultIf("cash", pick), `${seed} ${market} ${selection}`).toBe(
            Math.max(before.resultIf("cash", pick), after.resultIf("cash", pick)),
          );
        }
      }
      // The selections the cash-out raises (those the bet cannot win with) bound the limit it fits.
      const raised = cashed.picks.flatMap((k) =>
        MARKETS[k.market]!.filter((s) => s !== k.selection).map((selection) => after.resultIf("cash", { market: k.market, selection })),
      );
      const limit = Math.max(...raised);
      expect(before.overLimit(hold(cashed, share), limit)).toBeUndefined();
      expect(before.overLimit(hold(cashed, share), limit - 1)).toBeDefined();
      expect(before.largestShare("cash", cashed.picks, limit - 1)).toBe(share - 1);
    }
  });

  it("raises the lines the bet cannot win with, not the other side of a middle", () => {
    const total = (side: "Over" | "Under", line: number) => pickOf({ market: "Total", side, line });
    const book = new ExposureBook();
    const over: Position = { id: "over", currency: "cash", stake: 1_000, payout: 1_909, picks: [total("Over", 220.5)] };
    book.put(over);
    book.put({ id: "middle", currency: "cash", stake: 1_000, payout: 1_909, picks: [total("Under", 235.5)] });
    book.put({ id: "apart", currency: "cash", stake: 1_000, payout: 1_909, picks: [total("Under", 210.5)] });
    // Under 210.5 cannot win with the Over: it wins with the middle's Under, 2 × 1,909 of 3,000 taken.
    expect(book.resultIf("cash", total("Under", 210.5))).toBe(818);
    // Giving back the Over's 1,000 raises it by that: it fits a limit of 1,818, though Under
    // 235.5 (2,727, winning with all three) is past it: the cash-out does not raise that one.
    expect(book.largestShare("cash", over.picks, 1_818)).toBe(1_000);
    expect(book.overLimit(hold(over, 1_000), 1_818)).toBeUndefined();
    expect(book.overLimit(hold(over, 1_000), 1_817)).toMatchObject({ market: "Total" });
    book.put(hold(over, 1_000));
    expect(book.resultIf("cash", total("Under", 235.5))).toBe(3 * 1_909 - 3_000);
    expect(book.resultIf("cash", total("Under", 210.5))).toBe(1_818);
  });
});

describe("positions kept from before picks named their lines", () => {
  it("count with every lined pick of their market, never netting against one", () => {
    const book = new ExposureBook();
    // As an object stored it before: the side alone.
    book.put({ id: "old", currency: "cash", stake: 1_000, payout: 1_909, picks: [{ market: "Total", selection: "Over" }] });
    const under = pickOf({ market: "Total", side: "Under", line: 220.5 });
    book.put({ id: "new", currency: "cash", stake: 1_000, payout: 1_909, picks: [under] });
    expect(book.marketsOf("cash")[0]).toMatchObject({ market: "Total", worst: 1_818 });
    // Moneyline sides still never win together.
    const sides = new ExposureBook();
    sides.put({ id: "h", currency: "cash", stake: 1_000, payout: 1_909, picks: [{ market: "Moneyline", selection: "Home" }] });
    sides.put({ id: "a", currency: "cash", stake: 1_000, payout: 1_909, picks: [{ market: "Moneyline", selection: "Away" }] });
    expect(sides.marketsOf("cash")[0]).toMatchObject({ worst: -91 });
  });
});
