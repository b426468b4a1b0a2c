// The player's ledger, and the only way wallet code touches money. A Ledger lives for
// exactly one synchronous `transactionSync` on the Durable Object's SQLite storage: read, check and write happen
// with no `await` in between, so no other request can interleave. Every balance change
// goes through `post`, which writes the ledger row and the new balance together, refuses
// to go below zero, and refuses a (currency, reason, reference) that already posted.
// Money that comes back (`takeBack`) takes what the balance holds and records the rest as
// owed (the `owed_ledger`); every credit that `post` writes then repays what is owed
// first, as its own ledger row, so no credit path can forget to. Each row is also a
// transfer with a house account (accounts.ts), posted in the same transaction: for each
// currency the player's balance and the house accounts sum to zero.
import type { WalletKind } from "../../src/shared/money";
import type { WalletBalances } from "../../src/shared/schemas/user";
import type { BetDocument } from "../../src/shared/schemas/bets";
import { TUNABLES, type Tunables } from "../tunables";
import { HOUSE_ACCOUNT_OF, type LedgerReason, postHouseSide, postHouseTransfer } from "./accounts";
import { NEW_BET_VERSION } from "./bet-rows";
import { writeOutboxRow } from "./outbox";
import { playthroughOnBet, playthroughOnLedger, playthroughState } from "./playthrough";
import { purchaseHoldsInTx } from "./purchase-holds";
import type { CashHeld } from "./cash-held";
import type { WalletSql } from "./wallet-sql";

export type { LedgerReason } from "./accounts";

export type LedgerEntry = { currency: WalletKind; amount: number; reason: LedgerReason; reference: string };

export type PostResult = { ok: true; balanceAfter: number } | { ok: false; code: "insufficient-funds" | "duplicate" | "invalid-amount" };

/** What a take-back moved: `taken` left the balance, `owed` was recorded as owed. */
export type TakeBackResult = { ok: true; taken: number; owed: number } | { ok: false; code: "duplicate" | "invalid-amount" };

type WalletRow = {
  user_id: string;
  coins: number;
  cash_cents: number;
  last_bonus_day_et: string;
  bonus_streak: number;
  version: number;
};

/**
 * A question one feature's in-wallet code asks of another (may this stake be placed, is
 * this payee verified), declared by the asking feature and answered by the root
 * composition, so neither imports the other. Asked through `Ledger.use`, inside the same
 * transaction as the money it gates.
 */
export class WalletPort<T> {
  /** The answer's type, for `use` (no value at runtime). */
  declare readonly answer: T;
  constructor(readonly name: string) {}
}

/** The root composition's answer to each port: [port, implementation] pairs. */
export type WalletPortBindings = ReadonlyMap<WalletPort<unknown>, unknown>;

/** Vantage Cash in the player's pending redemptions (payments answers it), for `CashHeld`. */
export const PENDING_REDEMPTIONS = new WalletPort<(tx: Ledger) => number>("pending redemptions");

export class Ledger {
  private changed = false;
  readonly changedBets = new Map<string, BetDocument>();
  /** The stored version of changed bets whose writer knew it. */
  private readonly betVersions = new Map<string, number>();
  /** CASH_PLAYTHROUGH for this transaction (see playthrough.ts); the wallet sets it from its configuration. */
  cashPlaythrough = Number(TUNABLES.CASH_PLAYTHROUGH.default);
  /** PURCHASE_HOLD_DAYS for this transaction (see purchase-holds.ts); the wallet sets it from its configuration. */
  purchaseHoldDays = Number(TUNABLES.PURCHASE_HOLD_DAYS.default);
  /** The wallet's validated configuration, for in-wallet code's own settings; null where a transaction runs without one. */
  tunables: Tunables | null = null;

  private ports: WalletPortBindings = new Map();
  /**
   * The wallet row and what is owed, as this transaction last read or wrote them: a bet
   * consults the balances from several checks, and only this class writes either table.
   * The row's balances are written to storage once, by `finish`, which every transaction
   * that goes on to commit calls.
   */
  private walletRow: WalletRow | null = null;
  private readonly owedNow = new Map<WalletKind, number>();

  constructor(
    readonly sql: WalletSql,
    readonly userId: string,
    readonly now: number,
  ) {}

  /** Uses the given CASH_PLAYTHROUGH (the caller's configuration) when one is given. */
  withCashPlaythrough(multiplier: number | undefined): this {
    if (multiplier !== undefined) this.cashPlaythrough = multiplier;
    return this;
  }

  /** Uses the given PURCHASE_HOLD_DAYS (the caller's configuration) when one is given. */
  withPurchaseHoldDays(days: number | undefined): this {
    if (days !== undefined) this.purchaseHoldDays = days;
    return this;
  }

  /** Hands in the wallet's configuration (the object's env, validated). */
  withTunables(config: Tunables): this {
    this.tunables = config;
    return this;
  }

  /** Hands in the root composition's answers to the features' ports. */
  withPorts(ports: WalletPortBindings): this {
    this.ports = ports;
    return this;
  }

  /** The composition's answer to `port`; a port nobody answers is a composition error. */
  use<T>(port: WalletPort<T>): T {
    const answer = this.ports.get(port as WalletPort<unknown>);
    if (answer === undefined) throw new Error(`wallet composition: nothing answers the port "${port.name}"`);
    return answer as T;
  }

  private row(): WalletRow {
    if (this.walletRow) return this.walletRow;
    const row = this.sql
      .exec<WalletRow>("SELECT user_id, coins, cash_cents, last_bonus_day_et, bonus_streak, version FROM wallet WHERE id = 1")
      .toArray()[0];
    if (!row) throw new Error("wallet is not open");
    this.walletRow = { ...row };
    return this.walletRow;
  }

  balances(): WalletBalances {
    const row = this.row();
    return {
      coinBalance: row.coins,
      vantageCash: row.cash_cents,
      lastBonusDayET: row.last_bonus_day_et,
      bonusStreak: row.bonus_streak,
      owedCoins: this.owed("coins"),
      owedCash: this.owed("cash"),
    };
  }

  /** What the player owes in this currency: the newest owed-ledger row's `owed_after`. */
  owed(currency: WalletKind): number {
    const known = this.owedNow.get(currency);
    if (known !== undefined) return known;
    const row = this.sql.rows<{ owed_after: number }>(
      ["owed_ledger"],
      "SELECT owed_after FROM owed_ledger WHERE currency = ? ORDER BY seq DESC LIMIT 1",
      currency,
    )[0];
    const owed = row?.owed_after ?? 0;
    this.owedNow.set(currency, owed);
    return owed;
  }

  balance(currency: WalletKind): number {
    const row = this.row();
    return currency === "coins" ? row.coins : row.cash_cents;
  }

  /** True when this (currency, reason, reference) has already posted, to the ledger or the owed ledger. */
  hasPosted(currency: WalletKind, reason: LedgerReason, reference: string): boolean {
    return (
      this.sql
        .exec<{ posted: number }>(
          `SELECT EXISTS (SELECT 1 FROM ledger WHERE currency = ?1 AND reason = ?2 AND reference = ?3)
               OR EXISTS (SELECT 1 FROM owed_ledger WHERE currency = ?1 AND reason = ?2 AND reference = ?3) AS posted`,
          currency,
          reason,
          reference,
        )
        .one().posted === 1
    );
  }

  /**
   * Applies one ledger entry and the balance it changes, or nothing. A credit then repays
   * what is owed in its currency first: a debit row `owed_repayment` (reference
   * `<reason>:<reference>`, so it is as idempotent as the credit) beside an owed-ledger
   * row; only the rest stays as balance.
   */
  post(entry: LedgerEntry): PostResult {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) return { ok: false, code: "invalid-amount" };
    if (this.hasPosted(entry.currency, entry.reason, entry.reference)) return { ok: false, code: "duplicate" };
    const after = this.balance(entry.currency) + entry.amount;
    if (after < 0) return { ok: false, code: "insufficient-funds" };
    this.writeLedger(entry, after);
    if (entry.amount < 0) return { ok: true, balanceAfter: after };
    const owed = this.owed(entry.currency);
    const repay = Math.min(owed, entry.amount);
    if (repay === 0) return { ok: true, balanceAfter: after };
    const reference = `${entry.reason}:${entry.reference}`;
    this.writeLedger({ currency: entry.currency, amount: -repay, reason: "owed_repayment", reference }, after - repay);
    this.writeOwed({ currency: entry.currency, amount: -repay, reason: "owed_repayment", reference }, owed - repay);
    return { ok: true, balanceAfter: after - repay };
  }

  /**
   * Takes `amount` back (a positive number): what the balance holds leaves it as one
   * ledger row, the rest is recorded as owed under the same reason and reference. The
   * balance never goes below zero; either row alone makes a replay a duplicate.
   */
  takeBack(entry: LedgerEntry): TakeBackResult {
    if (!Number.isSafeInteger(entry.amount) || entry.amount <= 0) return { ok: false, code: "invalid-amount" };
    if (this.hasPosted(entry.currency, entry.reason, entry.reference)) return { ok: false, code: "duplicate" };
    const balance = this.balance(entry.currency);
    const taken = Math.min(balance, entry.amount);
    const owed = entry.amount - taken;
    if (taken > 0) this.writeLedger({ ...entry, amount: -taken }, balance - taken);
    if (owed > 0) this.writeOwed({ ...entry, amount: owed }, this.owed(entry.currency) + owed);
    return { ok: true, taken, owed };
  }

  private writeLedger(entry: LedgerEntry, after: number): void {
    // The balance reaches the wallet row in `finish`, with the version: one write per transaction.
    this.row()[entry.currency === "coins" ? "coins" : "cash_cents"] = after;
    this.sql.exec(
      "INSERT INTO ledger (currency, amount, balance_after, reason, reference, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      entry.currency,
      entry.amount,
      after,
      entry.reason,
      entry.reference,
      this.now,
    );
    postHouseSide(this.sql, entry.currency, HOUSE_ACCOUNT_OF[entry.reason], entry.amount);
    playthroughOnLedger(this, entry, after);
    this.changed = true;
  }

  /**
   * An owed-ledger row. What a take-back could not take (a positive amount) is paid to its
   * house account by `owed`, the house's receivable; a repayment (negative) moved `owed`
   * with its own ledger row already.
   */
  private writeOwed(entry: LedgerEntry, after: number): void {
    this.sql.exec(
      "INSERT INTO owed_ledger (currency, amount, owed_after, reason, reference, created_at) VALUES (?, ?, ?, ?, ?, ?)",
      entry.currency,
      entry.amount,
      after,
      entry.reason,
      entry.reference,
      this.now,
    );
    this.owedNow.set(entry.currency, after);
    if (entry.amount > 0) postHouseTransfer(this.sql, entry.currency, "owed", HOUSE_ACCOUNT_OF[entry.reason], entry.amount);
    this.changed = true;
  }

  /** Bonus bookkeeping that is not money (the day and streak live beside the balances). */
  setBonusState(lastBonusDayET: string, bonusStreak: number): void {
    this.sql.exec("UPDATE wallet SET last_bonus_day_et = ?, bonus_streak = ? WHERE id = 1", lastBonusDayET, bonusStreak);
    Object.assign(this.row(), { last_bonus_day_et: lastBonusDayET, bonus_streak: bonusStreak });
    this.changed = true;
  }

  /** A change that is not money (an operator's audit row): the commit still goes out through the outbox. */
  noteChange(): void {
    this.changed = true;
  }

  /**
   * Records a bet document written in this transaction, for the projection and live push;
   * `storedVersion` when the writer knows it (a bet just inserted), else `finish` reads it.
   */
  betChanged(bet: BetDocument, storedVersion?: number): void {
    playthroughOnBet(this, bet);
    this.changedBets.set(bet.id, bet);
    if (storedVersion === undefined) this.betVersions.delete(bet.id);
    else this.betVersions.set(bet.id, storedVersion);
    this.changed = true;
  }

  /** What holds the cash back now, for the projection (null without the composition's ports). */
  private cashHeld(balanceCents: number): CashHeld | null {
    const pending = this.ports.get(PENDING_REDEMPTIONS as WalletPort<unknown>) as ((tx: Ledger) => number) | undefined;
    if (!pending) return null;
    return {
      toPlayCents: Math.min(balanceCents, playthroughState(this, balanceCents).cashToPlay),
      purchaseHolds: purchaseHoldsInTx(this),
      pendingRedemptionCents: pending(this),
    };
  }

  /**
   * Called by the wallet once the operation's work is done, still inside the transaction:
   * a change bumps the version and writes its outbox rows; a read-only one reads nothing more.
   */
  finish(): { changed: boolean } {
    if (this.changed) {
      const row = this.row();
      this.sql.exec("UPDATE wallet SET coins = ?, cash_cents = ?, version = version + 1 WHERE id = 1", row.coins, row.cash_cents);
      row.version += 1;
      const version = row.version;
      const balances = this.balances();
      const cashHeld = this.cashHeld(balances.vantageCash);
      writeOutboxRow(this.sql, "balances", { userId: this.userId, ...balances, version, updatedAt: this.now, cashHeld }, this.now);
      for (const bet of this.changedBets.values()) {
        const version =
          this.betVersions.get(bet.id) ??
          this.sql.exec<{ version: number }>("SELECT version FROM bets WHERE id = ?", bet.id).toArray()[0]?.version ??
          NEW_BET_VERSION;
        writeOutboxRow(this.sql, "bet", { userId: this.userId, bet, version }, this.now);
      }
      return { changed: true };
    }
    return { changed: false };
  }
}
