// Each settled bet's closing-line value and the Sharpest leaderboard: a hand-computed
// parlay's CLV, a live leg's none, the board's minimum of settled pre-match legs, its
// 30-day window and the profit boards' privacy (hidden, handle-less and Vantage Cash
// results not shown), and the profile's CLV figures.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { BetLeg } from "../../src/shared/schemas/bets";
import { scoreSettledBets } from "../../worker/clv/bet-clv";
import { storeCloses } from "../../worker/clv/closes-store";
import { readClvFigures } from "../../worker/clv/sharpest";
import { readLeaderboard, readOwnRank } from "../../worker/social/leaderboards";

// A clock of its own, years ahead, so only this file's bets fall in the 30-day window.
const NOW = Date.parse("2031-03-01T12:00:00.000Z");
const DAY = 24 * 3_600_000;
const START = NOW - 2 * DAY;
const run = crypto.randomUUID().slice(0, 8);
const EVENT_A = `sharp-a-${run}`;
const EVENT_B = `sharp-b-${run}`;

const legOf = (eventId: string, over: Partial<BetLeg> = {}): BetLeg => ({
  eventId,
  league: "basketball_nba",
  market: "Moneyline",
  side: "Home",
  line: null,
  priceAm: 120,
  home: "Boston Celtics",
  away: "New York Knicks",
  startTime: new Date(START).toISOString(),
  ...over,
});

let seq = 0;
/** A settled bet straight into D1's projection, as the wallet's outbox writes it. */
async function settledBet(
  userId: string,
  legs: BetLeg[],
  opts: { wallet?: "coins" | "cash"; createdAt?: number; settledAt?: number } = {},
) {
  const id = `bet-${run}-${seq++}`;
  const createdAt = opts.createdAt ?? START - 3_600_000;
  const statements = [
    env.DB.prepare(
      `INSERT INTO bets (id, user_id, wallet, kind, status, result, stake, to_win, payout_paid, created_at, settled_at, legs_json, leg_results_json, version)
       VALUES (?1, ?2, ?3, ?4, 'settled', 'loss', 100, 120, 0, ?5, ?6, ?7, ?8, 1)`,
    ).bind(
      id,
      userId,
      opts.wallet ?? "coins",
      legs.length > 1 ? "Parlay" : "Singles",
      createdAt,
      opts.settledAt ?? NOW - DAY,
      JSON.stringify(legs),
      JSON.stringify(legs.map(() => "loss")),
    ),
    ...legs.map((l, i) =>
      env.DB.prepare(
        `INSERT INTO bet_legs (bet_id, leg_index, user_id, event_id, sport, market, side, line, price_am, commence_time, result)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, 'loss')`,
      ).bind(id, i, userId, l.eventId, l.league, l.market, l.side, l.line, l.priceAm, Date.parse(l.startTime)),
    ),
  ];
  await env.DB.batch(statements);
  return id;
}

async function profile(userId: string, handle: string | null, opts: { hidden?: boolean; showCash?: boolean } = {}) {
  await env.DB.prepare("INSERT INTO player_profiles (user_id, handle, hidden, show_cash_results, updated_at) VALUES (?1, ?2, ?3, ?4, 1)")
    .bind(userId, handle, opts.hidden ? 1 : 0, opts.showCash ? 1 : 0)
    .run();
}

/** `n` single bets of one leg each at `priceAm` on game A (its home close is 0.5). */
async function singles(userId: string, n: number, priceAm: number, wallet: "coins" | "cash" = "coins") {
  for (let i = 0; i < n; i++) await settledBet(userId, [legOf(EVENT_A, { priceAm })], { wallet });
}

const user = (name: string) => `${name}-${run}`;
const handles = { sharp: `sharp_${run}`, few: `few_${run}`, hidden: `hid_${run}`, cashQuiet: `cq_${run}`, cashShown: `cs_${run}` };
let parlayId = "";
let liveId = "";

beforeAll(async () => {
  await storeCloses(
    env.DB,
    [
      { eventId: EVENT_A, sides: [{ market: "Moneyline", side: "Home", line: null, p: 0.5 }], snapshotAt: START - 60_000 },
      { eventId: EVENT_B, sides: [{ market: "Total", side: "Over", line: 220.5, p: 0.55 }], snapshotAt: START - 60_000 },
    ],
    START,
  );
  await profile(user("sharp"), handles.sharp);
  await profile(user("few"), handles.few);
  await profile(user("hidden"), handles.hidden, { hidden: true });
  await profile(user("nohandle"), null);
  await profile(user("cashquiet"), handles.cashQuiet);
  await profile(user("cashshown"), handles.cashShown, { showCash: true });

  // sharp: +120 against a 0.5 close is +10% a leg, 50 legs; a hand-computed parlay; a live bet.
  await singles(user("sharp"), 49, 120);
  parlayId = await settledBet(user("sharp"), [
    legOf(EVENT_A),
    legOf(EVENT_B, { market: "Total", side: "Over", line: 220.5, priceAm: -110 }),
  ]);
  liveId = await settledBet(user("sharp"), [legOf(EVENT_A)], { createdAt: START + 60_000 });
  // few: a better CLV (+50%) but only 49 pre-match legs.
  await singles(user("few"), 49, 200);
  // hidden and handle-less: better than sharp, never listed.
  await singles(user("hidden"), 50, 150);
  await singles(user("nohandle"), 50, 140);
  // Vantage Cash: one player hides their cash results, one shows them.
  await singles(user("cashquiet"), 50, 160, "cash");
  await singles(user("cashshown"), 50, 110, "cash");
  // Settled 31 days ago: outside the window, not scored.
  await settledBet(user("few"), [legOf(EVENT_A, { priceAm: 300 })], { settledAt: NOW - 31 * DAY });
  while ((await scoreSettledBets(env.DB, NOW, 500)) > 0);
});

const clvOf = async (betId: string) =>
  (await env.DB.prepare("SELECT clv, prematch_legs AS legs FROM bet_clv WHERE bet_id = ?1")
    .bind(betId)
    .first<{ clv: number | null; legs: number }>()) ?? null;

describe("closing-line value of settled bets", () => {
  it("scores a hand-computed parlay, and none for a live leg", async () => {
    // 0.5 × 2.2 (+120) × 0.55 × 1.909090… (−110) − 1 = 1.1 × 1.05 − 1 = +15.5%.
    const parlay = await clvOf(parlayId);
    expect(parlay?.legs).toBe(2);
    expect(parlay?.clv).toBeCloseTo(0.155, 12);
    expect(await clvOf(liveId)).toEqual({ clv: null, legs: 0 });
  });

  it("ranks by average CLV over 30 days, from 50 settled pre-match legs, listed players only", async () => {
    const coins = await readLeaderboard(env.DB, { period: "week", wallet: "coins", metric: "clv" }, NOW);
    // sharp: 49 legs at +10% and the parlay at +15.5% over 50 bets with a CLV (51 legs).
    expect(coins.entries).toEqual([{ rank: 1, handle: handles.sharp, value: expect.closeTo((49 * 0.1 + 0.155) / 50, 12) }]);
    const cash = await readLeaderboard(env.DB, { period: "all", wallet: "cash", metric: "clv" }, NOW);
    expect(cash.entries).toEqual([{ rank: 1, handle: handles.cashShown, value: expect.closeTo(0.5 * 2.1 - 1, 12) }]);
  });

  it("gives the viewer their own rank, but none when hidden or under the minimum", async () => {
    const own = (who: string, wallet: "coins" | "cash" = "coins") =>
      readOwnRank(env.DB, { period: "week", wallet, metric: "clv" }, user(who), NOW);
    expect((await own("nohandle")).me).toEqual({ rank: 1, value: expect.closeTo(0.2, 12) });
    expect((await own("sharp")).me?.rank).toBe(1);
    expect((await own("hidden")).me).toBeNull();
    expect((await own("few")).me).toBeNull();
    expect((await own("cashquiet", "cash")).me).toEqual({ rank: 1, value: expect.closeTo(0.3, 12) });
  });

  it("sums a player's figures: the average and the share that beat the close", async () => {
    const figures = await readClvFigures(env.DB, user("sharp"), "coins");
    expect(figures).toEqual({ average: expect.closeTo((49 * 0.1 + 0.155) / 50, 12), beatShare: 1, count: 50 });
  });
});
