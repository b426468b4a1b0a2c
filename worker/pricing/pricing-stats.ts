// The /pricing page's figures from the D1 projection: over the settled bets of the last
// PRICING_WINDOW_DAYS days, per sport, the average margin the offered prices carried
// against the fair price at placement (each leg's 1 − fair_p × decimal, where the leg had
// a fair price), and per wallet the hold kept (stakes less everything paid back,
// cash-outs included, over stakes). A bet is a sport's when all its legs are of that
// sport; a parlay across sports counts under "multi". Voided bets returned their stake
// untouched and are left out. Two indexed reads; the route keeps the answer a minute.
import { PRICE_KINDS, type PricingKind, type PricingSport } from "../../src/shared/schemas/pricing";
import { SPORT_KEYS, type SportKey } from "../../src/shared/sports";

export const PRICING_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** SQL for a leg's decimal odds from its American price (as src/shared/odds.ts). */
const DECIMAL = "(CASE WHEN l.price_am > 0 THEN 1 + l.price_am / 100.0 ELSE 1 + 100.0 / (-l.price_am) END)";

type MarginRow = { sport: string; legs: number; margin: number | null };
type HoldRow = { sport: string; wallet: "coins" | "cash"; bets: number; staked: number; returned: number };

const emptyHold = () => ({ bets: 0, staked: 0, returned: 0, hold: null });

/** A wallet's hold: (staked − returned) / staked to four decimals, null with nothing staked. */
function holdOf(row: { bets: number; staked: number; returned: number }) {
  const hold = row.staked > 0 ? Math.round(((row.staked - row.returned) / row.staked) * 10_000) / 10_000 : null;
  return { bets: row.bets, staked: row.staked, returned: row.returned, hold };
}

export async function pricingSports(db: D1Database, now: number): Promise<PricingSport[]> {
  const since = now - PRICING_WINDOW_DAYS * DAY_MS;
  const [margins, holds] = await db.batch<MarginRow | HoldRow>([
    db
      .prepare(
        `SELECT l.sport AS sport, COUNT(*) AS legs, AVG(1 - l.fair_p * ${DECIMAL}) AS margin
           FROM bets b JOIN bet_legs l ON l.bet_id = b.id
          WHERE b.status = 'settled' AND b.settled_at >= ? AND b.result != 'void' AND l.fair_p IS NOT NULL
          GROUP BY l.sport`,
      )
      .bind(since),
    db
      .prepare(
        `WITH settled AS (
           SELECT id, wallet, stake, payout_paid FROM bets WHERE status = 'settled' AND settled_at >= ? AND result != 'void'
         ),
         sport_of AS (
           SELECT l.bet_id AS bet_id, CASE WHEN COUNT(DISTINCT l.sport) = 1 THEN MIN(l.sport) ELSE 'multi' END AS sport
             FROM bet_legs l JOIN settled s ON s.id = l.bet_id GROUP BY l.bet_id
         )
         SELECT o.sport AS sport, s.wallet AS wallet, COUNT(*) AS bets, SUM(s.stake) AS staked, SUM(s.payout_paid) AS returned
           FROM settled s JOIN sport_of o ON o.bet_id = s.id
          GROUP BY o.sport, s.wallet`,
      )
      .bind(since),
  ]);
  const rows = new Map<string, PricingSport>();
  const rowOf = (sport: string): PricingSport => {
    const known = rows.get(sport);
    if (known) return known;
    const fresh: PricingSport = { sport: sport as SportKey | "multi", legs: 0, averageMargin: null, coins: emptyHold(), cash: emptyHold() };
    rows.set(sport, fresh);
    return fresh;
  };
  for (const sport of SPORT_KEYS) rowOf(sport);
  for (const m of (margins?.results ?? []) as MarginRow[]) {
    if (!rows.has(m.sport)) continue;
    const row = rowOf(m.sport);
    row.legs = m.legs;
    row.averageMargin = m.margin === null ? null : Math.round(m.margin * 10_000) / 10_000;
  }
  for (const h of (holds?.results ?? []) as HoldRow[]) {
    if (!rows.has(h.sport) && h.sport !== "multi") continue;
    const row = rowOf(h.sport);
    row[h.wallet] = holdOf(h);
  }
  return [...rows.values()];
}

type KindRow = {
  kind: PricingKind["kind"];
  wallet: "coins" | "cash";
  bets: number;
  staked: number;
  returned: number;
  priced: number;
  /** Σ stake × margin and Σ stake over the priced bets: the mean is weighted by stake. */
  marginSum: number | null;
  pricedStake: number | null;
};

/**
 * Per kind of bet (single, parlay, same-game) over the same window: the stake-weighted mean
 * margin its prices carried at placement (bets without every fair chance are left out) and
 * the hold kept per wallet. One read on the settled-at index.
 */
export async function pricingKinds(db: D1Database, now: number): Promise<PricingKind[]> {
  const since = now - PRICING_WINDOW_DAYS * DAY_MS;
  const { results } = await db
    .prepare(
      `SELECT price_kind AS kind, wallet, COUNT(*) AS bets, SUM(stake) AS staked, SUM(payout_paid) AS returned,
              COUNT(offered_margin) AS priced, SUM(stake * offered_margin) AS marginSum,
              SUM(CASE WHEN offered_margin IS NULL THEN 0 ELSE stake END) AS pricedStake
         FROM bets WHERE status = 'settled' AND settled_at >= ? AND result != 'void'
        GROUP BY price_kind, wallet`,
    )
    .bind(since)
    .all<KindRow>();
  return PRICE_KINDS.map((kind) => {
    const rows = results.filter((r) => r.kind === kind);
    const priced = rows.reduce((sum, r) => sum + r.priced, 0);
    const weighted = rows.reduce((sum, r) => ({ m: sum.m + (r.marginSum ?? 0), w: sum.w + (r.pricedStake ?? 0) }), { m: 0, w: 0 });
    const walletHold = (wallet: "coins" | "cash") => {
      const row = rows.find((r) => r.wallet === wallet);
      return row ? holdOf(row) : emptyHold();
    };
    return {
      kind,
      priced,
      averageMargin: priced > 0 && weighted.w > 0 ? Math.round((weighted.m / weighted.w) * 10_000) / 10_000 : null,
      coins: walletHold("coins"),
      cash: walletHold("cash"),
    };
  });
}
