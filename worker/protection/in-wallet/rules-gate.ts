// The rules gate, on its own so the account gate (protection.ts) can call it: the Worker
// hands the version of the Official Sweepstakes Rules in force to every Vantage Cash bet,
// purchase, redemption and bonus claim (PlayContext.rulesVersion), and this compares it
// with the newest version the player accepted (`rules_acceptances`, recorded here), in the
// transaction that moves the money.
import type { RefusalOf } from "../../../src/shared/refusals";
import type { Ledger } from "../../wallet/ledger";

/** The newest rules version this player accepted, or null. */
export function acceptedRulesVersion(tx: Ledger): number | null {
  return tx.sql.exec<{ version: number | null }>("SELECT MAX(version) AS version FROM rules_acceptances").one().version ?? null;
}

/** A refusal when `rulesVersion` (the version in force, when the caller knows it) is not the one the player accepted. */
export function gateRules(tx: Ledger, rulesVersion: number | undefined): RefusalOf<"rules-not-accepted"> | null {
  if (rulesVersion === undefined || acceptedRulesVersion(tx) === rulesVersion) return null;
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
