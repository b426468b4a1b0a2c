// The sweepstakes inside one player's wallet transaction. Rules acceptance: the player's
// accepted versions of the Official Sweepstakes Rules, which the rules gate (rules-gate.ts)
// compares with the version in force before Vantage Cash play. Free entry by post: an
// operator records a received card; the wallet credits FREE_ENTRY_CASH_CENTS once per
// request code and at most one card per postmark day, through the same account gate as the
// daily bonus (freeze, region, age, break), and writes the card and its audit row whether
// or not it credited, so the operator sees why a player got nothing and the code cannot be
// used again. Tables `rules_acceptances` and `free_entries` are documented in schema-migrations.ts.
import type { WalletBalances } from "../../../src/shared/schemas/user";
import type { Ledger } from "../ledger";
import { auditInTx, type AuditFailure } from "./operator-operations";
import { regionNoticeSentence } from "../../../src/shared/play-regions";
import { regionModeAt } from "../../../src/shared/region-rules";
import { gatePlay, governingRegionInTx, type PlayContext, regionAllowsInTx } from "./protection-operations";

/** Where the code's region offers no Vantage Cash, the card credits nothing: the region's sentence says why. */
function freeEntryRegionRefusal(tx: Ledger, play: PlayContext): { code: string; message: string } | null {
  if (!play.place || regionAllowsInTx(tx, play, "free-entry-cash")) return null;
  const verdict = regionModeAt(governingRegionInTx(tx, play, "free-entry-cash"), play.place.rules, tx.now);
  return { code: "region-restricted", message: regionNoticeSentence(verdict) ?? "Vantage Cash is not offered in this region." };
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

export type FreeEntryInput = { code: string; postmarkedOn: string; amountCents: number; actor: string };

export type FreeEntryOutcome = {
  ok: true;
  credited: boolean;
  amountCents: number;
  refusal: { code: string; message: string } | null;
  balances: WalletBalances;
};

export type FreeEntryFailure = { ok: false; status: 409; code: "code-used" | "already-entered-that-day"; message: string } | AuditFailure;

/**
 * One received card, as a second operator approved it: the same code and postmark again
 * (an approval applied a second time to finish its job) answers what the first recorded;
 * refused when its code was recorded before with another postmark (409 code-used) or a card
 * of this player postmarked that day already credited (409 already-entered-that-day);
 * otherwise recorded, crediting `amountCents` (ledger reason `free_entry`, reference the
 * code; bonus cash's play-through applies) unless the account gate refuses, in which case
 * the card is recorded with the refusal and nothing is credited.
 */
export function recordFreeEntryInTx(tx: Ledger, input: FreeEntryInput, play: PlayContext): FreeEntryOutcome | FreeEntryFailure {
  const before = tx.sql
    .exec<{ postmarked_on: string; credited: number; amount_cents: number; refusal_code: string | null; refusal_message: string | null }>(
      "SELECT postmarked_on, credited, amount_cents, refusal_code, refusal_message FROM free_entries WHERE code = ?",
      input.code,
    )
    .toArray()[0];
  if (before && before.postmarked_on === input.postmarkedOn) {
    const refusal = before.refusal_code === null ? null : { code: before.refusal_code, message: before.refusal_message ?? "" };
    return { ok: true, credited: before.credited === 1, amountCents: before.amount_cents, refusal, balances: tx.balances() };
  }
  if (before) {
    return { ok: false, status: 409, code: "code-used", message: "This request code was already recorded; each code counts once." };
  }
  const sameDay = tx.sql.exec("SELECT 1 FROM free_entries WHERE postmarked_on = ? AND credited = 1", input.postmarkedOn).toArray();
  if (sameDay.length > 0) {
    return {
      ok: false,
      status: 409,
      code: "already-entered-that-day",
      message: `A card of this player postmarked ${input.postmarkedOn} was already credited; one card per postmark day counts.`,
    };
  }
  const refused = gatePlay(tx, "bonus", play) ?? freeEntryRegionRefusal(tx, play);
  let credited = false;
  if (!refused) {
    const posted = tx.post({ currency: "cash", amount: input.amountCents, reason: "free_entry", reference: input.code });
    if (!posted.ok) return { ok: false, status: 409, code: "code-used", message: "This request code was already credited." };
    credited = true;
  }
  tx.sql.exec(
    `INSERT INTO free_entries (code, postmarked_on, credited, amount_cents, refusal_code, refusal_message, actor, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    input.code,
    input.postmarkedOn,
    credited ? 1 : 0,
    credited ? input.amountCents : 0,
    refused?.code ?? null,
    refused?.message ?? null,
    input.actor,
    tx.now,
  );
  const refusal = refused ? { code: refused.code, message: refused.message } : null;
  const failed = auditInTx(
    tx,
    "free-entry",
    { actor: input.actor, reason: credited ? "free-entry card received" : `free-entry card received, not credited: ${refusal?.code}` },
    {
      code: input.code,
      postmarkedOn: input.postmarkedOn,
      credited,
      amountCents: credited ? input.amountCents : 0,
      refusal: refusal?.code ?? null,
    },
  );
  if (failed) return failed;
  return { ok: true, credited, amountCents: credited ? input.amountCents : 0, refusal, balances: tx.balances() };
}
