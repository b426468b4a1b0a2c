// One Durable Object per player: the only writer of that player's Coins and Vantage
// Cash. Each RPC method runs its whole read-check-write inside one synchronous
// `transactionSync` (see WalletTx), then, outside the critical section, pushes the change
// to the player's open tabs over hibernating WebSockets and schedules the outbox's drain
// to D1 on the object's alarm, WALLET_OUTBOX_FLUSH_DELAY_MS later, so a player's bets in
// that window reach D1 in one batch (settlement drains at once, as it needs D1 current).
// RPC methods return result values; they never throw domain errors.
import { DurableObject } from "cloudflare:workers";
import { OPENING_CASH_CENTS, OPENING_COINS } from "../../src/shared/money";
import type { BetDocument, LiveMessage } from "../../src/shared/schemas/bets";
import type { WalletBalances } from "../../src/shared/schemas/user";
import { projectionStatements, type OutboxRow } from "./wallet-projection";
import { WALLET_SCHEMA, WALLET_SCHEMA_VERSION } from "./wallet-schema";
import { WalletTx, type LedgerReason } from "./wallet-tx";
import { loggerFor } from "../logging/logger";
import { tunables } from "../tunables";
import { claimDailyBonusInTx, type DailyBonusResult } from "./bonus-operations";
import { creditPurchaseInTx, type CreditPurchaseInput, type CreditPurchaseResult } from "./purchase-operations";
import {
  completeRedemptionInTx,
  failRedemptionInTx,
  listRedemptionsInTx,
  requestRedemptionInTx,
  type RedemptionResult,
} from "./redemption-operations";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { applyEventOutcomes, type EventOutcome, type SettlementSummary } from "./settlement-operations";
import {
  findPlacement,
  listBetsInTx,
  placeBetsInTx,
  type BetsCursor,
  type ListBetsInput,
  type PlaceBetsInput,
  type PlaceBetsResult,
} from "./bet-operations";

/** Outbox retry back-off: 1 s doubling to at most 5 minutes, forever. */
const OUTBOX_RETRY_BASE_MS = 1_000;
const OUTBOX_RETRY_MAX_MS = 300_000;
const OUTBOX_BATCH = 50;
/** D1 statements per batch: a parlay row carries one per leg, so rows are packed up to this. */
const OUTBOX_MAX_STATEMENTS = 100;
/** Bets pushed to a socket when it connects, so a (re)connected tab resyncs at once. */
const LIVE_SNAPSHOT_BETS = 50;
/** Open live sockets kept per player; the oldest is closed beyond this. */
const LIVE_MAX_SOCKETS = 20;
/** Sub-protocol the SPA offers beside its token (see worker/live/live-routes.ts). */
export const LIVE_PROTOCOL = "vantage.live.v1";

export type LedgerRow = {
  seq: number;
  currency: "coins" | "cash";
  amount: number;
  balanceAfter: number;
  reason: LedgerReason;
  reference: string;
  createdAt: number;
};

/** Thrown inside a transaction to roll it back while carrying the result out. */
class Rollback<T> {
  constructor(readonly result: T) {}
}

export type { LiveMessage };

export class UserWallet extends DurableObject<Env> {
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  /** Whether the last drain failed (so a success must reset the stored attempt count). */
  private outboxFailed = true;
  /** When the alarm this object last set will drain the outbox (null: none known). */
  private drainAt: number | null = null;
  private socketSeq = 0;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
    ctx.blockConcurrencyWhile(async () => {
      const sql = ctx.storage.sql;
      for (const statement of WALLET_SCHEMA) sql.exec(statement);
      sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)", String(WALLET_SCHEMA_VERSION));
    });
  }

  /**
   * Runs `work` as one atomic step for `userId`, opening the wallet on first use with
   * the opening balance as its first ledger row. If `work` returns `{ ok: false }` the
   * transaction is rolled back, so a refused operation changes nothing.
   */
  protected transact<T extends { ok: boolean }>(userId: string, now: number, work: (tx: WalletTx) => T): T {
    let changedBets: BetDocument[] = [];
    let changed = false;
    let result: T;
    try {
      result = this.ctx.storage.transactionSync(() => {
        const opened = this.openWallet(userId, now);
        const tx = new WalletTx(this.ctx.storage.sql, userId, now);
        const value = work(tx);
        if (!value.ok) throw new Rollback(value);
        const finished = tx.finish();
        changed = finished.changed || opened;
        changedBets = [...tx.changedBets.values()];
        return value;
      });
    } catch (err) {
      if (err instanceof Rollback) return err.result as T;
      throw err;
    }
    if (changed) this.afterCommit(changedBets);
    return result;
  }

  /** Read-only view inside a transaction (opens the wallet if new). */
  protected read<T>(userId: string, now: number, work: (tx: WalletTx) => T): T {
    return this.transact(userId, now, (tx) => ({ ok: true as const, value: work(tx) })).value;
  }

  /** Creates the wallet on first use; true when it did. */
  private openWallet(userId: string, now: number): boolean {
    const sql = this.ctx.storage.sql;
    const existing = sql.exec<{ user_id: string }>("SELECT user_id FROM wallet WHERE id = 1").toArray()[0];
    if (existing) {
      if (existing.user_id !== userId) throw new Error("wallet belongs to another user");
      return false;
    }
    sql.exec(
      "INSERT INTO wallet (id, user_id, coins, cash_cents, version, created_at) VALUES (1, ?, 0, 0, 0, ?)",
      userId,
      now,
    );
    const tx = new WalletTx(sql, userId, now);
    tx.post({ currency: "coins", amount: OPENING_COINS, reason: "opening_balance", reference: "opening" });
    if (OPENING_CASH_CENTS > 0) {
      tx.post({ currency: "cash", amount: OPENING_CASH_CENTS, reason: "opening_balance", reference: "opening" });
    }
    tx.finish();
    return true;
  }

  async getBalances(userId: string, now: number): Promise<WalletBalances> {
    const balances = this.read(userId, now, (tx) => tx.balances());
    return balances;
  }

  /** The ledger, newest first; operators and tests use it to audit the invariant. */
  async getLedger(userId: string, now: number, limit = 500): Promise<LedgerRow[]> {
    return this.read(userId, now, (tx) =>
      tx.sql
        .exec<{
          seq: number;
          currency: "coins" | "cash";
          amount: number;
          balance_after: number;
          reason: LedgerReason;
          reference: string;
          created_at: number;
        }>("SELECT * FROM ledger ORDER BY seq DESC LIMIT ?", limit)
        .toArray()
        .map((r) => ({
          seq: r.seq,
          currency: r.currency,
          amount: r.amount,
          balanceAfter: r.balance_after,
          reason: r.reason,
          reference: r.reference,
          createdAt: r.created_at,
        })),
    );
  }

  /** Ledger sums per currency next to the balances: equal, always. */
  async auditLedger(userId: string, now: number) {
    return this.read(userId, now, (tx) => {
      const sums = tx.sql
        .exec<{ currency: "coins" | "cash"; total: number }>("SELECT currency, SUM(amount) AS total FROM ledger GROUP BY currency")
        .toArray();
      const sum = (c: "coins" | "cash") => sums.find((s) => s.currency === c)?.total ?? 0;
      const balances = tx.balances();
      return {
        coins: { balance: balances.coinBalance, ledgerSum: sum("coins") },
        cash: { balance: balances.vantageCash, ledgerSum: sum("cash") },
        pendingOutbox: tx.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM outbox").one().n,
      };
    });
  }

  /**
   * Settlement (worker/wallet/settlement-operations.ts): grades this player's open legs
   * on the given finished or voided events and pays what became final, at most once.
   * Waits for the D1 projection (even when nothing changed, a lagging one is caught up)
   * so the caller's next query sees the graded legs.
   */
  async applyEventResults(userId: string, outcomes: EventOutcome[], now: number): Promise<SettlementSummary> {
    const summary = this.transact(userId, now, (tx) => applyEventOutcomes(tx, outcomes));
    if (summary.ungradable.length > 0) loggerFor(this.env).warn(`settlement: voided ungradable ${summary.ungradable.join("; ")}`);
    await this.flushOutbox();
    return summary;
  }

  // ---- bets (logic in bet-operations.ts) ----

  /** Places a confirmed slip: replay, checks, debit, bets and stored answer, atomically. */
  async placeBets(userId: string, input: PlaceBetsInput, now: number): Promise<PlaceBetsResult> {
    return this.transact(userId, now, (tx) => placeBetsInTx(tx, input));
  }

  /** The stored answer to an Idempotency-Key, so a retry skips re-pricing entirely. */
  async findPlacement(userId: string, idempotencyKey: string, requestHash: string, now: number): Promise<PlaceBetsResult | null> {
    return this.read(userId, now, (tx) => findPlacement(tx, idempotencyKey, requestHash));
  }

  async listBets(userId: string, input: ListBetsInput, now: number): Promise<{ bets: BetDocument[]; next: BetsCursor | null }> {
    return this.read(userId, now, (tx) => listBetsInTx(tx, input));
  }

  // ---- money in and out: daily bonus, coin packs, redemptions (logic in *-operations.ts) ----

  async claimDailyBonus(userId: string, now: number): Promise<DailyBonusResult> {
    return this.transact(userId, now, (tx) => claimDailyBonusInTx(tx));
  }

  async creditPurchase(userId: string, input: CreditPurchaseInput, now: number): Promise<CreditPurchaseResult> {
    return this.transact(userId, now, (tx) => creditPurchaseInTx(tx, input));
  }

  async requestRedemption(userId: string, input: { amountCents: number; redemptionId: string }, now: number): Promise<RedemptionResult> {
    return this.transact(userId, now, (tx) => requestRedemptionInTx(tx, input));
  }

  async completeRedemption(userId: string, input: { redemptionId: string; payoutReference: string }, now: number): Promise<RedemptionResult> {
    return this.transact(userId, now, (tx) => completeRedemptionInTx(tx, input));
  }

  async failRedemption(userId: string, input: { redemptionId: string; reason: string }, now: number): Promise<RedemptionResult> {
    return this.transact(userId, now, (tx) => failRedemptionInTx(tx, input));
  }

  async listRedemptions(userId: string, now: number): Promise<Redemption[]> {
    return this.read(userId, now, (tx) => listRedemptionsInTx(tx));
  }

  // ---- after a change: projection and live push (outside the critical section) ----

  private afterCommit(changedBets: BetDocument[]): void {
    this.scheduleDrain(Date.now() + tunables(this.env).WALLET_OUTBOX_FLUSH_DELAY_MS);
    if (this.ctx.getWebSockets().length === 0) return;
    const balances = this.ctx.storage.sql
      .exec<{ coins: number; cash_cents: number; last_bonus_day_et: string; bonus_streak: number }>(
        "SELECT coins, cash_cents, last_bonus_day_et, bonus_streak FROM wallet WHERE id = 1",
      )
      .one();
    this.broadcast({
      type: "balances",
      balances: {
        coinBalance: balances.coins,
        vantageCash: balances.cash_cents,
        lastBonusDayET: balances.last_bonus_day_et,
        bonusStreak: balances.bonus_streak,
      },
    });
    if (changedBets.length > 0) this.broadcast({ type: "bets", bets: changedBets });
  }

  /**
   * Makes sure the alarm drains the outbox by `due`: one storage write per window however
   * many commits fall in it. The alarm is durable, so a drain outlives this isolate.
   */
  private scheduleDrain(due: number): void {
    if (this.drainAt !== null && this.drainAt <= due) return;
    this.drainAt = due;
    this.ctx.waitUntil(this.ctx.storage.setAlarm(due));
  }

  /** Drains the outbox to D1; concurrent callers share one drain. */
  async flushOutbox(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.flushAgain = false;
          await this.drainOutbox();
        } while (this.flushAgain);
        if (this.outboxFailed) {
          await this.ctx.storage.put("outbox_attempts", 0);
          this.outboxFailed = false;
        }
      } catch (err) {
        loggerFor(this.env).warn("wallet outbox flush failed; will retry", err);
        const attempts = ((await this.ctx.storage.get<number>("outbox_attempts")) ?? 0) + 1;
        await this.ctx.storage.put("outbox_attempts", attempts);
        this.outboxFailed = true;
        const delay = Math.min(OUTBOX_RETRY_MAX_MS, OUTBOX_RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 20));
        this.drainAt = Date.now() + delay;
        await this.ctx.storage.setAlarm(this.drainAt);
      } finally {
        this.flushing = null;
      }
    })();
    return this.flushing;
  }

  private async drainOutbox(): Promise<void> {
    for (;;) {
      const rows = this.ctx.storage.sql
        .exec<OutboxRow>("SELECT seq, topic, payload FROM outbox ORDER BY seq LIMIT ?", OUTBOX_BATCH)
        .toArray();
      if (rows.length === 0) return;
      // Only the newest balances row of a batch matters (each carries the whole state).
      const lastBalances = rows.findLast((row) => row.topic === "balances")?.seq;
      const statements: D1PreparedStatement[] = [];
      let last = rows[0]!.seq;
      for (const row of rows) {
        if (row.topic === "balances" && row.seq !== lastBalances) {
          last = row.seq;
          continue;
        }
        const next = projectionStatements(this.env.DB, row);
        if (statements.length > 0 && statements.length + next.length > OUTBOX_MAX_STATEMENTS) break;
        statements.push(...next);
        last = row.seq;
      }
      if (statements.length > 0) await this.env.DB.batch(statements);
      this.ctx.storage.sql.exec("DELETE FROM outbox WHERE seq <= ?", last);
    }
  }

  async alarm(): Promise<void> {
    this.drainAt = null;
    await this.flushOutbox();
  }

  // ---- live updates over hibernating WebSockets ----

  /** Accepts a live connection already authenticated by the Worker (see /api/live). */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") {
      return new Response("expected a websocket upgrade", { status: 426 });
    }
    const userId = request.headers.get("X-Vantage-User-Id");
    if (!userId) return new Response("missing user", { status: 400 });
    const pair = new WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    // getWebSockets() has no defined order: each socket carries when it connected.
    const connectedAt = (ws: WebSocket) => (ws.deserializeAttachment() as { at: number; n: number } | null) ?? { at: 0, n: 0 };
    const open = this.ctx
      .getWebSockets()
      .sort((a, b) => connectedAt(a).at - connectedAt(b).at || connectedAt(a).n - connectedAt(b).n);
    for (const stale of open.slice(0, Math.max(0, open.length - LIVE_MAX_SOCKETS + 1))) {
      try {
        stale.close(4000, "too many connections");
      } catch {
        // already closing
      }
    }
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ at: Date.now(), n: ++this.socketSeq });
    const snapshot = this.read(userId, Date.now(), (tx) => ({
      balances: tx.balances(),
      bets: listBetsInTx(tx, { limit: LIVE_SNAPSHOT_BETS }).bets,
    }));
    server.send(JSON.stringify({ type: "balances", balances: snapshot.balances } satisfies LiveMessage));
    server.send(JSON.stringify({ type: "bets", bets: snapshot.bets } satisfies LiveMessage));
    const offered = (request.headers.get("Sec-WebSocket-Protocol") ?? "").split(",").map((p) => p.trim());
    const headers = offered.includes(LIVE_PROTOCOL) ? { "Sec-WebSocket-Protocol": LIVE_PROTOCOL } : undefined;
    return new Response(null, { status: 101, webSocket: client, headers });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "ping") ws.send("pong");
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    const sendable = code === 1000 || (code >= 3000 && code <= 4999);
    try {
      ws.close(sendable ? code : 1000, "closing");
    } catch {
      // Already closed (the runtime may have answered the close itself).
    }
  }

  protected broadcast(message: LiveMessage): void {
    const text = JSON.stringify(message);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
      } catch {
        // A socket closing as we send is dropped; the client reconnects and resyncs.
      }
    }
  }
}
