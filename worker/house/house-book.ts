// The house's book from the D1 projection the wallets write: what the house owes (cash and
// Coins held by players, and what open cash bets would pay if they all won) and what it won
// (hold per UTC settled day, sport, kind and currency). Days are UTC so a day's rows line up
// with the cron's and D1's clocks. What players owe back is shown apart. The cash held is
// split as a redemption would judge it, from what each wallet projects with its balances
// (still to play, the packs still held, pending redemptions; docs/operations.md, "The
// house's book").
import type { HoldKind, HoldRow, HouseHold, HouseLiability, LiabilityDay } from "../../src/shared/schemas/house";
import { csvLines } from "../http/csv";

const DAY_MS = 24 * 60 * 60 * 1000;

export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * An open bet's potential payout: the share of stake still open with its share of the
 * winnings, (stake + to_win) × open stake / stake, floored per bet. A cash-out takes its
 * share of the stake and of the winnings with it.
 */
const OPEN_PAYOUT = "(stake + to_win) * (stake - cash_out_stake) / stake";

type Totals = Omit<LiabilityDay, "day" | "recordedAt">;

/**
 * Each wallet's cash held back by a purchase hold still running at `now` (?1): the holds it
 * projected whose `freesAt` is later, so a hold that ran out stops counting without a write.
 */
const PURCHASE_HELD = `COALESCE((SELECT SUM(json_extract(h.value, '$.amountCents')) FROM json_each(w.cash_purchase_holds_json) h
                                 WHERE json_extract(h.value, '$.freesAt') > ?1), 0)`;

async function liabilityTotals(db: D1Database): Promise<Totals> {
  const [balances, open] = await db.batch<Record<string, number>>([
    db.prepare(
      `SELECT COUNT(*) AS players, COALESCE(SUM(cash_cents), 0) AS cashCents, COALESCE(SUM(coin_balance), 0) AS coins,
              COALESCE(SUM(cash_pending_redemption_cents), 0) AS pendingRedemptionCents FROM wallet_balances`,
    ),
    db.prepare(
      `SELECT COUNT(*) AS openCashBets, COALESCE(SUM(${OPEN_PAYOUT}), 0) AS openCashPayoutCents
         FROM bets WHERE status = 'open' AND wallet = 'cash' AND stake > 0`,
    ),
  ]);
  const b = balances?.results[0] ?? {};
  const o = open?.results[0] ?? {};
  return {
    players: b.players ?? 0,
    cashCents: b.cashCents ?? 0,
    coins: b.coins ?? 0,
    openCashBets: o.openCashBets ?? 0,
    openCashPayoutCents: o.openCashPayoutCents ?? 0,
    pendingRedemptionCents: b.pendingRedemptionCents ?? 0,
  };
}

/** The cash held split as a redemption would judge it (HouseLiability["cashHeld"]), at `now`. */
async function cashHeldNow(
  db: D1Database,
  cashCents: number,
  pendingRedemptionCents: number,
  now: number,
): Promise<HouseLiability["cashHeld"]> {
  const row = await db
    .prepare(
      `SELECT COALESCE(SUM(MIN(cash_cents, MAX(to_play, held))), 0) AS heldBackCents,
              COALESCE(SUM(MIN(cash_cents, to_play)), 0) AS toPlayCents,
              COALESCE(SUM(MIN(cash_cents, held)), 0) AS purchaseHeldCents,
              COALESCE(SUM(not_split), 0) AS walletsNotSplit
         FROM (SELECT w.cash_cents, COALESCE(w.cash_to_play_cents, 0) AS to_play, ${PURCHASE_HELD} AS held,
                      w.cash_to_play_cents IS NULL AS not_split
                 FROM wallet_balances w)`,
    )
    .bind(now)
    .first<{ heldBackCents: number; toPlayCents: number; purchaseHeldCents: number; walletsNotSplit: number }>();
  const heldBackCents = row?.heldBackCents ?? 0;
  return {
    redeemableCents: cashCents - heldBackCents,
    heldBackCents,
    toPlayCents: row?.toPlayCents ?? 0,
    purchaseHeldCents: row?.purchaseHeldCents ?? 0,
    pendingRedemptionCents,
    walletsNotSplit: row?.walletsNotSplit ?? 0,
  };
}

type LiabilityDayRow = {
  day: string;
  players: number;
  cash_cents: number;
  coins: number;
  open_cash_bets: number;
  open_cash_payout_cents: number;
  pending_redemption_cents: number;
  recorded_at: number;
};

/** Today's totals, and the recorded days of the last `days` days, oldest first. */
export async function houseLiability(db: D1Database, days: number, now: number): Promise<HouseLiability> {
  const [totals, history] = await Promise.all([
    liabilityTotals(db),
    db
      .prepare("SELECT * FROM house_liability_days WHERE day >= ? ORDER BY day")
      .bind(utcDay(now - (days - 1) * DAY_MS))
      .all<LiabilityDayRow>(),
  ]);
  const owed = await db
    .prepare("SELECT COALESCE(SUM(owed_cash_cents), 0) AS owedCashCents, COALESCE(SUM(owed_coins), 0) AS owedCoins FROM wallet_balances")
    .first<{ owedCashCents: number; owedCoins: number }>();
  const cashHeld = await cashHeldNow(db, totals.cashCents, totals.pendingRedemptionCents, now);
  const { pendingRedemptionCents: _pending, ...figures } = totals;
  return {
    asOf: now,
    ...figures,
    owedCashCents: owed?.owedCashCents ?? 0,
    owedCoins: owed?.owedCoins ?? 0,
    cashHeld,
    history: history.results.map((r) => ({
      day: r.day,
      players: r.players,
      cashCents: r.cash_cents,
      coins: r.coins,
      openCashBets: r.open_cash_bets,
      openCashPayoutCents: r.open_cash_payout_cents,
      pendingRedemptionCents: r.pending_redemption_cents,
      recordedAt: r.recorded_at,
    })),
  };
}

/** The cron's daily row: written by the day's first trigger; later triggers of the day find it and stop. */
export async function recordLiabilityDay(db: D1Database, now: number): Promise<boolean> {
  const day = utcDay(now);
  if (await db.prepare("SELECT 1 FROM house_liability_days WHERE day = ?").bind(day).first()) return false;
  const t = await liabilityTotals(db);
  const { meta } = await db
    .prepare(
      `INSERT INTO house_liability_days (day, players, cash_cents, coins, open_cash_bets, open_cash_payout_cents, pending_redemption_cents, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (day) DO NOTHING`,
    )
    .bind(day, t.players, t.cashCents, t.coins, t.openCashBets, t.openCashPayoutCents, t.pendingRedemptionCents, now)
    .run();
  return meta.changes > 0;
}

type HoldSqlRow = { day: string; sport: string; kind: HoldKind; currency: "coins" | "cash"; bets: number; staked: number; paid: number };

/**
 * Settled bets of the last `days` UTC days by settled day. A bet is "props" when a leg is a
 * player's market, else its price kind (single, parlay, same-game) as on /pricing. A
 * cash-out's share (its stake and what it paid) counts as kind "cash-out" on the bet's
 * settled day; the rest of the bet counts under its own kind, unless the rest was voided
 * (stake returned: no hold) or nothing was left (a whole cash-out).
 */
export async function houseHold(db: D1Database, days: number, now: number): Promise<HouseHold> {
  const since = utcDay(now - (days - 1) * DAY_MS);
  const { results } = await db
    .prepare(
      `WITH settled AS (
         SELECT id, wallet, stake, payout_paid, cash_out_stake, cash_out_paid, result, price_kind,
                strftime('%Y-%m-%d', settled_at / 1000, 'unixepoch') AS day
           FROM bets WHERE status = 'settled' AND settled_at >= ?
       ),
       legs_of AS (
         SELECT l.bet_id AS bet_id, CASE WHEN COUNT(DISTINCT l.sport) = 1 THEN MIN(l.sport) ELSE 'multi' END AS sport,
                MAX(l.market = 'Prop') AS has_prop
           FROM bet_legs l JOIN settled s ON s.id = l.bet_id GROUP BY l.bet_id
       ),
       shares AS (
         SELECT s.day, g.sport, CASE WHEN g.has_prop THEN 'props' ELSE s.price_kind END AS kind, s.wallet AS currency,
                s.stake - s.cash_out_stake AS staked, s.payout_paid - s.cash_out_paid AS paid
           FROM settled s JOIN legs_of g ON g.bet_id = s.id
          WHERE s.result NOT IN ('void', 'cashed_out') AND s.stake > s.cash_out_stake
         UNION ALL
         SELECT s.day, g.sport, 'cash-out', s.wallet, s.cash_out_stake, s.cash_out_paid
           FROM settled s JOIN legs_of g ON g.bet_id = s.id
          WHERE s.cash_out_stake > 0
       )
       SELECT day, sport, kind, currency, COUNT(*) AS bets, SUM(staked) AS staked, SUM(paid) AS paid
         FROM shares GROUP BY day, sport, kind, currency
        ORDER BY day DESC, sport, kind, currency`,
    )
    .bind(Date.parse(`${since}T00:00:00Z`))
    .all<HoldSqlRow>();
  return { days, since, rows: results.map(holdRow) };
}

function holdRow(r: HoldSqlRow): HoldRow {
  const hold = r.staked - r.paid;
  return { ...r, hold, holdPct: r.staked > 0 ? Math.round((hold / r.staked) * 10_000) / 10_000 : null };
}

/** A header, then one line per row (worker/http/csv.ts: quoted where needed, formulas neutralised). */
export function toCsv<Column extends string>(
  columns: readonly Column[],
  rows: readonly Record<Column, string | number | boolean | null | undefined>[],
): string {
  return csvLines([columns, ...rows.map((row) => columns.map((c) => row[c]))]);
}
