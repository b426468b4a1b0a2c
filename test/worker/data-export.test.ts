// "Download my data": GET /api/me/export gives a player their bets, ledger movements,
// purchases and redemptions for one year, as JSON or CSV, with the year's totals. The
// ledger's total in the file is exactly how far the wallet's balances moved that year.
import { describe, expect, it } from "vitest";
import { DataExportSchema, type DataExport } from "../../src/shared/schemas/data-export";
import { yearOfET, yearPeriodET } from "../../src/shared/money-totals";
import { api, signIn } from "./helpers";
import { leg, newEventId, newUserId, openBet, seedBets, wallet } from "./settlement-fixtures";

async function exportOf(token: string, query = "format=json"): Promise<DataExport> {
  const res = await api(`/api/me/export?${query}`, { token });
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  return DataExportSchema.parse(await res.json());
}

/** A player with a settled winning bet, two coin packs and one paid redemption, all this year. */
async function activePlayer() {
  const player = await signIn();
  const stub = wallet(player.userId);
  const eventId = newEventId();
  const bet = openBet([leg({ eventId, side: "Home", priceAm: 150 })], { stake: 200 });
  await seedBets(player.userId, [bet]);
  await stub.applyEventResults(player.userId, [{ eventId, homeScore: 101, awayScore: 99 }], Date.now());
  for (const [id, cents] of [
    ["cs_export_1", 999],
    ["cs_export_2", 1999],
  ] as const) {
    const credited = await stub.creditPurchase(
      player.userId,
      { checkoutSessionId: `${id}_${player.userId}`, amountCents: cents, cashPlaythrough: 0 },
      Date.now(),
    );
    expect(credited.ok).toBe(true);
  }
  const redemptionId = `rd_export_${player.userId}`;
  const held = await stub.requestRedemption(
    player.userId,
    { amountCents: 2_000, redemptionId, cashPlaythrough: 0, purchaseHoldDays: 0 },
    Date.now(),
  );
  expect(held.ok).toBe(true);
  const paid = await stub.completeRedemption(player.userId, { redemptionId, payoutReference: "tr_export" }, Date.now());
  expect(paid.ok).toBe(true);
  return { player, bet };
}

describe("GET /api/me/export", () => {
  it("lists the year's records, and its ledger total equals the wallet's balance movement", async () => {
    const { player, bet } = await activePlayer();
    const doc = await exportOf(player.token);
    const year = yearOfET(Date.now());
    expect(doc.year).toBe(year);
    expect(doc.period).toEqual(yearPeriodET(year));

    const balances = await wallet(player.userId).getBalances(player.userId, Date.now());
    // A new player: the year opens at nothing and closes at today's balances.
    expect(doc.balances.opening).toEqual({ coins: 0, cash: 0 });
    expect(doc.balances.closing).toEqual({ coins: balances.coinBalance, cash: balances.vantageCash });
    expect(doc.ledgerTotals).toEqual({ coins: balances.coinBalance, cash: balances.vantageCash });
    // And row for row, the wallet's own ledger.
    const ledger = await wallet(player.userId).getLedger(player.userId, Date.now());
    expect(doc.ledger.map((r) => [r.seq, r.currency, r.amount])).toEqual(ledger.toReversed().map((r) => [r.seq, r.currency, r.amount]));

    expect(doc.bets).toEqual([
      expect.objectContaining({ id: bet.id, status: "settled", result: "win", stake: 200, payoutPaid: 500, wallet: "coins" }),
    ]);
    expect(doc.bets[0]!.legs[0]).toMatch(/Moneyline Home \+150$/);
    expect(doc.purchases.map((p) => p.amountCents)).toEqual([999, 1999]);
    expect(doc.redemptions).toEqual([expect.objectContaining({ amountCents: 2_000, status: "paid" })]);
    expect(doc.totals).toEqual({ year, purchasesCents: 2_998, purchasesRefundedCents: 0, redemptionsPaidCents: 2_000, netCents: -998 });
    expect(doc.notice).toMatch(/not tax advice/);
  });

  it("a year with no activity is empty; another player's records never appear", async () => {
    const { player } = await activePlayer();
    const other = await signIn();
    const empty = await exportOf(player.token, `format=json&year=${yearOfET(Date.now()) - 1}`);
    expect(empty).toMatchObject({ ledger: [], bets: [], purchases: [], redemptions: [], ledgerTotals: { coins: 0, cash: 0 } });
    const theirs = await exportOf(other.token);
    expect(theirs.bets).toEqual([]);
    expect(theirs.purchases).toEqual([]);
    expect(theirs.ledger.map((r) => r.reason)).toEqual(["opening_balance"]);
  });

  it("answers CSV as a download a spreadsheet opens", async () => {
    const { player } = await activePlayer();
    const res = await api("/api/me/export?format=csv", { token: player.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="vantage-\d{4}\.csv"$/);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("record,id,date,currency,amount,balance_after,status,detail");
    expect(lines.filter((l) => l.startsWith("bet,"))).toHaveLength(1);
    expect(lines.filter((l) => l.startsWith("purchase,"))).toHaveLength(2);
    // A stake is a plain negative number, not text a spreadsheet would refuse to sum.
    expect(lines.find((l) => l.startsWith("ledger,") && l.includes("bet_stake"))).toMatch(/,coins,-200,4800,bet_stake,/);
    expect(lines.find((l) => l.startsWith("total,redemptions paid"))).toMatch(/,usd,20\.00,/);
    expect(lines.at(-1)).toMatch(/^total,net,\d{4},usd,-9\.98,,,.*not tax advice/);
  });

  it("opens the year at the balance the previous year closed with", async () => {
    const userId = newUserId();
    const stub = wallet(userId);
    const year = yearOfET(Date.now());
    const lastYear = yearPeriodET(year - 1).from + 86_400_000;
    await stub.getBalances(userId, lastYear);
    const bet = openBet([leg({ eventId: newEventId() })], { stake: 300 });
    await seedBets(userId, [bet]);
    const records = await stub.exportRecords(userId, yearPeriodET(year), Date.now());
    expect(records.opening).toEqual({ coins: 5_000, cash: 0 });
    expect(records.closing).toEqual({ coins: 4_700, cash: 0 });
    expect(records.ledger.reduce((sum, r) => sum + r.amount, 0)).toBe(records.closing.coins - records.opening.coins);
  });

  it("refuses an unknown format or year, and anyone signed out", async () => {
    const player = await signIn();
    for (const query of ["format=pdf", "year=1999", "year=abc"]) {
      const res = await api(`/api/me/export?${query}`, { token: player.token });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    }
    expect((await api("/api/me/export")).status).toBe(401);
  });
});
