// The money kernel's Durable Object: one per player, the only writer of that player's
// Coins and Vantage Cash. It knows storage, the transaction, the ledger and its house
// accounts, bets and holds, the outbox and the live sockets — no feature. Features bring
// their RPC methods as method tables (`WalletMethodTable`): plain functions that take the
// kernel's `WalletHost` first, installed on the composed class at the Worker's root
// (worker/user-wallet.ts) with `installWalletMethods`. Each route reaches the one stub
// through `walletOf`, typed only with its own feature's methods (`WalletMethods`), so no
// feature imports another's in-wallet code and no extra RPC hop appears.
//
// Every method runs its whole read-check-write inside one synchronous `transactionSync`
// through `transact`; after a commit the change goes out: to D1 through the outbox
// (outbox.ts) and to the player's open tabs over the live sockets (live-sockets.ts). The
// object's one alarm runs the features' alarm work around draining the outbox and closing
// expired sockets. Before anything is served the storage is brought up the migration ladder the
// composition hands in (schema-migrations.ts). RPC methods return result values; they never
// throw domain errors.
import { DurableObject } from "cloudflare:workers";
import { OPENING_CASH_CENTS, OPENING_COINS } from "../../src/shared/money";
import type { BetDocument } from "../../src/shared/schemas/bets";
import { tunables } from "../tunables";
import { listBetsInTx } from "./bet-rows";
import { Ledger, type WalletPortBindings } from "./ledger";
import { LiveSockets } from "./live-sockets";
import { armAlarm, Outbox } from "./outbox";
import type { WalletProjectors } from "./projection";
import { migrateWalletSchema, type WalletMigration } from "./schema-migrations";
import { WalletSql } from "./wallet-sql";

/** What a feature's in-wallet code may ask of the wallet it runs in. */
export type WalletHost = {
  readonly env: Env;
  /**
   * Runs `work` as one atomic step for `userId`, opening the wallet on first use with the
   * opening balance as its first ledger row. If `work` returns `{ ok: false }` the
   * transaction is rolled back, so a refused operation changes nothing.
   */
  transact<T extends { ok: boolean }>(userId: string, now: number, work: (tx: Ledger) => T): T;
  /** A read-only view inside a transaction (opens the wallet if new). */
  read<T>(userId: string, now: number, work: (tx: Ledger) => T): T;
  /** Drains the outbox to D1 now; concurrent callers share one drain. */
  flushOutbox(): Promise<void>;
  /** Rings the object's one alarm by `at` (sooner if already set sooner). */
  wakeBy(at: number): Promise<void>;
  /** The player this wallet belongs to, or null before it opened. */
  owner(): string | null;
  /** Closes the live sockets opened under one sign-in; answers how many. */
  closeLiveSockets(sessionId: string, refuseUntil: number): Promise<number>;
};

/** What the root composition hands the kernel: the storage ladder, the features' projectors and their hooks. */
export type WalletComposition = {
  migrations: readonly WalletMigration[];
  projectors: WalletProjectors;
  /** The answers to the ports the features' in-wallet code asks (see WalletPort). */
  ports: WalletPortBindings;
  /** Runs at the end of every transaction that goes on to commit (a limit change due now is announced by it). */
  beforeCommit(tx: Ledger): void;
  /** The features' part of the alarm before the outbox drains (what it writes goes out in this drain). */
  beforeDrain(host: WalletHost, now: number): Promise<void>;
  /** The features' part of the alarm after the drain and the sockets' expiry (work that calls out, such as payouts). */
  afterDrain(host: WalletHost, now: number): Promise<void>;
};

/**
 * A feature's RPC methods: each takes the host first, then what the caller sends. Every
 * parameter list fits `never[]` (a method's own parameters are typed where it is defined).
 */
export type WalletMethodTable = Record<string, (host: WalletHost, ...args: never[]) => unknown>;

/** How the installed prototype method calls a table's method with what RPC handed it. */
type InstalledCall = (host: WalletHost, ...args: unknown[]) => unknown;

/** The stub-side view of a method table: the host dropped, every answer a promise. */
export type WalletMethods<T extends WalletMethodTable> = {
  [K in keyof T]: T[K] extends (host: WalletHost, ...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/**
 * The player's wallet stub, typed with only the methods the caller names (a type-only
 * narrowing of the one stub: the object serves every feature's methods). The id must come
 * from the verified token in the request context, never from a request body.
 */
export function walletOf<M>(env: Env, userId: string): M {
  const namespace = env.USER_WALLET;
  // The binding's stub serves every installed method table; M names the part this caller uses.
  return namespace.get(namespace.idFromName(userId)) as unknown as M;
}

/**
 * Whether `error` came from `userId`'s wallet: an RPC method that threw there, or the
 * object failing (reset, overloaded). Errors from a Durable Object carry its id.
 */
export function isWalletError(env: Env, userId: string, error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("durableObjectId" in error)) return false;
  return String(error.durableObjectId) === env.USER_WALLET.idFromName(userId).toString();
}

/**
 * Answers kept for Idempotency-Keys (placements, cash-outs: the `idempotency` table) are
 * replayed for this long; the alarm prunes older ones, once per drain rather than once per
 * write.
 */
export const IDEMPOTENCY_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

/** Thrown inside a transaction to roll it back while carrying the result out. */
class Rollback<T> {
  constructor(readonly result: T) {}
}

export abstract class WalletObject extends DurableObject<Env> {
  private readonly outbox: Outbox;
  private readonly live: LiveSockets;
  /** Every statement the object runs goes through this, so the state reads it remembers stay exact (wallet-sql.ts). */
  private readonly sql: WalletSql;
  /** Handed to every installed method: the kernel's services, never exposed over RPC (prototype methods only are). */
  protected readonly host: WalletHost;

  constructor(
    ctx: DurableObjectState,
    env: Env,
    private readonly composition: WalletComposition,
  ) {
    super(ctx, env);
    this.sql = new WalletSql(ctx.storage.sql);
    this.outbox = new Outbox(ctx, () => this.env, composition.projectors, this.sql);
    this.live = new LiveSockets(ctx);
    this.host = {
      env,
      transact: (userId, now, work) => this.transactSync(userId, now, work),
      read: (userId, now, work) => this.readSync(userId, now, work),
      flushOutbox: () => this.outbox.flush(),
      wakeBy: (at) => armAlarm(this.ctx.storage, at),
      owner: () => this.ownerId(),
      closeLiveSockets: (sessionId, refuseUntil) => this.live.closeSession(sessionId, refuseUntil),
    };
    // Before anything is served: the storage is brought up the migration ladder, or, when
    // it is newer than this code, the object fails to start and serves nothing. Nothing has
    // been read yet, so the ladder's statements need not pass through `this.sql`.
    ctx.blockConcurrencyWhile(async () => {
      migrateWalletSchema(ctx.storage, composition.migrations);
    });
  }

  private transactSync<T extends { ok: boolean }>(userId: string, now: number, work: (tx: Ledger) => T): T {
    let changedBets: BetDocument[] = [];
    let changed = false;
    let result: T;
    try {
      result = this.ctx.storage.transactionSync(() => {
        const opened = this.openWallet(userId, now);
        const config = tunables(this.env);
        const tx = new Ledger(this.sql, userId, now)
          .withTunables(config)
          .withPorts(this.composition.ports)
          .withCashPlaythrough(config.CASH_PLAYTHROUGH)
          .withPurchaseHoldDays(config.PURCHASE_HOLD_DAYS);
        const value = work(tx);
        if (!value.ok) throw new Rollback(value);
        this.composition.beforeCommit(tx);
        const finished = tx.finish();
        changed = finished.changed || opened;
        changedBets = [...tx.changedBets.values()];
        return value;
      });
    } catch (err) {
      // Rolled back: reads made after the transaction's writes saw rows that are gone.
      this.sql.forgetAll();
      if (err instanceof Rollback) return err.result as T;
      throw err;
    }
    if (changed) this.afterCommit(changedBets);
    return result;
  }

  private readSync<T>(userId: string, now: number, work: (tx: Ledger) => T): T {
    return this.transactSync(userId, now, (tx) => ({ ok: true as const, value: work(tx) })).value;
  }

  /** Creates the wallet on first use; true when it did. */
  private openWallet(userId: string, now: number): boolean {
    const existing = this.ownerId();
    if (existing !== null) {
      if (existing !== userId) throw new Error("wallet belongs to another user");
      return false;
    }
    const sql = this.sql;
    sql.exec("INSERT INTO wallet (id, user_id, coins, cash_cents, version, created_at) VALUES (1, ?, 0, 0, 0, ?)", userId, now);
    const tx = new Ledger(sql, userId, now);
    tx.post({ currency: "coins", amount: OPENING_COINS, reason: "opening_balance", reference: "opening" });
    if (OPENING_CASH_CENTS > 0) {
      tx.post({ currency: "cash", amount: OPENING_CASH_CENTS, reason: "opening_balance", reference: "opening" });
    }
    tx.finish();
    return true;
  }

  /** Whose wallet this is; once known it never changes (the wallet row is written once, when it opens). */
  private knownOwner: string | null = null;

  private ownerId(): string | null {
    this.knownOwner ??= this.sql.exec<{ user_id: string }>("SELECT user_id FROM wallet WHERE id = 1").toArray()[0]?.user_id ?? null;
    return this.knownOwner;
  }

  // ---- after a change, and the alarm: outbox.ts, live-sockets.ts ----

  private afterCommit(changedBets: BetDocument[]): void {
    this.outbox.scheduleDrain(Date.now() + tunables(this.env).WALLET_OUTBOX_FLUSH_DELAY_MS);
    if (!this.live.listening) return;
    const userId = this.ownerId();
    if (userId === null) return;
    this.live.broadcast({ type: "balances", balances: new Ledger(this.sql, userId, Date.now()).balances() });
    if (changedBets.length > 0) this.live.broadcast({ type: "bets", bets: changedBets });
  }

  async alarm(): Promise<void> {
    this.outbox.alarmRang();
    this.sql.exec("DELETE FROM idempotency WHERE created_at < ?", Date.now() - IDEMPOTENCY_KEEP_MS);
    await this.composition.beforeDrain(this.host, Date.now());
    await this.outbox.flush();
    this.live.closeExpired(Date.now());
    await this.live.scheduleExpiry();
    await this.composition.afterDrain(this.host, Date.now());
  }

  // ---- live updates over hibernating WebSockets (live-sockets.ts) ----

  /** Accepts a live connection already authenticated by the Worker (see /api/live). */
  async fetch(request: Request): Promise<Response> {
    return this.live.accept(request, (userId, betLimit) =>
      this.readSync(userId, Date.now(), (tx) => ({ balances: tx.balances(), bets: listBetsInTx(tx.sql, { limit: betLimit }).bets })),
    );
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    this.live.onMessage(ws, message);
  }

  async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    this.live.onClose(ws, code);
  }
}

/**
 * Installs feature method tables on the composed wallet class: each becomes a prototype
 * method (so Durable Object RPC serves it) that calls the table's function with the host.
 * A name given twice is a composition error, found when the Worker loads.
 */
export function installWalletMethods(target: abstract new (...args: never[]) => WalletObject, tables: readonly WalletMethodTable[]): void {
  const prototype = target.prototype as unknown as Record<string, unknown>;
  for (const table of tables) {
    for (const [name, method] of Object.entries(table)) {
      if (name in prototype) throw new Error(`wallet composition: method ${name} is installed twice`);
      const call = method as InstalledCall;
      prototype[name] = function (this: { host: WalletHost }, ...args: unknown[]) {
        return call(this.host, ...args);
      };
    }
  }
}
