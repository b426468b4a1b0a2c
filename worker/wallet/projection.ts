// Turns wallet outbox rows into D1 statements. Every statement is an upsert guarded by
// a version (or, for an operator's audit row, an insert keyed by its ref), so replaying
// the outbox (after a crash, a retry, or out of order) converges on the Durable Object's
// state and never moves a projection backwards. The kernel projects its own topics
// (balances, bets, audit rows); a feature's topics and what a bet also updates (the
// leaderboards) are projectors the root composition hands in.
import { betMargin, priceKindOf } from "../../src/shared/bet-margin";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { WalletBalances } from "../../src/shared/schemas/user";
import type { CashHeld } from "./cash-held";
/**
 * What an outbox row projects: the kernel's topics are the wallet's balances, one bet with
 * its legs and an operator's audit row; `notice` carries a player's alert and nothing for D1
 * (a PushNotice the drain hands to the push queue, see outbox.ts). Features add their own
 * topics through `WalletProjectors`.
 */
export type KernelTopic = "balances" | "bet" | "audit" | "notice";
export type OutboxTopic = KernelTopic | (string & {});

export type OutboxRow = { seq: number; topic: OutboxTopic; payload: string };

type BalancesPayload = WalletBalances & { userId: string; version: number; updatedAt: number; cashHeld?: CashHeld | null };
type BetPayload = { userId: string; bet: BetDocument; version: number };
/** An `operator_actions` row as D1's admin_audit holds it; `ref` is `wallet:<player id>:<seq>`. */
export type AuditPayload = {
  ref: string;
  at: number;
  actor: string;
  action: string;
  target: string;
  reason: string;
  details: Record<string, unknown>;
};

/** A changed bet as the outbox hands it on: its player and the bet as it now stands. */
export type BetChange = { userId: string; bet: BetDocument };

/**
 * What features project beside the kernel: statements per own topic, what a changed bet
 * also updates, statements a drained batch's changed bets also add to the same D1 batch
 * (made asynchronously before it is sent: a signature), and where those bets are also
 * told once D1 took the batch. A relay that throws fails the drain, which is retried
 * whole, so statements and relays must take the same bets again harmlessly.
 */
export type WalletProjectors = {
  topics: Readonly<Record<string, (db: D1Database, payload: string) => D1PreparedStatement[]>>;
  onBet: ReadonlyArray<(db: D1Database, userId: string, bet: BetDocument, version: number) => D1PreparedStatement[]>;
  betStatements: ReadonlyArray<(env: Env, changes: readonly BetChange[], now: number) => Promise<D1PreparedStatement[]>>;
  betRelays: ReadonlyArray<(env: Env, changes: readonly BetChange[], now: number) => Promise<void>>;
};

export const NO_PROJECTORS: WalletProjectors = { topics: {}, onBet: [], betStatements: [], betRelays: [] };

export function projectionStatements(db: D1Database, row: OutboxRow, projectors: WalletProjectors): D1PreparedStatement[] {
  switch (row.topic) {
    case "balances": {
      const p = JSON.parse(row.payload) as BalancesPayload;
      return [
        db
          .prepare(
            `INSERT INTO wallet_balances (user_id, coin_balance, cash_cents, last_bonus_day_et, bonus_streak, version, updated_at,
               owed_coins, owed_cash_cents, cash_to_play_cents, cash_purchase_holds_json, cash_pending_redemption_cents)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (user_id) DO UPDATE SET
               coin_balance = excluded.coin_balance, cash_cents = excluded.cash_cents,
               last_bonus_day_et = excluded.last_bonus_day_et, bonus_streak = excluded.bonus_streak,
               version = excluded.version, updated_at = excluded.updated_at,
               owed_coins = excluded.owed_coins, owed_cash_cents = excluded.owed_cash_cents,
               cash_to_play_cents = excluded.cash_to_play_cents, cash_purchase_holds_json = excluded.cash_purchase_holds_json,
               cash_pending_redemption_cents = excluded.cash_pending_redemption_cents
             WHERE excluded.version > wallet_balances.version`,
          )
          .bind(
            p.userId,
            p.coinBalance,
            p.vantageCash,
            p.lastBonusDayET,
            p.bonusStreak,
            p.version,
            p.updatedAt,
            p.owedCoins ?? 0,
            p.owedCash ?? 0,
            p.cashHeld?.toPlayCents ?? null,
            p.cashHeld ? JSON.stringify(p.cashHeld.purchaseHolds) : null,
            p.cashHeld?.pendingRedemptionCents ?? null,
          ),
      ];
    }
    case "bet": {
      const { userId, bet, version } = JSON.parse(row.payload) as BetPayload;
      const statements = [
        db
          .prepare(
            `INSERT INTO bets (id, user_id, wallet, kind, status, result, stake, to_win, payout_paid, created_at, settled_at, legs_json, leg_results_json, version,
               cash_out_stake, cash_out_paid, same_game_json, price_kind, offered_margin)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (id) DO UPDATE SET
               status = excluded.status, result = excluded.result, payout_paid = excluded.payout_paid,
               settled_at = excluded.settled_at, leg_results_json = excluded.leg_results_json, version = excluded.version,
               cash_out_stake = excluded.cash_out_stake, cash_out_paid = excluded.cash_out_paid
             WHERE excluded.version > bets.version`,
          )
          .bind(
            bet.id,
            userId,
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
            version,
            bet.cashOut?.stake ?? 0,
            bet.cashOut?.paid ?? 0,
            bet.sameGame ? JSON.stringify(bet.sameGame) : null,
            priceKindOf(bet),
            betMargin(bet),
          ),
      ];
      bet.legs.forEach((leg, index) => {
        statements.push(
          db
            .prepare(
              `INSERT INTO bet_legs (bet_id, leg_index, user_id, event_id, sport, market, side, line, price_am, commence_time, result, fair_p)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
               ON CONFLICT (bet_id, leg_index) DO UPDATE SET result = excluded.result
               WHERE excluded.result IS NOT NULL`,
            )
            .bind(
              bet.id,
              index,
              userId,
              leg.eventId,
              leg.league,
              leg.market,
              leg.side,
              leg.line,
              leg.priceAm,
              Date.parse(leg.startTime),
              bet.legResults[index] ?? null,
              leg.fairP ?? null,
            ),
        );
      });
      for (const also of projectors.onBet) statements.push(...also(db, userId, bet, version));
      return statements;
    }
    case "notice":
      return [];
    case "audit": {
      const p = JSON.parse(row.payload) as AuditPayload;
      return [
        db
          .prepare(
            `INSERT INTO admin_audit (at, actor, action, target, reason, details, ref) VALUES (?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (ref) DO NOTHING`,
          )
          .bind(p.at, p.actor, p.action, p.target, p.reason, JSON.stringify(p.details), p.ref),
      ];
    }
    default: {
      const project = projectors.topics[row.topic];
      if (!project) throw new Error(`wallet outbox: no projector for topic ${row.topic}`);
      return project(db, row.payload);
    }
  }
}
