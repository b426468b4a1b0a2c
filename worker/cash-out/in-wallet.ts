// Cash-out inside one player's wallet, in its single synchronous transaction. The Worker
// prices the bet's open legs against the board (worker/cash-out/) and hands in each open
// leg's fair probability now; the rule itself is src/shared/cash-out.ts.
//
// Quotes are stored here (`cash_out_quotes`), so they are the player's own by
// construction: another player's quote id is simply not found. A quote is accepted at
// most once, only until it expires, only while the bet is as it was quoted (open, same
// open stake, same leg results) and only while the price now gives the same amount;
// otherwise the answer is a 409 carrying a fresh quote (or saying why there is none).
//
// Exactly once: an accepted cash-out credits its amount as `bet_cash_out` with reference
// = the quote id (the ledger refuses a second row), marks the quote used, and moves the
// share out of the open stake, all in one transaction. Settlement runs in this same object
// and only ever grades the open stake (worker/settlement/in-wallet/settlement.ts), so whichever of the two
// comes first, each share of the stake is paid by exactly one of them. A bet cashed out in
// full is settled with result `cashed_out`; its legs are still graded when their games
// end (for the record and for D1), and nothing more is paid. An Idempotency-Key replays
// the first answer.
//
// The house's limit per market of one game is judged before this runs, as a bet's is: the
// route holds the share on the exposure object of each game the bet has open picks on
// (worker/exposure/cash-out-hold.ts), and the outbox's relay of the bet confirms the hold.
//
// Cashing out is play: it is refused where and when a bet from the same wallet would be
// (the account gate: a freeze, the region, age, a closure or a break), through the port the
// root answers; the bet itself stays open and settles as usual.
import { CASH_OUT_FRACTIONS, cashOutFactor, cashOutFigures, stakeShare } from "../../src/shared/cash-out";
import { openStake } from "../../src/shared/bet-outcome";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { RefusalOf } from "../../src/shared/refusals";
import type { CashOutQuote, CashOutResponse } from "../../src/shared/schemas/cash-out";
import { readBet, updateBetOutcome } from "../wallet/bet-rows";
import type { PlayContext } from "../../src/shared/protection";
import type { Refusal } from "../../src/shared/refusals";
import type { WalletKind } from "../../src/shared/money";
import { holdKey, readKeyedAnswer, storeKeyedAnswer } from "../wallet/keyed-answers";
import { type Ledger, WalletPort } from "../wallet/ledger";
import type { WalletStorageStep } from "../wallet/schema-migrations";
import type { WalletHost, WalletMethods } from "../wallet/wallet-object";

/**
 * What the Worker hands in: what each open leg counts as now (cashOutChance) and each open
 * same-game block's chance now (by index), and the cash-out rules.
 */
export type CashOutPricing = {
  legChance: Record<number, number>;
  blockChance?: Record<number, number>;
  marginPercent: number;
  quoteSeconds: number;
};

/** The account gate a cash-out passes, as for a bet from the same wallet (answered at the root by protection). */
export type CashOutRules = { refuse(tx: Ledger, wallet: WalletKind, play: PlayContext): Refusal | null };

export const CASH_OUT_RULES = new WalletPort<CashOutRules>("cash-out rules");

export type CashOutFailure =
  | RefusalOf<
      | "bet-not-found"
      | "bet-settled"
      | "cash-out-unavailable"
      | "cash-out-moved"
      | "quote-expired"
      | "quote-not-found"
      | "invalid-fraction"
      | "cash-out-key-reused"
    >
  | Refusal;

export type QuoteResult = { ok: true; quote: CashOutQuote } | CashOutFailure;

export type CashOutInput = CashOutPricing & {
  /** Where the request came from and the region rules, for the account gate. */
  play: PlayContext;
  betId: string;
  quoteId: string;
  fraction: number;
  idempotencyKey: string;
  /** SHA-256 of the request (bet id and body): the same key for another request is refused. */
  requestHash: string;
};

export type CashOutResult = { ok: true; replayed: boolean; response: CashOutResponse } | CashOutFailure;

const KEY_PREFIX = "cashOut:";
/** Quotes are kept a day after they expire (long enough to answer a late accept with a clear 409). */
const KEEP_QUOTES_MS = 24 * 60 * 60 * 1000;

type QuoteRow = {
  id: string;
  bet_id: string;
  open_stake: number;
  leg_results: string;
  factor: number;
  margin_percent: number;
  fair_value: number;
  fee: number;
  amount: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

function byIndex(record: Record<number, number> = {}): Map<number, number> {
  return new Map(Object.entries(record).map(([index, p]) => [Number(index), p]));
}

function quoteOf(row: QuoteRow, wallet: BetDocument["wallet"], now: number): CashOutQuote {
  const shares = CASH_OUT_FRACTIONS.flatMap((fraction) => {
    const stake = stakeShare(row.open_stake, fraction);
    return stake === null ? [] : [{ fraction, stake, ...cashOutFigures(stake, row.factor, row.margin_percent) }];
  });
  return {
    quoteId: row.id,
    betId: row.bet_id,
    wallet,
    openStake: row.open_stake,
    fairValue: row.fair_value,
    fee: row.fee,
    marginPercent: row.margin_percent,
    amount: row.amount,
    expiresAt: row.expires_at,
    validForMs: Math.max(0, row.expires_at - now),
    shares,
  };
}

/** Refusals for a bet that cannot be cashed out at all (unknown, settled, or a leg without a price). */
function refusal(tx: Ledger, bet: BetDocument | null, play: PlayContext): CashOutFailure | null {
  if (!bet) return { ok: false, code: "bet-not-found" };
  if (bet.status !== "open") return { ok: false, code: "bet-settled" };
  return tx.use(CASH_OUT_RULES).refuse(tx, bet.wallet, play);
}

/** Stores and answers a new quote for the bet's whole open stake at the prices handed in. */
function newQuote(tx: Ledger, bet: BetDocument, pricing: CashOutPricing): QuoteResult {
  const factor = cashOutFactor(bet, bet.legResults, byIndex(pricing.legChance), byIndex(pricing.blockChance));
  if (factor === null) return { ok: false, code: "cash-out-unavailable" };
  const stake = openStake(bet);
  const figures = cashOutFigures(stake, factor, pricing.marginPercent);
  const row: QuoteRow = {
    id: crypto.randomUUID(),
    bet_id: bet.id,
    open_stake: stake,
    leg_results: JSON.stringify(bet.legResults),
    factor,
    margin_percent: pricing.marginPercent,
    ...figures,
    fair_value: figures.fairValue,
    created_at: tx.now,
    expires_at: tx.now + pricing.quoteSeconds * 1000,
    used_at: null,
  };
  tx.sql.exec("DELETE FROM cash_out_quotes WHERE expires_at < ?", tx.now - KEEP_QUOTES_MS);
  tx.sql.exec(
    `INSERT INTO cash_out_quotes (id, bet_id, open_stake, leg_results, factor, margin_percent, fair_value, fee, amount, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    row.id,
    row.bet_id,
    row.open_stake,
    row.leg_results,
    row.factor,
    row.margin_percent,
    row.fair_value,
    row.fee,
    row.amount,
    row.created_at,
    row.expires_at,
  );
  return { ok: true, quote: quoteOf(row, bet.wallet, tx.now) };
}

/** A quote for the whole open stake of an open bet, stored for accepting. */
export function quoteCashOutInTx(tx: Ledger, betId: string, pricing: CashOutPricing, play: PlayContext): QuoteResult {
  const bet = readBet(tx.sql, betId);
  return refusal(tx, bet, play) ?? newQuote(tx, bet!, pricing);
}

/** The first answer given to this Idempotency-Key, if any; refuses the key reused for another request. */
export function findCashOut(tx: Ledger, idempotencyKey: string, requestHash: string): CashOutResult | null {
  const kept = readKeyedAnswer<CashOutResponse>(tx, KEY_PREFIX + idempotencyKey, requestHash);
  if (kept.state === "reused") return { ok: false, code: "cash-out-key-reused" };
  // A hold is this very cash-out, with a leg in play, in its delay: it goes on.
  return kept.state === "answered" ? { ok: true, replayed: true, response: kept.response } : null;
}

/**
 * A cash-out with a leg in play takes its key before its delay: another cash-out under the
 * same key meanwhile is refused as the key reused, so the held one cannot be called off once
 * the play turns. Its answer replaces the hold.
 */
export function claimCashOutInTx(tx: Ledger, idempotencyKey: string, requestHash: string): CashOutResult | { ok: true; claimed: true } {
  const seen = findCashOut(tx, idempotencyKey, requestHash);
  if (seen) return seen;
  holdKey(tx, KEY_PREFIX + idempotencyKey, requestHash);
  return { ok: true, claimed: true };
}

/**
 * The 409 when the accepted quote no longer holds. A refusal rolls its transaction back,
 * so the fresh quote it carries is stored by the wallet in a transaction of its own
 * (`withFreshQuote`, after this one), at the same prices.
 */
function moved(code: "cash-out-moved" | "quote-expired"): CashOutFailure {
  return { ok: false, code };
}

/** Whether a refusal is one that carries a fresh quote. */
export function wantsFreshQuote(result: CashOutResult): result is RefusalOf<"cash-out-moved" | "quote-expired"> {
  return !result.ok && (result.code === "cash-out-moved" || result.code === "quote-expired");
}

/** A moved-quote refusal with the fresh quote stored in `tx`; the fresh quote's own refusal (settled, unpriced) instead when there is none. */
export function withFreshQuote(
  tx: Ledger,
  refused: RefusalOf<"cash-out-moved" | "quote-expired">,
  betId: string,
  pricing: CashOutPricing,
  play: PlayContext,
): CashOutFailure {
  const fresh = quoteCashOutInTx(tx, betId, pricing, play);
  if (!fresh.ok) return fresh;
  return { ...refused, details: { quote: fresh.quote } };
}

/** Accepts a quote for `fraction` of the open stake: checks it, pays once, records the share, stores the answer. */
export function cashOutInTx(tx: Ledger, input: CashOutInput): CashOutResult {
  const seen = findCashOut(tx, input.idempotencyKey, input.requestHash);
  if (seen) return seen;
  const bet = readBet(tx.sql, input.betId);
  const refused = refusal(tx, bet, input.play);
  if (refused) return refused;
  const current = bet!;
  const quote = tx.sql.exec<QuoteRow>("SELECT * FROM cash_out_quotes WHERE id = ? AND bet_id = ?", input.quoteId, current.id).toArray()[0];
  if (!quote) return { ok: false, code: "quote-not-found" };
  if (quote.expires_at <= tx.now) return moved("quote-expired");
  const stake = openStake(current);
  // Used already (another share was cashed out on it), or the bet changed since (a leg graded, a share cashed out).
  if (quote.used_at !== null || quote.open_stake !== stake || quote.leg_results !== JSON.stringify(current.legResults)) {
    return moved("cash-out-moved");
  }
  const factorNow = cashOutFactor(current, current.legResults, byIndex(input.legChance), byIndex(input.blockChance));
  if (factorNow === null) return { ok: false, code: "cash-out-unavailable" };
  if (cashOutFigures(stake, factorNow, quote.margin_percent).amount !== quote.amount) return moved("cash-out-moved");

  const share = stakeShare(stake, input.fraction);
  if (share === null) return { ok: false, code: "invalid-fraction" };
  const { amount } = cashOutFigures(share, quote.factor, quote.margin_percent);
  if (amount > 0) {
    const posted = tx.post({ currency: current.wallet, amount, reason: "bet_cash_out", reference: quote.id });
    if (!posted.ok) throw new Error(`cash-out credit refused for bet ${current.id}: ${posted.code}`);
  }
  tx.sql.exec("UPDATE cash_out_quotes SET used_at = ? WHERE id = ?", tx.now, quote.id);
  // What a result correction re-prices this cash-out from (worker/settlement/in-wallet/corrections.ts).
  tx.sql.exec(
    "INSERT INTO cash_out_shares (quote_id, bet_id, share, paid, leg_results) VALUES (?, ?, ?, ?, ?)",
    quote.id,
    current.id,
    share,
    amount,
    quote.leg_results,
  );

  const cashedStake = (current.cashOut?.stake ?? 0) + share;
  const next: BetDocument = {
    ...current,
    cashOut: { stake: cashedStake, paid: (current.cashOut?.paid ?? 0) + amount },
    payoutPaid: current.payoutPaid + amount,
  };
  if (cashedStake === current.stake) {
    next.status = "settled";
    next.result = "cashed_out";
    next.settledAt = tx.now;
  }
  updateBetOutcome(tx.sql, next);
  tx.betChanged(next);

  const response: CashOutResponse = { bet: next, stake: share, paid: amount, balances: tx.balances() };
  // In place of a held cash-out's hold on the key (claimCashOutInTx), if any.
  storeKeyedAnswer(tx, KEY_PREFIX + input.idempotencyKey, input.requestHash, response);
  return { ok: true, replayed: false, response };
}

export const cashOutMethods = {
  /** A stored quote for the bet's whole open stake at the fair probabilities handed in. */
  async quoteCashOut(
    host: WalletHost,
    userId: string,
    betId: string,
    pricing: CashOutPricing,
    now: number,
    play: PlayContext,
  ): Promise<QuoteResult> {
    return host.transact(userId, now, (tx) => quoteCashOutInTx(tx, betId, pricing, play));
  },

  /** Accepts a quote for a share of the open stake, paying once; a quote that no longer holds answers 409 with a fresh one. */
  async cashOut(host: WalletHost, userId: string, input: CashOutInput, now: number): Promise<CashOutResult> {
    const result = host.transact(userId, now, (tx) => cashOutInTx(tx, input));
    if (result.ok || !wantsFreshQuote(result)) return result;
    const refused = result;
    const followUp = host.transact<{ ok: true; answer: CashOutFailure } | CashOutFailure>(userId, now, (tx) => {
      const answer = withFreshQuote(tx, refused, input.betId, input, input.play);
      // Committed (the fresh quote stored) when the answer carries one; a refusal without one changes nothing.
      return answer.details ? { ok: true, answer } : answer;
    });
    return followUp.ok ? followUp.answer : followUp;
  },

  /** A cash-out with a leg in play holding its key through its delay, or the key's stored answer (claimCashOutInTx). */
  async claimCashOut(
    host: WalletHost,
    userId: string,
    idempotencyKey: string,
    requestHash: string,
    now: number,
  ): Promise<CashOutResult | { ok: true; claimed: true }> {
    return host.transact<CashOutResult | { ok: true; claimed: true }>(userId, now, (tx) =>
      claimCashOutInTx(tx, idempotencyKey, requestHash),
    );
  },

  /** The stored answer to a cash-out's Idempotency-Key, so a retry skips pricing and the live delay. */
  async findCashOut(
    host: WalletHost,
    userId: string,
    idempotencyKey: string,
    requestHash: string,
    now: number,
  ): Promise<CashOutResult | null> {
    return host.read(userId, now, (tx) => findCashOut(tx, idempotencyKey, requestHash));
  },
};

/** Cash-out as a caller's stub sees it. */
export type CashOutWallet = WalletMethods<typeof cashOutMethods>;

/** Its table in the wallet's storage (a step of the ladder composed in worker/wallet-schema.ts; never edited once shipped):
 * cash_out_quotes       cash-out quotes given to the player: stored, expiring, each paid at most once (9)
 * cash_out_shares       each cash-out accepted: its share, what it paid, the leg results it was priced on (17) */
export const CASH_OUT_STORAGE: readonly WalletStorageStep[] = [
  {
    version: 9,
    statements: [
      // `cash_out_quotes`: one row per quote. `factor` is the fair value of one unit of open stake
      // (Π settled winning decimals × Π p_fair × d over the open legs) and `margin_percent` its fee; the amounts are for the whole
      // open stake `open_stake` the bet had when quoted, with `leg_results` (JSON) as they were.
      // `used_at` is set by the cash-out that accepted it: a quote pays once.
      `CREATE TABLE IF NOT EXISTS cash_out_quotes (
         id TEXT PRIMARY KEY NOT NULL,
         bet_id TEXT NOT NULL,
         open_stake INTEGER NOT NULL,
         leg_results TEXT NOT NULL,
         factor REAL NOT NULL,
         margin_percent REAL NOT NULL,
         fair_value INTEGER NOT NULL,
         fee INTEGER NOT NULL,
         amount INTEGER NOT NULL,
         created_at INTEGER NOT NULL,
         expires_at INTEGER NOT NULL,
         used_at INTEGER
       )`,
      `CREATE INDEX IF NOT EXISTS cash_out_quotes_bet_idx ON cash_out_quotes (bet_id, created_at)`,
    ],
  },
  {
    version: 17,
    statements: [
      // `cash_out_shares`: one row per cash-out accepted, kept for good: the share of stake it
      // bought, what it paid and the leg results (JSON) it was priced on, so a result correction
      // of one of those legs re-prices it.
      `CREATE TABLE IF NOT EXISTS cash_out_shares (
         quote_id TEXT PRIMARY KEY NOT NULL,
         bet_id TEXT NOT NULL,
         share INTEGER NOT NULL,
         paid INTEGER NOT NULL,
         leg_results TEXT NOT NULL
       )`,
      `CREATE INDEX IF NOT EXISTS cash_out_shares_bet_idx ON cash_out_shares (bet_id)`,
    ],
  },
];
