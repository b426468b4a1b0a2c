// Reading and writing bet documents in the wallet's `bets` table (schema in
// the storage ladder, worker/wallet-schema.ts). Placement and settlement both go through these so the stored
// shape has one definition.
import type { WalletKind } from "../../src/shared/money";
import { BetDocumentSchema, type BetDocument } from "../../src/shared/schemas/bets";

export type BetRow = {
  id: string;
  slip_id: string;
  wallet: string;
  kind: string;
  status: string;
  result: string | null;
  stake: number;
  to_win: number;
  payout_paid: number;
  created_at: number;
  settled_at: number | null;
  legs: string;
  leg_results: string;
  /** JSON of the bet's same-game blocks from `bet_same_game` (SELECT_BETS), or null when it has none. */
  same_game: string | null;
  version: number;
  /** What was cashed out (0 for none): the stake share and what it paid, from `bet_cash_outs` (SELECT_BETS). */
  cash_out_stake: number;
  cash_out_paid: number;
};

/** Every bet column plus what was cashed out of it; append WHERE / ORDER BY (the joined table's columns never clash). */
export const SELECT_BETS =
  "SELECT bets.*, COALESCE(cash.cashed_stake, 0) AS cash_out_stake, COALESCE(cash.cashed_paid, 0) AS cash_out_paid, sgp.blocks AS same_game " +
  "FROM bets LEFT JOIN bet_cash_outs AS cash ON cash.bet_id = bets.id LEFT JOIN bet_same_game AS sgp ON sgp.bet_id = bets.id";

export function betFromRow(row: BetRow): BetDocument {
  return BetDocumentSchema.parse({
    id: row.id,
    slipId: row.slip_id,
    wallet: row.wallet,
    kind: row.kind,
    status: row.status,
    result: row.result,
    stake: row.stake,
    toWin: row.to_win,
    payoutPaid: row.payout_paid,
    createdAt: row.created_at,
    settledAt: row.settled_at,
    legs: JSON.parse(row.legs),
    legResults: JSON.parse(row.leg_results),
    ...(row.cash_out_stake > 0 && { cashOut: { stake: row.cash_out_stake, paid: row.cash_out_paid } }),
    ...(row.same_game !== null && { sameGame: JSON.parse(row.same_game) }),
  });
}

export function readBet(sql: SqlStorage, betId: string): BetDocument | null {
  const row = sql.exec<BetRow>(`${SELECT_BETS} WHERE bets.id = ?`, betId).toArray()[0];
  return row ? betFromRow(row) : null;
}

/** A bet's stored version when it is written first; each later write of its outcome adds one. */
export const NEW_BET_VERSION = 1;

export function insertBet(sql: SqlStorage, bet: BetDocument): void {
  sql.exec(
    `INSERT INTO bets (id, slip_id, wallet, kind, status, result, stake, to_win, payout_paid, created_at, settled_at, legs, leg_results, version)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${NEW_BET_VERSION})`,
    bet.id,
    bet.slipId,
    bet.wallet,
    bet.kind,
    bet.status,
    bet.result,
    bet.stake,
    bet.toWin,
    bet.payoutPaid,
    bet.createdAt,
    bet.settledAt,
    JSON.stringify(bet.legs),
    JSON.stringify(bet.legResults),
  );
  if (bet.sameGame) sql.exec("INSERT INTO bet_same_game (bet_id, blocks) VALUES (?, ?)", bet.id, JSON.stringify(bet.sameGame));
}

/** Writes the mutable part of a bet (results, status, payout, what was cashed out) and bumps its version. */
export function updateBetOutcome(sql: SqlStorage, bet: BetDocument): void {
  sql.exec(
    `UPDATE bets SET status = ?, result = ?, payout_paid = ?, settled_at = ?, leg_results = ?, version = version + 1 WHERE id = ?`,
    bet.status,
    bet.result,
    bet.payoutPaid,
    bet.settledAt,
    JSON.stringify(bet.legResults),
    bet.id,
  );
  if (bet.cashOut) {
    sql.exec(
      `INSERT INTO bet_cash_outs (bet_id, cashed_stake, cashed_paid) VALUES (?, ?, ?)
       ON CONFLICT (bet_id) DO UPDATE SET cashed_stake = excluded.cashed_stake, cashed_paid = excluded.cashed_paid`,
      bet.id,
      bet.cashOut.stake,
      bet.cashOut.paid,
    );
  }
}

export type BetsCursor = { createdAt: number; id: string };
export type ListBetsInput = {
  wallet?: WalletKind;
  status?: "open" | "settled";
  limit: number;
  before?: BetsCursor;
};

/** The player's bets, newest first, one page at a time (keyset paging on createdAt, id). */
export function listBetsInTx(sql: SqlStorage, input: ListBetsInput): { bets: BetDocument[]; next: BetsCursor | null } {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (input.wallet) {
    where.push("wallet = ?");
    params.push(input.wallet);
  }
  if (input.status) {
    where.push("status = ?");
    params.push(input.status);
  }
  if (input.before) {
    where.push("(created_at < ? OR (created_at = ? AND id < ?))");
    params.push(input.before.createdAt, input.before.createdAt, input.before.id);
  }
  const query = `${SELECT_BETS} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC, id DESC LIMIT ?`;
  const rows = sql.exec<BetRow>(query, ...params, input.limit + 1).toArray();
  const page = rows.slice(0, input.limit).map(betFromRow);
  const last = page[page.length - 1];
  return { bets: page, next: rows.length > input.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}
