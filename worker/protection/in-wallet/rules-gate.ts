// The rules gate, on its own so the account gate (protection.ts) can call it: the Worker
// hands the version of the Official Sweepstakes Rules in force to every Vantage Cash bet,
// purchase, redemption and bonus claim (PlayContext.rulesVersion), and this checks, in the
// transaction that moves the money, that the player accepted that very version
// (`rules_acceptances`, recorded here). A text in force again (an operator's list changed
// back) keeps its old number, so a player who accepted it then and a newer one since has
// accepted the one in force.
import type { RefusalOf } from "../../../src/shared/refusals";
import type { Ledger } from "../../wallet/ledger";

/** Every rules version this player accepted, oldest first. */
export function acceptedRulesVersions(tx: Ledger): number[] {
  return tx.sql
    .exec<{ version: number }>("SELECT version FROM rules_acceptances ORDER BY version")
    .toArray()
    .map((row) => row.version);
}

/** A refusal when the player has not accepted `rulesVersion` (the version in force, when the caller knows it). */
export function gateRules(tx: Ledger, rulesVersion: number | undefined): RefusalOf<"rules-not-accepted"> | null {
  if (rulesVersion === undefined) return null;
  if (tx.sql.exec("SELECT 1 FROM rules_acceptances WHERE version = ?", rulesVersion).toArray().length > 0) return null;
  return { ok: false, code: "rules-not-accepted", details: { rulesVersion } };
}

/** Records the player's acceptance of `version` (the route has checked it is the version in force); once per version. */
export function acceptRulesInTx(tx: Ledger, version: number): { ok: true; accepted: number } {
  const seen = tx.sql.exec("SELECT 1 FROM rules_acceptances WHERE version = ?", version).toArray().length > 0;
  if (!seen) {
    tx.sql.exec("INSERT INTO rules_acceptances (version, accepted_at) VALUES (?, ?)", version, tx.now);
    tx.noteChange();
  }
  return { ok: true, accepted: version };
}
