// Wallets that can evolve: a wallet holding money is moved up its storage's migration
// ladder (worker/wallet-schema.ts, run by worker/wallet/schema-migrations.ts) and keeps every balance, ledger row,
// play-through figure, open bet and pending payout; a wallet whose storage is newer than
// the code refuses to serve instead of writing to a schema the code does not know.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getUserWallet, UserWallet } from "../../worker/user-wallet";
import type { PayoutPort, PayoutTiming } from "../../worker/payments/wallet";
import { HOUSE_ACCOUNT_OF, HOUSE_ACCOUNTS, houseBalances, type LedgerReason } from "../../worker/wallet/accounts";
import { WALLET_MIGRATIONS } from "../../worker/wallet-schema";
import { migrateWalletSchema, WalletSchemaError, walletSchemaVersion, type WalletMigration } from "../../worker/wallet/schema-migrations";
import { houseAccountsByMapping } from "./double-entry-helpers";
import { verifyIdentityInWallet } from "./helpers";
import { HOUR, leg, newEventId, newUserId, openBet, seedBets, walletSqlOf } from "./settlement-fixtures";

/** A migration only this test knows, appended to the real ladder: a new column and a new table. */
const PROBE: WalletMigration = {
  version: WALLET_MIGRATIONS.length + 1,
  purpose: "Test only: a column on a table that holds rows, and a new table.",
  statements: [
    `ALTER TABLE bets ADD COLUMN migration_probe TEXT NOT NULL DEFAULT 'added'`,
    `CREATE TABLE migration_probe (id INTEGER PRIMARY KEY, note TEXT NOT NULL)`,
  ],
};

const TIMING: PayoutTiming = { retryAfterMs: HOUR, retryMaxMs: HOUR, keyReuseMs: 24 * HOUR, leaseMs: 60_000 };

/**
 * A wallet with real money state, built through its RPC methods: Coins and Vantage Cash
 * from two coin packs (the second still to be played through), an open cash bet and a
 * redemption whose payout outcome is unknown (pending, its retry scheduled).
 */
async function walletWithMoney(): Promise<{ userId: string; stub: DurableObjectStub<UserWallet> }> {
  const userId = newUserId();
  const stub = getUserWallet(env, userId);
  const now = Date.now();
  expect((await stub.confirmDateOfBirth(userId, { dateOfBirth: "1990-04-25", minAge: 18 }, now)).ok).toBe(true);
  await verifyIdentityInWallet(userId, now);
  expect((await stub.creditPurchase(userId, { checkoutSessionId: "cs_ladder_a", amountCents: 4999, cashPlaythrough: 0 }, now)).ok).toBe(
    true,
  );
  const held = await stub.requestRedemption(userId, { amountCents: 2_000, redemptionId: "rd_ladder_1", cashPlaythrough: 0 }, now);
  expect(held.ok && held.redemption.status).toBe("pending");
  const attempt = await stub.beginPayoutAttempt(userId, { redemptionId: "rd_ladder_1", timing: TIMING }, now);
  expect(attempt.run).toBe(true);
  const unknown = { kind: "unknown" as const, reason: "network connection lost" };
  await stub.finishPayoutAttempt(userId, { redemptionId: "rd_ladder_1", outcome: unknown, timing: TIMING }, now);
  expect((await stub.creditPurchase(userId, { checkoutSessionId: "cs_ladder_b", amountCents: 4999, cashPlaythrough: 1 }, now)).ok).toBe(
    true,
  );
  await seedBets(userId, [openBet([leg({ eventId: newEventId() })], { wallet: "cash", stake: 300 })], { project: false });
  await stub.flushOutbox();
  return { userId, stub };
}

/** Everything of the player's money the storage holds, column by column. */
function moneyRows(sql: SqlStorage) {
  const all = (query: string) => sql.exec(query).toArray();
  return {
    wallet: all("SELECT user_id, coins, cash_cents, last_bonus_day_et, bonus_streak, version FROM wallet"),
    ledger: all("SELECT seq, currency, amount, balance_after, reason, reference, created_at FROM ledger ORDER BY seq"),
    owed: all("SELECT seq, currency, amount, owed_after, reason, reference FROM owed_ledger ORDER BY seq"),
    toPlay: all("SELECT to_play FROM playthrough"),
    playthroughMoves: all("SELECT seq, amount, to_play_after, reason, reference FROM playthrough_moves ORDER BY seq"),
    bets: all("SELECT id, wallet, kind, status, result, stake, to_win, payout_paid, legs, leg_results, version FROM bets ORDER BY id"),
    redemptions: all("SELECT id, amount_cents, status, failure_reason, payout_reference FROM redemptions ORDER BY id"),
    payoutAttempts: all("SELECT redemption_id, idempotency_key, key_first_used_at, attempts, next_retry_at FROM payout_attempts"),
    purchases: all("SELECT checkout_session_id, amount_cents, coins, cash_cents, reversed_coins, reversed_cash FROM purchases ORDER BY 1"),
    protection: all("SELECT date_of_birth, break_until, closed FROM protection"),
  };
}

/** The same money as the player and the Worker see it, through the wallet's RPC methods. */
async function moneySeen(stub: DurableObjectStub<UserWallet>, userId: string) {
  const now = Date.now();
  return {
    redeemable: await stub.getRedeemable(userId, now, 1),
    openBets: (await stub.listBets(userId, { status: "open", limit: 50 }, now)).bets,
    redemptions: await stub.listRedemptions(userId, now),
    audit: await stub.auditLedger(userId, now),
  };
}

function schemaVersionText(sql: SqlStorage): string {
  return sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'schema_version'").one().value;
}

function tableExists(sql: SqlStorage, name: string): boolean {
  return sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", name).toArray().length > 0;
}

describe("the wallet's storage migration ladder", () => {
  it("opens a new wallet at the newest migration", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    await stub.getBalances(userId, Date.now());
    const version = await runInDurableObject(stub, (_wallet: UserWallet, state) => schemaVersionText(state.storage.sql));
    expect(version).toBe(String(WALLET_MIGRATIONS.length));
  });

  it("moves a wallet that code before the ladder left at version 1 through a new migration, keeping all of its money", async () => {
    const { userId, stub } = await walletWithMoney();
    const seenBefore = await moneySeen(stub, userId);
    expect(seenBefore.openBets).toHaveLength(1);
    expect(seenBefore.redemptions).toMatchObject([{ id: "rd_ladder_1", status: "pending" }]);
    expect(seenBefore.redeemable.cashToPlay).toBeGreaterThan(0);

    const { before, after, version, probe } = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
      const sql = state.storage.sql;
      // Code before the ladder wrote '1' on every wake, with every table of its day created.
      sql.exec("UPDATE meta SET value = '1' WHERE key = 'schema_version'");
      const before = moneyRows(sql);
      const version = migrateWalletSchema(state.storage, [...WALLET_MIGRATIONS, PROBE]);
      return {
        before,
        after: moneyRows(sql),
        version: schemaVersionText(sql),
        probe: {
          column: sql.exec<{ migration_probe: string }>("SELECT migration_probe FROM bets").toArray(),
          table: tableExists(sql, "migration_probe"),
          answered: version,
        },
      };
    });

    expect(version).toBe(String(PROBE.version));
    expect(probe).toEqual({ column: [{ migration_probe: "added" }], table: true, answered: PROBE.version });
    expect(before.ledger.length).toBeGreaterThan(3);
    expect(before.payoutAttempts).toHaveLength(1);
    expect(after).toEqual(before);
    // The wallet still serves, and the player sees the same money.
    expect(await moneySeen(stub, userId)).toEqual(seenBefore);
  });

  it("completes a version-1 wallet from before a table existed (migration 2), moving no money", async () => {
    const { userId, stub } = await walletWithMoney();
    const seenBefore = await moneySeen(stub, userId);
    const { before, after, hadOwedLedger, hasOwedLedger } = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
      const sql = state.storage.sql;
      const before = moneyRows(sql);
      // As an older build left it: marked 1, without the owed ledger that came later under the same number.
      sql.exec("DROP TABLE owed_ledger");
      sql.exec("UPDATE meta SET value = '1' WHERE key = 'schema_version'");
      const hadOwedLedger = tableExists(sql, "owed_ledger");
      migrateWalletSchema(state.storage, WALLET_MIGRATIONS);
      return { before, after: moneyRows(sql), hadOwedLedger, hasOwedLedger: tableExists(sql, "owed_ledger") };
    });
    expect({ hadOwedLedger, hasOwedLedger }).toEqual({ hadOwedLedger: false, hasOwedLedger: true });
    expect(after).toEqual(before);
    expect(await moneySeen(stub, userId)).toEqual(seenBefore);
  });

  it("moving to version 10, a raise still waiting is to be announced when it applies; changes already in effect are not", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    await stub.getBalances(userId, Date.now());
    const due = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
      const sql = state.storage.sql;
      const now = Date.now();
      const change = (name: string, to: number, askedAt: number, effectiveAt: number, cancelledAt: number | null = null) =>
        sql
          .exec<{ seq: number }>(
            `INSERT INTO limit_history (kind, name, from_value, to_value, asked_at, effective_at, cancelled_at)
             VALUES ('limit', ?, NULL, ?, ?, ?, ?) RETURNING seq`,
            name,
            to,
            askedAt,
            effectiveAt,
            cancelledAt,
          )
          .one().seq;
      // As version 9 left it: the history, and no table of alerts to send.
      sql.exec("DROP TABLE limit_alerts_due");
      sql.exec("UPDATE meta SET value = '9' WHERE key = 'schema_version'");
      change("dailyStakeCoins", 100, now - 2 * 24 * HOUR, now - 2 * 24 * HOUR);
      change("dailyStakeCoins", 500, now - 2 * 24 * HOUR, now - 24 * HOUR);
      change("dailyStakeCash", 900, now - HOUR, now + 23 * HOUR, now - 1_000);
      const waiting = change("dailyStakeCash", 1_000, now - 1_000, now + 24 * HOUR - 1_000);
      migrateWalletSchema(state.storage, WALLET_MIGRATIONS);
      return { waiting, rows: sql.exec("SELECT history_seq, due_at FROM limit_alerts_due").toArray(), at: now + 24 * HOUR - 1_000 };
    });
    expect(due.rows).toEqual([{ history_seq: due.waiting, due_at: due.at }]);
  });

  it("moving to version 19, a declined pack never refunded is owed its refund; one refunded is not; running it again changes nothing", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    await stub.getBalances(userId, Date.now());
    const owed = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
      const sql = state.storage.sql;
      const declined = (sessionId: string, refundedCents: number, at: number) => {
        sql.exec(
          `INSERT INTO purchases (checkout_session_id, payment_intent, amount_cents, coins, cash_cents, refunded_cents, created_at)
           VALUES (?, ?, 999, 0, 0, ?, ?)`,
          sessionId,
          `pi_${sessionId}`,
          refundedCents,
          at,
        );
        sql.exec("INSERT INTO declined_purchases (checkout_session_id, reason, declined_at) VALUES (?, 'break', ?)", sessionId, at);
      };
      // As version 18 left it: two declined packs, one refunded, and no table of refunds owed.
      sql.exec("DROP TABLE declined_refunds_due");
      sql.exec("UPDATE meta SET value = '18' WHERE key = 'schema_version'");
      declined("cs_refunded", 999, 1_000);
      declined("cs_owed", 0, 2_000);
      migrateWalletSchema(state.storage, WALLET_MIGRATIONS);
      const rows = () => sql.exec("SELECT * FROM declined_refunds_due").toArray();
      const first = rows();
      for (const statement of WALLET_MIGRATIONS[18]!.statements) sql.exec(statement);
      return { first, again: rows() };
    });
    expect(owed.first).toEqual([{ checkout_session_id: "cs_owed", tries: 0, next_try_at: 2_000, last_error: null }]);
    expect(owed.again).toEqual(owed.first);
  });

  it("moving to version 21, an actionable fraud warning whose charge still stands is owed its refund; others are not; running it again changes nothing", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    await stub.getBalances(userId, Date.now());
    const owed = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
      const sql = state.storage.sql;
      const warned = (
        name: string,
        at: number,
        pack: { refundedCents?: number; actionable?: 0 | 1; clearedAt?: number; dispute?: [string, 0 | 1] },
      ) => {
        sql.exec(
          `INSERT INTO purchases (checkout_session_id, payment_intent, amount_cents, coins, cash_cents, refunded_cents, created_at)
           VALUES (?, ?, 999, 10000, 900, ?, ?)`,
          `cs_${name}`,
          `pi_${name}`,
          pack.refundedCents ?? 0,
          at,
        );
        sql.exec(
          `INSERT INTO fraud_warnings (id, payment_intent, actionable, fraud_type, created_at, cleared_at)
           VALUES (?, ?, ?, 'made_with_stolen_card', ?, ?)`,
          `issfr_${name}`,
          `pi_${name}`,
          pack.actionable ?? 1,
          at,
          pack.clearedAt ?? null,
        );
        if (pack.dispute) {
          const [status, open] = pack.dispute;
          sql.exec(
            "INSERT INTO disputes (id, checkout_session_id, status, open, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
            `dp_${name}`,
            `cs_${name}`,
            status,
            open,
            at,
            at,
          );
        }
      };
      // As version 20 left it: warnings of every kind, and no table of refunds owed.
      sql.exec("DROP TABLE fraud_refunds_due");
      sql.exec("UPDATE meta SET value = '20' WHERE key = 'schema_version'");
      warned("standing", 1_000, {});
      warned("part_refunded", 2_000, { refundedCents: 500 });
      warned("dispute_open", 3_000, { dispute: ["needs_response", 1] });
      warned("dispute_won", 4_000, { dispute: ["won", 0] });
      warned("refunded", 5_000, { refundedCents: 999 });
      warned("not_actionable", 6_000, { actionable: 0 });
      warned("cleared", 7_000, { clearedAt: 7_500 });
      warned("dispute_lost", 8_000, { dispute: ["lost", 0] });
      migrateWalletSchema(state.storage, WALLET_MIGRATIONS);
      const rows = () => sql.exec("SELECT * FROM fraud_refunds_due ORDER BY next_try_at").toArray();
      const first = rows();
      for (const statement of WALLET_MIGRATIONS[20]!.statements) sql.exec(statement);
      return { first, again: rows(), version: schemaVersionText(sql) };
    });
    // Owed from when each was warned, so the next alarm tries them at once (one whose dispute
    // is still open waits for its close, as any owed refund does).
    const due = (name: string, at: number) => ({ warning_id: `issfr_${name}`, tries: 0, next_try_at: at, last_error: null });
    expect(owed.first).toEqual([
      due("standing", 1_000),
      due("part_refunded", 2_000),
      due("dispute_open", 3_000),
      due("dispute_won", 4_000),
    ]);
    expect(owed.again).toEqual(owed.first);
    expect(owed.version).toBe(String(WALLET_MIGRATIONS.length));
  });

  it("moving to version 23, each checkout attached to its hold keeps the hold's region by session; running it again changes nothing", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    await stub.getBalances(userId, Date.now());
    const moved = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
      const sql = state.storage.sql;
      // As version 22 left it: a checkout attached to its hold, one whose session is still being made, and one opened before rung 22.
      sql.exec("DROP TABLE checkout_regions");
      sql.exec("UPDATE meta SET value = '22' WHERE key = 'schema_version'");
      const hold = (id: string, session: string | null, region: string | null) => {
        sql.exec(
          "INSERT INTO purchase_holds (id, session_id, amount_cents, created_at, expires_at) VALUES (?, ?, 999, 1000, 9000)",
          id,
          session,
        );
        if (region) sql.exec("INSERT INTO purchase_hold_regions (hold_id, region) VALUES (?, ?)", id, region);
      };
      hold("ph_attached", "cs_attached", "US-TX");
      hold("ph_being_made", null, "US-NJ");
      hold("ph_before_regions", "cs_before", null);
      migrateWalletSchema(state.storage, WALLET_MIGRATIONS);
      const rows = () => sql.exec("SELECT session_id, region, opened_at FROM checkout_regions ORDER BY session_id").toArray();
      const first = rows();
      for (const statement of WALLET_MIGRATIONS[22]!.statements) sql.exec(statement);
      return { first, again: rows(), version: schemaVersionText(sql) };
    });
    expect(moved.first).toEqual([{ session_id: "cs_attached", region: "US-TX", opened_at: 1000 }]);
    expect(moved.again).toEqual(moved.first);
    expect(moved.version).toBe(String(WALLET_MIGRATIONS.length));
  });

  it("moving to version 14, a ledger of every reason gets its house accounts: minus its sums by reason, owed paid by the receivable", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    await stub.getBalances(userId, Date.now());
    const migrated = await runInDurableObject(stub, (walletObject: UserWallet, state) => {
      // Written through the object's own SQL, so what it remembers of the owed ledger stays exact.
      const sql = walletSqlOf(walletObject);
      // As version 13 left it: a ledger and an owed ledger, no house accounts.
      sql.exec("DROP TABLE house_accounts");
      sql.exec("UPDATE meta SET value = '13' WHERE key = 'schema_version'");
      const owed = (currency: string, amount: number, after: number, reason: LedgerReason, reference: string) =>
        sql.exec(
          "INSERT INTO owed_ledger (currency, amount, owed_after, reason, reference, created_at) VALUES (?, ?, ?, ?, ?, 0)",
          currency,
          amount,
          after,
          reason,
          reference,
        );
      const debits = new Set<LedgerReason>(["bet_stake", "redemption_hold", "dispute_reversal", "refund_reversal", "owed_repayment"]);
      const reasons = Object.keys(HOUSE_ACCOUNT_OF) as LedgerReason[];
      const ordered = [...reasons.filter((r) => !debits.has(r)), ...reasons.filter((r) => debits.has(r))];
      for (const currency of ["coins", "cash"] as const) {
        const column = currency === "coins" ? "coins" : "cash_cents";
        let balance = sql.exec<{ balance: number }>(`SELECT ${column} AS balance FROM wallet`).one().balance;
        // A refund reversal the balance could not cover: 200 owed, of which the repayment below repays 30.
        owed(currency, 200, 200, "refund_reversal", "probe-short");
        ordered.forEach((reason, i) => {
          const amount = reason === "owed_repayment" ? -30 : debits.has(reason) ? -(40 + i) : 1_000 + i;
          balance += amount;
          sql.exec(
            "INSERT INTO ledger (currency, amount, balance_after, reason, reference, created_at) VALUES (?, ?, ?, ?, 'probe', 0)",
            currency,
            amount,
            balance,
            reason,
          );
          if (reason === "owed_repayment") owed(currency, amount, 200 + amount, "owed_repayment", "probe");
        });
        sql.exec(`UPDATE wallet SET ${column} = ?`, balance);
      }
      migrateWalletSchema(state.storage, WALLET_MIGRATIONS);
      return { house: houseBalances(sql), byMapping: houseAccountsByMapping(sql), version: walletSchemaVersion(sql) };
    });
    expect(migrated.version).toBe(WALLET_MIGRATIONS.length);
    expect(migrated.house).toEqual(migrated.byMapping);
    // Every account moved, and the receivable is minus what is still owed.
    for (const currency of ["coins", "cash"] as const) {
      expect(HOUSE_ACCOUNTS.filter((account) => migrated.house[currency][account] === 0)).toEqual([]);
      expect(migrated.house[currency].owed).toBe(-170);
    }
    const audit = await stub.auditLedger(userId, Date.now());
    expect(audit).toMatchObject({ balancesToZero: true, owed: { coins: { owed: 170 }, cash: { owed: 170 } } });
    expect(audit.houseAccounts).toEqual(migrated.house);
  });

  it("fails moving to version 14 when a ledger reason has no house account, leaving the wallet at 13 as it was", async () => {
    const { stub } = await walletWithMoney();
    const outcome = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
      const sql = state.storage.sql;
      sql.exec("DROP TABLE house_accounts");
      sql.exec("UPDATE meta SET value = '13' WHERE key = 'schema_version'");
      sql.exec(
        "INSERT INTO ledger (currency, amount, balance_after, reason, reference, created_at) VALUES ('coins', 5, (SELECT coins + 5 FROM wallet), 'mystery_prize', 'probe', 0)",
      );
      sql.exec("UPDATE wallet SET coins = coins + 5");
      const before = moneyRows(sql);
      let error: unknown = null;
      try {
        migrateWalletSchema(state.storage, WALLET_MIGRATIONS);
      } catch (err) {
        error = err;
      }
      return {
        error: String(error),
        before,
        after: moneyRows(sql),
        version: walletSchemaVersion(sql),
        house: tableExists(sql, "house_accounts"),
      };
    });
    expect(outcome.error).toContain("every_ledger_reason_has_a_house_account");
    expect({ version: outcome.version, house: outcome.house }).toEqual({ version: 13, house: false });
    expect(outcome.after).toEqual(outcome.before);
  });

  it("leaves a wallet newer than the code untouched, with a clear error", async () => {
    const { stub } = await walletWithMoney();
    const outcome = await runInDurableObject(stub, (_wallet: UserWallet, state) => {
      const sql = state.storage.sql;
      sql.exec("UPDATE meta SET value = ? WHERE key = 'schema_version'", String(WALLET_MIGRATIONS.length + 1));
      const before = moneyRows(sql);
      let error: unknown = null;
      try {
        migrateWalletSchema(state.storage, WALLET_MIGRATIONS);
      } catch (err) {
        error = err;
      }
      return { error, before, after: moneyRows(sql), version: walletSchemaVersion(sql) };
    });
    expect(outcome.error).toBeInstanceOf(WalletSchemaError);
    expect(String(outcome.error)).toContain(
      `schema version ${WALLET_MIGRATIONS.length + 1}, newer than this code knows (${WALLET_MIGRATIONS.length})`,
    );
    expect(outcome.version).toBe(WALLET_MIGRATIONS.length + 1);
    expect(outcome.after).toEqual(outcome.before);
  });

  it("refuses to serve when woken over storage newer than the code: its start-up fails before any request runs", async () => {
    const { stub } = await walletWithMoney();
    const startUp = await runInDurableObject(stub, async (_wallet: UserWallet, state) => {
      state.storage.sql.exec("UPDATE meta SET value = ? WHERE key = 'schema_version'", String(WALLET_MIGRATIONS.length + 1));
      // A second wallet object over the same storage, as the runtime builds one when the
      // wallet wakes: the work it blocks every request on is captured here.
      let blocking: Promise<unknown> | null = null;
      Object.defineProperty(state, "blockConcurrencyWhile", {
        configurable: true,
        value: (work: () => Promise<unknown>) => {
          blocking = work();
          return blocking;
        },
      });
      const noPayouts: PayoutPort = { routeFor: async () => null };
      try {
        new UserWallet(state, env, noPayouts);
      } finally {
        delete (state as unknown as Record<string, unknown>).blockConcurrencyWhile;
      }
      try {
        await blocking;
        return blocking === null ? "nothing blocked start-up" : "started";
      } catch (err) {
        return String(err);
      }
    });
    expect(startUp).toBe(
      `WalletSchemaError: This wallet's storage is at schema version ${WALLET_MIGRATIONS.length + 1}, newer than this code knows ` +
        `(${WALLET_MIGRATIONS.length}); it will not be served until newer code runs.`,
    );
  });
});
