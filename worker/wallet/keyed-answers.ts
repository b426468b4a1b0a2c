// The answers a wallet gave to Idempotency-Keys (`idempotency`, kept IDEMPOTENCY_KEEP_MS and
// pruned by the alarm): a retry of the same request gets the first answer back, another
// request under the same key is refused. A request that must wait before it is judged (a
// live slip or cash-out in its delay) holds its key first, so no other request can take the
// key meanwhile; its answer replaces the hold. Features keep their own key prefixes.
import type { Ledger } from "./ledger";

type Stored<R> = { requestHash: string; response: R | null };

/** What the key holds for this request: nothing yet, another request's, a hold of this one, or its answer. */
export type KeyedAnswer<R> = { state: "none" } | { state: "reused" } | { state: "held" } | { state: "answered"; response: R };

export function readKeyedAnswer<R>(tx: Ledger, key: string, requestHash: string): KeyedAnswer<R> {
  const row = tx.sql.exec<{ response: string }>("SELECT response FROM idempotency WHERE key = ?", key).toArray()[0];
  if (!row) return { state: "none" };
  const stored = JSON.parse(row.response) as Stored<R>;
  if (stored.requestHash !== requestHash) return { state: "reused" };
  return stored.response === null ? { state: "held" } : { state: "answered", response: stored.response };
}

/** Holds the key for this request (nothing when it already holds an answer or a hold). */
export function holdKey(tx: Ledger, key: string, requestHash: string): void {
  tx.sql.exec(
    "INSERT OR IGNORE INTO idempotency (key, response, created_at) VALUES (?, ?, ?)",
    key,
    JSON.stringify({ requestHash, response: null } satisfies Stored<never>),
    tx.now,
  );
}

/** Stores the request's answer under the key, in place of its hold if any. */
export function storeKeyedAnswer<R>(tx: Ledger, key: string, requestHash: string, response: R): void {
  tx.sql.exec(
    "INSERT OR REPLACE INTO idempotency (key, response, created_at) VALUES (?, ?, ?)",
    key,
    JSON.stringify({ requestHash, response } satisfies Stored<R>),
    tx.now,
  );
}
