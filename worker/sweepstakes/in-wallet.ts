// The sweepstakes inside one player's wallet transaction: free entry by post. (Which
// version of the Official Sweepstakes Rules the player accepted is the player's standing,
// kept with protection's in-wallet code.) An operator records a received card; the wallet credits FREE_ENTRY_CASH_CENTS once per
// request code and at most one card per postmark day, through the same account gate as the
// daily bonus (freeze, region, age, break), and writes the card and its audit row whether
// or not it credited, so the operator sees why a player got nothing and the code cannot be
// used again. Tables `rules_acceptances` and `free_entries` are documented in schema-migrations.ts.
import type { PlayContext } from "../../src/shared/protection";
import { type Refusal, type RefusalOf, sentenceOf } from "../../src/shared/refusals";
import type { WalletBalances } from "../../src/shared/schemas/user";
import { type Ledger, WalletPort } from "../wallet/ledger";
import { auditInTx, type AuditFailure } from "../wallet/operator-actions";
import type { WalletStorageStep } from "../wallet/schema-migrations";
import type { WalletHost, WalletMethods } from "../wallet/wallet-object";

/** What crediting a free entry asks of the player's protection (answered at the Worker's root). */
export type EntryRules = {
  /** Why a card may not be credited now (freeze, age, break, or a region without Vantage Cash), or null. */
  refuse(tx: Ledger, play: PlayContext): Refusal | null;
};

export const ENTRY_RULES = new WalletPort<EntryRules>("free-entry rules");

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
  const refused = tx.use(ENTRY_RULES).refuse(tx, play);
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

export const sweepstakesMethods = {
  /**
   * Operators only (POST /api/admin/free-entry): one received free-entry card, credited or
   * recorded with the reason it was not; waits for the D1 projection so the audit log shows it.
   * `play`: the region the player asked for the code from, and its minimum age.
   */
  async recordFreeEntry(
    host: WalletHost,
    userId: string,
    input: FreeEntryInput,
    play: PlayContext,
    now: number,
  ): Promise<FreeEntryOutcome | FreeEntryFailure> {
    const result = host.transact(userId, now, (tx) => recordFreeEntryInTx(tx, input, play));
    await host.flushOutbox();
    return result;
  },
};

/** Free entry as a caller's stub sees it. */
export type SweepstakesWallet = WalletMethods<typeof sweepstakesMethods>;

/** Its table in the wallet's storage (a step of the ladder composed in worker/wallet-schema.ts; never edited once shipped):
 * free_entries          free-entry cards by post recorded for the player, credited or not (8) */
export const SWEEPSTAKES_STORAGE: readonly WalletStorageStep[] = [
  {
    version: 8,
    statements: [
      // `free_entries`: one row per free-entry card recorded for this player, by its request code
      // (so a card recorded twice is refused), with the postmark day, whether it credited
      // Vantage Cash (`free_entry` ledger row, reference = code) or why not, and the operator.
      // At most one credited card per postmark day (the partial unique index).
      `CREATE TABLE IF NOT EXISTS free_entries (
         code TEXT PRIMARY KEY,
         postmarked_on TEXT NOT NULL,
         credited INTEGER NOT NULL CHECK (credited IN (0, 1)),
         amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
         refusal_code TEXT,
         refusal_message TEXT,
         actor TEXT NOT NULL,
         created_at INTEGER NOT NULL
       )`,
      `CREATE UNIQUE INDEX IF NOT EXISTS free_entries_credited_day_idx ON free_entries (postmarked_on) WHERE credited = 1`,
    ],
  },
];
