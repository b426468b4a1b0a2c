// The betslip rules every player meets: toggling, mode, stake/returns and the ordered
// place-bet checks with their exact messages, then the house limits.
import { describe, expect, it } from "vitest";
import {
  labelAtLine,
  MESSAGES,
  amountFromInput,
  findSlipConflict,
  nextMode,
  pickUid,
  propPickUid,
  sanitizeAmountInput,
  slipReturns,
  slipStake,
  togglePick,
  validatePlaceBet,
  type PickKey,
} from "../../src/shared/betslip";
import { HOUSE_LIMITS } from "../../src/shared/money";
import { sentenceOf } from "../../src/shared/refusals";
import type { Market, Side } from "../../src/shared/schemas/bets";

const pick = (gameId: string, market: Market, side: Side) => ({ uid: pickUid(gameId, market, side), gameId, market, side });

describe("pick toggling (spec §4)", () => {
  it("adds a pick, and the same pick again removes it", () => {
    const a = pick("g1", "Moneyline", "Home");
    const added = togglePick([], a);
    expect(added).toMatchObject({ action: "added", picks: [a] });
    expect(togglePick(added.picks, a)).toMatchObject({ action: "removed", picks: [] });
  });

  it("replaces a pick in the same game and market", () => {
    const over = pick("g1", "Total", "Over");
    const under = pick("g1", "Total", "Under");
    const other = pick("g2", "Total", "Over");
    const out = togglePick([over, other], under);
    expect(out.action).toBe("replaced");
    expect(out.picks).toEqual([other, under]);
  });

  it("treats soccer's Draw as one more side of the moneyline: it replaces a team's moneyline and sits beside a spread", () => {
    const home = pick("g1", "Moneyline", "Home");
    const draw = pick("g1", "Moneyline", "Draw");
    const spread = pick("g1", "Spread", "Home");
    expect(togglePick([home], draw)).toMatchObject({ action: "replaced", picks: [draw] });
    expect(togglePick([draw], draw)).toMatchObject({ action: "removed", picks: [] });
    expect(togglePick([draw], spread)).toMatchObject({ action: "added", picks: [draw, spread] });
    expect(findSlipConflict([home, draw])).toBe(MESSAGES.sameGameMarket);
    expect(findSlipConflict([draw, spread])).toBeNull();
  });

  it("refuses Moneyline and Spread on the same team with the curly-apostrophe toast", () => {
    const ml = pick("g1", "Moneyline", "Home");
    const out = togglePick([ml], pick("g1", "Spread", "Home"));
    expect(out).toEqual({ action: "refused", picks: [ml], message: "Can’t add Moneyline and Spread for the same team." });
  });

  it("allows Moneyline on one team and Spread on the other, and picks in other games", () => {
    const ml = pick("g1", "Moneyline", "Home");
    expect(togglePick([ml], pick("g1", "Spread", "Away")).action).toBe("added");
    expect(togglePick([ml], pick("g2", "Spread", "Home")).action).toBe("added");
    expect(togglePick([ml], pick("g1", "Total", "Over")).action).toBe("added");
  });

  it("refuses an eleventh selection but still lets a full slip replace within a market", () => {
    let picks: PickKey[] = [];
    for (let i = 0; i < HOUSE_LIMITS.parlayMaxLegs; i++) picks = togglePick(picks, pick(`g${i}`, "Moneyline", "Home")).picks;
    expect(togglePick(picks, pick("g99", "Moneyline", "Home"))).toMatchObject({ action: "refused", message: MESSAGES.slipFull });
    expect(togglePick(picks, pick("g0", "Moneyline", "Away")).action).toBe("replaced");
  });

  it("tells a player's market apart by player, market key and line: Over replaces Under, other players and markets sit beside", () => {
    const prop = (playerId: string, marketKey: string, side: "Over" | "Under", line: number) => {
      const playerMarket = { playerId, marketKey };
      return { uid: propPickUid("g1", playerMarket, side, line), gameId: "g1", market: "Prop" as const, side, line, prop: playerMarket };
    };
    const over = prop("paolo-banchero", "player_points", "Over", 22.5);
    const under = prop("paolo-banchero", "player_points", "Under", 22.5);
    const otherLine = prop("paolo-banchero", "player_points", "Over", 23.5);
    expect(over.uid).toBe("g1:Prop:paolo-banchero:player_points:Over:22.5");
    expect(togglePick([over], over)).toMatchObject({ action: "removed", picks: [] });
    expect(togglePick([over], under)).toMatchObject({ action: "replaced", picks: [under] });
    expect(togglePick([over], otherLine)).toMatchObject({ action: "replaced", picks: [otherLine] });
    const rebounds = prop("paolo-banchero", "player_rebounds", "Over", 7.5);
    const teammate = prop("franz-wagner", "player_points", "Over", 19.5);
    const total = pick("g1", "Total", "Over");
    expect(togglePick([over, rebounds, teammate], total)).toMatchObject({ action: "added", picks: [over, rebounds, teammate, total] });
    expect(findSlipConflict([over, rebounds, teammate, total])).toBeNull();
    expect(findSlipConflict([over, under])).toBe(MESSAGES.sameGameMarket);
  });

  it("finds combinations toggling never makes (the server refuses them)", () => {
    expect(findSlipConflict([pick("g1", "Total", "Over"), pick("g1", "Total", "Under")])).toBe(MESSAGES.sameGameMarket);
    expect(findSlipConflict([pick("g1", "Spread", "Away"), pick("g1", "Moneyline", "Away")])).toBe(MESSAGES.conflict);
    expect(findSlipConflict([pick("g1", "Spread", "Away"), pick("g1", "Moneyline", "Home")])).toBeNull();
  });
});

describe("betslip mode, stake and returns", () => {
  it("is Singles under two picks and switches to Parlay when the second arrives", () => {
    expect(nextMode("Singles", 1, 2)).toBe("Parlay");
    expect(nextMode("Parlay", 2, 1)).toBe("Singles");
    expect(nextMode("Singles", 2, 3)).toBe("Singles");
    expect(nextMode("Parlay", 0, 0)).toBe("Singles");
  });

  it("stakes amount × picks for Singles and the amount for a Parlay", () => {
    expect(slipStake("Singles", 10, 3)).toBe(30);
    expect(slipStake("Parlay", 10, 3)).toBe(10);
  });

  it("shows the same returns the house pays (floor of stake × decimal odds)", () => {
    expect(slipReturns("Parlay", 100, [150, -120])).toEqual({ stake: 100, toWin: 358, payout: 458 });
    expect(slipReturns("Singles", 100, [150, -120])).toEqual({ stake: 200, toWin: 233, payout: 433 });
    expect(slipReturns("Singles", 0, [150])).toEqual({ stake: 0, toWin: 0, payout: 0 });
  });

  it("keeps only digits and one point in the amount box", () => {
    expect(sanitizeAmountInput("1a2.3.4-")).toBe("12.34");
    expect(sanitizeAmountInput("..5")).toBe(".5");
    expect(amountFromInput("")).toBe(0);
    expect(Number.isNaN(amountFromInput("."))).toBe(true);
  });
});

/** The check's answer with a refusal's sentence beside its code, as the slip shows it (src/shared/refusals.ts). */
function checked(input: Parameters<typeof validatePlaceBet>[0]) {
  const result = validatePlaceBet(input);
  return result.ok ? result : { ...result, message: sentenceOf(result) };
}

describe("place-bet checks, in the spec's order", () => {
  const open = { priceAm: -110 };
  const base = { kind: "Singles" as const, wallet: "coins" as const, amount: 10, picks: [open], balanceMinor: 5000 };

  it("answers each spec message in order, first failure wins", () => {
    expect(checked({ ...base, picks: [], amount: 0 })).toMatchObject({ ok: false, message: "Add at least one selection." });
    expect(checked({ ...base, amount: 0, picks: [{ priceAm: null }] })).toMatchObject({ message: "Enter a valid amount." });
    expect(checked({ ...base, amount: -5 })).toMatchObject({ message: "Enter a valid amount." });
    expect(checked({ ...base, amount: Number.NaN })).toMatchObject({ message: "Enter a valid amount." });
    expect(checked({ ...base, picks: [open, { priceAm: null }], balanceMinor: 0 })).toMatchObject({
      message: "One or more selections are locked.",
    });
    expect(checked({ ...base, picks: [{ priceAm: 6000 }] })).toMatchObject({ message: "One or more selections are locked." });
    expect(checked({ ...base, picks: [{ priceAm: -110, locked: true }] })).toMatchObject({
      message: "One or more selections are locked.",
    });
    expect(checked({ ...base, amount: 1.5, balanceMinor: 1 })).toMatchObject({ message: "Not enough balance." });
    expect(checked({ ...base, amount: 1.5 })).toMatchObject({ code: "invalid-stake", message: "Invalid stake." });
    expect(checked({ ...base, wallet: "cash", amount: 0.001, balanceMinor: 100 })).toMatchObject({ message: "Invalid stake." });
  });

  it("counts Singles stake as amount × picks against the balance, a Parlay as the amount", () => {
    const two = [open, { priceAm: 120 }];
    expect(checked({ ...base, amount: 30, picks: two, balanceMinor: 59 })).toMatchObject({ message: "Not enough balance." });
    expect(checked({ ...base, amount: 30, picks: two, balanceMinor: 60 })).toMatchObject({
      ok: true,
      stakeMinor: 60,
      betCount: 2,
    });
    expect(checked({ ...base, kind: "Parlay", amount: 30, picks: two, balanceMinor: 30 })).toMatchObject({
      ok: true,
      stakeMinor: 30,
      betCount: 1,
    });
  });

  it("works in Vantage Cash cents without floating-point drift", () => {
    const three = [open, { priceAm: 120 }, { priceAm: 200 }];
    expect(checked({ ...base, wallet: "cash", amount: 1.1, picks: three, balanceMinor: 330 })).toMatchObject({
      ok: true,
      amountMinor: 110,
      stakeMinor: 330,
    });
  });

  it("applies the house limits after the spec's checks", () => {
    expect(checked({ ...base, kind: "Parlay" })).toMatchObject({
      code: "parlay-legs",
      message: "A parlay needs 2 to 10 selections.",
    });
    expect(checked({ ...base, wallet: "cash", amount: 0.5, balanceMinor: 10_000 })).toMatchObject({
      code: "stake-below-minimum",
      message: "The minimum stake is 1 Vantage Cash per bet.",
    });
    expect(checked({ ...base, amount: 250_001, balanceMinor: 10_000_000 })).toMatchObject({
      code: "stake-above-maximum",
      message: "The maximum stake is 250,000 Coins per bet.",
    });
    const longShots = Array.from({ length: 4 }, () => ({ priceAm: 1000 }));
    expect(checked({ ...base, kind: "Parlay", amount: 200, picks: longShots })).toMatchObject({
      code: "payout-above-maximum",
      message: "The maximum payout is 2,500,000 Coins per bet. Lower the amount.",
    });
  });
});

describe("a pick's name at a moved line", () => {
  it("writes the new line where the board wrote the old one", () => {
    expect(labelAtLine({ market: "Spread", side: "Home", label: "76ers -3.5", line: -3.5 }, -4.5)).toBe("76ers -4.5");
    expect(labelAtLine({ market: "Spread", side: "Away", label: "Knicks +0.5", line: 0.5 }, 0)).toBe("Knicks PK");
    expect(labelAtLine({ market: "Total", side: "Under", label: "Under 220.5", line: 220.5 }, 219)).toBe("Under 219");
    expect(labelAtLine({ market: "Prop", side: "Over", label: "Paolo Banchero Over 22.5 Points (Heat @ Magic)", line: 22.5 }, 23.5)).toBe(
      "Paolo Banchero Over 23.5 Points (Heat @ Magic)",
    );
  });

  it("leaves a name alone when the line is the same or the name does not show it", () => {
    expect(labelAtLine({ market: "Total", side: "Over", label: "Over 220.5", line: 220.5 }, 220.5)).toBe("Over 220.5");
    expect(labelAtLine({ market: "Moneyline", side: "Home", label: "Lakers ML", line: null }, null)).toBe("Lakers ML");
    expect(labelAtLine({ market: "Spread", side: "Home", label: "Home g1", line: -3.5 }, -4.5)).toBe("Home g1");
  });
});
