// Responsible play's second step inside one player's wallet transaction: loss limits,
// the daily play-time limit, reality checks and nudges near a limit. Bets pass
// `gatePlayLimits` in the same synchronous transaction as their debit (after the account
// gate and the stake limit of worker/protection/in-wallet/protection.ts), so concurrent bets cannot pass a
// loss limit together; purchases pass the time limit in the transaction that holds the
// checkout. Play time is counted from the app's heartbeats and from the bets themselves. Rules are the pure ones of src/shared/loss-limits.ts and play-time.ts; the
// tables are documented in schema-migrations.ts (version 6).
import { checkLoss, lossUses, type SettledNet } from "../../../src/shared/loss-limits";
import type { WalletKind } from "../../../src/shared/money";
import { nudgeNotice } from "../../../src/shared/push-notices";
import {
  LOSS_LIMITS_FOR,
  NO_PLAY_LIMITS,
  PLAY_LIMIT_INFO,
  PLAY_LIMIT_NAMES,
  nudgeFor,
  type LimitUse,
  type PlayLimitName,
  type PlayLimits,
} from "../../../src/shared/play-limits";
import {
  checkRealityCheck,
  checkTime,
  minuteOf,
  realityCheckDueAt,
  realityCheckIntervalMs,
  sessionAfterBeat,
  sessionRunning,
  timeUse,
  type PlaySession,
  type RealityCheckAnswer,
} from "../../../src/shared/play-time";
import {
  changeNamedLimits,
  exclusionAt,
  LIMIT_INFO,
  PURCHASE_LIMITS,
  periodBounds,
  resolveNamedLimits,
  STAKE_LIMIT_FOR,
  type LimitName,
  type LimitPeriod,
} from "../../../src/shared/protection";
import type { Refusal } from "../../../src/shared/refusals";
import type { Ledger } from "../../wallet/ledger";
import { writeOutboxRow } from "../../wallet/outbox";
import { recordLimitChanges } from "./limit-history";
import {
  purchaseTotals,
  limitRows,
  readLimits,
  readProtection,
  reservePurchaseInTx,
  stakedToday,
  takeBreakInTx,
  type PlayContext,
  type PurchaseHoldResult,
} from "./protection";

// ---- reads ----

/** Loss, time and reality-check limits as they stand at tx.now (stored beside the stake limits in `protection_limits`). */
export function readPlayLimits(tx: Ledger): PlayLimits {
  const stored: PlayLimits = { effective: { ...NO_PLAY_LIMITS }, pending: {} };
  const rows = limitRows(tx);
  for (const row of rows) {
    const name = PLAY_LIMIT_NAMES.find((n) => n === row.name);
    if (!name) continue;
    stored.effective[name] = row.value;
    if (row.pending_at !== null) stored.pending[name] = { value: row.pending_value, effectiveAt: row.pending_at };
  }
  return resolveNamedLimits(PLAY_LIMIT_NAMES, stored, tx.now);
}

/** Per period containing tx.now: stakes minus payouts of `wallet`'s bets settled in it. */
export function settledNet(tx: Ledger, wallet: WalletKind): SettledNet {
  const day = periodBounds("day", tx.now).start;
  const week = periodBounds("week", tx.now).start;
  const month = periodBounds("month", tx.now).start;
  const row = tx.sql
    .exec<{ day: number | null; week: number | null; month: number | null }>(
      `SELECT SUM(CASE WHEN settled_at >= ? THEN stake - payout_paid END) AS day,
              SUM(CASE WHEN settled_at >= ? THEN stake - payout_paid END) AS week,
              SUM(CASE WHEN settled_at >= ? THEN stake - payout_paid END) AS month
         FROM bets WHERE wallet = ? AND status = 'settled' AND settled_at >= ?`,
      day,
      week,
      month,
      wallet,
      Math.min(week, month),
    )
    .one();
  return { day: row.day ?? 0, week: row.week ?? 0, month: row.month ?? 0 };
}

/** Stakes of `wallet`'s bets still open (each could be lost whole). */
export function openStakes(tx: Ledger, wallet: WalletKind): number {
  return (
    tx.sql.exec<{ total: number | null }>("SELECT SUM(stake) AS total FROM bets WHERE wallet = ? AND status = 'open'", wallet).one()
      .total ?? 0
  );
}

/** Minutes played in [from, to). */
export function minutesBetween(tx: Ledger, from: number, to: number): number {
  return tx.sql
    .exec<{ n: number }>("SELECT COUNT(*) AS n FROM play_minutes WHERE minute >= ? AND minute < ?", minuteOf(from), minuteOf(to))
    .one().n;
}

export function minutesToday(tx: Ledger): number {
  const { start, end } = periodBounds("day", tx.now);
  return minutesBetween(tx, start, end);
}

export function readSession(tx: Ledger): PlaySession | null {
  const row = tx.sql.rows<{ started_at: number; last_beat_at: number; checked_at: number }>(
    ["play_session"],
    "SELECT started_at, last_beat_at, checked_at FROM play_session WHERE id = 1",
  )[0];
  return row ? { startedAt: row.started_at, lastBeatAt: row.last_beat_at, checkedAt: row.checked_at } : null;
}

function writeSession(tx: Ledger, session: PlaySession): void {
  tx.sql.exec(
    `INSERT INTO play_session (id, started_at, last_beat_at, checked_at) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET started_at = excluded.started_at, last_beat_at = excluded.last_beat_at, checked_at = excluded.checked_at`,
    session.startedAt,
    session.lastBeatAt,
    session.checkedAt,
  );
}

function intervalMs(tx: Ledger, limits: PlayLimits): number | null {
  // REALITY_CHECK_INTERVAL_SECONDS: 0 (the default) keeps the player's chosen minutes.
  return realityCheckIntervalMs(limits.effective.realityCheckMinutes, tx.tunables?.REALITY_CHECK_INTERVAL_SECONDS ?? 0);
}

// ---- gates ----

/**
 * After the account gate and the stake limit: the time limit, a due reality check, then the
 * loss limits of `wallet` for a slip of `totalStake`. Reads nothing when no such limit is set.
 */
export function gatePlayLimits(tx: Ledger, wallet: WalletKind, totalStake: number, limits = readPlayLimits(tx)): Refusal | null {
  const values = limits.effective;
  if (values.dailyPlayMinutes !== null) {
    const verdict = checkTime(values, minutesToday(tx), tx.now);
    if (!verdict.ok) return verdict;
  }
  if (values.realityCheckMinutes !== null) {
    const verdict = checkRealityCheck(readSession(tx), intervalMs(tx, limits), tx.now);
    if (!verdict.ok) return verdict;
  }
  if (LOSS_LIMITS_FOR[wallet].some((name) => values[name] !== null)) {
    const verdict = checkLoss(values, wallet, totalStake, settledNet(tx, wallet), openStakes(tx, wallet), tx.now);
    if (!verdict.ok) return verdict;
  }
  return null;
}

/** Before a checkout: the account gate and purchase limits (reservePurchaseInTx), then the time limit; a nudge near a purchase limit. */
export function reservePurchaseWithPlayInTx(
  tx: Ledger,
  input: { holdId: string; amountCents: number; holdMs: number },
  play: PlayContext,
): PurchaseHoldResult {
  const held = reservePurchaseInTx(tx, input, play);
  if (!held.ok) return held;
  const values = readPlayLimits(tx).effective;
  if (values.dailyPlayMinutes !== null) {
    const verdict = checkTime(values, minutesToday(tx), tx.now);
    if (!verdict.ok) return verdict;
  }
  nudgeAfterPurchase(tx);
  return held;
}

// ---- nudges near a limit ----

/**
 * Writes the nudge a use calls for, once per limit and period: shown in the app, projected
 * to D1 (`nudge` row), and a "limit-near" alert (`notice` row) for the push queue.
 */
function nudge(tx: Ledger, use: LimitUse | null): void {
  const due = use ? nudgeFor(use) : null;
  if (!due) return;
  const inserted = tx.sql
    .exec(
      "INSERT OR IGNORE INTO play_nudges (id, name, period_start, message, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
      due.id,
      due.name,
      due.periodStart,
      due.message,
      tx.now,
    )
    .toArray();
  if (inserted.length === 0) return;
  const nudge: NudgePayload = { userId: tx.userId, id: due.id, limit: due.name, message: due.message, createdAt: tx.now };
  writeOutboxRow(tx.sql, "nudge", nudge, tx.now);
  writeOutboxRow(tx.sql, "notice", nudgeNotice(tx.userId, due), tx.now);
  tx.noteChange();
}

function stakeUse(tx: Ledger, wallet: WalletKind): LimitUse | null {
  const name = STAKE_LIMIT_FOR[wallet];
  const limit = readLimits(tx).effective[name];
  if (limit === null) return null;
  const { start, end } = periodBounds("day", tx.now);
  return { name, limit, used: stakedToday(tx, wallet), periodStart: start, resetsAt: end };
}

/** After a slip is debited: nudges for the stake and loss limits of its wallet (`limits`: as read for its gate). */
export function nudgeAfterStake(tx: Ledger, wallet: WalletKind, limits = readPlayLimits(tx)): void {
  nudge(tx, stakeUse(tx, wallet));
  const values = limits.effective;
  if (!LOSS_LIMITS_FOR[wallet].some((name) => values[name] !== null)) return;
  for (const use of lossUses(values, wallet, settledNet(tx, wallet), openStakes(tx, wallet), tx.now)) nudge(tx, use);
}

function nudgeAfterPurchase(tx: Ledger): void {
  const limits = readLimits(tx).effective;
  if (PURCHASE_LIMITS.every((name) => limits[name] === null)) return;
  const totals = purchaseTotals(tx);
  for (const name of PURCHASE_LIMITS) {
    const limit = limits[name];
    if (limit === null) continue;
    const { start, end } = periodBounds(LIMIT_INFO[name].period, tx.now);
    nudge(tx, { name, limit, used: totals[LIMIT_INFO[name].period], periodStart: start, resetsAt: end });
  }
}

export type PlayNudge = { id: string; message: string; createdAt: number };

export function unseenNudges(tx: Ledger): PlayNudge[] {
  return tx.sql
    .exec<{ id: string; message: string; created_at: number }>(
      "SELECT id, message, created_at FROM play_nudges WHERE seen_at IS NULL ORDER BY created_at DESC LIMIT 5",
    )
    .toArray()
    .map((r) => ({ id: r.id, message: r.message, createdAt: r.created_at }));
}

export function markNudgesSeenInTx(tx: Ledger, ids: string[]): { ok: true } {
  for (const id of ids) tx.sql.exec("UPDATE play_nudges SET seen_at = ? WHERE id = ? AND seen_at IS NULL", tx.now, id);
  return { ok: true };
}

// ---- limits reached (for the statement) ----

const PERIOD_OF_CODE: Record<string, true> = { "stake-limit": true, "loss-limit": true, "time-limit": true, "purchase-limit": true };

/** After a bet or purchase was refused by a limit: remembers it once per limit and period. */
export function recordLimitReachedInTx(tx: Ledger, refusal: { code: string; details?: Record<string, unknown> }): { ok: true } {
  const name = refusal.details?.limit;
  if (!PERIOD_OF_CODE[refusal.code] || typeof name !== "string") return { ok: true };
  const period: LimitPeriod | undefined =
    name in PLAY_LIMIT_INFO
      ? (PLAY_LIMIT_INFO[name as PlayLimitName].period as LimitPeriod)
      : name in LIMIT_INFO
        ? LIMIT_INFO[name as LimitName].period
        : undefined;
  if (!period) return { ok: true };
  tx.sql.exec(
    "INSERT OR IGNORE INTO limits_reached (name, period_start, code, at) VALUES (?, ?, ?, ?)",
    name,
    periodBounds(period, tx.now).start,
    refusal.code,
    tx.now,
  );
  return { ok: true };
}

// ---- heartbeats, reality checks, settings ----

export type PlaySnapshot = {
  limits: PlayLimits;
  minutesToday: number;
  session: PlaySession | null;
  /** When the running session's reality check falls due (null: none). */
  realityCheckDueAt: number | null;
  /** The running session's figures, per wallet: staked, and net of stakes and results. */
  sessionFigures: { minutes: number; staked: Record<WalletKind, number>; net: Record<WalletKind, number> } | null;
  nudges: PlayNudge[];
};

function sessionFigures(tx: Ledger, session: PlaySession): NonNullable<PlaySnapshot["sessionFigures"]> {
  const staked = { coins: 0, cash: 0 };
  const net = { coins: 0, cash: 0 };
  const rows = tx.sql
    .exec<{ currency: WalletKind; reason: string; total: number }>(
      `SELECT currency, reason, SUM(amount) AS total FROM ledger
        WHERE created_at >= ? AND reason IN ('bet_stake', 'bet_payout', 'bet_correction') GROUP BY currency, reason`,
      session.startedAt,
    )
    .toArray();
  for (const row of rows) {
    if (row.reason === "bet_stake") staked[row.currency] += -row.total;
    net[row.currency] += row.total;
  }
  return { minutes: minutesBetween(tx, session.startedAt, tx.now + 60_000), staked, net };
}

export function playSnapshotInTx(tx: Ledger): PlaySnapshot {
  const limits = readPlayLimits(tx);
  const session = readSession(tx);
  const running = sessionRunning(session, tx.now) ? session : null;
  return {
    limits,
    minutesToday: minutesToday(tx),
    session: running,
    realityCheckDueAt: realityCheckDueAt(running, intervalMs(tx, limits), tx.now),
    sessionFigures: running ? sessionFigures(tx, running) : null,
    nudges: unseenNudges(tx),
  };
}

/** Counts this minute once and continues or starts the session. */
function countMinute(tx: Ledger, session: PlaySession | null): void {
  tx.sql.exec("INSERT OR IGNORE INTO play_minutes (minute) VALUES (?)", minuteOf(tx.now));
  writeSession(tx, sessionAfterBeat(session, tx.now));
}

/** A visible, signed-in tab's heartbeat: counts this minute once, continues or starts the session, nudges near the time limit. */
export function heartbeatInTx(tx: Ledger): { ok: true; snapshot: PlaySnapshot } {
  countMinute(tx, readSession(tx));
  // No play-time reminder to a player on a break or closed for play: there is no play to time.
  if (exclusionAt(readProtection(tx), tx.now) === null) nudge(tx, timeUse(readPlayLimits(tx).effective, minutesToday(tx), tx.now));
  return { ok: true, snapshot: playSnapshotInTx(tx) };
}

/**
 * A bet is play as much as a heartbeat is: its minute counts toward the daily time limit
 * and it continues (or starts) the session whose reality checks fall due, so a client that
 * bets without the app's heartbeats meets the same limits. Writes at most once a minute.
 */
export function notePlayInTx(tx: Ledger, limits: PlayLimits): void {
  const session = readSession(tx);
  if (session && minuteOf(session.lastBeatAt) === minuteOf(tx.now)) return;
  countMinute(tx, session);
  if (limits.effective.dailyPlayMinutes !== null) nudge(tx, timeUse(limits.effective, minutesToday(tx), tx.now));
}

/**
 * The player's answer to a reality check: an answer to a check that is due starts the next
 * interval (one sent ahead changes nothing, or a client could put every check off);
 * "take-break" starts a 24-hour break whenever it comes.
 */
export function answerRealityCheckInTx(tx: Ledger, answer: RealityCheckAnswer): { ok: true; snapshot: PlaySnapshot } {
  const session = readSession(tx);
  const running = sessionRunning(session, tx.now) ? session : null;
  const dueAt = realityCheckDueAt(running, intervalMs(tx, readPlayLimits(tx)), tx.now);
  if (session && dueAt !== null && dueAt <= tx.now) writeSession(tx, { ...session, checkedAt: tx.now });
  if (answer === "take-break") takeBreakInTx(tx, "24h");
  return { ok: true, snapshot: playSnapshotInTx(tx) };
}

/** Applies requested loss, time and reality-check limits: stricter at once, looser after `raiseDelayMs`; recorded in the history. */
export function setPlayLimitsInTx(
  tx: Ledger,
  requested: Partial<Record<PlayLimitName, number | null>>,
  raiseDelayMs: number,
): { ok: true; snapshot: PlaySnapshot } {
  const before = readPlayLimits(tx);
  const next = changeNamedLimits(PLAY_LIMIT_NAMES, before, requested, tx.now, raiseDelayMs);
  for (const name of PLAY_LIMIT_NAMES) {
    if (!(name in requested)) continue;
    const pending = next.pending[name];
    tx.sql.exec(
      `INSERT INTO protection_limits (name, value, pending_value, pending_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, pending_value = excluded.pending_value,
         pending_at = excluded.pending_at, updated_at = excluded.updated_at`,
      name,
      next.effective[name],
      pending ? pending.value : null,
      pending ? pending.effectiveAt : null,
      tx.now,
    );
  }
  recordLimitChanges(tx, PLAY_LIMIT_NAMES, requested, before, next);
  // A check turned on counts from now, not from the session's start. One made more frequent
  // falls at the earlier of the old and the new times: a check already due stays due, so
  // tightening the setting never answers it.
  if ("realityCheckMinutes" in requested && next.effective.realityCheckMinutes !== before.effective.realityCheckMinutes) {
    const session = readSession(tx);
    const oldDueAt = realityCheckDueAt(session, intervalMs(tx, before), tx.now);
    const newInterval = intervalMs(tx, next);
    if (session && oldDueAt === null) writeSession(tx, { ...session, checkedAt: tx.now });
    else if (session && newInterval !== null) writeSession(tx, { ...session, checkedAt: Math.min(tx.now, oldDueAt! - newInterval) });
  }
  return { ok: true, snapshot: playSnapshotInTx(tx) };
}

/** A nudge near a limit, kept in D1 `player_nudges`; its alert travels as a `notice` row of its own. */
export type NudgePayload = { userId: string; id: string; limit: string; message: string; createdAt: number };

/** The outbox topic `nudge`: the nudge joins the player's D1 list once. */
export function nudgeProjection(db: D1Database, payload: string): D1PreparedStatement[] {
  const p = JSON.parse(payload) as NudgePayload;
  return [
    db
      .prepare(
        `INSERT INTO player_nudges (user_id, nudge_id, limit_name, message, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, nudge_id) DO NOTHING`,
      )
      .bind(p.userId, p.id, p.limit, p.message, p.createdAt),
  ];
}
