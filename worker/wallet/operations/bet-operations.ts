// Placing and listing bets inside one player's wallet. `placeBetsInTx` runs inside the
// wallet's single synchronous transaction: it replays a seen Idempotency-Key, re-runs
// every place-bet check against the balance it is about to debit (the shared rules of
// src/shared/betslip.ts), debits one ledger row per bet (reason `bet_stake`, reference =
// bet id), writes the bets and stores the answer for replays — or changes nothing.
import { validatePlaceBet, type BetslipMode } from "../../../src/shared/betslip";
import type { WalletKind } from "../../../src/shared/money";
import { parlayPricesAm, toWinFor } from "../../../src/shared/payout";
import type { BetDocument, BetLeg, PlaceBetResponse, SameGameBlock } from "../../../src/shared/schemas/bets";
import type { Refusal } from "../../../src/shared/refusals";
import { gatePlayLimits, notePlayInTx, nudgeAfterStake, readPlayLimits } from "./play-operations";
import { gateStake, type PlayContext } from "./protection-operations";
import { betFromRow, insertBet, SELECT_BETS, type BetRow } from "../bet-rows";
import type { Ledger } from "../ledger";

/** Answers to an Idempotency-Key are kept this long, then pruned. */
export const PLACEMENT_KEY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const KEY_PREFIX = "placeBet:";

export type PlaceBetsInput = {
  idempotencyKey: string;
  /** SHA-256 of the request body: the same key with another slip is refused. */
  requestHash: string;
  kind: BetslipMode;
  wallet: WalletKind;
  /** Whole displayed units, as the player typed them. */
  amount: number;
  /** The slip's legs, already checked by the Worker against the current odds. */
  legs: BetLeg[];
  /** A Parlay's same-game blocks, priced by the Worker from each game's model (none for Singles). */
  sameGame?: SameGameBlock[];
};

/** The place-bet checks', the account gate's and the limits' refusals, or the key reused for another slip. */
export type PlacementError = Refusal;
export type PlaceBetsResult = { ok: true; replayed: boolean; response: PlaceBetResponse } | PlacementError;

type StoredPlacement = { requestHash: string; response: PlaceBetResponse };

/** The first answer given to this key, if any; refuses a key reused for another slip. */
export function findPlacement(tx: Ledger, idempotencyKey: string, requestHash: string): PlaceBetsResult | null {
  const row = tx.sql.exec<{ response: string }>("SELECT response FROM idempotency WHERE key = ?", KEY_PREFIX + idempotencyKey).toArray()[0];
  if (!row) return null;
  const stored = JSON.parse(row.response) as StoredPlacement;
  if (stored.requestHash !== requestHash) {
    return { ok: false, code: "idempotency-key-reused" };
  }
  return { ok: true, replayed: true, response: stored.response };
}

export function placeBetsInTx(tx: Ledger, input: PlaceBetsInput, play: PlayContext): PlaceBetsResult {
  const seen = findPlacement(tx, input.idempotencyKey, input.requestHash);
  if (seen) return seen;

  const check = validatePlaceBet({
    kind: input.kind,
    wallet: input.wallet,
    amount: input.amount,
    picks: input.legs,
    sameGame: input.kind === "Parlay" ? input.sameGame : undefined,
    balanceMinor: tx.balance(input.wallet),
  });
  if (!check.ok) return check;

  const slipId = crypto.randomUUID();
  const groups: BetLeg[][] = input.kind === "Parlay" ? [input.legs] : input.legs.map((leg) => [leg]);
  // Player protection (age, break, daily stake limit, then time, reality check and loss
  // limits) in this same transaction as the debit.
  const totalStake = check.amountMinor * groups.length;
  const playLimits = readPlayLimits(tx);
  const refused = gateStake(tx, input.wallet, totalStake, play) ?? gatePlayLimits(tx, input.wallet, totalStake, playLimits);
  if (refused) return refused;
  const bets: BetDocument[] = [];
  const blocks = input.kind === "Parlay" ? (input.sameGame ?? []) : [];
  for (const legs of groups) {
    const bet: BetDocument = {
      id: crypto.randomUUID(),
      slipId,
      wallet: input.wallet,
      kind: input.kind,
      status: "open",
      result: null,
      stake: check.amountMinor,
      toWin: toWinFor(check.amountMinor, parlayPricesAm(legs, blocks)),
      payoutPaid: 0,
      createdAt: tx.now,
      settledAt: null,
      legs,
      legResults: legs.map(() => null),
      ...(blocks.length > 0 && { sameGame: blocks }),
    };
    const debit = tx.post({ currency: input.wallet, amount: -bet.stake, reason: "bet_stake", reference: bet.id });
    if (!debit.ok) {
      return { ok: false, code: debit.code === "insufficient-funds" ? "insufficient-funds" : "invalid-stake" };
    }
    insertBet(tx.sql, bet);
    tx.betChanged(bet);
    bets.push(bet);
  }

  notePlayInTx(tx, playLimits);
  nudgeAfterStake(tx, input.wallet, playLimits);
  const response: PlaceBetResponse = { bets, balances: tx.balances() };
  tx.sql.exec("DELETE FROM idempotency WHERE created_at < ? AND key LIKE ?", tx.now - PLACEMENT_KEY_TTL_MS, `${KEY_PREFIX}%`);
  tx.sql.exec(
    "INSERT INTO idempotency (key, response, created_at) VALUES (?, ?, ?)",
    KEY_PREFIX + input.idempotencyKey,
    JSON.stringify({ requestHash: input.requestHash, response } satisfies StoredPlacement),
    tx.now,
  );
  return { ok: true, replayed: false, response };
}

export type BetsCursor = { createdAt: number; id: string };
export type ListBetsInput = {
  wallet?: WalletKind;
  status?: "open" | "settled";
  limit: number;
  before?: BetsCursor;
};

/** The player's bets, newest first, one page at a time (keyset paging on createdAt, id). */
export function listBetsInTx(tx: Ledger, input: ListBetsInput): { bets: BetDocument[]; next: BetsCursor | null } {
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
  const sql = `${SELECT_BETS} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY created_at DESC, id DESC LIMIT ?`;
  const rows = tx.sql.exec<BetRow>(sql, ...params, input.limit + 1).toArray();
  const page = rows.slice(0, input.limit).map(betFromRow);
  const last = page[page.length - 1];
  return { bets: page, next: rows.length > input.limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}
