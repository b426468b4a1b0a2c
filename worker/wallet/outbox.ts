// The wallet's outbox: how a committed change reaches D1. The transaction that changes a
// wallet also writes its outbox rows (Ledger.finish), so D1 can lag but never miss a
// change. After the commit the object's alarm drains them WALLET_OUTBOX_FLUSH_DELAY_MS
// later, so a player's bets in that window reach D1 in one batch; settlement and
// operator actions drain at once, as they need D1 current. A drain D1 refuses is
// retried by the alarm with back-off (1 s doubling to 5 minutes, forever); the attempt
// count survives restarts in the object's key-value storage (`outbox_attempts`).
//
// A batch's changed bets may add statements to the same D1 batch (the receipts of bets just
// placed), and once D1 took it they are handed to the features' relays (the games'
// exposure objects learn of bets placed, cashed out and settled this way).
//
// The same drain hands the players' alerts to the push queue (worker/push/): a settled
// bet's row and the `notice` rows (a redemption paid or failed, a limit or break taking
// effect, a nudge near a limit) become PushNotices, sent, when the player turned that kind
// on and has a browser subscribed (read in the same D1 batch, so most players' settled bets
// cost the queue nothing), after D1 accepted the batch and before the rows are deleted; a drain repeated after a
// crash sends them again, and the push consumer sends each alert once per browser (its
// `push_deliveries` claim). Alerts never hold the projection back: when the queue
// refuses them, D1 still gets the change and the alerts wait in the object's key-value
// storage (`outbox_pending_alerts`, the newest MAX_PENDING_ALERTS), sent first at the next
// drain; the refusal counts as a failed drain, so the alarm's back-off brings that drain.
//
// The object has one alarm for every wake-up (outbox drains, payout retries, live-token
// expiry, a waiting limit change taking effect); `armAlarm` is the one way to set it, so
// no purpose can push another's later.
import { betSettledNotice, type PushNotice } from "../../src/shared/push-notices";
import type { BetDocument } from "../../src/shared/schemas/bets";
import { loggerFor } from "../logging/logger";
import { type BetChange, projectionStatements, type OutboxRow, type OutboxTopic, type WalletProjectors } from "./projection";

const OUTBOX_RETRY_BASE_MS = 1_000;
const OUTBOX_RETRY_MAX_MS = 300_000;
const OUTBOX_BATCH = 50;
/** D1 statements per batch: a parlay row carries one per leg, so rows are packed up to this. */
const OUTBOX_MAX_STATEMENTS = 100;
/** Key-value storage key: failed drains in a row, for the back-off. */
const ATTEMPTS_KEY = "outbox_attempts";
/** Key-value storage key: alerts the push queue refused, sent again before newer ones. */
const PENDING_ALERTS_KEY = "outbox_pending_alerts";
/** Refused alerts kept at most; past it the oldest are dropped (and logged). */
const MAX_PENDING_ALERTS = 500;
/** Messages per `sendBatch` (the Queues limit). */
const QUEUE_BATCH = 100;

/** Writes one row for the projection; called inside the transaction that made the change. */
export function writeOutboxRow(sql: SqlStorage, topic: OutboxTopic, payload: unknown, now: number): void {
  sql.exec("INSERT INTO outbox (topic, payload, created_at) VALUES (?, ?, ?)", topic, JSON.stringify(payload), now);
}

/** Rows still waiting for D1 (audits and tests). */
export function pendingOutboxRows(sql: SqlStorage): number {
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM outbox").one().n;
}

/**
 * Sets the alarm for `at` unless it is already set to ring sooner (one alarm serves every
 * purpose). A time already gone by (a caller's clock, a test's) rings now.
 */
export async function armAlarm(storage: DurableObjectStorage, at: number): Promise<void> {
  const ringAt = Math.max(at, Date.now());
  const current = await storage.getAlarm();
  if (current === null || current > ringAt) await storage.setAlarm(ringAt);
}

export class Outbox {
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  /** Whether the last drain failed (so a success must reset the stored attempt count). */
  private failed = true;
  /** When the alarm this object last set will drain the outbox (null: none known). */
  private drainAt: number | null = null;
  /** Whether refused alerts wait in storage (null: not known since the object woke). */
  private alertsWaiting: boolean | null = null;
  /** Calls to the push queue so far, so a flush that already tried does not try again at once. */
  private alertSends = 0;

  /** `env` is read at every drain, so the D1 binding in use is always the object's current one. */
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly env: () => Env,
    private readonly projectors: WalletProjectors,
    /** The object's SQLite, as the object uses it (wallet-sql.ts). */
    private readonly sql: SqlStorage,
  ) {}

  /**
   * Makes sure the alarm drains the outbox by `due`: one storage write per window however
   * many commits fall in it. The alarm is durable, so a drain outlives this isolate.
   */
  scheduleDrain(due: number): void {
    if (this.drainAt !== null && this.drainAt <= due) return;
    this.drainAt = due;
    this.ctx.waitUntil(armAlarm(this.ctx.storage, due));
  }

  /** The alarm rang: whatever drain it was set for is now due. */
  alarmRang(): void {
    this.drainAt = null;
  }

  /** Drains the outbox to D1; concurrent callers share one drain. A failure arms the retry. */
  async flush(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        const sendsBefore = this.alertSends;
        do {
          this.flushAgain = false;
          await this.drain();
        } while (this.flushAgain);
        if (this.alertsWaiting !== false && this.alertSends === sendsBefore) await this.sendAlerts([]);
        if (this.alertsWaiting) throw new Error("the push queue refused alerts; they wait to be sent again");
        if (this.failed) {
          await this.ctx.storage.put(ATTEMPTS_KEY, 0);
          this.failed = false;
        }
      } catch (err) {
        loggerFor(this.env()).warn("wallet outbox flush failed; will retry", err);
        const attempts = ((await this.ctx.storage.get<number>(ATTEMPTS_KEY)) ?? 0) + 1;
        await this.ctx.storage.put(ATTEMPTS_KEY, attempts);
        this.failed = true;
        const delay = Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 20));
        this.drainAt = Date.now() + delay;
        await armAlarm(this.ctx.storage, this.drainAt);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  /**
   * Queues the alerts that wait, then `notices`. What the queue refuses waits in storage
   * (a repeat of a part already sent is harmless: the consumer sends each alert once).
   */
  private async sendAlerts(notices: PushNotice[]): Promise<void> {
    this.alertSends++;
    const storage = this.ctx.storage;
    const waiting = this.alertsWaiting === false ? [] : ((await storage.get<PushNotice[]>(PENDING_ALERTS_KEY)) ?? []);
    const alerts = [...waiting, ...notices];
    try {
      for (let i = 0; i < alerts.length; i += QUEUE_BATCH) {
        await this.env().PUSH_QUEUE.sendBatch(alerts.slice(i, i + QUEUE_BATCH).map((body) => ({ body })));
      }
      if (waiting.length > 0) await storage.delete(PENDING_ALERTS_KEY);
      this.alertsWaiting = false;
    } catch (err) {
      const kept = alerts.slice(-MAX_PENDING_ALERTS);
      await storage.put(PENDING_ALERTS_KEY, kept);
      this.alertsWaiting = true;
      const dropped = alerts.length - kept.length;
      loggerFor(this.env()).warn(
        `wallet outbox: ${alerts.length} alert(s) not queued; ${kept.length} wait to be sent again${dropped > 0 ? `, ${dropped} oldest dropped` : ""}`,
        err,
      );
    }
  }

  private async drain(): Promise<void> {
    const sql = this.sql;
    for (;;) {
      const rows = sql.exec<OutboxRow>("SELECT seq, topic, payload FROM outbox ORDER BY seq LIMIT ?", OUTBOX_BATCH).toArray();
      if (rows.length === 0) return;
      const db = this.env().DB;
      // Only the newest balances row of a batch matters (each carries the whole state).
      const lastBalances = rows.findLast((row) => row.topic === "balances")?.seq;
      const statements: D1PreparedStatement[] = [];
      const notices: PushNotice[] = [];
      const betChanges: BetChange[] = [];
      let last = rows[0]!.seq;
      for (const row of rows) {
        if (row.topic === "balances" && row.seq !== lastBalances) {
          last = row.seq;
          continue;
        }
        const next = projectionStatements(db, row, this.projectors);
        if (statements.length > 0 && statements.length + next.length > OUTBOX_MAX_STATEMENTS) break;
        statements.push(...next);
        const notice = noticeOf(row);
        if (notice) notices.push(notice);
        if (row.topic === "bet") betChanges.push(JSON.parse(row.payload) as BetChange);
        last = row.seq;
      }
      const now = Date.now();
      if (betChanges.length > 0) {
        const added = await Promise.all(this.projectors.betStatements.map((make) => make(this.env(), betChanges, now)));
        statements.push(...added.flat());
      }
      // Which of these alerts anyone would receive, read in the same batch: most players
      // turned no kind on, and their settled bets need no queue message.
      const alertOwners = [...new Set(notices.map((notice) => notice.userId))];
      const projected = statements.length;
      statements.push(...alertOwners.map((userId) => db.prepare(WANTED_ALERTS_SQL).bind(userId)));
      // D1's copy and the bets' relays (the games' exposure books) go out side by side: each is
      // idempotent and retried whole, and neither waits on the other, so a D1 outage does not
      // hold back the confirmation of a bet whose reservation lapses after EXPOSURE_HOLD_SECONDS.
      const sent = await Promise.allSettled([
        statements.length > 0 ? db.batch(statements) : Promise.resolve([]),
        ...this.projectors.betRelays.map((relay) => (betChanges.length > 0 ? relay(this.env(), betChanges, now) : Promise.resolve())),
      ]);
      const failed = sent.find((result) => result.status === "rejected");
      if (failed) throw failed.reason;
      const answers = (sent[0] as PromiseFulfilledResult<D1Result<{ kind: string }>[]>).value.slice(projected);
      const wanted = new Set(alertOwners.flatMap((userId, i) => (answers[i]?.results ?? []).map((row) => `${userId}:${row.kind}`)));
      const alerts = notices.filter((notice) => wanted.has(`${notice.userId}:${notice.kind}`));
      if (alerts.length > 0) await this.sendAlerts(alerts);
      sql.exec("DELETE FROM outbox WHERE seq <= ?", last);
    }
  }
}

/**
 * The kinds of alert a player turned on and has a browser subscribed for; the push consumer
 * checks again when it sends, so a kind turned off meanwhile still sends nothing.
 */
const WANTED_ALERTS_SQL = `SELECT kind FROM push_preferences WHERE user_id = ?1 AND enabled = 1
  AND EXISTS (SELECT 1 FROM push_subscriptions WHERE user_id = ?1)`;

/** The alert an outbox row carries: a settled bet's result, or a `notice` row as written. */
function noticeOf(row: OutboxRow): PushNotice | null {
  if (row.topic === "notice") return JSON.parse(row.payload) as PushNotice;
  if (row.topic !== "bet") return null;
  const { userId, bet } = JSON.parse(row.payload) as { userId: string; bet: BetDocument };
  return betSettledNotice(userId, bet);
}
