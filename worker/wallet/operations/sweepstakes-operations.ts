// The sweepstakes inside one player's wallet transaction. Rules acceptance: the player's
// accepted versions of the Official Sweepstakes Rules, which the rules gate (rules-gate.ts)
// compares with the version in force before Vantage Cash play. Free entry by post: an
// operator records a received card; the wallet credits FREE_ENTRY_CASH_CENTS once per
// request code and at most one card per postmark day, through the same account gate as the
// daily bonus (freeze, region, age, break), and writes the card and its audit row whether
// or not it credited, so the operator sees why a player got nothing and the code cannot be
// used again. Tables `rules_acceptances` and `free_entries` are documented in schema-migrations.ts.
import { type RefusalOf, sentenceOf } from "../../../src/shared/refusals";
import type { WalletBalances } from "../../../src/shared/schemas/user";
import type { Ledger } from "../ledger";
import { auditInTx, type AuditFailure } from "./operator-operations";
import { etDayKey } from "../../../src/shared/bonus";
import { unavailableActions } from "../../../src/shared/play-regions";
import { regionModeAt } from "../../../src/shared/region-rules";
import { gatePlay, governingRegionInTx, type PlayContext, regionAllowsInTx } from "./protection-operations";

/** Where the code's region offers no Vantage Cash, the card credits nothing: the region's notice says why. */
function freeEntryRegionRefusal(tx: Ledger, play: PlayContext): RefusalOf<"region-restricted"> | null {
  if (!play.place || regionAllowsInTx(tx, play, "free-entry-cash")) return null;
  const { rules } = play.place;
  const region = governingRegionInTx(tx, play, "free-entry-cash");
  const verdict = regionModeAt(region, rules, tx.now);
  // The sentence is the region's notice (every mode that refuses free entry has one); the card's action is the bonus's.
  const unavailable = unavailableActions(region, rules, tx.now);
  return {
    ok: false,
    code: "region-restricted",
    details: { region, mode: verdict.mode, day: etDayKey(tx.now), unavailable, verdict, action: "bonus" },
  };
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

export type FreeEntryFailure = RefusalOf<"code-used" | "code-credited" | "already-entered-that-day"> | AuditFailure;

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
    return { ok: false, code: "code-used" };
  }
  const sameDay = tx.sql.exec("SELECT 1 FROM free_entries WHERE postmarked_on = ? AND credited = 1", input.postmarkedOn).toArray();
  if (sameDay.length > 0) {
    return { ok: false, code: "already-entered-that-day", details: { postmarkedOn: input.postmarkedOn } };
  }
  const refused = gatePlay(tx, "bonus", play) ?? freeEntryRegionRefusal(tx, play);
  // These refusals' codes are the ones clients see; the card keeps the sentence it was refused with.
  const refusal = refused ? { code: refused.code, message: sentenceOf(refused) } : null;
  let credited = false;
  if (!refusal) {
    const posted = tx.post({ currency: "cash", amount: input.amountCents, reason: "free_entry", reference: input.code });
    if (!posted.ok) return { ok: false, code: "code-credited" };
    credited = true;
  }
  tx.sql.exec(
    `INSERT INTO free_entries (code, postmarked_on, credited, amount_cents, refusal_code, refusal_message, actor, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    input.code,
    input.postmarkedOn,
    credited ? 1 : 0,
    credited ? input.amountCents : 0,
    refusal?.code ?? null,
    refusal?.message ?? null,
    input.actor,
    tx.now,
  );
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
