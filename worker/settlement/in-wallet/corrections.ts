// A corrected final score inside one player's wallet: every bet of this player
// with a leg on the game is re-graded with the new score, once. A settled bet whose payout
// changes moves only the difference, as its own ledger row (reason `bet_correction`,
// reference `<correction reference>:<bet id>`): winnings paid on the wrong result are taken
// back with `takeBack` (what was already spent becomes owed, repaid from later credits),
// new winners are paid. A bet still open gets its leg results updated and, if that
// completes it, is paid like any settlement. Re-applying the same correction finds every
// payout already right and moves nothing; a later correction has its own reference, and
// once it has reached the wallet an earlier one arriving late changes nothing.
// A cash-out was priced on the legs graded when it was taken: a correction of one of those
// legs re-prices it by how much that leg's part of the price changes (a win corrected to a
// loss makes it worth nothing, to a push worth its price less that leg's decimal), and the
// difference moves like any other (`<reference>:<bet id>:cash-out`), winnings taken back
// becoming owed where spent. A bet cashed out in full keeps the result `cashed_out`; the
// open stake of one cashed out in part is corrected as above. Legs still open when it was
// taken were priced at their chance then, which no result changes.
// What the game's cash singles count toward play-through is counted again from their new
// results (playthroughOnGame), so the figure moves by the difference only.
import { gradedFactor } from "../../../src/shared/cash-out";
import { gradeLeg } from "../../../src/shared/grading";
import { settleBet } from "../../../src/shared/bet-outcome";
import type { BetDocument, LegResult } from "../../../src/shared/schemas/bets";
import { betFromRow, SELECT_BETS, updateBetOutcome, type BetRow } from "../../wallet/bet-rows";
import { completeBet } from "./settlement";
import type { Ledger } from "../../wallet/ledger";
import { isSingle, playthroughOnGame } from "../../wallet/playthrough";

export type CorrectionInput = { eventId: string; homeScore: number; awayScore: number; reference: string };

export type CorrectionSummary = {
  ok: true;
  /** Bets whose leg results or payout changed. */
  betsChanged: number;
  /** Winnings taken back (from the balance and recorded as owed), per wallet. */
  takenBack: { coins: number; cash: number };
  owed: { coins: number; cash: number };
  /** New winnings paid, per wallet. */
  paid: { coins: number; cash: number };
  /** A newer correction of the game had already reached this wallet: this one changed nothing. */
  superseded?: true;
};

function regrade(bet: BetDocument, input: CorrectionInput): (LegResult | null)[] {
  const results = [...bet.legResults];
  while (results.length < bet.legs.length) results.push(null);
  bet.legs.forEach((leg, index) => {
    // A corrected score changes no player's statistics: a prop keeps the grade its box score gave.
    if (leg.eventId !== input.eventId || leg.market === "Prop") return;
    try {
      results[index] = gradeLeg(leg, input, leg.league);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      results[index] = "void";
    }
  });
  return results;
}

/** Nothing moved yet: the start of a correction's summary. */
export function emptyCorrectionSummary(): CorrectionSummary {
  return { ok: true, betsChanged: 0, takenBack: { coins: 0, cash: 0 }, owed: { coins: 0, cash: 0 }, paid: { coins: 0, cash: 0 } };
}

/** A small float error is not a unit of money. */
const FLOAT_NOISE = 1e-9;

/**
 * What the bet's cash-outs are worth with `legResults`: each as paid, scaled by how the legs
 * graded when it was taken now count (gradedFactor), from `cash_out_shares`. A bet with a
 * cash-out taken before those were kept (its shares do not add up to the stake cashed out)
 * keeps what its cash-outs paid.
 */
function cashOutsWorth(tx: Ledger, bet: BetDocument, legResults: readonly (LegResult | null)[]): number {
  const kept = bet.cashOut?.paid ?? 0;
  if (!bet.cashOut || bet.cashOut.stake === 0) return kept;
  const taken = tx.sql
    .exec<{ share: number; paid: number; leg_results: string }>(
      "SELECT share, paid, leg_results FROM cash_out_shares WHERE bet_id = ?",
      bet.id,
    )
    .toArray();
  if (taken.reduce((sum, q) => sum + q.share, 0) !== bet.cashOut.stake) return kept;
  return taken.reduce((worth, quote) => {
    const then = JSON.parse(quote.leg_results) as (LegResult | null)[];
    const before = gradedFactor(bet, then);
    const now = gradedFactor(
      bet,
      then.map((result, index) => (result === null ? null : (legResults[index] ?? null))),
    );
    return worth + (before > 0 ? Math.floor((quote.paid * now) / before + FLOAT_NOISE) : 0);
  }, 0);
}

/** Moves `delta` under `reference`: paid when positive, taken back (what is spent becomes owed) when negative. */
function moveDifference(tx: Ledger, wallet: BetDocument["wallet"], delta: number, reference: string, summary: CorrectionSummary): void {
  if (delta > 0) {
    const posted = tx.post({ currency: wallet, amount: delta, reason: "bet_correction", reference });
    if (posted.ok) summary.paid[wallet] += delta;
    else if (posted.code !== "duplicate") throw new Error(`correction credit refused (${reference}): ${posted.code}`);
  } else if (delta < 0) {
    const taken = tx.takeBack({ currency: wallet, amount: -delta, reason: "bet_correction", reference });
    if (taken.ok) {
      summary.takenBack[wallet] += taken.taken;
      summary.owed[wallet] += taken.owed;
    } else if (taken.code !== "duplicate") throw new Error(`correction take-back refused (${reference}): ${taken.code}`);
  }
}

/**
 * Gives `bet` its re-graded `legResults` and moves only what its payout changes by, under
 * `<reference>:<bet id>` (see the header); adds what moved to `summary`. Answers whether the
 * bet changed (false when it already stood so, as on a repeated correction).
 */
export function applyRegrade(
  tx: Ledger,
  bet: BetDocument,
  legResults: (LegResult | null)[],
  reference: string,
  summary: CorrectionSummary,
): boolean {
  const betReference = `${reference}:${bet.id}`;
  const sameLegs = JSON.stringify(legResults) === JSON.stringify(bet.legResults);
  // The cash-outs first: what they are worth on the corrected legs.
  const cashedOut = cashOutsWorth(tx, bet, legResults);
  const cashOutDelta = cashedOut - (bet.cashOut?.paid ?? 0);
  moveDifference(tx, bet.wallet, cashOutDelta, `${betReference}:cash-out`, summary);
  const next: BetDocument = {
    ...bet,
    legResults,
    ...(bet.cashOut && { cashOut: { ...bet.cashOut, paid: cashedOut } }),
    payoutPaid: bet.payoutPaid + cashOutDelta,
  };
  if (bet.result === "cashed_out") {
    // Cashed out in full: no open stake to grade, the deal stands as re-priced.
    if (sameLegs && cashOutDelta === 0) return false;
  } else {
    const outcome = settleBet(bet, legResults);
    if (outcome.status === "open") {
      if (sameLegs && cashOutDelta === 0) return false;
    } else if (bet.status === "open") {
      // Completed by the correction: paid as settlement would have paid it.
      summary.paid[bet.wallet] += completeBet(tx, next, outcome);
    } else {
      const delta = outcome.payout + cashedOut - next.payoutPaid;
      if (delta === 0 && cashOutDelta === 0 && outcome.result === bet.result && sameLegs) return false;
      next.result = outcome.result;
      next.payoutPaid = outcome.payout + cashedOut;
      moveDifference(tx, bet.wallet, delta, betReference, summary);
    }
  }
  summary.betsChanged += 1;
  updateBetOutcome(tx.sql, next);
  tx.betChanged(next);
  return true;
}

/** This wallet's bets with a leg on the game, those cashed out included (a correction re-prices their cash-outs). */
export function betsOnGame(tx: Ledger, eventId: string): BetDocument[] {
  return tx.sql
    .exec<BetRow>(`${SELECT_BETS} WHERE instr(legs, ?) > 0 ORDER BY created_at`, JSON.stringify(eventId))
    .toArray()
    .map(betFromRow)
    .filter((bet) => bet.legs.some((leg) => leg.eventId === eventId));
}

/**
 * Whether a newer correction of the game already reached this wallet: the reference
 * `correction:<event id>:<seq>` names its number. Otherwise this one is recorded as the
 * latest. (A reference of another form, as tests and replays of old messages may send,
 * carries no number and is applied.)
 */
function supersededInTx(tx: Ledger, input: CorrectionInput): boolean {
  const prefix = `correction:${input.eventId}:`;
  if (!input.reference.startsWith(prefix)) return false;
  const seq = Number(input.reference.slice(prefix.length));
  if (!Number.isSafeInteger(seq)) return false;
  const latest = tx.sql.exec<{ seq: number }>("SELECT seq FROM score_corrections WHERE event_id = ?", input.eventId).toArray()[0];
  if (latest && latest.seq > seq) return true;
  tx.sql.exec(
    `INSERT INTO score_corrections (event_id, seq, applied_at) VALUES (?, ?, ?)
     ON CONFLICT (event_id) DO UPDATE SET seq = excluded.seq, applied_at = excluded.applied_at`,
    input.eventId,
    seq,
    tx.now,
  );
  return false;
}

export function applyCorrectionInTx(tx: Ledger, input: CorrectionInput): CorrectionSummary {
  const summary = emptyCorrectionSummary();
  if (supersededInTx(tx, input)) return { ...summary, superseded: true };
  let cashSinglesChanged = false;
  for (const bet of betsOnGame(tx, input.eventId)) {
    if (!applyRegrade(tx, bet, regrade(bet, input), input.reference, summary)) continue;
    if (bet.wallet === "cash" && isSingle(bet)) cashSinglesChanged = true;
  }
  if (cashSinglesChanged) playthroughOnGame(tx, input.eventId);
  return summary;
}
