// One reconciliation of a UTC day with the payment provider: the provider's own records
// (PaymentsProvider.listRecords) against what the wallets booked, read from the D1
// projections (payment_bookings for packs credited and reversals, sweepstakes_winners for
// redemptions paid), matched by reconcile.ts and stored in D1 reconciliation_runs and
// reconciliation_differences. The cron runs the previous UTC day once its first trigger
// an hour after midnight finds no successful run of it (a failed one is logged, stored
// and retried at the next trigger); an operator runs any ended day on demand.
import type {
  BankReturnWaiting,
  ReconciliationAnswer,
  ReconciliationCounts,
  ReconciliationDifference,
  ReconciliationRun,
  RunReconciliationAnswer,
} from "../../src/shared/schemas/reconciliation";
import { ReconciliationCountsSchema } from "../../src/shared/schemas/reconciliation";
import { paymentsMode } from "../config";
import type { PaymentsProvider } from "../payments/payments-provider";
import { reconcile, type VantageRecords } from "./reconcile";

export const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How far beyond the day each side is read, so a record's counterpart on the other side
 * of midnight still matches: a Checkout Session may be paid up to a day after it was
 * created (Stripe lists sessions by creation).
 */
export const MATCH_SPAN_MS = DAY_MS;
/** The cron reconciles yesterday only this long after midnight, when yesterday's webhooks have arrived. */
export const CRON_DELAY_MS = 60 * 60 * 1000;
/** How many recent runs the console lists. */
const RECENT_RUNS = 30;

export const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

type RunRow = {
  id: string;
  day: string;
  trigger: "cron" | "operator";
  requested_by: string | null;
  provider: string;
  status: "ok" | "failed";
  error: string | null;
  counts: string;
  differences: number;
  started_at: number;
  finished_at: number;
};

type DifferenceRow = {
  view: ReconciliationDifference["view"];
  kind: ReconciliationDifference["kind"];
  user_id: string | null;
  provider_ref: string | null;
  vantage_ref: string | null;
  provider_cents: number | null;
  vantage_cents: number | null;
  at: number;
  detail: string;
};

function toRun(row: RunRow): ReconciliationRun {
  let counts: ReconciliationCounts | null = null;
  try {
    const parsed = ReconciliationCountsSchema.safeParse(JSON.parse(row.counts));
    counts = parsed.success ? parsed.data : null;
  } catch {
    counts = null;
  }
  return {
    id: row.id,
    day: row.day,
    trigger: row.trigger,
    requestedBy: row.requested_by,
    provider: row.provider,
    status: row.status,
    error: row.error,
    counts,
    differences: row.differences,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}

function toDifference(row: DifferenceRow): ReconciliationDifference {
  return {
    view: row.view,
    kind: row.kind,
    userId: row.user_id,
    providerRef: row.provider_ref,
    vantageRef: row.vantage_ref,
    providerCents: row.provider_cents,
    vantageCents: row.vantage_cents,
    at: row.at,
    detail: row.detail,
  };
}

/** What the wallets booked in [from, to), from the D1 projections. */
export async function vantageRecords(db: D1Database, window: { from: number; to: number }): Promise<VantageRecords> {
  const [bookings, winners] = await db.batch([
    db
      .prepare(
        `SELECT kind, reference, user_id, payment_intent, amount_cents, booked_at FROM payment_bookings
         WHERE booked_at >= ? AND booked_at < ?`,
      )
      .bind(window.from, window.to),
    db
      .prepare("SELECT redemption_id, user_id, amount_cents, paid_at FROM sweepstakes_winners WHERE paid_at >= ? AND paid_at < ?")
      .bind(window.from, window.to),
  ]);
  type Booking = {
    kind: "credit" | "refund" | "dispute";
    reference: string;
    user_id: string;
    payment_intent: string | null;
    amount_cents: number;
    booked_at: number;
  };
  type Winner = { redemption_id: string; user_id: string; amount_cents: number; paid_at: number };
  const rows = (bookings?.results ?? []) as Booking[];
  const records: VantageRecords = { credits: [], paidRedemptions: [], reversals: [] };
  for (const row of rows) {
    if (row.kind === "credit") {
      records.credits.push({
        checkoutSessionId: row.reference,
        paymentIntent: row.payment_intent,
        userId: row.user_id,
        amountCents: row.amount_cents,
        at: row.booked_at,
      });
    } else {
      records.reversals.push({
        kind: row.kind,
        reference: row.reference,
        paymentIntent: row.payment_intent,
        userId: row.user_id,
        amountCents: row.amount_cents,
        at: row.booked_at,
      });
    }
  }
  for (const row of (winners?.results ?? []) as Winner[]) {
    records.paidRedemptions.push({ redemptionId: row.redemption_id, userId: row.user_id, amountCents: row.amount_cents, at: row.paid_at });
  }
  return records;
}

export type RunInput = {
  day: string;
  trigger: "cron" | "operator";
  requestedBy: string | null;
  provider: PaymentsProvider;
};

/**
 * Reconciles one UTC day and stores the run with its differences. A provider that cannot
 * list its records makes a failed run (stored, with the reason) and the error is thrown on.
 */
export async function runReconciliation(db: D1Database, input: RunInput, now: number): Promise<RunReconciliationAnswer> {
  const from = dayStart(input.day);
  const window = { from, to: from + DAY_MS };
  const span = { from: window.from - MATCH_SPAN_MS, to: window.to + MATCH_SPAN_MS };
  const id = crypto.randomUUID();
  const base = {
    id,
    day: input.day,
    trigger: input.trigger,
    requestedBy: input.requestedBy,
    provider: input.provider.kind,
    startedAt: now,
  };
  let result: ReturnType<typeof reconcile>;
  try {
    const [providerRecords, vantage] = await Promise.all([input.provider.listRecords(span), vantageRecords(db, span)]);
    result = reconcile({ provider: providerRecords, vantage, window, now });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await db
      .prepare(
        `INSERT INTO reconciliation_runs (id, day, trigger, requested_by, provider, status, error, counts, differences, started_at, finished_at)
         VALUES (?, ?, ?, ?, ?, 'failed', ?, '{}', 0, ?, ?)`,
      )
      .bind(id, input.day, input.trigger, input.requestedBy, input.provider.kind, error.slice(0, 500), now, now)
      .run();
    throw err;
  }
  const run: ReconciliationRun = {
    ...base,
    status: "ok",
    error: null,
    counts: result.counts,
    differences: result.differences.length,
    finishedAt: now,
  };
  await db.batch([
    db
      .prepare(
        `INSERT INTO reconciliation_runs (id, day, trigger, requested_by, provider, status, error, counts, differences, started_at, finished_at)
         VALUES (?, ?, ?, ?, ?, 'ok', NULL, ?, ?, ?, ?)`,
      )
      .bind(id, run.day, run.trigger, run.requestedBy, run.provider, JSON.stringify(result.counts), run.differences, now, now),
    ...result.differences.map((d, seq) =>
      db
        .prepare(
          `INSERT INTO reconciliation_differences (run_id, seq, view, kind, user_id, provider_ref, vantage_ref, provider_cents, vantage_cents, at, detail)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(id, seq, d.view, d.kind, d.userId, d.providerRef, d.vantageRef, d.providerCents, d.vantageCents, d.at, d.detail),
    ),
  ]);
  return { run, differences: result.differences };
}

/** The recent runs (newest first) and the chosen one: the day's latest run, else the newest run. */
export async function readReconciliation(db: D1Database, day: string | undefined): Promise<ReconciliationAnswer> {
  const { results: recent } = await db
    .prepare("SELECT * FROM reconciliation_runs ORDER BY started_at DESC, rowid DESC LIMIT ?")
    .bind(RECENT_RUNS)
    .all<RunRow>();
  const chosen = day
    ? await db
        .prepare("SELECT * FROM reconciliation_runs WHERE day = ? ORDER BY started_at DESC, rowid DESC LIMIT 1")
        .bind(day)
        .first<RunRow>()
    : (recent[0] ?? null);
  const differences = chosen
    ? (
        await db
          .prepare(
            `SELECT view, kind, user_id, provider_ref, vantage_ref, provider_cents, vantage_cents, at, detail
             FROM reconciliation_differences WHERE run_id = ? ORDER BY seq`,
          )
          .bind(chosen.id)
          .all<DifferenceRow>()
      ).results.map(toDifference)
    : [];
  return { runs: recent.map(toRun), run: chosen ? toRun(chosen) : null, differences, bankReturnsWaiting: await bankReturnsWaiting(db) };
}

/** How many waiting bank returns the view lists, oldest first. */
const BANK_RETURNS_LISTED = 100;

/** Payouts the bank sent back whose transfer the wallets have not taken back yet (D1 `bank_returns`, migration 0057). */
async function bankReturnsWaiting(db: D1Database): Promise<BankReturnWaiting[]> {
  const { results } = await db
    .prepare(
      `SELECT b.redemption_id, b.user_id, u.email, b.amount_cents, b.reason, b.returned_at, b.tries, b.last_error, b.next_try_at
         FROM bank_returns b LEFT JOIN users u ON u.id = b.user_id
        WHERE b.reversed_at IS NULL ORDER BY b.returned_at LIMIT ?`,
    )
    .bind(BANK_RETURNS_LISTED)
    .all<{
      redemption_id: string;
      user_id: string;
      email: string | null;
      amount_cents: number;
      reason: string;
      returned_at: number;
      tries: number;
      last_error: string | null;
      next_try_at: number | null;
    }>();
  return results.map((r) => ({
    redemptionId: r.redemption_id,
    userId: r.user_id,
    email: r.email,
    amountCents: r.amount_cents,
    reason: r.reason,
    returnedAt: r.returned_at,
    tries: r.tries,
    lastError: r.last_error,
    nextTryAt: r.next_try_at,
  }));
}

/**
 * The cron's part: yesterday (UTC), once its first trigger an hour after midnight finds no
 * successful run of it. Without a payment provider configured there is nothing to match.
 * Answers the run, or null when there was nothing to do; throws when the run failed.
 */
export async function reconcileOnSchedule(
  db: D1Database,
  env: Env,
  providerFor: () => Promise<PaymentsProvider>,
  now: number,
): Promise<RunReconciliationAnswer | null> {
  const mode = paymentsMode(env);
  if (mode !== "real" && mode !== "embedded") return null;
  const today = dayStart(utcDay(now));
  if (now < today + CRON_DELAY_MS) return null;
  const day = utcDay(today - DAY_MS);
  const done = await db
    .prepare("SELECT 1 AS done FROM reconciliation_runs WHERE day = ? AND trigger = 'cron' AND status = 'ok' LIMIT 1")
    .bind(day)
    .first<{ done: number }>();
  if (done) return null;
  return runReconciliation(db, { day, trigger: "cron", requestedBy: null, provider: await providerFor() }, now);
}
