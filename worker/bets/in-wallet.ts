// Placing and listing bets inside one player's wallet. `placeBetsInTx` runs inside the
// wallet's single synchronous transaction: it replays a seen Idempotency-Key, re-runs
// every place-bet check against the balance it is about to debit (the shared rules of
// src/shared/betslip.ts), debits one ledger row per bet (reason `bet_stake`, reference =
// bet id), writes the bets and stores the answer for replays — or changes nothing.
//
// Vantage Cash's early fetches (`allowEarlyFetch`, asked by worker/bets/cash-clock.ts): a
// cash slip or cash-out priced on a board or props older than
// PREMATCH_CASH_PRICE_MAX_AGE_SECONDS makes the price desk fetch a younger copy from the
// paid feed. Before it may, the wallet answers in one transaction that the slip would pass
// the checks placing it makes (the same ones, read only: `judgeSlipInTx`) or that the bet
// may be cashed out (open, the cash-out gate), and takes the copies from the player's
// budget of CASH_CLOCK_FETCHES_PER_HOUR early fetches (`cash_clock_fetches`). A refusal
// takes nothing, so a slip refused anyway is refused for its real reason with no feed call.
import { holdKey, readKeyedAnswer, storeKeyedAnswer } from "../wallet/keyed-answers";
import { validatePlaceBet, type BetslipMode } from "../../src/shared/betslip";
import type { WalletKind } from "../../src/shared/money";
import { parlayPricesAm, toWinFor } from "../../src/shared/payout";
import type { BetDocument, BetLeg, PlaceBetResponse, SameGameBlock } from "../../src/shared/schemas/bets";
import type { PlayContext } from "../../src/shared/protection";
import type { Refusal, RefusalOf } from "../../src/shared/refusals";
import { tunables } from "../tunables";
import { insertBet, NEW_BET_VERSION, readBet } from "../wallet/bet-rows";
import { type Ledger, WalletPort } from "../wallet/ledger";
import type { WalletStorageStep } from "../wallet/schema-migrations";
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

/**
 * What an early fetch for a cash-out asks of the account gate: would a cash-out of a bet
 * from `wallet` be refused now (answered at the root with cash-out's own rules, the ones
 * quoting and accepting pass).
 */
export type CashOutGate = { refuse(tx: Ledger, wallet: WalletKind, play: PlayContext): Refusal | null };

export const CASH_OUT_GATE = new WalletPort<CashOutGate>("cash-out gate");

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

/** A slip as the wallet judges it: what placing it would debit. */
export type SlipTerms = Pick<PlaceBetsInput, "kind" | "wallet" | "amount" | "legs" | "sameGame">;

/**
 * Every check placing `slip` makes before it debits, reading only: the place-bet rules
 * against the balance, then the stake rules (age, break, daily stake limit, region, rules,
 * then time, reality check and loss limits). Let through, it answers the bets to write and
 * `afterStake`, which placing calls once they are debited (and nothing else may).
 */
function judgeSlipInTx(
  tx: Ledger,
  slip: SlipTerms,
  play: PlayContext,
): Refusal | { ok: true; amountMinor: number; groups: BetLeg[][]; afterStake(): void } {
  const check = validatePlaceBet({
    kind: slip.kind,
    wallet: slip.wallet,
    amount: slip.amount,
    picks: slip.legs,
    sameGame: slip.kind === "Parlay" ? slip.sameGame : undefined,
    balanceMinor: tx.balance(slip.wallet),
  });
  if (!check.ok) return check;
  const groups: BetLeg[][] = slip.kind === "Parlay" ? [slip.legs] : slip.legs.map((leg) => [leg]);
  const allowed = tx.use(STAKE_RULES).check(tx, slip.wallet, check.amountMinor * groups.length, play);
  if (!allowed.ok) return allowed;
  return { ok: true, amountMinor: check.amountMinor, groups, afterStake: allowed.afterStake };
}

export function placeBetsInTx(tx: Ledger, input: PlaceBetsInput, play: PlayContext): PlaceBetsResult {
  const seen = findPlacement(tx, input.idempotencyKey, input.requestHash);
  if (seen) return seen;

  // The place-bet checks and player protection in this same transaction as the debit.
  const allowed = judgeSlipInTx(tx, input, play);
  if (!allowed.ok) return allowed;
  const { amountMinor, groups } = allowed;
  const slipId = input.slipId ?? crypto.randomUUID();
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
      stake: amountMinor,
      toWin: toWinFor(amountMinor, parlayPricesAm(legs, blocks)),
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

// ---- Vantage Cash's early fetches ----

/** An early fetch's window: each copy taken from the budget comes back this long after. */
const EARLY_FETCH_WINDOW_MS = 60 * 60 * 1000;

/**
 * What asks for younger copies than the ones kept, and how many (each sport's board, each
 * game's props older than the max age): a Vantage Cash slip, as placing it would be
 * judged; or a cash-out (quote or accept) of one of the player's bets.
 */
export type EarlyFetchAsk = { copies: number } & ({ for: "slip"; slip: SlipTerms } | { for: "cash-out"; betId: string });

/** The player's budget of early fetches has fewer copies left this hour than asked for. */
export type EarlyFetchesSpent = { ok: false; code: "early-fetches-spent"; details?: undefined };

export type EarlyFetchResult = { ok: true } | EarlyFetchesSpent | Refusal | RefusalOf<"bet-not-found" | "bet-settled">;

/**
 * Takes `copies` from the player's early fetches of the last hour, at most `perHour`
 * (CASH_CLOCK_FETCHES_PER_HOUR), or refuses and takes none.
 */
function takeEarlyFetchesInTx(tx: Ledger, copies: number, perHour: number): { ok: true } | EarlyFetchesSpent {
  tx.sql.exec("DELETE FROM cash_clock_fetches WHERE taken_at <= ?", tx.now - EARLY_FETCH_WINDOW_MS);
  const taken = tx.sql.exec<{ copies: number | null }>("SELECT SUM(copies) AS copies FROM cash_clock_fetches").one().copies ?? 0;
  if (taken + copies > perHour) return { ok: false, code: "early-fetches-spent" };
  tx.sql.exec("INSERT INTO cash_clock_fetches (taken_at, copies) VALUES (?, ?)", tx.now, copies);
  return { ok: true };
}

/**
 * Whether the player may have younger copies fetched now for `ask`: a slip the wallet would
 * take (judgeSlipInTx, whose `afterStake` it never calls), or an open bet the cash-out gate
 * lets through; then the copies from the budget. Any refusal is the answer and takes nothing.
 */
export function allowEarlyFetchInTx(tx: Ledger, ask: EarlyFetchAsk, play: PlayContext, perHour: number): EarlyFetchResult {
  if (ask.for === "slip") {
    const judged = judgeSlipInTx(tx, ask.slip, play);
    if (!judged.ok) return judged;
  } else {
    const bet = readBet(tx.sql, ask.betId);
    if (!bet) return { ok: false, code: "bet-not-found" };
    if (bet.status !== "open") return { ok: false, code: "bet-settled" };
    const refused = tx.use(CASH_OUT_GATE).refuse(tx, bet.wallet, play);
    if (refused) return refused;
  }
  return takeEarlyFetchesInTx(tx, ask.copies, perHour);
}

/** After a slip was refused by a limit (its transaction rolled back): noted for the statement, in a transaction of its own. */
function noteLimitRefusal(host: WalletHost, userId: string, now: number, result: PlaceBetsResult | EarlyFetchResult): void {
  if (result.ok || result.details === undefined || !("limit" in result.details)) return;
  host.transact(userId, now, (tx) => {
    tx.use(STAKE_RULES).noteRefusal(tx, result);
    return { ok: true };
  });
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
    noteLimitRefusal(host, userId, now, result);
    return result;
  },

  /**
   * Whether younger copies may be fetched now for a Vantage Cash slip or cash-out
   * (allowEarlyFetchInTx), taking them from the player's hourly budget when they may. A slip
   * refused by a limit is noted as placing it would have been.
   */
  async allowEarlyFetch(host: WalletHost, userId: string, ask: EarlyFetchAsk, now: number, play: PlayContext): Promise<EarlyFetchResult> {
    const perHour = tunables(host.env).CASH_CLOCK_FETCHES_PER_HOUR;
    const result = host.transact(userId, now, (tx) => allowEarlyFetchInTx(tx, ask, play, perHour));
    if (ask.for === "slip") noteLimitRefusal(host, userId, now, result);
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

/** Its table in the wallet's storage (a step of the ladder composed in worker/wallet-schema.ts; never edited once shipped):
 * cash_clock_fetches    the player's early fetches for Vantage Cash's price clock in the last hour (25) */
export const BETS_STORAGE: readonly WalletStorageStep[] = [
  {
    version: 25,
    statements: [
      // `cash_clock_fetches`: one row per early fetch allowed (allowEarlyFetchInTx): when, and how
      // many copies (boards, props) it was for. Rows an hour old give their copies back and are
      // deleted by the next ask, so it holds at most CASH_CLOCK_FETCHES_PER_HOUR rows.
      `CREATE TABLE IF NOT EXISTS cash_clock_fetches (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         taken_at INTEGER NOT NULL,
         copies INTEGER NOT NULL CHECK (copies > 0)
       )`,
    ],
  },
];
