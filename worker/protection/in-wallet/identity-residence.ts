// Where the player lives, as their verified identity document says: the region (ISO 3166,
// US-CA) of the document's address, kept in `identity_residence` beside the `identity` row
// and written with it by worker/protection/in-wallet/identity.ts.
// Its own file because the account gate (worker/protection/in-wallet/protection.ts) reads it, and identity
// operations already build on the gate's protection reads.
import type { Ledger } from "../../wallet/ledger";

/**
 * The region of the address on the player's verified document, else null. Read for every
 * recorded document, a mismatched one too: where the person lives does not depend on which
 * date of birth they typed.
 */
export function verifiedResidenceInTx(tx: Ledger): string | null {
  return (
    tx.sql.rows<{ residence: string }>(["identity_residence"], "SELECT residence FROM identity_residence WHERE id = 1")[0]?.residence ??
    null
  );
}

/** Replaces the recorded residence (null: the document showed no address, or the check was reset). */
export function recordResidenceInTx(tx: Ledger, residence: string | null): void {
  if (residence === null) tx.sql.exec("DELETE FROM identity_residence WHERE id = 1");
  else tx.sql.exec("INSERT OR REPLACE INTO identity_residence (id, residence, recorded_at) VALUES (1, ?, ?)", residence, tx.now);
}
