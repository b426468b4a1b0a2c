// Fixtures for the settlement tests: open bets written straight into a player's wallet
// (stake debited with a `bet_stake` ledger row, projected to D1 like placement does),
// a scriptable scores feed, and readers for what a player would see afterwards.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { toWinFor } from "../../src/shared/payout";
import type { BetDocument, BetLeg } from "../../src/shared/schemas/bets";
import type { EventScore } from "../../src/shared/schemas/events";
import type { SportKey } from "../../src/shared/sports";
import type { OddsFeedProvider } from "../../worker/odds/feed-provider";
import { runSettlement, type SettlementOptions, type SettlementRunSummary } from "../../worker/settlement/settlement-job";
import type { SettlementRunRow } from "../../worker/settlement/settlement-store";
import { insertBet, readBet } from "../../worker/wallet/bet-rows";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { Ledger } from "../../worker/wallet/ledger";
import type { WalletSql } from "../../worker/wallet/wallet-sql";

export const HOUR = 3_600_000;

/**
 * The wallet object's own SQL (worker/wallet/wallet-sql.ts). A test that writes a wallet's
 * storage writes through it, as the object's own code does, so the state reads the object
 * remembers stay exact.
 */
export function walletSqlOf(instance: UserWallet): WalletSql {
  // `sql` is the object's private field; tests are the one place that reaches it.
  return (instance as unknown as { sql: WalletSql }).sql;
}

export function newUserId(): string {
  return `user-${crypto.randomUUID()}`;
}

export function newEventId(): string {
  return `evt-${crypto.randomUUID().slice(0, 12)}`;
}

export function leg(overrides: Partial<BetLeg> & Pick<BetLeg, "eventId">): BetLeg {
  return {
    league: "basketball_nba",
    market: "Moneyline",
    side: "Home",
    line: null,
    priceAm: -110,
    home: "Home Team",
    away: "Away Team",
    startTime: new Date(Date.now() - 3 * HOUR).toISOString(),
    ...(Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) as typeof overrides),
  };
}

export function openBet(legs: BetLeg[], opts: { stake?: number; wallet?: "coins" | "cash"; id?: string } = {}): BetDocument {
  const stake = opts.stake ?? 100;
  return {
    id: opts.id ?? `bet-${crypto.randomUUID()}`,
    slipId: `slip-${crypto.randomUUID()}`,
    wallet: opts.wallet ?? "coins",
    kind: legs.length > 1 ? "Parlay" : "Singles",
    status: "open",
    result: null,
    stake,
    toWin: toWinFor(
      stake,
      legs.map((l) => l.priceAm),
    ),
    payoutPaid: 0,
    createdAt: Date.now(),
    settledAt: null,
    legs,
    legResults: legs.map(() => null),
  };
}

export function wallet(userId: string) {
  return getUserWallet(env, userId);
}

/** Writes open bets into the player's wallet (stake debited) and projects them to D1. */
export async function seedBets(userId: string, bets: BetDocument[], opts: { project?: boolean } = {}): Promise<void> {
  const stub = wallet(userId);
  await stub.getBalances(userId, Date.now());
  await runInDurableObject(stub, async (instance: UserWallet, state) => {
    state.storage.transactionSync(() => {
      const tx = new Ledger(walletSqlOf(instance), userId, Date.now());
      for (const bet of bets) {
        const debit = tx.post({ currency: bet.wallet, amount: -bet.stake, reason: "bet_stake", reference: bet.id });
        if (!debit.ok) throw new Error(`seed stake refused: ${debit.code}`);
        insertBet(walletSqlOf(instance), bet);
        tx.betChanged(bet);
      }
      tx.finish();
    });
    if (opts.project !== false) await instance.flushOutbox();
  });
}

/**
 * Writes the wallet's outbox to D1 now instead of waiting WALLET_OUTBOX_FLUSH_DELAY_MS for
 * its alarm. It asks the wallet to drain (as the console's reads do) rather than running
 * the alarm from the test, which would race the runtime's own dispatch of that alarm.
 */
export async function drainOutboxNow(userId: string): Promise<void> {
  const stub = wallet(userId);
  await stub.flushOutbox();
  expect((await stub.auditLedger(userId, Date.now())).pendingOutbox).toBe(0);
}

export async function betOf(userId: string, betId: string): Promise<BetDocument> {
  const bet = await runInDurableObject(wallet(userId), (_instance: UserWallet, state) => readBet(state.storage.sql, betId));
  if (!bet) throw new Error(`no bet ${betId}`);
  return bet;
}

export async function coins(userId: string): Promise<number> {
  return (await wallet(userId).getBalances(userId, Date.now())).coinBalance;
}

export async function cashCents(userId: string): Promise<number> {
  return (await wallet(userId).getBalances(userId, Date.now())).vantageCash;
}

/** Payout ledger rows of a bet: exactly one for a paid bet, never two. */
export async function payoutRows(userId: string, betId: string) {
  const ledger = await wallet(userId).getLedger(userId, Date.now());
  return ledger.filter((r) => r.reason === "bet_payout" && r.reference === betId);
}

export async function expectLedgerBalanced(userId: string): Promise<void> {
  const audit = await wallet(userId).auditLedger(userId, Date.now());
  if (audit.coins.balance !== audit.coins.ledgerSum || audit.cash.balance !== audit.cash.ledgerSum) {
    throw new Error(`ledger out of balance: ${JSON.stringify(audit)}`);
  }
}

export async function d1LegResults(betId: string): Promise<(string | null)[]> {
  const { results } = await env.DB.prepare("SELECT result FROM bet_legs WHERE bet_id = ? ORDER BY leg_index")
    .bind(betId)
    .all<{ result: string | null }>();
  return results.map((r) => r.result);
}

export function score(
  eventId: string,
  sport: SportKey,
  homeScore: number | null,
  awayScore: number | null,
  opts: { completed?: boolean; startTime?: number } = {},
): EventScore {
  return {
    eventId,
    sport,
    startTime: new Date(opts.startTime ?? Date.now() - 3 * HOUR).toISOString(),
    home: "Home Team",
    away: "Away Team",
    completed: opts.completed ?? true,
    homeScore,
    awayScore,
  };
}

export type FakeFeed = OddsFeedProvider & { calls: { sport: SportKey; daysFrom: number | undefined }[]; scores: EventScore[] };

/** A scores feed answering from `scores` (mutable), recording each call. */
export function fakeFeed(name: OddsFeedProvider["name"] = "the-odds-api", scores: EventScore[] = []): FakeFeed {
  const feed: FakeFeed = {
    name,
    calls: [],
    scores,
    isMapped: () => true,
    fetchOdds: async () => ({ ok: false, kind: "unavailable", status: null, message: "not used" }),
    fetchScores: async (sport, options) => {
      feed.calls.push({ sport, daysFrom: options.daysFrom });
      return { ok: true, value: feed.scores.filter((s) => s.sport === sport), quota: null };
    },
  };
  return feed;
}

/** A run's settlement_runs row as operators see it (GET /api/admin/settlement/runs). */
export async function runRow(runId: number): Promise<SettlementRunRow> {
  const r = await env.DB.prepare("SELECT * FROM settlement_runs WHERE id = ?").bind(runId).first<Record<string, number | string | null>>();
  if (!r) throw new Error(`no settlement run ${runId}`);
  return {
    id: Number(r.id),
    trigger: String(r.trigger),
    startedAt: Number(r.started_at),
    finishedAt: r.finished_at === null ? null : Number(r.finished_at),
    drainedAt: r.drained_at === null ? null : Number(r.drained_at),
    eventsRecorded: Number(r.events_recorded),
    messagesEnqueued: Number(r.messages_enqueued),
    walletsSettled: Number(r.wallets_called),
    walletErrors: Number(r.wallet_errors),
    legsGraded: Number(r.legs_graded),
    betsSettled: Number(r.bets_settled),
    pending: r.pending === 1,
    summary: r.summary === null ? null : String(r.summary),
  };
}

/** The newest settlement run's id (the cron's, after the scheduled handler ran). */
export async function latestRunId(): Promise<number> {
  const row = await env.DB.prepare("SELECT MAX(id) AS id FROM settlement_runs").first<{ id: number | null }>();
  if (row?.id == null) throw new Error("no settlement run yet");
  return row.id;
}

/** Waits until the local settlement queue's consumer has settled every message of the run. */
export async function drained(runId: number | null, timeout = 20_000): Promise<SettlementRunRow> {
  if (runId === null) throw new Error("the run has no settlement_runs row");
  return vi.waitUntil(
    async () => {
      const row = await runRow(runId);
      return row.drainedAt !== null ? row : false;
    },
    { timeout, interval: 20 },
  );
}

/**
 * One settlement run through the real (local) queue, returned once its messages are settled
 * (waiting at most `drainTimeoutMs`: a large run on a busy machine may need longer).
 */
export async function settleAndDrain(
  now: number,
  options: SettlementOptions,
  drainTimeoutMs = 20_000,
): Promise<SettlementRunSummary & { walletsSettled: number; betsSettled: number; legsGraded: number }> {
  const summary = await runSettlement(env, now, options);
  const row = await drained(summary.runId, drainTimeoutMs);
  return { ...summary, walletsSettled: row.walletsSettled, betsSettled: row.betsSettled, legsGraded: row.legsGraded };
}
