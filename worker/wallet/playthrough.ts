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
//            cash bets on it that won or lost count together what they could lose at
//            worst, capped at their stakes: singles on a game no parlay joins over every
//            final score (src/shared/playthrough-risk.ts), so backing both sides of a game
//            buys only the margin; games joined by settled cash parlays (same-game blocks
//            included) as one group, every bet on them over the joint outcomes of those
//            games (src/shared/playthrough-portfolio.ts), so parlays covering every outcome
//            of two games buy only their margins while a lone parlay counts its stake. One
//            `game_risk` move per count, referenced by the group's first game. Everything
//            is floored at 0. A bet that pushed or was voided as a whole returned its stake
//            and counts for nothing; a leg voided stays void in every outcome.
//            A bet plays through only cash credited before it was placed: a count takes
//            no more than is still to play of credits older than the first bet that counts
//            (won or lost; stillToPlayCreditedBy), and what that kept back is tried again at
//            the next count. A group's count grades at most EXACT_BUDGET legs and bets, and
//            past it counts the worst real outcome found (never more than the true worst).
//            A result correction, a late settlement or a cash-out re-counts: the group's
//            games move the figure by the difference of their new count from what they
//            took before (`playthrough_games` keeps the last one), a growing count under
//            the same rule. Parlays counted by their stake before the risk rule
//            (`bet_settled`) keep that count: turned into a push or void they give back
//            what it took, turned back into a win or loss they take that again.
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
// stake (`stake − cashOut.stake`), in a game's or a group's count and the provisional open
// stakes alike; the share cashed out still hedged the rest while it was open.
//
// Open cash bets count provisionally: what is shown and enforced as still to play is
// max(0, to_play − open cash stakes), because staked cash is no longer in the balance and
// settles into either a counted stake or a refund that restores nothing (to_play was never
// reduced). With CASH_PLAYTHROUGH=0 nothing is added or enforced. The hold on fresh
// purchases (purchase-holds.ts) keeps cash back too: what may be redeemed is the balance
// less what is still to play and what of each held pack play-through no longer covers
// (the redemption rules keep both back together).
import { openStake } from "../../src/shared/bet-outcome";
import { meter, type PortfolioBet, portfolioRisk } from "../../src/shared/playthrough-portfolio";
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

/** A single (one leg): counted with the other bets on its game, by risk (playthroughOnGame). */
export function isSingle(bet: Pick<BetDocument, "legs">): boolean {
  return bet.legs.length === 1;
}

/** A settled bet that won or lost: its stake was neither returned nor cashed out. */
function counts(bet: BetDocument): boolean {
  return bet.status === "settled" && (bet.result === "win" || bet.result === "loss");
}

/** A settled bet play-through nets: it won or lost, or a share of it was cashed out (which hedged the rest). */
function nets(bet: BetDocument): boolean {
  return counts(bet) || (bet.status === "settled" && openStake(bet) < bet.stake);
}

/**
 * A parlay counted by its whole stake before parlays were counted by risk (it has a
 * `bet_settled` move): it keeps that count, and its corrections move it as they did then.
 */
function countedByStake(tx: PlaythroughTx, betId: string): boolean {
  return tx.sql.exec("SELECT 1 FROM playthrough_moves WHERE reason = 'bet_settled' AND reference = ?", betId).toArray().length > 0;
}

/**
 * The bet hook: Ledger.betChanged calls it. A settled cash parlay (same-game blocks included)
 * is counted by risk with the other bets on its games: every game it touches is counted
 * again (playthroughOnGame), so a late settlement, a correction or a cash-out of one parlay
 * moves the figure by the difference of its games' new count. Singles count per game.
 * A parlay counted by its stake before this rule keeps that count: a correction that turns
 * it into a push or void gives back what it took (`bet_uncounted`), one that turns it back
 * into a win or loss takes that again (`bet_recounted`); those moves are referenced
 * `<bet id>:<n>`, n = the bet's moves so far.
 */
export function playthroughOnBet(tx: PlaythroughTx, bet: BetDocument): void {
  if (bet.wallet !== "cash" || bet.status !== "settled" || isSingle(bet)) return;
  if (countedByStake(tx, bet.id)) {
    recountByStake(tx, bet);
    return;
  }
  const counted = new Set<string>();
  for (const { eventId } of bet.legs) {
    if (counted.has(eventId)) continue;
    for (const game of countGames(tx, eventId)) counted.add(game);
  }
}

/** A parlay counted by its stake before this rule: uncounted and counted again as its result changes. */
function recountByStake(tx: PlaythroughTx, bet: BetDocument): void {
  const moves = betMoves(tx, bet.id);
  const last = moves.at(-1);
  const counted = last !== undefined && last.reason !== "bet_uncounted";
  if (counts(bet) === counted) return;
  // A count takes no more than is still to play of cash credited before the bet was placed.
  const playable = () => stillToPlayCreditedBy(tx, bet.createdAt);
  if (counts(bet)) {
    // Counted again: it takes what its uncount gave back, no more.
    move(tx, "bet_recounted", `${bet.id}:${moves.length}`, -Math.min(last!.amount, playable()));
  } else {
    move(tx, "bet_uncounted", `${bet.id}:${moves.length}`, -last!.amount);
  }
}

type GameRow = { counted: number; taken: number; moves: number };

/** Games whose bets are counted together, and the player's cash bets on them. */
type GameGroup = {
  /** Sorted: the first keeps the group's count. */
  games: string[];
  /** Every cash single on those games, whatever its state. */
  singles: BetDocument[];
  /** The settled cash parlays joining them (counted by risk, netting: won, lost or partly cashed out). */
  parlays: BetDocument[];
};

/** The player's cash bets with a leg on the game. */
function cashBetsOn(tx: PlaythroughTx, eventId: string): BetDocument[] {
  return tx.sql
    .exec<BetRow>(`${SELECT_BETS} WHERE wallet = 'cash' AND instr(legs, ?) > 0`, JSON.stringify(eventId))
    .toArray()
    .map(betFromRow)
    .filter((bet) => bet.legs.some((leg) => leg.eventId === eventId));
}

/**
 * The game's group: the games joined to it by settled cash parlays that net (counted by
 * risk), transitively, with the singles on them. Games no such parlay joins are counted
 * alone, as before parlays were counted by risk.
 */
function groupOf(tx: PlaythroughTx, eventId: string): GameGroup {
  const games = [eventId];
  const singles: BetDocument[] = [];
  const parlays = new Map<string, BetDocument>();
  const skipped = new Set<string>();
  for (let i = 0; i < games.length; i++) {
    const game = games[i]!;
    for (const bet of cashBetsOn(tx, game)) {
      if (isSingle(bet)) {
        singles.push(bet);
        continue;
      }
      if (parlays.has(bet.id) || skipped.has(bet.id)) continue;
      if (!nets(bet) || countedByStake(tx, bet.id)) {
        skipped.add(bet.id);
        continue;
      }
      parlays.set(bet.id, bet);
      for (const leg of bet.legs) if (!games.includes(leg.eventId)) games.push(leg.eventId);
    }
  }
  return { games: games.sort(), singles, parlays: [...parlays.values()] };
}

/**
 * The game hook: settlement and result corrections call it, in their transaction, for
 * every game on which a cash single of this player changed (and playthroughOnBet for every
 * game of a settled parlay). Counts the game's group again (groupOf); returns its games.
 *
 * A game no parlay joins: the singles on it that won or lost count their worst-case loss
 * together (playthroughRisk), capped at their stakes; the figure moves by the difference
 * from what the game took off before (a `game_risk` move, `<event id>` first, then
 * `<event id>:<n>`), once per new count. Singles settled before this rule counted their
 * stakes one by one (`bet_settled`); a game's first count here starts from what those
 * moves took.
 *
 * Games joined by parlays: every netting bet on them (singles, parlays, same-game blocks)
 * counts its worst-case loss together over the joint outcomes of those games
 * (portfolioRisk), and the figure moves by the difference from what all their games took
 * before, with one `game_risk` move referenced by the group's first game as above. That
 * game's row keeps the group's count, the others' count 0, so each game's count is counted
 * once however groups join or split as parlays settle or are corrected.
 */
export function playthroughOnGame(tx: PlaythroughTx, eventId: string): void {
  countGames(tx, eventId);
}

function countGames(tx: PlaythroughTx, eventId: string): string[] {
  const group = groupOf(tx, eventId);
  if (group.parlays.length === 0 && group.singles.length > 0) countSingles(tx, eventId, group.singles);
  else countGroup(tx, group);
  return group.games;
}

/** What the game's singles took off before its first count here: their per-bet moves from before the risk rule. */
function takenOneByOne(tx: PlaythroughTx, singles: readonly BetDocument[]): number {
  return singles.reduce((sum, bet) => sum - betMoves(tx, bet.id).reduce((s, m) => s + m.amount, 0), 0);
}

function readGame(tx: PlaythroughTx, eventId: string): GameRow | undefined {
  return tx.sql.exec<GameRow>("SELECT counted, taken, moves FROM playthrough_games WHERE event_id = ?", eventId).toArray()[0];
}

function writeGame(tx: PlaythroughTx, eventId: string, row: GameRow): void {
  tx.sql.exec(
    `INSERT INTO playthrough_games (event_id, counted, taken, moves, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (event_id) DO UPDATE SET counted = excluded.counted, taken = excluded.taken, moves = excluded.moves,
       updated_at = excluded.updated_at`,
    eventId,
    row.counted,
    row.taken,
    row.moves,
    tx.now,
  );
}

/**
 * Moves the figure from `taken` towards `counted` with one `game_risk` move referenced by
 * `eventId` and the game's moves so far. A count that would take more takes no more than is
 * still to play of cash credited before `placedAt` (the first of the bets that count: won or
 * lost): a correction never plays a newer pack through with bets settled before it was
 * bought, and a bet that counts nothing (a void, a push, a share cashed out) does not hold
 * back the cap of the bets that do. What the cap kept back (taken < counted) is tried again
 * at the game's next count.
 */
function moveTowards(tx: PlaythroughTx, eventId: string, before: GameRow, counted: number, placedAt: () => number): GameRow {
  let { taken, moves } = before;
  const target = counted > taken ? taken + Math.min(counted - taken, stillToPlayCreditedBy(tx, placedAt())) : counted;
  if (taken !== target) {
    const applied = move(tx, "game_risk", moves === 0 ? eventId : `${eventId}:${moves}`, taken - target);
    taken -= applied;
    moves += 1;
  }
  return { counted, taken, moves };
}

/** A game no parlay joins: its singles' count (see playthroughOnGame). */
function countSingles(tx: PlaythroughTx, eventId: string, singles: readonly BetDocument[]): void {
  const counting = singles.filter(counts);
  const risk: RiskSingle[] = counting.map((bet) => ({ ...bet.legs[0]!, stake: openStake(bet) }));
  // A share cashed out counts nothing by itself, but it still hedged the other side while
  // it was open: Home and Away held to the end count only the margin, and cashing out the
  // losing side late must not leave the winner counting its whole stake.
  const cashedOut: RiskSingle[] = singles
    .filter((bet) => bet.status === "settled" && openStake(bet) < bet.stake)
    .map((bet) => ({ ...bet.legs[0]!, stake: bet.stake - openStake(bet) }));
  const sport = singles[0]!.legs[0]!.league;
  const counted = counting.length === 0 ? 0 : Math.min(playthroughRisk(risk, sport), playthroughRisk([...risk, ...cashedOut], sport));
  const row = readGame(tx, eventId);
  if (row && row.counted === counted && row.taken === counted) return;
  const before = row ?? { counted: 0, taken: takenOneByOne(tx, singles), moves: 0 };
  writeGame(
    tx,
    eventId,
    moveTowards(tx, eventId, before, counted, () => firstPlaced(counting, singles)),
  );
}

/** When the first of the bets that count was placed (of `all` when none counts: then nothing grows). */
function firstPlaced(counting: readonly BetDocument[], all: readonly BetDocument[]): number {
  return Math.min(...(counting.length > 0 ? counting : all).map((bet) => bet.createdAt));
}

/** A bet as the portfolio rule reads it, `stake` riding on its legs. */
function portfolioBet(bet: BetDocument, stake: number): PortfolioBet {
  return { stake, legs: bet.legs, legResults: bet.legResults, ...(bet.sameGame && { sameGame: bet.sameGame }) };
}

/** Games joined by parlays (or a game a split left without bets): their group's count (see playthroughOnGame). */
function countGroup(tx: PlaythroughTx, group: GameGroup): void {
  const bets = [...group.singles, ...group.parlays];
  const netting = bets.filter(nets);
  const counting = netting.filter(counts);
  // One budget for the whole count: past it the count is the worst real outcome found, never more than the true worst.
  const counted = portfolioRisk(
    counting.map((bet) => portfolioBet(bet, openStake(bet))),
    netting.filter((bet) => openStake(bet) < bet.stake).map((bet) => portfolioBet(bet, bet.stake - openStake(bet))),
    meter(),
  );
  const rows = group.games.map((game) => {
    const row = readGame(tx, game);
    const singles = group.singles.filter((bet) => bet.legs[0]!.eventId === game);
    return { game, row, before: row ?? { counted: 0, taken: takenOneByOne(tx, singles), moves: 0 } };
  });
  const countedBefore = rows.reduce((sum, r) => sum + r.before.counted, 0);
  const takenBefore = rows.reduce((sum, r) => sum + r.before.taken, 0);
  // Nothing to move: the count is unchanged and fully taken (a shortfall the cap kept back is tried
  // again), and no game's per-bet moves from before the risk rule are left to take over.
  if (countedBefore === counted && takenBefore === counted && rows.every((r) => r.row || r.before.taken === 0)) return;
  const [first, ...rest] = rows;
  const before = { counted: countedBefore, taken: takenBefore, moves: first!.before.moves };
  writeGame(
    tx,
    first!.game,
    moveTowards(tx, first!.game, before, counted, () => firstPlaced(counting, bets)),
  );
  for (const r of rest) writeGame(tx, r.game, { counted: 0, taken: 0, moves: r.before.moves });
}

/**
 * The credit a reversal or restore moves, by the play-through moves that are its own: its
 * credit, the reversals that took it back and the restores that gave it back (for a pack:
 * its purchase, and its disputes' and refunds' movements).
 */
export type ReversedCredit = {
  owns: (move: { reason: string; reference: string }) => boolean;
  /**
   * The move that began the credit, when the credit knows it (a pack's purchase): only the
   * moves from it on are read, not a heavy bettor's whole history.
   */
  firstMove?: { reason: string; reference: string };
};

type MoveRow = { seq: number; amount: number; reason: string; reference: string };

/** The credit's own moves, oldest first, and every move since its first. */
function movesOf(tx: PlaythroughTx, credit: ReversedCredit): { own: MoveRow[]; since: MoveRow[] } {
  const start = credit.firstMove
    ? tx.sql
        .exec<{ seq: number }>(
          "SELECT seq FROM playthrough_moves WHERE reason = ? AND reference = ?",
          credit.firstMove.reason,
          credit.firstMove.reference,
        )
        .toArray()[0]?.seq
    : undefined;
  const all = tx.sql
    .exec<MoveRow>("SELECT seq, amount, reason, reference FROM playthrough_moves WHERE seq >= ? ORDER BY seq", start ?? 0)
    .toArray();
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
export function unplayedOf(tx: PlaythroughTx, credit: ReversedCredit): number {
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
