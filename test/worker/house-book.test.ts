// The house's book (worker/house/): the liability equals what each player's wallet holds,
// summed, and splits the cash held as each wallet judges a redemption; the open cash bets' potential payout equals a brute-force sum over those bets,
// the hold per UTC day, sport and kind equals a brute-force sum over the settled bets (a
// cash-out's share counted as its own kind), the cron records a day once, and each view's
// CSV has a header and one line per item.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { BetDocument } from "../../src/shared/schemas/bets";
import { type HoldRow, HouseHoldSchema, HouseLiabilitySchema } from "../../src/shared/schemas/house";
import { recordLiabilityDay, utcDay } from "../../worker/house/house-book";
import type { UserWallet } from "../../worker/user-wallet";
import { Ledger } from "../../worker/wallet/ledger";
import { api, signIn, type SignedIn } from "./helpers";
import { HOUR, leg, newEventId, newUserId, openBet, seedBets, wallet, walletSqlOf } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const DAY = 24 * HOUR;

let admin: SignedIn;
const seeded: BetDocument[] = [];

async function grantCash(userId: string, cents: number) {
  await wallet(userId).getBalances(userId, Date.now());
  await runInDurableObject(wallet(userId), (walletObject: UserWallet, state) => {
    state.storage.transactionSync(() => {
      const tx = new Ledger(walletSqlOf(walletObject), userId, Date.now());
      tx.post({ currency: "cash", amount: cents, reason: "admin_adjustment", reference: `grant-${crypto.randomUUID()}` });
      tx.finish();
    });
  });
}

/** A settled bet as the wallet would hold it: `paid` back in all, `cashOut` its cashed share. */
function settled(
  bet: BetDocument,
  result: NonNullable<BetDocument["result"]>,
  paid: number,
  daysAgo: number,
  cashOut?: BetDocument["cashOut"],
) {
  return {
    ...bet,
    status: "settled",
    result,
    payoutPaid: paid,
    settledAt: Date.now() - daysAgo * DAY,
    legResults: bet.legs.map(() => (result === "cashed_out" ? null : result === "win" ? "win" : result === "loss" ? "loss" : result)),
    ...(cashOut ? { cashOut } : {}),
  } satisfies BetDocument;
}

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  const [a, b] = [newUserId(), newUserId()];
  await grantCash(a, 50_000);
  await grantCash(b, 20_000);
  const nba = () => leg({ eventId: newEventId() });
  const nfl = () => leg({ eventId: newEventId(), league: "americanfootball_nfl" });
  const prop = () => leg({ eventId: newEventId(), market: "Prop", side: "Over", line: 20.5 });
  const betsOfA = [
    openBet([nba()], { stake: 1_000, wallet: "cash" }),
    openBet([nba(), nfl()], { stake: 500, wallet: "cash" }),
    { ...openBet([nba()], { stake: 2_000, wallet: "cash" }), cashOut: { stake: 500, paid: 420 } },
    openBet([nba()], { stake: 300 }),
    settled(openBet([nba()], { stake: 1_100, wallet: "cash" }), "win", 2_100, 1),
    settled(openBet([nba()], { stake: 700, wallet: "cash" }), "loss", 0, 1),
    settled(openBet([nba(), nba()], { stake: 400 }), "loss", 0, 2),
    settled(openBet([prop()], { stake: 600, wallet: "cash" }), "loss", 0, 1),
    // A partial cash-out and the rest lost, and a whole cash-out.
    settled(openBet([nfl()], { stake: 1_000, wallet: "cash" }), "loss", 300, 1, { stake: 400, paid: 300 }),
    settled(openBet([nba()], { stake: 800, wallet: "cash" }), "cashed_out", 650, 2, { stake: 800, paid: 650 }),
    settled(openBet([nba()], { stake: 900, wallet: "cash" }), "void", 900, 1),
  ];
  const betsOfB = [openBet([nfl()], { stake: 1_500, wallet: "cash" }), settled(openBet([nfl()], { stake: 250 }), "win", 480, 0)];
  await seedBets(a, betsOfA, { project: true });
  await seedBets(b, betsOfB, { project: true });
  seeded.push(...betsOfA, ...betsOfB);
});

async function getJson(path: string) {
  const res = await api(path, { token: admin.token });
  expect(res.status).toBe(200);
  return res.json();
}

describe("the house's liability", () => {
  it("equals the sum over players' wallets of their cash and coins", async () => {
    const liability = HouseLiabilitySchema.parse(await getJson("/api/admin/house/liability"));
    const { results } = await env.DB.prepare("SELECT user_id FROM wallet_balances").all<{ user_id: string }>();
    const balances = await Promise.all(results.map((r) => wallet(r.user_id).getBalances(r.user_id, Date.now())));
    expect(liability.players).toBe(results.length);
    expect(liability.cashCents).toBe(balances.reduce((sum, b) => sum + b.vantageCash, 0));
    expect(liability.coins).toBe(balances.reduce((sum, b) => sum + b.coinBalance, 0));
  });

  it("splits the cash held as each wallet judges a redemption, with pending redemptions apart", async () => {
    const now = Date.now();
    const read = async () => HouseLiabilitySchema.parse(await getJson("/api/admin/house/liability")).cashHeld;
    const before = await read();
    // A player whose bought cash must still be played through.
    const toPlay = await signIn();
    await wallet(toPlay.userId).creditPurchase(
      toPlay.userId,
      { checkoutSessionId: `cs_${crypto.randomUUID()}`, amountCents: 4999, cashPlaythrough: 1 },
      now,
    );
    // A player with a pending redemption, the rest of their cash redeemable.
    const redeeming = await signIn();
    await wallet(redeeming.userId).creditPurchase(
      redeeming.userId,
      { checkoutSessionId: `cs_${crypto.randomUUID()}`, amountCents: 4999, cashPlaythrough: 0 },
      now,
    );
    const asked = await wallet(redeeming.userId).requestRedemption(
      redeeming.userId,
      { amountCents: 2_000, redemptionId: crypto.randomUUID() },
      now,
    );
    expect(asked.ok).toBe(true);
    await Promise.all([toPlay, redeeming].map((p) => wallet(p.userId).flushOutbox()));
    // A wallet whose purchase holds were projected: one still running, one run out.
    await env.DB.prepare(
      `INSERT INTO wallet_balances (user_id, coin_balance, cash_cents, last_bonus_day_et, bonus_streak, version, updated_at,
         cash_to_play_cents, cash_purchase_holds_json, cash_pending_redemption_cents) VALUES (?, 0, 3000, '', 0, 1, ?, 500, ?, 0)`,
    )
      .bind(
        newUserId(),
        now,
        JSON.stringify([
          { amountCents: 2_000, freesAt: now + HOUR },
          { amountCents: 700, freesAt: now - HOUR },
        ]),
      )
      .run();
    const after = await read();

    const [playing, redeemer] = await Promise.all([toPlay, redeeming].map((p) => wallet(p.userId).getRedeemable(p.userId, Date.now())));
    expect(playing!.cashToPlay).toBeGreaterThan(0);
    expect(after.toPlayCents - before.toPlayCents).toBe(playing!.cashToPlay + 500);
    expect(after.purchaseHeldCents - before.purchaseHeldCents).toBe(2_000);
    expect(after.heldBackCents - before.heldBackCents).toBe(playing!.cashToPlay + 2_000);
    expect(after.redeemableCents - before.redeemableCents).toBe(playing!.redeemableCash + redeemer!.redeemableCash + 1_000);
    expect(after.pendingRedemptionCents - before.pendingRedemptionCents).toBe(2_000);
    expect(after.walletsNotSplit).toBe(before.walletsNotSplit);
  });

  it("shows what players owe back apart, as their wallets hold it", async () => {
    const debtor = newUserId();
    await wallet(debtor).getBalances(debtor, Date.now());
    // A reversal the balance cannot cover: what it could not take is owed.
    await runInDurableObject(wallet(debtor), (walletObject: UserWallet, state) => {
      state.storage.transactionSync(() => {
        const tx = new Ledger(walletSqlOf(walletObject), debtor, Date.now());
        tx.takeBack({ currency: "cash", amount: 2_500, reason: "dispute_reversal", reference: `dispute-${debtor}` });
        tx.takeBack({ currency: "coins", amount: 9_000, reason: "dispute_reversal", reference: `dispute-${debtor}` });
        tx.finish();
      });
    });
    await wallet(debtor).flushOutbox();
    const liability = HouseLiabilitySchema.parse(await getJson("/api/admin/house/liability"));
    const { results } = await env.DB.prepare("SELECT user_id FROM wallet_balances").all<{ user_id: string }>();
    const balances = await Promise.all(results.map((r) => wallet(r.user_id).getBalances(r.user_id, Date.now())));
    expect(liability.owedCashCents).toBe(balances.reduce((sum, b) => sum + (b.owedCash ?? 0), 0));
    expect(liability.owedCoins).toBe(balances.reduce((sum, b) => sum + (b.owedCoins ?? 0), 0));
    expect(liability.owedCashCents).toBeGreaterThanOrEqual(2_500);
    expect(liability.owedCoins).toBeGreaterThanOrEqual(4_000);
  });

  it("counts the potential payout of every open cash bet, less what was cashed out", async () => {
    const liability = HouseLiabilitySchema.parse(await getJson("/api/admin/house/liability"));
    const { results } = await env.DB.prepare("SELECT * FROM bets WHERE status = 'open'").all<{
      wallet: string;
      stake: number;
      to_win: number;
      cash_out_stake: number;
    }>();
    const open = results.filter((b) => b.wallet === "cash");
    const potential = open.reduce((sum, b) => sum + Math.floor(((b.stake + b.to_win) * (b.stake - b.cash_out_stake)) / b.stake), 0);
    expect(liability.openCashBets).toBe(open.length);
    expect(liability.openCashPayoutCents).toBe(potential);
    // The seeded partly cashed-out bet counts three quarters of its stake and winnings.
    const partly = seeded.find((b) => b.status === "open" && b.cashOut)!;
    expect(potential).toBeGreaterThanOrEqual(Math.floor(((partly.stake + partly.toWin) * 1_500) / 2_000));
  });

  it("records the day once from the cron and lists it in the history and its CSV", async () => {
    const now = Date.now();
    await env.DB.prepare("DELETE FROM house_liability_days").run();
    expect(await recordLiabilityDay(env.DB, now - DAY)).toBe(true);
    expect(await recordLiabilityDay(env.DB, now)).toBe(true);
    expect(await recordLiabilityDay(env.DB, now + 1_000)).toBe(false);
    const liability = HouseLiabilitySchema.parse(await getJson("/api/admin/house/liability?days=7"));
    expect(liability.history.map((d) => d.day)).toEqual([utcDay(now - DAY), utcDay(now)]);
    expect(liability.history[1]).toMatchObject({ cashCents: liability.cashCents, coins: liability.coins });

    const res = await api("/api/admin/house/liability?format=csv&days=7", { token: admin.token });
    expect(res.headers.get("Content-Type")).toMatch(/^text\/csv/);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("day,players,cashCents,coins,openCashBets,openCashPayoutCents,pendingRedemptionCents,recordedAt");
    expect(lines).toHaveLength(1 + liability.history.length);
    expect(lines[2]!.startsWith(`${utcDay(now)},`)).toBe(true);
  });
});

type BetRow = {
  id: string;
  wallet: "coins" | "cash";
  result: string;
  stake: number;
  payout_paid: number;
  cash_out_stake: number;
  cash_out_paid: number;
  price_kind: string;
  settled_at: number;
};

/** The hold table by brute force over every settled bet row and its legs. */
async function bruteForceHold(days: number): Promise<Map<string, { bets: number; staked: number; paid: number }>> {
  const since = Date.parse(`${utcDay(Date.now() - (days - 1) * DAY)}T00:00:00Z`);
  const bets = (await env.DB.prepare("SELECT * FROM bets WHERE status = 'settled'").all<BetRow>()).results;
  const legs = (await env.DB.prepare("SELECT bet_id, sport, market FROM bet_legs").all<{ bet_id: string; sport: string; market: string }>())
    .results;
  const cells = new Map<string, { bets: number; staked: number; paid: number }>();
  const add = (key: string, staked: number, paid: number) => {
    const cell = cells.get(key) ?? { bets: 0, staked: 0, paid: 0 };
    cells.set(key, { bets: cell.bets + 1, staked: cell.staked + staked, paid: cell.paid + paid });
  };
  for (const bet of bets) {
    if (bet.settled_at < since) continue;
    const own = legs.filter((l) => l.bet_id === bet.id);
    const sports = new Set(own.map((l) => l.sport));
    const sport = sports.size === 1 ? [...sports][0]! : "multi";
    const kind = own.some((l) => l.market === "Prop") ? "props" : bet.price_kind;
    const day = utcDay(bet.settled_at);
    const rest = bet.stake - bet.cash_out_stake;
    if (bet.result !== "void" && bet.result !== "cashed_out" && rest > 0) {
      add(`${day}|${sport}|${kind}|${bet.wallet}`, rest, bet.payout_paid - bet.cash_out_paid);
    }
    if (bet.cash_out_stake > 0) add(`${day}|${sport}|cash-out|${bet.wallet}`, bet.cash_out_stake, bet.cash_out_paid);
  }
  return cells;
}

describe("what the house won", () => {
  it("holds per UTC day, sport and kind what a brute-force sum over settled bets gives, cash-outs apart", async () => {
    const hold = HouseHoldSchema.parse(await getJson("/api/admin/house/hold?days=30"));
    const expected = await bruteForceHold(30);
    const actual = new Map(
      hold.rows.map((r) => [`${r.day}|${r.sport}|${r.kind}|${r.currency}`, { bets: r.bets, staked: r.staked, paid: r.paid }]),
    );
    expect(actual).toEqual(expected);
    for (const row of hold.rows) {
      expect(row.hold).toBe(row.staked - row.paid);
      expect(row.holdPct).toBeCloseTo((row.staked - row.paid) / row.staked, 4);
    }
    const yesterday = utcDay(Date.now() - DAY);
    const cashOuts = hold.rows.filter((r) => r.kind === "cash-out");
    expect(cashOuts).toContainEqual(
      expect.objectContaining({ day: yesterday, sport: "americanfootball_nfl", currency: "cash", staked: 400, paid: 300, hold: 100 }),
    );
    expect(hold.rows.find((r: HoldRow) => r.kind === "props" && r.day === yesterday)).toMatchObject({ staked: 600, paid: 0 });
  });

  it("answers the rows as CSV with a header and one line per row, and refuses a bad query", async () => {
    const hold = HouseHoldSchema.parse(await getJson("/api/admin/house/hold?days=30"));
    const res = await api("/api/admin/house/hold?days=30&format=csv", { token: admin.token });
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("day,sport,kind,currency,bets,staked,paid,hold,holdPct");
    expect(lines).toHaveLength(1 + hold.rows.length);
    expect((await api("/api/admin/house/hold?days=0", { token: admin.token })).status).toBe(400);
    expect((await api("/api/admin/house/hold?format=xml", { token: admin.token })).status).toBe(400);
  });

  it("does not exist for a player", async () => {
    const player = await signIn();
    expect((await api("/api/admin/house/hold", { token: player.token })).status).toBe(404);
    expect((await api("/api/admin/house/liability", { token: player.token })).status).toBe(404);
  });
});
