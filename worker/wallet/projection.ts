// Turns wallet outbox rows into D1 statements. Every statement is an upsert guarded by
// a version (or, for an operator's audit row, an insert keyed by its ref), so replaying
// the outbox (after a crash, a retry, or out of order) converges on the Durable Object's
// state and never moves a projection backwards.
import { betMargin, priceKindOf } from "../../src/shared/bet-margin";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { WalletBalances } from "../../src/shared/schemas/user";
import { leaderboardStatements } from "./leaderboard-projection";
/**
 * What an outbox row projects: the wallet's balances, one bet with its legs, an operator's
 * audit row, a nudge near a limit, or a paid redemption (the winners list); or, with nothing
 * for D1, a player's alert (`notice`, a PushNotice the drain hands to the push queue, see outbox.ts).
 */
export type OutboxTopic = "balances" | "bet" | "audit" | "nudge" | "winner" | "notice";

export type OutboxRow = { seq: number; topic: OutboxTopic; payload: string };

type BalancesPayload = WalletBalances & { userId: string; version: number; updatedAt: number };
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

/** A nudge near a limit (play-operations.ts), kept in D1 `player_nudges`; its alert travels as a `notice` row of its own. */
export type NudgePayload = { userId: string; id: string; limit: string; message: string; createdAt: number };
/** A redemption confirmed paid, for D1 `sweepstakes_winners` (the public winners list); keyed by the redemption id. */
export type WinnerPayload = { redemptionId: string; userId: string; amountCents: number; region: string | null; paidAt: number };

export function projectionStatements(db: D1Database, row: OutboxRow): D1PreparedStatement[] {
  switch (row.topic) {
    case "balances": {
      const p = JSON.parse(row.payload) as BalancesPayload;
      return [
        db
          .prepare(
            `INSERT INTO wallet_balances (user_id, coin_balance, cash_cents, last_bonus_day_et, bonus_streak, version, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (user_id) DO UPDATE SET
               coin_balance = excluded.coin_balance, cash_cents = excluded.cash_cents,
               last_bonus_day_et = excluded.last_bonus_day_et, bonus_streak = excluded.bonus_streak,
               version = excluded.version, updated_at = excluded.updated_at
             WHERE excluded.version > wallet_balances.version`,
          )
          .bind(p.userId, p.coinBalance, p.vantageCash, p.lastBonusDayET, p.bonusStreak, p.version, p.updatedAt),
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
      // A settled bet also updates its player's leaderboard rows, once.
      statements.push(...leaderboardStatements(db, userId, bet, version));
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
    case "nudge": {
      const p = JSON.parse(row.payload) as NudgePayload;
      return [
        db
          .prepare(
            `INSERT INTO player_nudges (user_id, nudge_id, limit_name, message, created_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (user_id, nudge_id) DO NOTHING`,
          )
          .bind(p.userId, p.id, p.limit, p.message, p.createdAt),
      ];
    }
    case "winner": {
      const p = JSON.parse(row.payload) as WinnerPayload;
      return [
        db
          .prepare(
            `INSERT INTO sweepstakes_winners (redemption_id, user_id, amount_cents, region, paid_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (redemption_id) DO NOTHING`,
          )
          .bind(p.redemptionId, p.userId, p.amountCents, p.region, p.paidAt),
      ];
    }
  }
}
