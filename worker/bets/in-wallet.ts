// Placing and listing bets inside one player's wallet. `placeBetsInTx` runs inside the
// wallet's single synchronous transaction: it replays a seen Idempotency-Key, re-runs
// every place-bet check against the balance it is about to debit (the shared rules of
// src/shared/betslip.ts), debits one ledger row per bet (reason `bet_stake`, reference =
// bet id), writes the bets and stores the answer for replays — or changes nothing.
import { holdKey, readKeyedAnswer, storeKeyedAnswer } from "../wallet/keyed-answers";
import { validatePlaceBet, type BetslipMode } from "../../src/shared/betslip";
import type { WalletKind } from "../../src/shared/money";
import { parlayPricesAm, toWinFor } from "../../src/shared/payout";
import type { BetDocument, BetLeg, PlaceBetResponse, SameGameBlock } from "../../src/shared/schemas/bets";
import type { PlayContext } from "../../src/shared/protection";
import type { Refusal } from "../../src/shared/refusals";
import { tunables } from "../tunables";
import { insertBet, NEW_BET_VERSION } from "../wallet/bet-rows";
import { type Ledger, WalletPort } from "../wallet/ledger";
import type { WalletHost, WalletMethods } from "../wallet/wallet-object";

/**
 * What placing bets asks of the player's protection (answered at the Worker's root): the
 * stake checked in the transaction that debits it, the play it counts once placed, and a
 * refusal by a limit remembered for the statement.
 */
export type StakeRules = {
  /**
   * Refuses `totalStake` from `wallet` (age, break, stake, time, reality-check and loss
   * limits, region, rules), or lets it through with what to note once it is debited (the
   * session's play, a nudge near a limit), from the limits this check already read.
   */
  check(tx: Ledger, wallet: WalletKind, totalStake: number, play: PlayContext): Refusal | { ok: true; afterStake(): void };
  /** A refusal by a limit, noted in a transaction of its own (the refused one rolled back). */
  noteRefusal(tx: Ledger, refusal: { code: string; details?: Record<string, unknown> }): void;
};

export const STAKE_RULES = new WalletPort<StakeRules>("stake rules");

/** Answers to an Idempotency-Key are kept as the wallet keeps them (IDEMPOTENCY_KEEP_MS, pruned by its alarm). */
const KEY_PREFIX = "placeBet:";

export type PlaceBetsInput = {
  idempotencyKey: string;
  /**
   * The slip's id, the Worker's own (derived from the player and the key, so a retry names
   * the same slip): the games' exposure objects know the slip's reservation by it. Absent
   * (a caller that reserved nothing), the wallet makes one.
   */
  slipId?: string;
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

/**
 * The first answer given to this key, if any; refuses a key reused for another slip, or held
 * by a live slip still in its delay (null for that same slip: it goes on).
 */
export function findPlacement(tx: Ledger, idempotencyKey: string, requestHash: string): PlaceBetsResult | null {
  const kept = readKeyedAnswer<PlaceBetResponse>(tx, KEY_PREFIX + idempotencyKey, requestHash);
  if (kept.state === "reused") return { ok: false, code: "idempotency-key-reused" };
  return kept.state === "answered" ? { ok: true, replayed: true, response: kept.response } : null;
}

/**
 * A live slip takes its key before its delay: another request under the same key meanwhile
 * (a pre-game bet, which is not held) is refused as the key reused, so a player cannot call
 * off their own held slip once the play turns. The slip's answer replaces the hold.
 */
export function claimPlacementInTx(tx: Ledger, idempotencyKey: string, requestHash: string): PlaceBetsResult | { ok: true; claimed: true } {
  const seen = findPlacement(tx, idempotencyKey, requestHash);
  if (seen) return seen;
  holdKey(tx, KEY_PREFIX + idempotencyKey, requestHash);
  return { ok: true, claimed: true };
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

  const slipId = input.slipId ?? crypto.randomUUID();
  const groups: BetLeg[][] = input.kind === "Parlay" ? [input.legs] : input.legs.map((leg) => [leg]);
  // Player protection (age, break, daily stake limit, then time, reality check and loss
  // limits) in this same transaction as the debit.
  const totalStake = check.amountMinor * groups.length;
  const allowed = tx.use(STAKE_RULES).check(tx, input.wallet, totalStake, play);
  if (!allowed.ok) return allowed;
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
    tx.betChanged(bet, NEW_BET_VERSION);
    bets.push(bet);
  }

  allowed.afterStake();
  const response: PlaceBetResponse = { bets, balances: tx.balances() };
  // In place of a live slip's hold on the key (claimPlacementInTx), if any.
  storeKeyedAnswer(tx, KEY_PREFIX + input.idempotencyKey, input.requestHash, response);
  return { ok: true, replayed: false, response };
}

export const betMethods = {
  /** Places a confirmed slip: replay, checks, debit, bets and stored answer, atomically. */
  async placeBets(
    host: WalletHost,
    userId: string,
    input: PlaceBetsInput,
    now: number,
    play: PlayContext = { minAge: tunables(host.env).MIN_AGE },
  ): Promise<PlaceBetsResult> {
    const result = host.transact(userId, now, (tx) => placeBetsInTx(tx, input, play));
    if (!result.ok && result.details !== undefined && "limit" in result.details) {
      host.transact(userId, now, (tx) => {
        tx.use(STAKE_RULES).noteRefusal(tx, result);
        return { ok: true };
      });
    }
    return result;
  },

  /** A live slip's hold on its key through its delay, or the key's stored answer (claimPlacementInTx). */
  async claimPlacement(
    host: WalletHost,
    userId: string,
    idempotencyKey: string,
    requestHash: string,
    now: number,
  ): Promise<PlaceBetsResult | { ok: true; claimed: true }> {
    return host.transact<PlaceBetsResult | { ok: true; claimed: true }>(userId, now, (tx) =>
      claimPlacementInTx(tx, idempotencyKey, requestHash),
    );
  },

  /** The stored answer to an Idempotency-Key, so a retry skips re-pricing entirely. */
  async findPlacement(
    host: WalletHost,
    userId: string,
    idempotencyKey: string,
    requestHash: string,
    now: number,
  ): Promise<PlaceBetsResult | null> {
    return host.read(userId, now, (tx) => findPlacement(tx, idempotencyKey, requestHash));
  },
};

/** Placing bets as a caller's stub sees it. */
export type BetsWallet = WalletMethods<typeof betMethods>;
