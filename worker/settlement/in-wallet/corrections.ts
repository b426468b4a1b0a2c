// A corrected final score inside one player's wallet: every bet of this player
// with a leg on the game is re-graded with the new score, once. A settled bet whose payout
// changes moves only the difference, as its own ledger row (reason `bet_correction`,
// reference `<correction reference>:<bet id>`): winnings paid on the wrong result are taken
// back with `takeBack` (what was already spent becomes owed, repaid from later credits),
// new winners are paid. A bet still open gets its leg results updated and, if that
// completes it, is paid like any settlement. Re-applying the same correction finds every
// payout already right and moves nothing; a later correction has its own reference.
// A bet cashed out in full was settled by that deal and is not re-graded; a share cashed
// out of a bet is kept, and only the open stake's payout is corrected.
// What the game's cash singles count toward play-through is counted again from their new
// results (playthroughOnGame), so the figure moves by the difference only.
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
  const outcome = settleBet(bet, legResults);
  const next: BetDocument = { ...bet, legResults };
  const betReference = `${reference}:${bet.id}`;
  if (outcome.status === "open") {
    if (JSON.stringify(legResults) === JSON.stringify(bet.legResults)) return false;
  } else if (bet.status === "open") {
    // Completed by the correction: paid as settlement would have paid it.
    summary.paid[bet.wallet] += completeBet(tx, next, outcome);
  } else {
    const paid = outcome.payout + (bet.cashOut?.paid ?? 0);
    const delta = paid - bet.payoutPaid;
    if (delta === 0 && outcome.result === bet.result && JSON.stringify(legResults) === JSON.stringify(bet.legResults)) return false;
    next.result = outcome.result;
    next.payoutPaid = paid;
    if (delta > 0) {
      const posted = tx.post({ currency: bet.wallet, amount: delta, reason: "bet_correction", reference: betReference });
      if (posted.ok) summary.paid[bet.wallet] += delta;
      else if (posted.code !== "duplicate") throw new Error(`correction credit refused for bet ${bet.id}: ${posted.code}`);
    } else if (delta < 0) {
      const taken = tx.takeBack({ currency: bet.wallet, amount: -delta, reason: "bet_correction", reference: betReference });
      if (taken.ok) {
        summary.takenBack[bet.wallet] += taken.taken;
        summary.owed[bet.wallet] += taken.owed;
      } else if (taken.code !== "duplicate") throw new Error(`correction take-back refused for bet ${bet.id}: ${taken.code}`);
    }
  }
  summary.betsChanged += 1;
  updateBetOutcome(tx.sql, next);
  tx.betChanged(next);
  return true;
}

/** This wallet's bets with a leg on the game, except those cashed out in full (settled by that deal). */
export function betsOnGame(tx: Ledger, eventId: string): BetDocument[] {
  return tx.sql
    .exec<BetRow>(`${SELECT_BETS} WHERE instr(legs, ?) > 0 ORDER BY created_at`, JSON.stringify(eventId))
    .toArray()
    .map(betFromRow)
    .filter((bet) => bet.result !== "cashed_out" && bet.legs.some((leg) => leg.eventId === eventId));
}

export function applyCorrectionInTx(tx: Ledger, input: CorrectionInput): CorrectionSummary {
  const summary = emptyCorrectionSummary();
  let cashSinglesChanged = false;
  for (const bet of betsOnGame(tx, input.eventId)) {
    if (!applyRegrade(tx, bet, regrade(bet, input), input.reference, summary)) continue;
    if (bet.wallet === "cash" && isSingle(bet)) cashSinglesChanged = true;
  }
  if (cashSinglesChanged) playthroughOnGame(tx, input.eventId);
  return summary;
}
