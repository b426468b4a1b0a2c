// Play-through: Vantage Cash that was bought or given away must be staked
// `CASH_PLAYTHROUGH` times in settled, non-void bets before it can be redeemed, so a
// stolen card cannot be turned straight into a payout. Winnings (the profit part of a
// payout) are redeemable at once.
//
// The wallet keeps one figure, "still to play", in its SQLite (`playthrough`), and every
// change to it is a row in `playthrough_moves`, keyed (reason, reference) like the money
// ledger, so a replayed credit, settlement or refund moves it at most once, and
// SUM(playthrough_moves.amount) = playthrough.to_play always. It is moved only from inside
// the wallet's transaction (Ledger calls the hooks below), so it is exact under
// concurrency:
//
//   credit   a cash credit of reason purchase / daily_bonus / streak_bonus /
//            opening_balance / admin_adjustment / free_entry adds amount × CASH_PLAYTHROUGH (an
//            operator's credit is given cash like a bonus; winnings add nothing). An
//            operator's cash debit takes unplayed cash first (`playthroughOnReversal`).
//   settled  play-through counts risk, not turnover. When a game settles, the player's
//            cash singles on it that won or lost count together what they could lose at
//            worst over every final score (src/shared/playthrough-risk.ts), capped at their
//            stakes: one `game_risk` move per game, so backing both sides of a game buys
//            only the margin. A cash parlay reaching 'settled' with result win or loss
//            takes its full stake off. Everything is floored at 0. A bet that pushed or
//            was voided as a whole returned its stake and counts for nothing; a parlay
//            with some void or pushed legs that still won or lost counts its full stake.
//            A bet plays through only cash credited before it was placed: a count takes
//            no more than is still to play of older credits (stillToPlayCreditedBy).
//            A result correction re-counts: a game's singles move the figure by the
//            difference of their new count (`playthrough_games` keeps the last one), a
//            growing count under the same rule; a parlay turned into a push or void gives
//            back what its count took, and one turned back into a win or loss takes that
//            again.
//   hold     a redemption normally takes only redeemable cash and leaves the figure
//            alone; when play-through is off (CASH_PLAYTHROUGH=0) it may take unplayed
//            cash, and then takes that much off (floored at 0).
//   refund   a failed redemption's refund restores exactly what its hold took.
//   reversal a dispute or refund that takes purchased cash back calls
//            `playthroughOnReversal`: cents × CASH_PLAYTHROUGH (at least × 1) off
//            (floored at 0), but never more than is still to play of that pack, cash
//            being played in the order it came in. A won dispute gives the pack back as a
//            `dispute_restore` credit, which gives back what the pack's reversals took off
//            (`playthroughOnRestore`).
//
// Cash-out: a share of a stake cashed out was neither won nor lost on the legs, so it
// leaves the netting set and counts nothing: a bet cashed out in full (result
// `cashed_out`) is not counted at all, and a bet partly cashed out counts only its open
// stake (`stake − cashOut.stake`), in the game's singles, a parlay's count, and the
// provisional open stakes alike.
//
// Open cash bets count provisionally: what is shown and enforced as still to play is
// max(0, to_play − open cash stakes), because staked cash is no longer in the balance and
// settles into either a counted stake or a refund that restores nothing (to_play was never
// reduced). With CASH_PLAYTHROUGH=0 nothing is added or enforced. What may be redeemed
// is balance − min(balance, max(still to play, held)): the hold on fresh purchases
// (purchase-holds.ts) keeps cash back too.
import { openStake } from "../../src/shared/bet-outcome";
import { playthroughRisk, type RiskSingle } from "../../src/shared/playthrough-risk";
import type { BetDocument } from "../../src/shared/schemas/bets";
import { betFromRow, SELECT_BETS, type BetRow } from "./bet-rows";
import type { WalletSql } from "./wallet-sql";

/** The part of Ledger the hooks need (structural, so this module does not import it). */
export type PlaythroughTx = {
  readonly sql: WalletSql;
  readonly now: number;
  /** Times purchased and bonus cash must be staked (the CASH_PLAYTHROUGH tunable). */
  readonly cashPlaythrough: number;
};

/**
 * Cash ledger reasons whose credits must be played through. A won dispute's restore
 * (`dispute_restore`) is not among them: it gives back what the dispute's reversal took off
 * (playthroughOnRestore), which may be less than the pack.
 */
const PLAY_THROUGH_CREDITS: ReadonlySet<string> = new Set([
  "purchase",
  "daily_bonus",
  "streak_bonus",
  "opening_balance",
  "admin_adjustment",
  "free_entry",
]);

/** Moves that add cash to be played: credits and restores. */
const CREDIT_MOVES = [...PLAY_THROUGH_CREDITS, "dispute_restore"];

/**
 * What is still to play of cash credited at or before `at`. Cash is played in the order it
 * came in, so what is left belongs to the newest credits: the figure less what was credited
 * after `at`. A later credit taken back since still counts as later, erring towards keeping
 * play-through. A bet plays through only cash credited before it was placed.
 */
function stillToPlayCreditedBy(tx: PlaythroughTx, at: number): number {
  const later =
    tx.sql
      .exec<{ total: number | null }>(
        `SELECT SUM(amount) AS total FROM playthrough_moves WHERE created_at > ? AND amount > 0
           AND reason IN (${CREDIT_MOVES.map(() => "?").join(", ")})`,
        at,
        ...CREDIT_MOVES,
      )
      .one().total ?? 0;
  return Math.max(0, storedToPlay(tx) - later);
}

export type PlaythroughState = {
  /** Stakes still needed (minus open cash stakes), in Vantage Cash cents; 0 when off. */
  cashToPlay: number;
  /** Vantage Cash cents that may be redeemed now. */
  redeemableCash: number;
};

function storedToPlay(tx: PlaythroughTx): number {
  return tx.sql.rows<{ to_play: number }>(["playthrough"], "SELECT to_play FROM playthrough WHERE id = 1")[0]?.to_play ?? 0;
}

/** Every open cash bet: when it was placed and its stake not cashed out. */
function openCashBets(tx: PlaythroughTx): { placed_at: number; open_stake: number }[] {
  return tx.sql
    .exec<{ placed_at: number; open_stake: number }>(
      "SELECT bets.created_at AS placed_at, stake - COALESCE(cash.cashed_stake, 0) AS open_stake FROM bets " +
        "LEFT JOIN bet_cash_outs AS cash ON cash.bet_id = bets.id WHERE status = 'open' AND wallet = 'cash'",
    )
    .toArray();
}

/**
 * What the open cash bets may still play through of `toPlay`: each at most its open stake,
 * and the bets placed by any moment together at most what is still to play of cash credited
 * before it (they play nothing newer through, as settlement counts them one after another:
 * stillToPlayCreditedBy). An open bet placed before a credit therefore never makes that
 * credit redeemable, nor do two of them together.
 */
function openCashStakesCovering(tx: PlaythroughTx, toPlay: number): number {
  const open = openCashBets(tx);
  if (open.length === 0) return 0;
  const oldest = Math.min(...open.map((bet) => bet.placed_at));
  const credits = tx.sql
    .exec<{ created_at: number; amount: number }>(
      `SELECT created_at, amount FROM playthrough_moves WHERE created_at > ? AND amount > 0
         AND reason IN (${CREDIT_MOVES.map(() => "?").join(", ")})`,
      oldest,
      ...CREDIT_MOVES,
    )
    .toArray();
  let covered = 0;
  for (const bet of [...open].sort((a, b) => a.placed_at - b.placed_at)) {
    const later = credits.reduce((sum, credit) => (credit.created_at > bet.placed_at ? sum + credit.amount : sum), 0);
    covered = Math.min(covered + Math.max(0, bet.open_stake), Math.max(covered, toPlay - later));
  }
  return covered;
}

/**
 * Applies one change to the figure, once per (reason, reference); `delta` is clamped so
 * the figure never goes below 0 (a clamped-to-0 move is still recorded, so it stays
 * once). Returns the change actually applied (0 when repeated).
 */
function move(tx: PlaythroughTx, reason: string, reference: string, delta: number): number {
  const seen = tx.sql.exec("SELECT 1 FROM playthrough_moves WHERE reason = ? AND reference = ?", reason, reference).toArray();
  if (seen.length > 0) return 0;
  const before = storedToPlay(tx);
  const applied = Math.max(delta, -before);
  const after = before + applied;
  tx.sql.exec("INSERT INTO playthrough (id, to_play) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET to_play = excluded.to_play", after);
  tx.sql.exec(
    "INSERT INTO playthrough_moves (amount, to_play_after, reason, reference, created_at) VALUES (?, ?, ?, ?, ?)",
    applied,
    after,
    reason,
    reference,
    tx.now,
  );
  return applied;
}

/** Still to play and redeemable as if play-through were enforced. */
function enforcedState(tx: PlaythroughTx, balanceCents: number): PlaythroughState {
  // Open cash stakes count for what they may still play through: with nothing left to play they cannot matter.
  const toPlay = storedToPlay(tx);
  const cashToPlay = toPlay === 0 ? 0 : Math.max(0, toPlay - openCashStakesCovering(tx, toPlay));
  return { cashToPlay, redeemableCash: balanceCents - Math.min(balanceCents, cashToPlay) };
}

/** What is still to play and what may be redeemed, for a cash balance (in cents). */
export function playthroughState(tx: PlaythroughTx, balanceCents: number): PlaythroughState {
  if (tx.cashPlaythrough === 0) return { cashToPlay: 0, redeemableCash: balanceCents };
  return enforcedState(tx, balanceCents);
}

/**
 * The ledger hook: Ledger.post calls it after every posted entry (inside the same
 * transaction). `balanceAfter` is the currency's balance after the entry.
 */
export function playthroughOnLedger(
  tx: PlaythroughTx,
  entry: { currency: string; amount: number; reason: string; reference: string },
  balanceAfter: number,
): void {
  if (entry.currency !== "cash") return;
  if (entry.amount > 0 && PLAY_THROUGH_CREDITS.has(entry.reason)) {
    if (tx.cashPlaythrough > 0) move(tx, entry.reason, entry.reference, entry.amount * tx.cashPlaythrough);
    return;
  }
  if (entry.reason === "redemption_hold") {
    const { redeemableCash } = enforcedState(tx, balanceAfter - entry.amount);
    const unplayedTaken = Math.max(0, -entry.amount - redeemableCash);
    if (unplayedTaken > 0) move(tx, "redemption_hold", entry.reference, -unplayedTaken);
    return;
  }
  if (entry.reason === "redemption_refund") {
    const held = tx.sql
      .exec<{ amount: number }>("SELECT amount FROM playthrough_moves WHERE reason = 'redemption_hold' AND reference = ?", entry.reference)
      .toArray()[0];
    if (held) move(tx, "redemption_refund", entry.reference, -held.amount);
  }
}

/** Reasons of the moves a settled bet makes: counted first, then uncounted / counted again by corrections. */
const BET_MOVES = ["bet_settled", "bet_uncounted", "bet_recounted"] as const;

/** Moves of one bet under the per-bet rule (parlays; singles settled before the risk rule). */
function betMoves(tx: PlaythroughTx, betId: string): { reason: string; amount: number }[] {
  return tx.sql
    .exec<{ reason: string; amount: number }>(
      `SELECT reason, amount FROM playthrough_moves WHERE reason IN (${BET_MOVES.map(() => "?").join(", ")})
         AND (reference = ? OR reference LIKE ? ESCAPE '\\') ORDER BY seq`,
      ...BET_MOVES,
      betId,
      `${betId.replace(/[\\%_]/g, "\\$&")}:%`,
    )
    .toArray();
}

/** A single (one leg): counted with the other singles on its game, by risk (playthroughOnGame). */
export function isSingle(bet: Pick<BetDocument, "legs">): boolean {
  return bet.legs.length === 1;
}

/**
 * The bet hook: Ledger.betChanged calls it; a settled cash parlay that won or lost counts
 * its stake (singles count per game, see playthroughOnGame).
 * A result correction can turn a counted bet into a push or void (its stake came back, so
 * what its count took off is given back: `bet_uncounted`) or back into a win or loss
 * (`bet_recounted`); those moves are referenced `<bet id>:<n>`, n = the bet's moves so far.
 */
export function playthroughOnBet(tx: PlaythroughTx, bet: BetDocument): void {
  if (bet.wallet !== "cash" || bet.status !== "settled" || isSingle(bet)) return;
  const counts = bet.result === "win" || bet.result === "loss";
  const moves = betMoves(tx, bet.id);
  const last = moves.at(-1);
  const counted = last !== undefined && last.reason !== "bet_uncounted";
  if (counts === counted) return;
  // A count takes no more than is still to play of cash credited before the bet was placed.
  const playable = () => stillToPlayCreditedBy(tx, bet.createdAt);
  if (!last) {
    move(tx, "bet_settled", bet.id, -Math.min(openStake(bet), playable()));
  } else if (counts) {
    // Counted again: it takes what its uncount gave back, no more.
    move(tx, "bet_recounted", `${bet.id}:${moves.length}`, -Math.min(last.amount, playable()));
  } else {
    move(tx, "bet_uncounted", `${bet.id}:${moves.length}`, -last.amount);
  }
}

type GameRow = { counted: number; taken: number; moves: number };

/**
 * The game hook: settlement and result corrections call it, in their transaction, for
 * every game on which a cash single of this player changed. The singles on the game that
 * won or lost count their worst-case loss together (playthroughRisk), capped at their
 * stakes; the figure moves by the difference from what the game took off before (a
 * `game_risk` move, `<event id>` first, then `<event id>:<n>`), once per new count.
 * Singles settled before this rule counted their stakes one by one (`bet_settled`); a
 * game's first count here starts from what those moves took.
 */
export function playthroughOnGame(tx: PlaythroughTx, eventId: string): void {
  const singles = tx.sql
    .exec<BetRow>(`${SELECT_BETS} WHERE wallet = 'cash' AND instr(legs, ?) > 0`, JSON.stringify(eventId))
    .toArray()
    .map(betFromRow)
    .filter((bet) => isSingle(bet) && bet.legs[0]!.eventId === eventId);
  if (singles.length === 0) return;
  const counting = singles.filter((bet) => bet.status === "settled" && (bet.result === "win" || bet.result === "loss"));
  const risk: RiskSingle[] = counting.map((bet) => ({ ...bet.legs[0]!, stake: openStake(bet) }));
  // A share cashed out counts nothing by itself, but it still hedged the other side while
  // it was open: Home and Away held to the end count only the margin, and cashing out the
  // losing side late must not leave the winner counting its whole stake.
  const cashedOut: RiskSingle[] = singles
    .filter((bet) => bet.status === "settled" && openStake(bet) < bet.stake)
    .map((bet) => ({ ...bet.legs[0]!, stake: bet.stake - openStake(bet) }));
  const sport = singles[0]!.legs[0]!.league;
  const counted = counting.length === 0 ? 0 : Math.min(playthroughRisk(risk, sport), playthroughRisk([...risk, ...cashedOut], sport));
  const row = tx.sql.exec<GameRow>("SELECT counted, taken, moves FROM playthrough_games WHERE event_id = ?", eventId).toArray()[0];
  if (row && row.counted === counted) return;
  const before = row ?? {
    counted: 0,
    taken: singles.reduce((sum, bet) => sum - betMoves(tx, bet.id).reduce((s, m) => s + m.amount, 0), 0),
    moves: 0,
  };
  let { taken, moves } = before;
  // A count that would take more takes no more than is still to play of cash credited
  // before the game's first single was placed: a correction never plays a newer pack through
  // with bets settled before it was bought.
  const placedAt = Math.min(...singles.map((bet) => bet.createdAt));
  const target = counted > taken ? taken + Math.min(counted - taken, stillToPlayCreditedBy(tx, placedAt)) : counted;
  if (taken !== target) {
    const applied = move(tx, "game_risk", moves === 0 ? eventId : `${eventId}:${moves}`, taken - target);
    taken -= applied;
    moves += 1;
  }
  tx.sql.exec(
    `INSERT INTO playthrough_games (event_id, counted, taken, moves, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (event_id) DO UPDATE SET counted = excluded.counted, taken = excluded.taken, moves = excluded.moves,
       updated_at = excluded.updated_at`,
    eventId,
    counted,
    taken,
    moves,
    tx.now,
  );
}

/**
 * The credit a reversal or restore moves, by the play-through moves that are its own: its
 * credit, the reversals that took it back and the restores that gave it back (for a pack:
 * its purchase, and its disputes' and refunds' movements).
 */
export type ReversedCredit = { owns: (move: { reason: string; reference: string }) => boolean };

type MoveRow = { seq: number; amount: number; reason: string; reference: string };

/** The credit's own moves, oldest first, and every move since its first. */
function movesOf(tx: PlaythroughTx, credit: ReversedCredit): { own: MoveRow[]; since: MoveRow[] } {
  const all = tx.sql.exec<MoveRow>("SELECT seq, amount, reason, reference FROM playthrough_moves ORDER BY seq").toArray();
  const first = all.findIndex((m) => m.amount > 0 && credit.owns(m));
  if (first < 0) return { own: [], since: [] };
  const since = all.slice(first);
  return { own: since.filter((m) => credit.owns(m)), since };
}

/**
 * What is still to play of one credit. Cash is played in the order it came in, so what is
 * left to play belongs to the newest credits: the credit's share is the figure less what
 * other credits added after it (net of what their own reversals took back), never more
 * than it still adds itself. A credit that added nothing (play-through was off then) has
 * nothing left.
 */
function unplayedOf(tx: PlaythroughTx, credit: ReversedCredit): number {
  const { own, since } = movesOf(tx, credit);
  if (own.length === 0) return 0;
  const stillAdds = own.reduce((sum, m) => sum + m.amount, 0);
  const othersSince = since
    .filter((m) => !credit.owns(m) && (CREDIT_MOVES.includes(m.reason) || m.reason === "reversal"))
    .reduce((sum, m) => sum + m.amount, 0);
  return Math.max(0, Math.min(stillAdds, storedToPlay(tx) - Math.max(0, othersSince)));
}

/**
 * For reversals (disputes, refunds of a purchase, an operator's cash debit): call it in the
 * same transaction as the ledger movement that takes back `cents` of purchased or bonus
 * cash, with that movement's reference. Takes `cents × CASH_PLAYTHROUGH` (at least × 1)
 * off what is still to play (never below 0), once per reference; returns how much it took
 * off (a positive number). Given the `credit` it reverses, it takes off no more than what
 * is still to play of that credit: refunding a pack already played through leaves a newer
 * pack's play-through in place.
 */
export function playthroughOnReversal(tx: PlaythroughTx, cents: number, reference: string, credit?: ReversedCredit): number {
  if (!Number.isSafeInteger(cents) || cents <= 0) return 0;
  const wanted = cents * Math.max(1, tx.cashPlaythrough);
  const applied = move(tx, "reversal", reference, -(credit ? Math.min(wanted, unplayedOf(tx, credit)) : wanted));
  return applied === 0 ? 0 : -applied;
}

/**
 * For a won dispute's restore of `cents` of a pack (reason `dispute_restore`, in the same
 * transaction as its ledger credit): gives back what the pack's disputes took off and their
 * restores have not yet given back (`disputes` owns those moves), at most `cents ×
 * CASH_PLAYTHROUGH`, less what the pack's refunds should have taken off and did not (a
 * refund that arrived while the dispute held the whole pack moved nothing: `refunds.due` is
 * what the refunded share takes off, and `refunds` owns the moves they made); once per
 * reference. A pack already played through when it was disputed had nothing taken off, so
 * its restore adds nothing to play again; what a refund of the same pack takes off stays
 * off, whichever of the two Stripe reported first.
 */
export function playthroughOnRestore(
  tx: PlaythroughTx,
  cents: number,
  reference: string,
  disputes: ReversedCredit,
  refunds: ReversedCredit & { dueCents: number },
): number {
  if (!Number.isSafeInteger(cents) || cents <= 0 || tx.cashPlaythrough === 0) return 0;
  const moves = tx.sql
    .exec<MoveRow>("SELECT seq, amount, reason, reference FROM playthrough_moves WHERE reason IN ('reversal', 'dispute_restore')")
    .toArray();
  const net = (owner: ReversedCredit) => -moves.filter((m) => owner.owns(m)).reduce((sum, m) => sum + m.amount, 0);
  const refundShortfall = Math.max(0, refunds.dueCents * Math.max(1, tx.cashPlaythrough) - net(refunds));
  const back = Math.min(cents * tx.cashPlaythrough, Math.max(0, net(disputes) - refundShortfall));
  return move(tx, "dispute_restore", reference, back);
}

/** Ledger-style audit: the stored figure next to the sum of its moves (equal, always). */
export function playthroughAudit(tx: PlaythroughTx): { toPlay: number; movesSum: number; openCashStakes: number } {
  const sum = tx.sql.exec<{ total: number | null }>("SELECT SUM(amount) AS total FROM playthrough_moves").one().total ?? 0;
  const openCashStakes = openCashBets(tx).reduce((total, bet) => total + bet.open_stake, 0);
  return { toPlay: storedToPlay(tx), movesSum: sum, openCashStakes };
}
