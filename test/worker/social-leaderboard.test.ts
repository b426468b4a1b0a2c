// Leaderboards: figures land in D1 `leaderboard_stats` when settled bets are
// projected, ranks break ties deterministically, the week resets at Monday 12:00 AM
// Eastern, a re-projected bet never counts twice, and hidden profiles are left out. The
// public board and the viewer's own rank are separate reads (boardFor joins them here).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { LeaderboardQuery, LeaderboardRankResponse, LeaderboardResponse } from "../../src/shared/schemas/social";
import { ROI_MIN_BETS } from "../../src/shared/social";
import { createApp } from "../../worker/app";
import { readLeaderboard, readOwnRank } from "../../worker/social/leaderboards";
import { WALLET_PROJECTORS } from "../../worker/user-wallet";
import { projectionStatements } from "../../worker/wallet/projection";
import { api, signIn, type SignedIn } from "./helpers";
import { leg, newEventId, openBet, drainOutboxNow, seedBets, wallet } from "./settlement-fixtures";

const HOME_WINS = { homeScore: 3, awayScore: 1 };
const AWAY_WINS = { homeScore: 0, awayScore: 2 };

/** A signed-in player with a handle, whose open coin bets on fresh events are settled at `at`. */
async function player(handle: string): Promise<SignedIn> {
  const p = await signIn(undefined, `Player ${handle}`);
  const res = await api("/api/me", { method: "PATCH", token: p.token, body: JSON.stringify({ handle }) });
  expect(res.status).toBe(200);
  return p;
}

/** Seeds one moneyline-home single per outcome and settles them in order at `at`, `at+1`, …. */
async function settleBets(
  p: SignedIn,
  outcomes: ("win" | "loss" | "void" | "cashed_out")[],
  at: number,
  opts: { stake?: number; priceAm?: number; wallet?: "coins" | "cash" } = {},
) {
  const bets = outcomes.map(() =>
    openBet([leg({ eventId: newEventId(), priceAm: opts.priceAm ?? 100 })], { stake: opts.stake ?? 100, wallet: opts.wallet }),
  );
  await seedBets(p.userId, bets);
  for (const [i, outcome] of outcomes.entries()) {
    const eventId = bets[i]!.legs[0]!.eventId;
    if (outcome === "cashed_out") {
      await cashOutInFull(p.userId, bets[i]!.id, at + i);
      continue;
    }
    const result = outcome === "void" ? { eventId, void: true as const } : { eventId, ...(outcome === "win" ? HOME_WINS : AWAY_WINS) };
    await wallet(p.userId).applyEventResults(p.userId, [result], at + i);
  }
  return bets;
}

/** Cashes a bet out in full at `now`, at an even chance, and writes it to D1 as the outbox does. */
async function cashOutInFull(userId: string, betId: string, now: number) {
  const pricing = { legChance: { 0: 0.5 }, marginPercent: 5, quoteSeconds: 10 };
  const play = { minAge: 18 };
  const quote = await wallet(userId).quoteCashOut(userId, betId, pricing, now, play);
  if (!quote.ok) throw new Error(`no quote: ${quote.code}`);
  const key = `co-${betId}`;
  const done = await wallet(userId).cashOut(
    userId,
    { ...pricing, play, betId, quoteId: quote.quote.quoteId, fraction: 1, idempotencyKey: key, requestHash: key },
    now,
  );
  if (!done.ok) throw new Error(`not cashed out: ${done.code}`);
  await drainOutboxNow(userId);
}

const handleOf = (board: LeaderboardResponse) => board.entries.map((e) => e.handle);

/** The public board at `now` and, for a viewer, their own rank: what a signed-in player's page shows. */
async function boardFor(query: LeaderboardQuery, viewerId: string | null, now: number, memoMs = 0) {
  const { entries } = await readLeaderboard(env.DB, query, now, memoMs);
  const { me } = viewerId ? await readOwnRank(env.DB, query, viewerId, now) : { me: null };
  return { entries, me };
}

// A Wednesday in a week no other test of this file uses, for each test its own week.
const WEEK_A = Date.parse("2026-06-10T16:00:00Z");
const WEEK_B = Date.parse("2026-07-15T16:00:00Z");
const WEEK_C = Date.parse("2026-08-12T16:00:00Z");
const WEEK_D = Date.parse("2026-09-16T16:00:00Z");

describe("leaderboard ranks after settlement", () => {
  it("ranks profit, breaks ties by who reached the figure first, and gives my rank", async () => {
    const first = await player("lb_first");
    const tied = await player("lb_tied");
    const loser = await player("lb_loser");
    await settleBets(first, ["win"], WEEK_A); // +100 at WEEK_A
    await settleBets(tied, ["win"], WEEK_A + 60_000); // +100, a minute later
    await settleBets(loser, ["loss"], WEEK_A);

    const board = await boardFor({ period: "week", wallet: "coins", metric: "profit" }, loser.userId, WEEK_A + 3_600_000);
    expect(board.entries).toEqual([
      { rank: 1, handle: "lb_first", value: 100 },
      { rank: 2, handle: "lb_tied", value: 100 },
      { rank: 3, handle: "lb_loser", value: -100 },
    ]);
    expect(board.me).toEqual({ rank: 3, value: -100 });
    // The same answer every time: ties never shuffle.
    expect(await boardFor({ period: "week", wallet: "coins", metric: "profit" }, tied.userId, WEEK_A + 3_600_000)).toEqual({
      entries: board.entries,
      me: { rank: 2, value: 100 },
    });
    // The cash wallet's board is its own.
    expect((await boardFor({ period: "week", wallet: "cash", metric: "profit" }, null, WEEK_A)).entries).toEqual([]);
  });

  it("lets a bet cashed out in full neither extend nor break a win streak, as on the Statistics card", async () => {
    const trader = await player("lb_trader");
    // win, win, cashed out, win: a streak of 3, as the Statistics card counts it.
    await settleBets(trader, ["win", "win", "cashed_out", "win"], WEEK_D);
    const streaks = await boardFor({ period: "week", wallet: "coins", metric: "streak" }, trader.userId, WEEK_D);
    expect(streaks.me).toEqual({ rank: 1, value: 3 });
  });

  it("ranks the longest win streak (voids neither extend nor break it) and return on stake from 10 bets", async () => {
    const streaky = await player("lb_streaky");
    const steady = await player("lb_steady");
    // streak 3 (win, win, void, win), then a loss; 5 graded bets: not enough for ROI.
    await settleBets(streaky, ["win", "win", "void", "win", "loss"], WEEK_B);
    // 10 graded bets: 6 wins at +100 → profit 6·100 − 4·100 = 200 on 1,000 staked → 0.2.
    await settleBets(steady, ["win", "loss", "win", "loss", "win", "loss", "win", "loss", "win", "win"], WEEK_B);

    const streaks = await boardFor({ period: "week", wallet: "coins", metric: "streak" }, streaky.userId, WEEK_B);
    expect(streaks.entries.map((e) => [e.handle, e.value])).toEqual([
      ["lb_streaky", 3],
      ["lb_steady", 2],
    ]);
    expect(streaks.me).toEqual({ rank: 1, value: 3 });

    const roi = await boardFor({ period: "week", wallet: "coins", metric: "roi" }, streaky.userId, WEEK_B);
    expect(roi.entries).toEqual([{ rank: 1, handle: "lb_steady", value: 0.2 }]);
    expect(roi.me).toBeNull(); // 4 graded bets, below ROI_MIN_BETS
    expect(ROI_MIN_BETS).toBe(10);
  });

  it("gives my own rank when I am outside the top 50", async () => {
    const week = Date.parse("2026-09-16T16:00:00Z");
    // 51 accounts with handles whose settled wins reach D1 through the projection's own statements.
    const ids = Array.from({ length: 51 }, (_, i) => `lb-many-${i}-${crypto.randomUUID()}`);
    const handles = ids.map((_, i) => `many_${i}_${crypto.randomUUID().slice(0, 6)}`);
    await env.DB.batch(
      ids.flatMap((id, i) => [
        env.DB.prepare("INSERT INTO users (id, email, display_name, created_at, last_login_at) VALUES (?, ?, ?, ?, ?)").bind(
          id,
          `${id}@example.com`,
          id,
          week,
          week,
        ),
        env.DB.prepare("INSERT INTO player_profiles (user_id, handle, hidden, updated_at) VALUES (?, ?, 0, ?)").bind(id, handles[i], week),
      ]),
    );
    for (const [i, id] of ids.entries()) {
      const stake = 1000 - i;
      const bet: BetDocument = {
        ...openBet([leg({ eventId: newEventId(), priceAm: 100 })], { stake }),
        status: "settled",
        result: "win",
        payoutPaid: 2 * stake,
        settledAt: week + i,
        legResults: ["win"],
      };
      await env.DB.batch(
        projectionStatements(env.DB, { seq: 1, topic: "bet", payload: JSON.stringify({ userId: id, bet, version: 2 }) }, WALLET_PROJECTORS),
      );
    }
    const board = await boardFor({ period: "week", wallet: "coins", metric: "profit" }, ids[50]!, week);
    expect(board.entries).toHaveLength(50);
    expect(board.entries[0]).toEqual({ rank: 1, handle: handles[0], value: 1000 });
    expect(board.entries[49]).toMatchObject({ rank: 50, value: 951 });
    expect(board.me).toEqual({ rank: 51, value: 950 });
  });
});

describe("the weekly board", () => {
  it("resets at 12:00 AM Eastern on Monday while all time keeps counting", async () => {
    const late = await player("lb_sunday");
    // Sunday 2026-11-29 11:59 PM EST = 04:59 UTC Monday; Monday 12:00 AM EST = 05:00 UTC.
    const sundayNight = Date.parse("2026-11-30T04:59:00Z");
    const mondayStart = Date.parse("2026-11-30T05:00:00Z");
    await settleBets(late, ["win"], sundayNight);

    const query = { wallet: "coins", metric: "profit" } as const;
    const sunday = await boardFor({ ...query, period: "week" }, late.userId, sundayNight + 30_000);
    expect(sunday.me).toEqual({ rank: 1, value: 100 });
    const monday = await boardFor({ ...query, period: "week" }, late.userId, mondayStart);
    expect(monday).toEqual({ entries: [], me: null });
    const allTime = await boardFor({ ...query, period: "all" }, late.userId, mondayStart);
    expect(allTime.me?.value).toBe(100);

    // A bet settled at Monday 12:00 AM ET opens the new week.
    await settleBets(late, ["loss"], mondayStart);
    expect((await boardFor({ ...query, period: "week" }, late.userId, mondayStart + 1)).me).toEqual({
      rank: 1,
      value: -100,
    });
    expect((await boardFor({ ...query, period: "week" }, late.userId, sundayNight)).me).toEqual({ rank: 1, value: 100 });
  });

  it("uses the Eastern week in summer time too (Monday 12:00 AM EDT = 04:00 UTC)", async () => {
    const p = await player("lb_summer");
    await settleBets(p, ["win"], Date.parse("2026-07-06T03:59:00Z")); // Sunday 11:59 PM EDT
    const q = { period: "week", wallet: "coins", metric: "profit" } as const;
    expect((await boardFor(q, p.userId, Date.parse("2026-07-06T03:59:30Z"))).me?.value).toBe(100);
    expect((await boardFor(q, p.userId, Date.parse("2026-07-06T04:00:00Z"))).me).toBeNull();
  });
});

describe("counting a settled bet once", () => {
  it("ignores a replayed or newer projection of an already counted bet", async () => {
    const p = await player("lb_replay");
    const [bet] = (await settleBets(p, ["win"], WEEK_C)) as [BetDocument];
    const settled: BetDocument = { ...bet, status: "settled", result: "win", payoutPaid: 200, settledAt: WEEK_C, legResults: ["win"] };
    for (const version of [2, 2, 3]) {
      const row = { seq: 1, topic: "bet" as const, payload: JSON.stringify({ userId: p.userId, bet: settled, version }) };
      await env.DB.batch(projectionStatements(env.DB, row, WALLET_PROJECTORS));
    }
    const stats = await env.DB.prepare("SELECT period, settled, profit FROM leaderboard_stats WHERE user_id = ? ORDER BY period")
      .bind(p.userId)
      .all();
    expect(stats.results).toEqual([
      { period: "all", settled: 1, profit: 100 },
      { period: "w:2026-08-10", settled: 1, profit: 100 },
    ]);
  });
});

describe("hidden profiles and the HTTP endpoint", () => {
  it("leaves hidden players off the board, answers my rank only when signed in, and is cacheable", async () => {
    const shown = await player("lb_shown");
    const hidden = await player("lb_hidden");
    const now = Date.now();
    await settleBets(shown, ["win"], now, { wallet: "coins" });
    await settleBets(hidden, ["win", "win"], now);
    const patch = (body: unknown) => api("/api/me", { method: "PATCH", token: hidden.token, body: JSON.stringify(body) });
    expect((await patch({ profileHidden: true })).status).toBe(200);

    // Without the isolate's top-list memo, so each read shows the change just made.
    const unmemoised = { ...env, LEADERBOARD_MEMO_MS: "0" };
    const read = (path: string, token?: string) =>
      createApp().fetch(
        new Request(`http://localhost/api/social/${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }),
        unmemoised,
      );
    const anonymous = await read("leaderboard?period=week&wallet=coins&metric=profit");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    const board = (await anonymous.json()) as LeaderboardResponse;
    expect(handleOf(board)).toContain("lb_shown");
    expect(handleOf(board)).not.toContain("lb_hidden");
    // The public answer says nothing about its reader: no rank, whoever asks.
    expect(board).not.toHaveProperty("me");
    expect((await read("leaderboard/me?period=week&wallet=coins&metric=profit")).status).toBe(401);

    const mine = await read("leaderboard/me?period=week&wallet=coins&metric=profit", hidden.token);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect(((await mine.json()) as LeaderboardRankResponse).me).toBeNull();

    expect((await patch({ profileHidden: false })).status).toBe(200);
    const back = (await (await read("leaderboard?period=week&metric=profit", hidden.token)).json()) as LeaderboardResponse;
    expect(handleOf(back)).toContain("lb_hidden");
    expect(
      ((await (await read("leaderboard/me?period=week&metric=profit", hidden.token)).json()) as LeaderboardRankResponse).me?.value,
    ).toBe(200);
  });

  it("reuses a busy board's top list for a few seconds per isolate while my rank stays fresh", async () => {
    const week = Date.parse("2026-10-14T16:00:00Z");
    const early = await player("lb_memo_a");
    const late = await player("lb_memo_b");
    await settleBets(early, ["win"], week);
    const q = { period: "week", wallet: "coins", metric: "profit" } as const;
    expect(handleOf(await boardFor(q, early.userId, week, 5_000))).toEqual(["lb_memo_a"]);
    await settleBets(late, ["win", "win"], week + 1_000);
    const within = await boardFor(q, late.userId, week + 4_000, 5_000);
    expect(handleOf(within)).toEqual(["lb_memo_a"]);
    expect(within.me).toEqual({ rank: 1, value: 200 });
    expect(handleOf(await boardFor(q, null, week + 5_000, 5_000))).toEqual(["lb_memo_b", "lb_memo_a"]);
  });

  it("refuses a bad query with a 400", async () => {
    for (const q of ["period=month", "wallet=gold", "metric=wins"]) {
      const res = await api(`/api/social/leaderboard?${q}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    }
  });
});

describe("migration 0014 on an existing database", () => {
  it("counts bets settled before it on the all-time board once, streaks in settlement order", async () => {
    const p = await signIn();
    const insert = (id: string, result: string, stake: number, payout: number, settledAt: number, wallet = "coins") =>
      env.DB.prepare(
        `INSERT INTO bets (id, user_id, wallet, kind, status, result, stake, to_win, payout_paid, created_at, settled_at, legs_json, leg_results_json, version)
         VALUES (?, ?, ?, 'Singles', 'settled', ?, ?, ?, ?, ?, ?, '[]', '[]', 2)`,
      ).bind(`${p.userId}-${id}`, p.userId, wallet, result, stake, stake, payout, settledAt - 1000, settledAt);
    // win, win, loss, win, void, win, win (→ longest 3, current 3), plus a cash loss and an open bet.
    const t = Date.parse("2026-01-05T12:00:00Z");
    await env.DB.batch([
      insert("a", "win", 100, 200, t + 1),
      insert("b", "win", 100, 200, t + 2),
      insert("c", "loss", 100, 0, t + 3),
      insert("d", "win", 100, 200, t + 4),
      insert("e", "void", 50, 50, t + 5),
      insert("f", "win", 100, 200, t + 6),
      insert("g", "win", 100, 200, t + 7),
      insert("h", "loss", 300, 0, t + 8, "cash"),
    ]);
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0014"))!;
    const backfill = migration.queries.filter((q) => /INSERT INTO leaderboard_(stats|counted)/.test(q));
    expect(backfill).toHaveLength(2);
    for (let run = 0; run < 2; run += 1) await env.DB.batch(backfill.map((q) => env.DB.prepare(q)));

    const rows = await env.DB.prepare(
      "SELECT wallet, settled, graded, staked, returned, profit, roi, current_streak, longest_streak, last_settled_at FROM leaderboard_stats WHERE user_id = ? ORDER BY wallet",
    )
      .bind(p.userId)
      .all();
    expect(rows.results).toEqual([
      {
        wallet: "cash",
        settled: 1,
        graded: 1,
        staked: 300,
        returned: 0,
        profit: -300,
        roi: -1,
        current_streak: 0,
        longest_streak: 0,
        last_settled_at: t + 8,
      },
      {
        wallet: "coins",
        settled: 7,
        graded: 6,
        staked: 600,
        returned: 1000,
        profit: 400,
        roi: 400 / 600,
        current_streak: 3,
        longest_streak: 3,
        last_settled_at: t + 7,
      },
    ]);
    // A later projection of one of these bets does not count it again.
    const bet: BetDocument = {
      ...openBet([leg({ eventId: newEventId() })], { id: `${p.userId}-a` }),
      status: "settled",
      result: "win",
      payoutPaid: 200,
      settledAt: t + 1,
      legResults: ["win"],
    };
    await env.DB.batch(
      projectionStatements(
        env.DB,
        { seq: 1, topic: "bet", payload: JSON.stringify({ userId: p.userId, bet, version: 3 }) },
        WALLET_PROJECTORS,
      ),
    );
    const after = await env.DB.prepare("SELECT settled FROM leaderboard_stats WHERE user_id = ? AND wallet = 'coins' AND period = 'all'")
      .bind(p.userId)
      .first();
    expect(after).toEqual({ settled: 7 });
  });
});
