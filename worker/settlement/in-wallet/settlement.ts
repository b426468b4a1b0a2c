// Settlement inside one player's wallet: grades that player's open legs on finished
// (or voided) events and pays every bet that became fully graded, all within the
// caller's single Ledger. A bet moves from 'open' to exactly one final state once:
// already-graded legs are never regraded, settled bets are skipped, and the payout is
// posted with reason `bet_payout` and reference = bet id, which the ledger's UNIQUE key
// refuses to post twice. A bet partly cashed out has only its open stake graded (the
// cashed-out share was paid by worker/cash-out/in-wallet.ts, in this same wallet, so the two
// never pay one share twice). Rules come from src/shared/grading.ts. Once the bets are graded,
// each game on which cash singles settled counts their worst-case loss toward
// play-through, in the same transaction (playthroughOnGame).
import { gradeLeg } from "../../../src/shared/grading";
import { propMarket } from "../../../src/shared/props/catalogue";
import { gradeProp } from "../../../src/shared/props/grading";
import type { PlayerStatLine } from "../../../src/shared/schemas/props";
import { settleBet, type BetOutcome } from "../../../src/shared/bet-outcome";
import type { BetDocument, LegResult } from "../../../src/shared/schemas/bets";
import { betFromRow, SELECT_BETS, updateBetOutcome, type BetRow } from "../../wallet/bet-rows";
import type { Ledger } from "../../wallet/ledger";
import { isSingle, playthroughOnGame } from "../../wallet/playthrough";

/**
 * A finished game's score, or an operator's void. A final may also carry its players'
 * statistics (`props.players`) to grade players' markets from, or say they never came
 * (`props.overdue`: PROP_GRADE_HOURS passed, so those markets are void); without either,
 * its props stay open.
 */
export type EventOutcome =
  | { eventId: string; homeScore: number; awayScore: number; props?: { players: PlayerStatLine[] } | { overdue: true } }
  | { eventId: string; void: true };

export type SettlementSummary = {
  ok: true;
  /** Legs graded by this call (0 when everything was already graded). */
  gradedLegs: number;
  /** Bets moved from open to settled by this call. */
  settledBets: number;
  /** Amounts credited by this call, per wallet (minor units). */
  paid: { coins: number; cash: number };
  /** Legs that could not be graded from the score (malformed) and were voided. */
  voidedMalformed: number;
  /** Which legs those were, for the wallet's log line. */
  ungradable: string[];
};

/** A player's market: graded from the game's box score, void when it never came; null while it has not come. */
function propResultFor(leg: BetDocument["legs"][number], outcome: Extract<EventOutcome, { homeScore: number }>): LegResult | null {
  if (!outcome.props) return null;
  if ("overdue" in outcome.props) return "void";
  return gradePropLeg(leg, outcome.props.players);
}

/**
 * A Prop leg's result from its game's players' statistics (src/shared/props/grading.ts); a leg
 * that does not fit its market voids, and so does one whose statistic no player who played
 * has in the box score: the source did not record it (its payload changed, say), and a
 * statistic missing for everyone is not a 0 for everyone.
 */
export function gradePropLeg(leg: BetDocument["legs"][number], players: readonly PlayerStatLine[]): LegResult {
  const market = leg.prop ? propMarket(leg.league, leg.prop.marketKey) : undefined;
  if (!leg.prop || !market || (leg.side !== "Over" && leg.side !== "Under" && leg.side !== "Yes")) return "void";
  if (!players.some((p) => p.played && p.stats[market.stat] !== undefined)) return "void";
  const line = players.find((p) => p.playerId === leg.prop!.playerId);
  return gradeProp(
    {
      marketKey: leg.prop.marketKey,
      sport: leg.league,
      kind: market.kind,
      line: leg.line,
      side: leg.side === "Yes" ? "yes" : leg.side === "Over" ? "over" : "under",
    },
    line,
  );
}

function legResultFor(bet: BetDocument, index: number, outcome: EventOutcome): { result: LegResult | null; malformed: boolean } {
  if ("void" in outcome) return { result: "void", malformed: false };
  const leg = bet.legs[index]!;
  if (leg.market === "Prop") return { result: propResultFor(leg, outcome), malformed: false };
  try {
    return { result: gradeLeg(leg, outcome, leg.league), malformed: false };
  } catch (err) {
    if (err instanceof RangeError) return { result: "void", malformed: true };
    throw err;
  }
}

/**
 * Applies the outcomes to every open bet in this wallet with an ungraded leg on one of
 * the events. Safe to repeat: a second call with the same outcomes changes nothing.
 */
export function applyEventOutcomes(tx: Ledger, outcomes: readonly EventOutcome[]): SettlementSummary {
  const summary: SettlementSummary = {
    ok: true,
    gradedLegs: 0,
    settledBets: 0,
    paid: { coins: 0, cash: 0 },
    voidedMalformed: 0,
    ungradable: [],
  };
  const byEvent = new Map(outcomes.map((o) => [o.eventId, o]));
  if (byEvent.size === 0) return summary;

  // Bets cashed out in full are settled already; their legs are still graded (for the record, and so
  // settlement's D1 view of open legs empties), with nothing paid.
  const openBets = tx.sql
    .exec<BetRow>(`${SELECT_BETS} WHERE status = 'open' OR (result = 'cashed_out' AND instr(leg_results, 'null') > 0) ORDER BY created_at`)
    .toArray()
    .map(betFromRow);
  const gamesWithCashSingles = new Set<string>();
  for (const bet of openBets) {
    const legResults = [...bet.legResults];
    while (legResults.length < bet.legs.length) legResults.push(null);
    let graded = 0;
    bet.legs.forEach((leg, index) => {
      const outcome = byEvent.get(leg.eventId);
      if (!outcome || legResults[index] !== null) return;
      const { result, malformed } = legResultFor(bet, index, outcome);
      // A player's market whose statistics have not come yet stays open.
      if (result === null) return;
      if (malformed) {
        summary.voidedMalformed += 1;
        summary.ungradable.push(`leg ${index} of bet ${bet.id} (${leg.market} ${leg.side} ${leg.line})`);
      }
      legResults[index] = result;
      graded += 1;
    });
    if (graded === 0) continue;
    summary.gradedLegs += graded;
    if (bet.status !== "open") {
      const recorded: BetDocument = { ...bet, legResults };
      updateBetOutcome(tx.sql, recorded);
      tx.betChanged(recorded);
      continue;
    }

    const outcome = settleBet(bet, legResults);
    const next: BetDocument = { ...bet, legResults };
    if (outcome.status === "settled") {
      summary.paid[bet.wallet] += completeBet(tx, next, outcome);
      summary.settledBets += 1;
    }
    updateBetOutcome(tx.sql, next);
    tx.betChanged(next);
    if (next.wallet === "cash" && isSingle(next)) gamesWithCashSingles.add(next.legs[0]!.eventId);
  }
  for (const eventId of gamesWithCashSingles) playthroughOnGame(tx, eventId);
  return summary;
}

/**
 * Marks `next` (an open bet whose legs are all graded) settled with `outcome` and pays its
 * payout as `bet_payout`, once per bet id; returns what was paid now (0 if already paid).
 * Settlement and result corrections both complete bets through this.
 */
export function completeBet(tx: Ledger, next: BetDocument, outcome: Extract<BetOutcome, { status: "settled" }>): number {
  next.status = "settled";
  next.result = outcome.result;
  // What a share cashed out earlier paid stays counted; this payout is the open stake's.
  next.payoutPaid = (next.cashOut?.paid ?? 0) + outcome.payout;
  next.settledAt = tx.now;
  if (outcome.payout <= 0) return 0;
  const posted = tx.post({ currency: next.wallet, amount: outcome.payout, reason: "bet_payout", reference: next.id });
  if (posted.ok) return outcome.payout;
  if (posted.code !== "duplicate") throw new Error(`payout refused for bet ${next.id}: ${posted.code}`);
  return 0;
}
