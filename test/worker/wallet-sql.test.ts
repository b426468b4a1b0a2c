// The wallet's remembered state reads (worker/wallet/wallet-sql.ts): a read is answered
// from memory only while nothing has written its tables, so every check in a transaction
// sees what storage holds, and a refused transaction leaves nothing behind.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readProtection } from "../../worker/protection/in-wallet/protection";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import type { WalletHost } from "../../worker/wallet/wallet-object";
import { WalletSql } from "../../worker/wallet/wallet-sql";
import { newUserId } from "./settlement-fixtures";

type Row = { id: number; v: number };
const READ_A = "SELECT id, v FROM scratch_a ORDER BY id";
const READ_B = "SELECT id, v FROM scratch_b ORDER BY id";

/** Runs `work` in a fresh wallet object's storage, through a WalletSql whose calls into storage are counted. */
async function withScratch<T>(work: (sql: WalletSql, storageCalls: () => number, raw: SqlStorage) => T): Promise<T> {
  const userId = newUserId();
  const stub = getUserWallet(env, userId);
  await stub.getBalances(userId, Date.now());
  return runInDurableObject(stub, (_walletObject: UserWallet, state) => {
    const raw = state.storage.sql;
    let calls = 0;
    const counting = {
      exec: (query: string, ...bindings: SqlStorageValue[]) => {
        calls++;
        return raw.exec(query, ...bindings);
      },
    } as unknown as SqlStorage;
    raw.exec("CREATE TABLE scratch_a (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)");
    raw.exec("CREATE TABLE scratch_b (id INTEGER PRIMARY KEY, v INTEGER NOT NULL)");
    return work(new WalletSql(counting), () => calls, raw);
  });
}

describe("remembered reads", () => {
  it("answers a repeated read from memory until its table is written, then reads the new rows", async () => {
    await withScratch((sql, calls) => {
      sql.exec("INSERT INTO scratch_a (id, v) VALUES (1, 10)");
      expect(sql.rows<Row>(["scratch_a"], READ_A)).toEqual([{ id: 1, v: 10 }]);
      const before = calls();
      expect(sql.rows<Row>(["scratch_a"], READ_A)).toEqual([{ id: 1, v: 10 }]);
      expect(calls()).toBe(before);
      sql.exec("UPDATE scratch_a SET v = 11 WHERE id = 1");
      expect(sql.rows<Row>(["scratch_a"], READ_A)).toEqual([{ id: 1, v: 11 }]);
    });
  });

  it("keeps a read when another table is written, and tells reads apart by their bindings", async () => {
    await withScratch((sql, calls) => {
      sql.exec("INSERT INTO scratch_a (id, v) VALUES (1, 10), (2, 20)");
      const one = (id: number) => sql.rows<Row>(["scratch_a"], "SELECT id, v FROM scratch_a WHERE id = ?", id);
      expect(one(1)).toEqual([{ id: 1, v: 10 }]);
      expect(one(2)).toEqual([{ id: 2, v: 20 }]);
      const before = calls();
      sql.exec("INSERT INTO scratch_b (id, v) VALUES (1, 1)");
      expect(one(1)).toEqual([{ id: 1, v: 10 }]);
      expect(calls()).toBe(before + 1);
    });
  });

  it("forgets every read on a statement it cannot place: several statements at once, or a schema change", async () => {
    await withScratch((sql, calls) => {
      sql.exec("INSERT INTO scratch_a (id, v) VALUES (1, 10)");
      sql.exec("INSERT INTO scratch_b (id, v) VALUES (1, 10)");
      sql.rows(["scratch_a"], READ_A);
      sql.rows(["scratch_b"], READ_B);
      sql.exec("UPDATE scratch_a SET v = 12; UPDATE scratch_b SET v = 13");
      expect(sql.rows<Row>(["scratch_a"], READ_A)).toEqual([{ id: 1, v: 12 }]);
      expect(sql.rows<Row>(["scratch_b"], READ_B)).toEqual([{ id: 1, v: 13 }]);
      sql.exec("CREATE INDEX scratch_b_v ON scratch_b (v)");
      const before = calls();
      sql.rows(["scratch_a"], READ_A);
      expect(calls()).toBe(before + 1);
    });
  });

  it("answers exactly what storage holds after any sequence of writes", async () => {
    const write = fc.record({
      table: fc.constantFrom("scratch_a", "scratch_b"),
      op: fc.constantFrom("insert", "update", "delete", "replace"),
      id: fc.integer({ min: 1, max: 4 }),
      v: fc.integer({ min: 0, max: 99 }),
    });
    await withScratch((sql, _calls, raw) => {
      fc.assert(
        fc.property(fc.array(fc.oneof(write, fc.constant("read" as const)), { maxLength: 30 }), (steps) => {
          raw.exec("DELETE FROM scratch_a");
          raw.exec("DELETE FROM scratch_b");
          sql.forgetAll();
          for (const step of steps) {
            if (step !== "read") {
              const { table, op, id, v } = step;
              if (op === "insert") sql.exec(`INSERT OR IGNORE INTO ${table} (id, v) VALUES (?, ?)`, id, v);
              else if (op === "replace") sql.exec(`REPLACE INTO ${table} (id, v) VALUES (?, ?)`, id, v);
              else if (op === "update") sql.exec(`UPDATE ${table} SET v = ? WHERE id = ?`, v, id);
              else sql.exec(`DELETE FROM ${table} WHERE id = ?`, id);
            }
            expect(sql.rows(["scratch_a"], READ_A)).toEqual(raw.exec(READ_A).toArray());
            expect(sql.rows(["scratch_b"], READ_B)).toEqual(raw.exec(READ_B).toArray());
          }
        }),
        { numRuns: 100 },
      );
    });
  });
});

describe("in the wallet", () => {
  it("a refused transaction's writes are not remembered: the next check reads storage as it is", async () => {
    const userId = newUserId();
    const stub = getUserWallet(env, userId);
    await stub.getBalances(userId, Date.now());
    await runInDurableObject(stub, (walletObject: UserWallet) => {
      // The host is the object's own; a test reaches it to run a transaction the way a feature does.
      const host = (walletObject as unknown as { host: WalletHost }).host;
      const now = Date.now();
      expect(host.read(userId, now, readProtection).breakUntil).toBeNull();
      const refused = host.transact(userId, now, (tx) => {
        tx.sql.exec("INSERT OR REPLACE INTO protection (id, break_until, updated_at) VALUES (1, ?, ?)", now + 86_400_000, now);
        // Read after the write, inside the transaction: the break shows here...
        expect(readProtection(tx).breakUntil).toBe(now + 86_400_000);
        return { ok: false as const };
      });
      expect(refused.ok).toBe(false);
      // ...and is gone once the transaction rolled back.
      expect(host.read(userId, now, readProtection).breakUntil).toBeNull();
    });
  });
});
