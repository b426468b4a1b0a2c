// The wallet's settlement step: grading, the one payout per bet, and what the player
// then sees (bet document, balance, ledger, D1 projection).
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applyEventOutcomes } from "../../worker/settlement/in-wallet/settlement";
import type { UserWallet } from "../../worker/user-wallet";
import { Ledger } from "../../worker/wallet/ledger";
import {
  betOf,
  cashCents,
  coins,
  d1LegResults,
  expectLedgerBalanced,
  leg,
  newEventId,
  newUserId,
  openBet,
  payoutRows,
  seedBets,
  wallet,
  walletSqlOf,
} from "./settlement-fixtures";

const now = () => Date.now();

describe("settling singles in the wallet", () => {
  it("pays a winning moneyline single once, with a bet_payout ledger row", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, side: "Home", priceAm: 150 })], { stake: 200 });
    await seedBets(user, [bet]);
    expect(await coins(user)).toBe(4800);

    const summary = await wallet(user).applyEventResults(user, [{ eventId, homeScore: 101, awayScore: 99 }], now());
    expect(summary).toMatchObject({ gradedLegs: 1, settledBets: 1, paid: { coins: 500, cash: 0 } });

    const settled = await betOf(user, bet.id);
    expect(settled).toMatchObject({ status: "settled", result: "win", payoutPaid: 500, legResults: ["win"] });
    expect(settled.settledAt).not.toBeNull();
    expect(await coins(user)).toBe(5300);
    expect(await payoutRows(user, bet.id)).toHaveLength(1);
    expect(await d1LegResults(bet.id)).toEqual(["win"]);
    const row = await env.DB.prepare("SELECT status, result, payout_paid FROM bets WHERE id = ?").bind(bet.id).first();
    expect(row).toEqual({ status: "settled", result: "win", payout_paid: 500 });
    await expectLedgerBalanced(user);
  });

  it("a losing single settles with nothing paid", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, market: "Total", side: "Over", line: 220.5 })]);
    await seedBets(user, [bet]);
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 100, awayScore: 100 }], now());
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "loss", payoutPaid: 0, legResults: ["loss"] });
    expect(await coins(user)).toBe(4900);
    expect(await payoutRows(user, bet.id)).toHaveLength(0);
  });

  it("a push on a whole-number spread refunds the stake", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, league: "americanfootball_nfl", market: "Spread", side: "Home", line: -3 })], { stake: 250 });
    await seedBets(user, [bet]);
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 27, awayScore: 24 }], now());
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "push", payoutPaid: 250, legResults: ["push"] });
    expect(await coins(user)).toBe(5000);
  });

  it("a voided game refunds Vantage Cash stakes in cents", async () => {
    const user = newUserId();
    const eventId = newEventId();
    await wallet(user).getBalances(user, now());
    // Give the player some cash to bet with through an audited ledger row.
    await runInDurableObject(wallet(user), (walletObject: UserWallet, state) => {
      state.storage.transactionSync(() => {
        const tx = new Ledger(walletSqlOf(walletObject), user, now());
        tx.post({ currency: "cash", amount: 2_000, reason: "admin_adjustment", reference: "test-grant" });
        tx.finish();
      });
    });
    const bet = openBet([leg({ eventId })], { stake: 1_250, wallet: "cash" });
    await seedBets(user, [bet]);
    expect(await cashCents(user)).toBe(750);
    const summary = await wallet(user).applyEventResults(user, [{ eventId, void: true }], now());
    expect(summary.paid).toEqual({ coins: 0, cash: 1_250 });
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "void", payoutPaid: 1_250, legResults: ["void"] });
    expect(await cashCents(user)).toBe(2_000);
    await expectLedgerBalanced(user);
  });

  it("a soccer draw loses both moneyline sides", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const home = openBet([leg({ eventId, league: "soccer_usa_mls", side: "Home", priceAm: 120 })]);
    const away = openBet([leg({ eventId, league: "soccer_usa_mls", side: "Away", priceAm: 210 })]);
    await seedBets(user, [home, away]);
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 1, awayScore: 1 }], now());
    expect((await betOf(user, home.id)).result).toBe("loss");
    expect((await betOf(user, away.id)).result).toBe("loss");
    expect(await coins(user)).toBe(4800);
  });
});

describe("settling parlays in the wallet", () => {
  it("stays open while a leg is open, showing the graded legs, then pays on the last game", async () => {
    const user = newUserId();
    const [e1, e2, e3] = [newEventId(), newEventId(), newEventId()];
    const bet = openBet(
      [
        leg({ eventId: e1, priceAm: 150 }),
        leg({ eventId: e2, market: "Spread", side: "Away", line: 3, priceAm: -110 }),
        leg({ eventId: e3, market: "Total", side: "Under", line: 200, priceAm: 100 }),
      ],
      { stake: 100 },
    );
    await seedBets(user, [bet]);

    await wallet(user).applyEventResults(user, [{ eventId: e1, homeScore: 110, awayScore: 100 }], now());
    expect(await betOf(user, bet.id)).toMatchObject({ status: "open", result: null, payoutPaid: 0, legResults: ["win", null, null] });
    expect(await d1LegResults(bet.id)).toEqual(["win", null, null]);

    // Away +3 losing by exactly 3: push, drops out.
    await wallet(user).applyEventResults(user, [{ eventId: e2, homeScore: 100, awayScore: 97 }], now());
    expect(await betOf(user, bet.id)).toMatchObject({ status: "open", legResults: ["win", "push", null] });
    expect(await coins(user)).toBe(4900);

    await wallet(user).applyEventResults(user, [{ eventId: e3, homeScore: 90, awayScore: 95 }], now());
    // 100 × 2.5 × 2.0 = 500
    expect(await betOf(user, bet.id)).toMatchObject({
      status: "settled",
      result: "win",
      payoutPaid: 500,
      legResults: ["win", "push", "win"],
    });
    expect(await coins(user)).toBe(5400);
    await expectLedgerBalanced(user);
  });

  it("a parlay with every leg pushed or voided returns the stake", async () => {
    const user = newUserId();
    const [e1, e2] = [newEventId(), newEventId()];
    const bet = openBet([leg({ eventId: e1, market: "Total", side: "Over", line: 200 }), leg({ eventId: e2 })], { stake: 300 });
    await seedBets(user, [bet]);
    await wallet(user).applyEventResults(
      user,
      [
        { eventId: e1, homeScore: 100, awayScore: 100 },
        { eventId: e2, void: true },
      ],
      now(),
    );
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "push", payoutPaid: 300, legResults: ["push", "void"] });
    expect(await coins(user)).toBe(5000);
  });

  it("a parlay with a losing leg stays open until its last game, then settles as a loss", async () => {
    const user = newUserId();
    const [e1, e2] = [newEventId(), newEventId()];
    const bet = openBet([leg({ eventId: e1 }), leg({ eventId: e2 })]);
    await seedBets(user, [bet]);
    await wallet(user).applyEventResults(user, [{ eventId: e1, homeScore: 1, awayScore: 2 }], now());
    expect(await betOf(user, bet.id)).toMatchObject({ status: "open", legResults: ["loss", null] });
    await wallet(user).applyEventResults(user, [{ eventId: e2, homeScore: 9, awayScore: 2 }], now());
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "loss", payoutPaid: 0, legResults: ["loss", "win"] });
    expect(await coins(user)).toBe(4900);
  });
});

describe("settling exactly once", () => {
  it("three concurrent settlements and a later one pay a bet once", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, priceAm: -200 })], { stake: 300 });
    await seedBets(user, [bet]);
    const outcome = [{ eventId, homeScore: 3, awayScore: 1 }];
    const results = await Promise.all([1, 2, 3].map(() => wallet(user).applyEventResults(user, outcome, now())));
    expect(results.map((r) => r.settledBets).sort()).toEqual([0, 0, 1]);
    const later = await wallet(user).applyEventResults(user, outcome, now() + 3_600_000);
    expect(later).toMatchObject({ gradedLegs: 0, settledBets: 0, paid: { coins: 0, cash: 0 } });

    expect(await payoutRows(user, bet.id)).toHaveLength(1);
    expect(await coins(user)).toBe(5000 - 300 + 450);
    await expectLedgerBalanced(user);
  });

  it("a different score arriving later never regrades a settled bet", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, side: "Away", priceAm: 100 })]);
    await seedBets(user, [bet]);
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 1, awayScore: 2 }], now());
    await wallet(user).applyEventResults(user, [{ eventId, homeScore: 5, awayScore: 2 }], now());
    await wallet(user).applyEventResults(user, [{ eventId, void: true }], now());
    expect(await betOf(user, bet.id)).toMatchObject({ result: "win", payoutPaid: 200, legResults: ["win"] });
    expect(await coins(user)).toBe(5100);
  });

  it("a settlement committed in the wallet but not yet projected is caught up, not paid again", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, priceAm: 100 })]);
    await seedBets(user, [bet]);
    // Settle inside the wallet without draining the outbox (as if the Worker died right after).
    await runInDurableObject(wallet(user), (walletObject: UserWallet, state) => {
      state.storage.transactionSync(() => {
        const tx = new Ledger(walletSqlOf(walletObject), user, now());
        applyEventOutcomes(tx, [{ eventId, homeScore: 2, awayScore: 1 }]);
        tx.finish();
      });
    });
    expect(await d1LegResults(bet.id)).toEqual([null]);
    const again = await wallet(user).applyEventResults(user, [{ eventId, homeScore: 2, awayScore: 1 }], now());
    expect(again.settledBets).toBe(0);
    expect(await d1LegResults(bet.id)).toEqual(["win"]);
    expect(await payoutRows(user, bet.id)).toHaveLength(1);
    expect(await coins(user)).toBe(5100);
  });

  it("voids a leg whose market and side cannot be graded instead of guessing", async () => {
    const user = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, market: "Total", side: "Home", line: 10 })], { stake: 70 });
    await seedBets(user, [bet]);
    const summary = await wallet(user).applyEventResults(user, [{ eventId, homeScore: 9, awayScore: 3 }], now());
    expect(summary.voidedMalformed).toBe(1);
    expect(summary.ungradable).toEqual([`leg 0 of bet ${bet.id} (Total Home 10)`]);
    expect(await betOf(user, bet.id)).toMatchObject({ result: "void", payoutPaid: 70 });
    expect(await coins(user)).toBe(5000);
  });

  it("leaves bets on other games alone", async () => {
    const user = newUserId();
    const [mine, other] = [newEventId(), newEventId()];
    const bet = openBet([leg({ eventId: mine })]);
    await seedBets(user, [bet]);
    const summary = await wallet(user).applyEventResults(user, [{ eventId: other, homeScore: 1, awayScore: 0 }], now());
    expect(summary.gradedLegs).toBe(0);
    expect(await betOf(user, bet.id)).toMatchObject({ status: "open", legResults: [null] });
  });
});
