// Settlement on Cloudflare Queues: one scheduled run sends a message per player and the
// local queue's consumer settles the whole crowd; a redelivered batch pays nothing twice;
// a message whose wallet keeps failing is retried with back-off, then recorded from the
// dead-letter queue for operators, who can list and replay it.
//
// The crowd here is 100 players, every one of them checked; `npm run bench` settles a
// 1,000-player crowd the same way (one scheduled run plus the queue drain) and reports
// its throughput.
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { gradeLeg } from "../../src/shared/grading";
import type { EventScore } from "../../src/shared/schemas/events";
import { simulatedScores } from "../../worker/odds/simulator/simulator-provider";
import worker from "../../worker/index";
import { SETTLEMENT_DLQ_NAME, SETTLEMENT_QUEUE_NAME, type SettlementMessage } from "../../worker/settlement/settlement-message";
import { retryDelaySeconds } from "../../worker/settlement/settlement-queue";
import { type DeadLetter, replayDeadLetter } from "../../worker/settlement/dead-letters";
import { api, postJson, recordFinal, signIn, type SignedIn } from "./helpers";
import {
  betOf,
  coins,
  drained,
  expectLedgerBalanced,
  latestRunId,
  leg,
  newEventId,
  newUserId,
  openBet,
  payoutRows,
  runRow,
  seedBets,
} from "./settlement-fixtures";

const CROWD = 100;
const STAKE = 100;
const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]

type QueuedMessage = { id: string; timestamp: Date; attempts: number; body: unknown };

/** The settlement queue, recording every message body it forwards to the real (local) queue. */
function recordingQueue(sent: SettlementMessage[]): Queue<SettlementMessage> {
  return {
    send: async (body, options) => {
      sent.push(body);
      return env.SETTLEMENT_QUEUE.send(body, options);
    },
    sendBatch: async (messages, options) => {
      for (const m of messages) sent.push(m.body);
      return env.SETTLEMENT_QUEUE.sendBatch(messages, options);
    },
    metrics: () => env.SETTLEMENT_QUEUE.metrics(),
  };
}

function queued(bodies: unknown[], attempts: number): QueuedMessage[] {
  return bodies.map((body) => ({ id: crypto.randomUUID().replace(/-/g, ""), timestamp: new Date(), attempts, body }));
}

/** Delivers a batch straight to the Worker's queue() handler, as the platform would. */
async function deliver(queueName: string, messages: QueuedMessage[], withEnv: Env = env) {
  const batch = createMessageBatch<unknown>(queueName, messages);
  const ctx = createExecutionContext();
  await worker.queue(batch, withEnv);
  return getQueueResult(batch, ctx);
}

/** An env whose wallets are all unreachable (a Durable Object outage). */
function walletOutage(): Env {
  const down = {
    idFromName: (name: string) => env.USER_WALLET.idFromName(name),
    get: () => ({
      applyEventResults: async () => {
        throw new Error("wallet unavailable");
      },
    }),
  };
  return { ...env, USER_WALLET: down } as unknown as Env;
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

function payoutFor(final: EventScore): number {
  const result = gradeLeg(
    { market: "Moneyline", side: "Home", line: null },
    { homeScore: final.homeScore!, awayScore: final.awayScore! },
    final.sport,
  );
  return result === "win" ? STAKE * 2 : result === "push" ? STAKE : 0;
}

describe("a crowd on one game", () => {
  const sent: SettlementMessage[] = [];
  const players: { user: string; betId: string }[] = [];
  let final: EventScore;

  beforeAll(async () => {
    const row = await env.DB.prepare("SELECT offset_ms FROM sim_clock WHERE id = 1").first<{ offset_ms: number }>();
    const finished = simulatedScores("basketball_nba", 1, Date.now() + (row?.offset_ms ?? 0)).filter((s) => s.completed);
    // A home win when there is one, so every player in the crowd is owed a payout.
    const found = finished.find((s) => s.homeScore! > s.awayScore!) ?? finished[0];
    if (!found) throw new Error("the simulator has no finished NBA game in the last day");
    final = found;
    const bets = Array.from({ length: CROWD }, () => ({
      user: newUserId(),
      bet: openBet([leg({ eventId: final.eventId, league: "basketball_nba", side: "Home", priceAm: 100, startTime: final.startTime })], {
        stake: STAKE,
      }),
    }));
    players.push(...bets.map(({ user, bet }) => ({ user, betId: bet.id })));
    await inBatches(bets, 25, ({ user, bet }) => seedBets(user, [bet]));
  }, 60_000);

  it("settles a crowd's bets from one scheduled run plus the queue drain", async () => {
    const ctx = createExecutionContext();
    const cronEnv = { ...env, SETTLEMENT_QUEUE: recordingQueue(sent) } as Env;
    await worker.scheduled(createScheduledController({ cron: "*/2 * * * *", scheduledTime: Date.now() }), cronEnv, ctx);
    await waitOnExecutionContext(ctx);

    const runId = await latestRunId();
    expect(await runRow(runId)).toMatchObject({ trigger: "cron */2 * * * *", messagesEnqueued: CROWD, pending: false });
    expect(sent).toHaveLength(CROWD);
    expect(new Set(sent.map((m) => m.userId)).size).toBe(CROWD);
    expect(sent.every((m) => m.outcomes.length === 1 && m.runId === runId)).toBe(true);

    const run = await drained(runId, 60_000);
    expect(run).toMatchObject({ walletsSettled: CROWD, betsSettled: CROWD, legsGraded: CROWD, walletErrors: 0 });

    const open = await env.DB.prepare("SELECT COUNT(*) AS n FROM bet_legs WHERE event_id = ? AND result IS NULL")
      .bind(final.eventId)
      .first<{ n: number }>();
    expect(open?.n).toBe(0);
    const graded = await env.DB.prepare("SELECT graded_at FROM events WHERE event_id = ?")
      .bind(final.eventId)
      .first<{ graded_at: number | null }>();
    expect(graded?.graded_at).not.toBeNull();
    const payout = payoutFor(final);
    await inBatches(players, 10, async ({ user, betId }) => {
      expect(await betOf(user, betId)).toMatchObject({ status: "settled", payoutPaid: payout });
      expect(await payoutRows(user, betId)).toHaveLength(payout > 0 ? 1 : 0);
      expect(await coins(user)).toBe(5000 - STAKE + payout);
      await expectLedgerBalanced(user);
    });
  }, 120_000);

  it("a redelivered batch pays nothing twice", async () => {
    expect(sent.length).toBeGreaterThanOrEqual(100);
    const redelivered = queued(sent.slice(0, 100), 2);
    const result = await deliver(SETTLEMENT_QUEUE_NAME, redelivered);
    expect(result.outcome).toBe("ok");
    expect(result.retryMessages).toEqual([]);
    expect(new Set(result.explicitAcks)).toEqual(new Set(redelivered.map((m) => m.id)));

    const payout = payoutFor(final);
    const byUser = new Map(players.map((p) => [p.user, p.betId]));
    await inBatches(sent.slice(0, 100), 10, async ({ userId }) => {
      expect(await payoutRows(userId, byUser.get(userId)!)).toHaveLength(payout > 0 ? 1 : 0);
      expect(await coins(userId)).toBe(5000 - STAKE + payout);
    });
    const run = await runRow(sent[0]!.runId!);
    expect(run.betsSettled).toBe(CROWD);
  }, 60_000);
});

describe("messages that cannot be settled", () => {
  let admin: SignedIn;
  let player: SignedIn;

  beforeAll(async () => {
    admin = await signIn(ADMIN_EMAIL, "Operator");
    player = await signIn();
  }, 60_000);

  async function openBetOnFinishedGame() {
    const eventId = newEventId();
    const user = newUserId();
    const bet = openBet([leg({ eventId, league: "icehockey_nhl", side: "Away", priceAm: 150 })], { stake: 200 });
    await seedBets(user, [bet]);
    const message: SettlementMessage = { v: 1, userId: user, outcomes: [{ eventId, homeScore: 1, awayScore: 3 }], runId: null };
    return { user, bet, message };
  }

  it("retries a failed wallet call with growing back-off and acks nothing", async () => {
    const { user, bet, message } = await openBetOnFinishedGame();
    for (const [attempts, delaySeconds] of [
      [1, 5],
      [4, 40],
    ] as const) {
      const [delivery] = queued([message], attempts);
      const batch = createMessageBatch<unknown>(SETTLEMENT_QUEUE_NAME, [delivery!]);
      const retry = vi.spyOn(batch.messages[0]!, "retry");
      const ctx = createExecutionContext();
      await worker.queue(batch, walletOutage());
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([delivery!.id]);
      expect(retry).toHaveBeenCalledWith({ delaySeconds });
    }
    expect((await betOf(user, bet.id)).status).toBe("open");
  }, 60_000);

  it("back-off doubles from the base up to the maximum", () => {
    const t = { SETTLEMENT_RETRY_BASE_SECONDS: 5, SETTLEMENT_RETRY_MAX_SECONDS: 600 };
    expect([1, 2, 3, 7, 8, 9, 50].map((a) => retryDelaySeconds(a, t))).toEqual([5, 10, 20, 320, 600, 600, 600]);
  });

  it("a poisoned message ends in the dead-letter table, and an operator's replay settles it once", async () => {
    const { user, bet, message } = await openBetOnFinishedGame();
    const [poisoned] = queued([message], 11);
    // Retries exhausted: the platform moves the message to the dead-letter queue.
    const dead = await deliver(SETTLEMENT_DLQ_NAME, [poisoned!]);
    expect(dead.ackAll).toBe(true);
    const row = await env.DB.prepare("SELECT * FROM settlement_dead_letters WHERE id = ?").bind(poisoned!.id).first();
    expect(row).toMatchObject({ user_id: user, attempts: 11, replayed_at: null, replay_count: 0 });
    expect(JSON.parse(String(row?.body))).toEqual(message);

    // The same dead letter delivered twice is recorded once.
    await deliver(SETTLEMENT_DLQ_NAME, [poisoned!]);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM settlement_dead_letters WHERE id = ?")
      .bind(poisoned!.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);

    const listed = await api("/api/admin/dead-letters", { token: admin.token });
    expect(listed.status).toBe(200);
    const { deadLetters } = (await listed.json()) as { deadLetters: DeadLetter[] };
    expect(deadLetters.find((d) => d.id === poisoned!.id)).toMatchObject({ userId: user, replayedAt: null });

    const replay = await postJson(`/api/admin/dead-letters/${poisoned!.id}/replay`, {}, admin.token);
    expect(replay.status).toBe(202);
    expect(await replay.json()).toMatchObject({ queued: true, deadLetter: { id: poisoned!.id, replayedBy: ADMIN_EMAIL, replayCount: 1 } });
    await vi.waitUntil(async () => (await betOf(user, bet.id)).status === "settled", { timeout: 20_000, interval: 20 });
    expect(await betOf(user, bet.id)).toMatchObject({ result: "win", payoutPaid: 500 });

    // A second replay (a double click) pays nothing more.
    expect((await postJson(`/api/admin/dead-letters/${poisoned!.id}/replay`, {}, admin.token)).status).toBe(202);
    await deliver(SETTLEMENT_QUEUE_NAME, queued([message], 1));
    expect(await payoutRows(user, bet.id)).toHaveLength(1);
    expect(await coins(user)).toBe(5000 - 200 + 500);
    const open = (await (await api("/api/admin/dead-letters?status=open", { token: admin.token })).json()) as { deadLetters: DeadLetter[] };
    expect(open.deadLetters.some((d) => d.id === poisoned!.id)).toBe(false);
  }, 60_000);

  it("a message retried after a correction grades on the result as it stands now, not the one it was sent with", async () => {
    const { user, bet, message } = await openBetOnFinishedGame();
    // Sent with 1-3 (the Away bet wins); the result was corrected to 3-1 before its retry came.
    const eventId = message.outcomes[0]!.eventId;
    await env.DB.prepare(
      `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
       VALUES (?, 'icehockey_nhl', 'Oilers', 'Flames', ?, 'final', 3, 1, ?, ?)`,
    )
      .bind(eventId, Date.now() - 4 * 3_600_000, Date.now(), Date.now())
      .run();
    const result = await deliver(SETTLEMENT_QUEUE_NAME, queued([message], 3));
    expect(result.retryMessages).toEqual([]);
    expect(await betOf(user, bet.id)).toMatchObject({ status: "settled", result: "loss", payoutPaid: 0 });
    expect(await payoutRows(user, bet.id)).toHaveLength(0);
  });

  it("a replay grades on the result as it stands now, not the one the letter carried", async () => {
    const { user, bet, message } = await openBetOnFinishedGame();
    const [poisoned] = queued([message], 11);
    await deliver(SETTLEMENT_DLQ_NAME, [poisoned!]);
    // The letter says 1-3 (the Away bet wins); the result was corrected to 3-1 since.
    const eventId = message.outcomes[0]!.eventId;
    await env.DB.prepare(
      `INSERT INTO events (event_id, sport, home, away, start_time, status, home_score, away_score, graded_at, updated_at)
       VALUES (?, 'icehockey_nhl', 'Oilers', 'Flames', ?, 'final', 3, 1, ?, ?)`,
    )
      .bind(eventId, Date.now() - 4 * 3_600_000, Date.now(), Date.now())
      .run();
    expect((await postJson(`/api/admin/dead-letters/${poisoned!.id}/replay`, {}, admin.token)).status).toBe(202);
    await vi.waitUntil(async () => (await betOf(user, bet.id)).status === "settled", { timeout: 20_000, interval: 20 });
    expect(await betOf(user, bet.id)).toMatchObject({ result: "loss", payoutPaid: 0 });
    expect(await payoutRows(user, bet.id)).toHaveLength(0);
  }, 60_000);

  it("a replay whose audit row cannot be written sends nothing and is not recorded", async () => {
    const { message } = await openBetOnFinishedGame();
    const [poisoned] = queued([message], 11);
    await deliver(SETTLEMENT_DLQ_NAME, [poisoned!]);
    const sent: unknown[] = [];
    const queue = { send: async (body: unknown) => void sent.push(body) } as unknown as Queue<SettlementMessage>;
    const replay = replayDeadLetter(poisoned!.id, {
      db: env.DB,
      queue,
      operator: ADMIN_EMAIL,
      now: Date.now(),
      // An audit row D1 refuses (no such table), as when the write fails.
      audit: () => env.DB.prepare("INSERT INTO no_such_audit_table (id) VALUES (1)"),
    });
    await expect(replay).rejects.toThrow();
    expect(sent).toEqual([]);
    const row = await env.DB.prepare("SELECT replayed_at, replay_count FROM settlement_dead_letters WHERE id = ?")
      .bind(poisoned!.id)
      .first<{ replayed_at: number | null; replay_count: number }>();
    expect(row).toEqual({ replayed_at: null, replay_count: 0 });
  }, 60_000);

  it("an unreadable message is recorded at once (no retry can fix it) and cannot be replayed", async () => {
    const [garbled] = queued([{ v: 1, userId: "", outcomes: "nope" }], 1);
    const result = await deliver(SETTLEMENT_QUEUE_NAME, [garbled!]);
    expect(result.explicitAcks).toEqual([garbled!.id]);
    expect(result.retryMessages).toEqual([]);
    const row = await env.DB.prepare("SELECT user_id, reason FROM settlement_dead_letters WHERE id = ?")
      .bind(garbled!.id)
      .first<{ user_id: string | null; reason: string }>();
    expect(row?.user_id).toBeNull();
    expect(row?.reason).toMatch(/^unreadable message/);
    const replay = await postJson(`/api/admin/dead-letters/${garbled!.id}/replay`, {}, admin.token);
    expect(replay.status).toBe(409);
    expect(((await replay.json()) as { error: { code: string } }).error.code).toBe("not-replayable");
  }, 60_000);

  it("only operators see dead letters and runs or replay (404 to everyone else, as for the whole console API)", async () => {
    expect((await api("/api/admin/dead-letters", { token: player.token })).status).toBe(404);
    expect((await api("/api/admin/settlement/runs", { token: player.token })).status).toBe(404);
    expect((await postJson("/api/admin/dead-letters/x/replay", {}, player.token)).status).toBe(404);
    expect((await api("/api/admin/dead-letters")).status).toBe(404);
    const missing = await postJson("/api/admin/dead-letters/no-such-letter/replay", {}, admin.token);
    expect(missing.status).toBe(404);
    expect((await api("/api/admin/dead-letters?status=maybe", { token: admin.token })).status).toBe(400);
  }, 60_000);

  it("operators see each run's messages and how far the queue got", async () => {
    const { message } = await openBetOnFinishedGame();
    const eventId = message.outcomes[0]!.eventId;
    const posted = await recordFinal(eventId, { homeScore: 2, awayScore: 5 }, admin, await signIn("ops@vantage.test", "Second operator"));
    expect(posted.status).toBe(200);
    const { runId } = posted.answer as { runId: number };
    await drained(runId);
    const res = await api("/api/admin/settlement/runs?limit=5", { token: admin.token });
    expect(res.status).toBe(200);
    const { runs } = (await res.json()) as {
      runs: {
        id: number;
        trigger: string;
        messagesEnqueued: number;
        walletsSettled: number;
        betsSettled: number;
        drainedAt: number | null;
      }[];
    };
    expect(runs.length).toBeLessThanOrEqual(5);
    expect(runs.find((r) => r.id === runId)).toMatchObject({
      trigger: "admin",
      messagesEnqueued: 1,
      walletsSettled: 1,
      betsSettled: 1,
      drainedAt: expect.any(Number),
    });
  }, 60_000);
});

describe("queues that never lose a message", () => {
  /** An env whose D1 refuses every batch (an outage), logging errors only. */
  function d1Outage(): Env {
    const down = {
      prepare: (sql: string) => env.DB.prepare(sql),
      batch: async () => {
        throw new Error("D1_ERROR: database unavailable");
      },
    };
    return { ...env, DB: down, LOG_LEVEL: "error" } as unknown as Env;
  }

  it("a dead letter that cannot be recorded stays on its queue (retried, not acked) and raises an alert", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const message: SettlementMessage = { v: 1, userId: newUserId(), outcomes: [{ eventId: newEventId(), void: true }], runId: null };
    const [dead] = queued([message], 11);
    const result = await deliver(SETTLEMENT_DLQ_NAME, [dead!], d1Outage());
    expect(result.ackAll).toBe(false);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryBatch.retry).toBe(true);
    const row = await env.DB.prepare("SELECT id FROM settlement_dead_letters WHERE id = ?").bind(dead!.id).first();
    expect(row).toBeNull();
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: "alert", outcome: "dead-letters-unrecorded", level: "error" }));

    // Once D1 answers again the redelivered letter is recorded and acked.
    const later = await deliver(SETTLEMENT_DLQ_NAME, [{ ...dead!, attempts: 12 }]);
    expect(later.ackAll).toBe(true);
    expect(await env.DB.prepare("SELECT user_id FROM settlement_dead_letters WHERE id = ?").bind(dead!.id).first()).toEqual({
      user_id: message.userId,
    });
    error.mockRestore();
  });

  it("an unreadable message that cannot be recorded is retried, not acked", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const [garbled] = queued([{ v: 1, userId: "", outcomes: "nope" }], 1);
    const result = await deliver(SETTLEMENT_QUEUE_NAME, [garbled!], d1Outage());
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([garbled!.id]);
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ event: "alert", outcome: "dead-letters-unrecorded" }));
    error.mockRestore();
  });

  it("reads the queue names from the deployment's vars, so staging's queues are consumed under staging's names", async () => {
    const staging = { ...env, SETTLEMENT_QUEUE_NAME: "vantage-staging-settlement", SETTLEMENT_DLQ_NAME: "vantage-staging-settlement-dlq" };
    const message: SettlementMessage = { v: 1, userId: newUserId(), outcomes: [{ eventId: newEventId(), void: true }], runId: null };
    const [dead] = queued([message], 11);
    expect((await deliver("vantage-staging-settlement-dlq", [dead!], staging)).ackAll).toBe(true);
    expect(await env.DB.prepare("SELECT id FROM settlement_dead_letters WHERE id = ?").bind(dead!.id).first()).toEqual({ id: dead!.id });
    // Under staging's names the development queue is nobody's: retried, never acked.
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const stray = await deliver(SETTLEMENT_DLQ_NAME, queued([message], 1), { ...staging, LOG_LEVEL: "error" } as Env);
    expect(stray.ackAll).toBe(false);
    expect(stray.retryBatch.retry).toBe(true);
    error.mockRestore();
  });
});
