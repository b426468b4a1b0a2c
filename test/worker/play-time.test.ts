// Play time, reality checks, nudges and My statement: heartbeats and bets add up to the
// daily limit (a minute counts once across tabs and bets) and bets and purchases stop until
// the next Eastern day; a client that bets without heartbeats meets the same limits; a due reality check refuses bets until it is answered; a nudge goes out
// once at 80% of a limit (and reaches D1 for push); the statement's totals equal the
// ledger's for the month.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { periodBounds } from "../../src/shared/protection";
import type { PlayView, Statement } from "../../src/shared/schemas/play";
import type { BetLeg } from "../../src/shared/schemas/bets";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf } from "./bets-helpers";
import { api, postJson, sent, signIn } from "./helpers";

const MIN = 60_000;
const HOUR_MS = 60 * MIN;
const DAY_MS = 24 * HOUR_MS;
/** A Wednesday noon Eastern. */
const WEDNESDAY = periodBounds("day", Date.UTC(2026, 9, 14, 17)).start + 12 * HOUR_MS;

async function oneLeg(): Promise<BetLeg> {
  const [event] = await openEvents(1);
  return { ...pickOf(event!, "Moneyline", "Home"), home: event!.home, away: event!.away, startTime: event!.startTime };
}

async function player() {
  const signedIn = await signIn();
  const wallet = getUserWallet(env, signedIn.userId);
  const leg = await oneLeg();
  const bet = (amount: number, now: number) =>
    wallet.placeBets(
      signedIn.userId,
      { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: "coins", amount, legs: [leg] },
      now,
    );
  return { ...signedIn, wallet, leg, bet };
}

describe("the daily play-time limit", () => {
  it("counts a minute once across tabs, stops bets and purchases once reached, and resumes the next Eastern day", async () => {
    const { userId, wallet, bet } = await player();
    await wallet.setPlayLimits(userId, { dailyPlayMinutes: 3 }, DAY_MS, WEDNESDAY - HOUR_MS);
    // Two tabs beat in the same minute: one minute.
    await wallet.heartbeat(userId, WEDNESDAY);
    expect((await wallet.heartbeat(userId, WEDNESDAY + 20_000)).minutesToday).toBe(1);
    await wallet.heartbeat(userId, WEDNESDAY + MIN);
    expect((await bet(10, WEDNESDAY + MIN + 1000)).ok).toBe(true);
    expect((await wallet.heartbeat(userId, WEDNESDAY + 2 * MIN)).minutesToday).toBe(3);

    const refused = await bet(10, WEDNESDAY + 2 * MIN + 1000);
    expect(sent(refused)).toMatchObject({ status: 403, code: "time-limit" });
    expect(sent(refused).message).toMatch(/^You have reached your daily play-time limit of 3 minutes\. Bets and purchases resume /);
    const purchase = await wallet.reservePurchase(
      userId,
      { holdId: crypto.randomUUID(), amountCents: 499, holdMs: HOUR_MS },
      WEDNESDAY + 3 * MIN,
    );
    expect(purchase).toMatchObject({ ok: false, code: "time-limit" });

    const thursday = periodBounds("day", WEDNESDAY).end + 1000;
    expect((await wallet.getPlay(userId, thursday)).minutesToday).toBe(0);
    expect((await bet(10, thursday)).ok).toBe(true);
    // The bet is play: its minute is Thursday's first.
    expect((await wallet.getPlay(userId, thursday)).minutesToday).toBe(1);
  });

  it("the heartbeat route answers minutes played and left", async () => {
    const { token } = await player();
    expect((await api("/api/play/limits", { method: "PUT", token, body: JSON.stringify({ dailyPlayMinutes: 10 }) })).status).toBe(200);
    const beat = await postJson("/api/play/heartbeat", {}, token);
    expect(beat.status).toBe(200);
    const view = (await beat.json()) as PlayView;
    expect(view.minutesToday).toBe(1);
    expect(view.minutesLeft).toBe(9);
    expect(view.realityCheck.session).toMatchObject({ minutes: 1, staked: { coins: 0, cash: 0 } });
    expect((await postJson("/api/play/heartbeat", {})).status).toBe(401);
  });
});

describe("reality checks", () => {
  it("a due check refuses bets until it is answered; each answer starts the next interval", async () => {
    const { userId, wallet, bet } = await player();
    await wallet.setPlayLimits(userId, { realityCheckMinutes: 30 }, DAY_MS, WEDNESDAY - HOUR_MS);
    for (let minute = 0; minute <= 30; minute += 5) await wallet.heartbeat(userId, WEDNESDAY + minute * MIN);
    expect((await bet(100, WEDNESDAY + 29 * MIN)).ok).toBe(true);

    const due = await bet(100, WEDNESDAY + 30 * MIN);
    expect(sent(due)).toMatchObject({ status: 403, code: "reality-check-due" });
    const play = await wallet.getPlay(userId, WEDNESDAY + 30 * MIN);
    expect(play.realityCheckDueAt).toBe(WEDNESDAY + 30 * MIN);
    // Seven heartbeat minutes and the bet's own minute (29).
    expect(play.sessionFigures).toEqual({ minutes: 8, staked: { coins: 100, cash: 0 }, net: { coins: -100, cash: 0 } });

    await wallet.answerRealityCheck(userId, "keep-playing", WEDNESDAY + 31 * MIN);
    expect((await bet(100, WEDNESDAY + 32 * MIN)).ok).toBe(true);
    for (let minute = 35; minute <= 60; minute += 5) await wallet.heartbeat(userId, WEDNESDAY + minute * MIN);
    expect(await bet(100, WEDNESDAY + 61 * MIN)).toMatchObject({ code: "reality-check-due" });

    // "Take a break" answers it and starts a 24-hour break.
    await wallet.answerRealityCheck(userId, "take-break", WEDNESDAY + 62 * MIN);
    expect(await bet(100, WEDNESDAY + 63 * MIN)).toMatchObject({ code: "self-excluded" });
    expect(await bet(100, WEDNESDAY + 62 * MIN + DAY_MS + 1000)).toMatchObject({ ok: true });
  });

  it("an answer before the check is due changes nothing: answering ahead cannot put a check off", async () => {
    const { userId, wallet, bet } = await player();
    await wallet.setPlayLimits(userId, { realityCheckMinutes: 30 }, DAY_MS, WEDNESDAY - HOUR_MS);
    for (let minute = 0; minute <= 30; minute += 5) {
      await wallet.answerRealityCheck(userId, "keep-playing", WEDNESDAY + minute * MIN - 1000);
      await wallet.heartbeat(userId, WEDNESDAY + minute * MIN);
    }
    expect(await bet(100, WEDNESDAY + 30 * MIN)).toMatchObject({ code: "reality-check-due" });
    expect((await wallet.getPlay(userId, WEDNESDAY + 30 * MIN)).realityCheckDueAt).toBe(WEDNESDAY + 30 * MIN);
  });

  it("tightening the setting never answers a check: one due stays due, one ahead falls at the earlier time", async () => {
    const { userId, wallet, bet } = await player();
    await wallet.setPlayLimits(userId, { realityCheckMinutes: 90 }, DAY_MS, WEDNESDAY - HOUR_MS);
    for (let minute = 0; minute <= 90; minute += 5) await wallet.heartbeat(userId, WEDNESDAY + minute * MIN);
    expect(await bet(100, WEDNESDAY + 90 * MIN)).toMatchObject({ code: "reality-check-due" });
    // Due at 90 minutes; a stricter setting then leaves it due.
    await wallet.setPlayLimits(userId, { realityCheckMinutes: 60 }, DAY_MS, WEDNESDAY + 91 * MIN);
    expect(await bet(100, WEDNESDAY + 91 * MIN)).toMatchObject({ code: "reality-check-due" });
    expect((await wallet.getPlay(userId, WEDNESDAY + 91 * MIN)).realityCheckDueAt).toBe(WEDNESDAY + 90 * MIN);
    // Answered at 92, the next is due at 152; tightened to 30 at 140, it falls at 152, not 170.
    await wallet.answerRealityCheck(userId, "keep-playing", WEDNESDAY + 92 * MIN);
    for (let minute = 95; minute <= 140; minute += 5) await wallet.heartbeat(userId, WEDNESDAY + minute * MIN);
    await wallet.setPlayLimits(userId, { realityCheckMinutes: 30 }, DAY_MS, WEDNESDAY + 140 * MIN);
    expect((await wallet.getPlay(userId, WEDNESDAY + 140 * MIN)).realityCheckDueAt).toBe(WEDNESDAY + 152 * MIN);
    // Tightened to 10 at 145: still 152, the earlier of 152 and 155.
    await wallet.heartbeat(userId, WEDNESDAY + 145 * MIN);
    await wallet.setPlayLimits(userId, { realityCheckMinutes: 10 }, DAY_MS, WEDNESDAY + 145 * MIN);
    expect((await wallet.getPlay(userId, WEDNESDAY + 145 * MIN)).realityCheckDueAt).toBe(WEDNESDAY + 152 * MIN);
  });

  it("a session that ended (no heartbeat for 10 minutes) has nothing due; the next one starts afresh", async () => {
    const { userId, wallet, bet } = await player();
    await wallet.setPlayLimits(userId, { realityCheckMinutes: 30 }, DAY_MS, WEDNESDAY - HOUR_MS);
    for (let minute = 0; minute <= 30; minute += 5) await wallet.heartbeat(userId, WEDNESDAY + minute * MIN);
    expect(await bet(100, WEDNESDAY + 30 * MIN)).toMatchObject({ code: "reality-check-due" });
    await wallet.heartbeat(userId, WEDNESDAY + 45 * MIN);
    expect((await bet(100, WEDNESDAY + 46 * MIN)).ok).toBe(true);
  });

  it("a client that bets without the app's heartbeats meets its reality check and its time limit all the same", async () => {
    const { userId, wallet, bet } = await player();
    await wallet.setPlayLimits(userId, { realityCheckMinutes: 30, dailyPlayMinutes: 20 }, DAY_MS, WEDNESDAY - HOUR_MS);
    // Bets every five minutes, and not one heartbeat: the first starts the session.
    for (let minute = 0; minute < 30; minute += 5) expect((await bet(10, WEDNESDAY + minute * MIN)).ok).toBe(true);
    expect(await bet(10, WEDNESDAY + 30 * MIN)).toMatchObject({ ok: false, code: "reality-check-due" });
    const play = await wallet.getPlay(userId, WEDNESDAY + 30 * MIN);
    expect(play.minutesToday).toBe(6);
    expect(play.sessionFigures).toMatchObject({ minutes: 6, staked: { coins: 60, cash: 0 } });

    // Answered, betting goes on, each bet a minute of play, until the daily time limit.
    await wallet.answerRealityCheck(userId, "keep-playing", WEDNESDAY + 30 * MIN);
    for (let minute = 31; minute < 45; minute++) expect((await bet(10, WEDNESDAY + minute * MIN)).ok).toBe(true);
    expect(await bet(10, WEDNESDAY + 45 * MIN)).toMatchObject({ ok: false, code: "time-limit" });
    expect((await wallet.getPlay(userId, WEDNESDAY + 45 * MIN)).minutesToday).toBe(20);
  });

  it("over HTTP: the answer route and its validation", async () => {
    const { token } = await player();
    expect((await postJson("/api/play/reality-check", { answer: "later" }, token)).status).toBe(400);
    const answered = await postJson("/api/play/reality-check", { answer: "keep-playing" }, token);
    expect(answered.status).toBe(200);
    expect(((await answered.json()) as PlayView).realityCheck.due).toBe(false);
  });
});

describe("nudges near a limit", () => {
  it("one nudge at 80% of a loss limit, saying what is left, projected to D1 for push", async () => {
    const { userId, wallet, bet, token } = await player();
    await wallet.setPlayLimits(userId, { dailyLossCoins: 200 }, DAY_MS, Date.now() - HOUR_MS);
    expect((await bet(100, Date.now())).ok).toBe(true);
    expect((await wallet.getPlay(userId, Date.now())).nudges).toEqual([]);
    expect((await bet(70, Date.now())).ok).toBe(true);
    expect((await bet(10, Date.now())).ok).toBe(true);
    const { nudges } = await wallet.getPlay(userId, Date.now());
    expect(nudges).toHaveLength(1);
    expect(nudges[0]!.message).toMatch(/^You have 30 Coins left of your daily Coins loss limit of 200 Coins\. It resets /);
    await wallet.flushOutbox();
    const row = await env.DB.prepare("SELECT limit_name, message FROM player_nudges WHERE user_id = ?").bind(userId).first();
    expect(row).toEqual({ limit_name: "dailyLossCoins", message: nudges[0]!.message });

    const seen = (await (await postJson("/api/play/nudges/seen", { ids: [nudges[0]!.id] }, token)).json()) as PlayView;
    expect(seen.nudges).toEqual([]);
  });

  it("a nudge at 80% of the daily play-time limit, from heartbeats", async () => {
    const { userId, wallet } = await player();
    await wallet.setPlayLimits(userId, { dailyPlayMinutes: 5 }, DAY_MS, WEDNESDAY - HOUR_MS);
    for (let minute = 0; minute < 3; minute++) await wallet.heartbeat(userId, WEDNESDAY + minute * MIN);
    expect((await wallet.getPlay(userId, WEDNESDAY + 3 * MIN)).nudges).toEqual([]);
    const snapshot = await wallet.heartbeat(userId, WEDNESDAY + 3 * MIN);
    expect(snapshot.nudges.map((n) => n.message)).toEqual([
      expect.stringMatching(/^You have 1 minute left of your daily play-time limit of 5 minutes\./),
    ]);
  });

  it("no play-time nudge to a player on a break, whose open app still beats", async () => {
    const { userId, wallet } = await player();
    await wallet.setPlayLimits(userId, { dailyPlayMinutes: 5 }, DAY_MS, WEDNESDAY - HOUR_MS);
    await wallet.takeBreak(userId, "24h", WEDNESDAY - MIN);
    for (let minute = 0; minute <= 4; minute++) await wallet.heartbeat(userId, WEDNESDAY + minute * MIN);
    expect((await wallet.getPlay(userId, WEDNESDAY + 4 * MIN)).nudges).toEqual([]);
  });
});

describe("My statement", () => {
  it("this month's totals equal the ledger's, line by line", async () => {
    const { userId, wallet, bet, leg, token } = await player();
    const now = Date.now();
    expect((await bet(300, now)).ok).toBe(true);
    expect((await bet(200, now)).ok).toBe(true);
    await wallet.applyEventResults(userId, [{ eventId: leg.eventId, homeScore: 0, awayScore: 2 }], now);
    await wallet.claimDailyBonus(userId, now);
    await wallet.setPlayLimits(userId, { dailyLossCoins: 250 }, DAY_MS, now);
    expect((await bet(100, now)).ok).toBe(false);
    await wallet.heartbeat(userId, now);

    const statement = (await (await api("/api/play/statement", { token })).json()) as Statement;
    const month = statement.months[0]!;
    const ledger = await wallet.getLedger(userId, now);
    const sum = (currency: string, reasons?: string[]) =>
      ledger.filter((r) => r.currency === currency && (!reasons || reasons.includes(r.reason))).reduce((total, r) => total + r.amount, 0);
    expect(month.coins.total).toBe(sum("coins"));
    expect(month.coins.stakes).toBe(sum("coins", ["bet_stake"]));
    expect(month.coins.stakes).toBe(-500);
    expect(month.coins.results).toBe(sum("coins", ["bet_payout", "bet_correction"]));
    expect(month.coins.bonuses).toBe(sum("coins", ["daily_bonus", "streak_bonus"]));
    expect(month.coins.net).toBe(month.coins.stakes + month.coins.results);
    expect(month.cash.total * 100).toBe(sum("cash"));
    expect(month.minutesPlayed).toBe(1);
    expect(month.limitsReached).toEqual([{ name: "dailyLossCoins", label: "Daily Coins loss limit", at: expect.any(String) }]);
    const audit = await wallet.auditLedger(userId, now);
    expect(month.coins.total).toBe(audit.coins.ledgerSum);
  });
});
