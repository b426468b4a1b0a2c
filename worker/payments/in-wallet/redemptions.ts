// Vantage Cash redemption inside the wallet. Requesting one is a single step: the amount
// leaves the balance (ledger reason `redemption_hold`, reference = redemption id) and a
// pending redemption row appears, or nothing happens. The payout itself runs afterwards,
// outside the critical section (worker/payments/redemption-service.ts), and reports back
// here: completed (paid) or failed, which returns the amount (`redemption_refund`).
// Every step is keyed by the redemption id, so retries cannot hold or refund twice.
// Play-through (playthrough.ts) and the hold on fresh purchases (purchase-holds.ts) are
// checked in the same step: only the redeemable part of the balance, balance − min(balance,
// what the two keep back together, keptBackOf), can be held (403 playthrough-required or
// purchase-held otherwise).
// A redemption confirmed paid goes to the public winners list (outbox topic `winner`).
// A new redemption is refused while a payment is under review (a dispute, an early fraud
// warning) or anything is owed (redemption-pause.ts), and until the player's identity is
// verified (worker/protection/in-wallet/identity.ts: 403 identity-unverified, identity-in-use, identity-mismatch).
// A new account's first redemption, and any above REDEMPTION_REVIEW_CENTS, waits for an
// operator's review (worker/admin approvals): no payout attempt runs until it is approved,
// and a rejection returns the amount with the operator's reason.
// Each step a redemption reaches is written to `redemption_steps` in the transaction that
// reaches it, at most once, so the player's timeline shows when each happened.
// A redemption paid or returned also goes to the public redemption-time figures (outbox
// topic `redemption_timeline`, redemption-timeline.ts), in the transaction that ends it.
// It is paid once its transfer reached the player's payout account and the payout from
// there to their bank was made; a transfer whose payout to the bank waits for a retry shows
// as sent, with a note saying so, while the redemption stays pending.
import type { WindDown } from "../../../src/shared/play-regions";
import {
  bankReturned,
  formatRedemptionDollars,
  REDEMPTION_MIN_CENTS,
  REDEMPTION_STEPS,
  type Redemption,
  type RedemptionStatus,
  type RedemptionStep,
  type RedemptionStepName,
} from "../../../src/shared/schemas/redemptions";
import { identityMessage } from "../../../src/shared/schemas/identity";
import { PAYEE_STANDING, type PayeeRefusal } from "./standing";
import { auditInTx, FROZEN_MESSAGE, readFreeze, type AuditFailure, type OperatorAudit } from "../../wallet/operator-actions";
import type { WalletBalances } from "../../../src/shared/schemas/user";
import { redemptionPause, redemptionPauseReason } from "./redemption-pause";
import { writeOutboxRow } from "../../wallet/outbox";
import type { Ledger } from "../../wallet/ledger";
import { redemptionNotice } from "../../../src/shared/push-notices";
import type { RefusalOf } from "../../../src/shared/refusals";
import { playthroughState, type PlaythroughState } from "../../wallet/playthrough";
import { heldCash, heldPacksInTx, type HeldPack, type PurchaseHold } from "../../wallet/purchase-holds";
import { packUnplayedInTx } from "./reversals";
import { projectRedemptionTimelineInTx } from "./redemption-timeline";

type RedemptionRow = {
  id: string;
  amount_cents: number;
  status: RedemptionStatus;
  failure_reason: string | null;
  payout_reference: string | null;
  created_at: number;
  updated_at: number;
};

export type RedemptionFailure =
  | RefusalOf<
      | "redemption-id-reused"
      | "redemption-below-minimum"
      | "redemptions-paused"
      | "insufficient-funds"
      | "redemption-already-requested"
      | "redemption-not-found"
      | "redemption-already-failed"
      | "redemption-already-paid"
      | "redemption-already-refunded"
      | "playthrough-required"
      | "purchase-held"
    >
  | PayeeRefusal;
export type RedemptionResult = { ok: true; redemption: Redemption; balances: WalletBalances; created: boolean } | RedemptionFailure;

type StepRow = { step: RedemptionStepName; at: number; note: string | null };
type ReviewRow = { state: "waiting" | "approved" | "rejected"; reason: string };

function readReview(tx: Ledger, id: string): ReviewRow | null {
  return tx.sql.exec<ReviewRow>("SELECT state, reason FROM redemption_reviews WHERE redemption_id = ?", id).toArray()[0] ?? null;
}

/** Records that a redemption reached `step` now (once: a step already reached keeps its time). */
export function recordStepInTx(tx: Ledger, redemptionId: string, step: RedemptionStepName, note: string | null = null): void {
  tx.sql.exec(
    "INSERT OR IGNORE INTO redemption_steps (redemption_id, step, at, note) VALUES (?, ?, ?, ?)",
    redemptionId,
    step,
    tx.now,
    note === null ? null : note.slice(0, 500),
  );
}

/** The steps reached, in the order a redemption goes through them; those older than the timeline come from the row. */
function timelineOf(tx: Ledger, row: RedemptionRow): RedemptionStep[] {
  const stored = new Map(
    tx.sql
      .exec<StepRow>("SELECT step, at, note FROM redemption_steps WHERE redemption_id = ?", row.id)
      .toArray()
      .map((s) => [s.step, s] as const),
  );
  if (!stored.has("requested")) stored.set("requested", { step: "requested", at: row.created_at, note: null });
  if (row.status === "paid" && !stored.has("sent")) stored.set("sent", { step: "sent", at: row.updated_at, note: null });
  if (row.status === "failed" && !stored.has("returned")) {
    stored.set("returned", { step: "returned", at: row.updated_at, note: row.failure_reason });
  }
  return REDEMPTION_STEPS.flatMap((step) => {
    const s = stored.get(step);
    return s ? [{ step, at: s.at, note: s.note }] : [];
  });
}

/** Why a redemption not yet sent is held right now, in the sentence the player reads, or null. */
function holdOf(tx: Ledger, row: RedemptionRow): string | null {
  if (row.status !== "pending") return null;
  const review = readReview(tx, row.id);
  if (review?.state === "waiting") return review.reason;
  if (readFreeze(tx).frozen) return FROZEN_MESSAGE;
  const paused = redemptionPause(tx);
  if (paused) return paused;
  return identityMessage(tx.use(PAYEE_STANDING).identityStatus(tx));
}

/** The sent step's note while the payout from the player's payout account to their bank waits for a retry. */
export const BANK_PAYOUT_WAITING_NOTE =
  "Reached your payout account; the payout from there to your bank did not start, and is tried again until it does.";
const BANK_PAYOUT_RETRIED = "The payout to your bank is tried again automatically; until then the money waits in your payout account.";
const BANK_PAYOUT_STARTED_LATE_NOTE = "Reached your payout account; the payout from there to your bank started on a later try.";

/** What the player reads next while a payout the bank sent back is taken back from their payout account. */
const BANK_RETURN_NEXT = "The amount comes back to your Vantage Cash balance as soon as it is taken back from your payout account.";

function nextOf(row: RedemptionRow, timeline: readonly RedemptionStep[], hold: string | null): string | null {
  if (row.status === "failed") return null;
  if (bankReturned({ timeline })) return BANK_RETURN_NEXT;
  if (timeline.some((s) => s.step === "paid")) return null;
  if (row.status === "paid") return "Your bank shows the payout once it arrives, usually within 2 business days.";
  if (!hold && timeline.some((s) => s.step === "sent")) return BANK_PAYOUT_RETRIED;
  if (hold)
    return timeline.some((s) => s.step === "in-review") && !timeline.some((s) => s.step === "approved")
      ? "An operator approves or rejects it, usually within one business day; on approval it is sent."
      : "It is sent as soon as the hold lifts.";
  return "It is being sent to your payout account.";
}

function toRedemption(tx: Ledger, row: RedemptionRow): Redemption {
  const timeline = timelineOf(tx, row);
  const hold = holdOf(tx, row);
  return {
    id: row.id,
    amountCents: row.amount_cents,
    status: row.status,
    failureReason: row.failure_reason,
    payoutReference: row.payout_reference,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    timeline,
    hold,
    next: nextOf(row, timeline, hold),
  };
}

function findRow(tx: Ledger, id: string): RedemptionRow | null {
  return tx.sql.exec<RedemptionRow>("SELECT * FROM redemptions WHERE id = ?", id).toArray()[0] ?? null;
}

/** One redemption of this wallet as players see it, or null. */
export function readRedemptionInTx(tx: Ledger, id: string): Redemption | null {
  const row = findRow(tx, id);
  return row ? toRedemption(tx, row) : null;
}

/**
 * What keeps Vantage Cash from being redeemed now: still to play (play-through), the
 * packs still held (the hold on fresh purchases), and what is redeemable:
 * balance − min(balance, what the two keep back together, keptBackOf).
 */
export type RedemptionLimits = PlaythroughState & { purchaseHolds: PurchaseHold[] };

/**
 * The Vantage Cash a redeem-only window lets go without play-through or the purchase hold:
 * what the player held when the rule took effect (`since`), plus what bets placed before
 * then have paid since (settled or cashed out), less every cash debit since (what has been
 * asked for, net of failed redemptions' refunds; stakes; packs refunded or disputed;
 * corrections and repayments). Cash that arrived later (a pack bought where Vantage Cash is
 * still offered, a bet placed there) follows the usual limits, so the window cannot
 * launder it, even once the cash held at the start has gone another way.
 */
function heldAtWindowStart(tx: Ledger, since: number): number {
  const row = tx.sql
    .exec<{ held: number; paid: number; asked: number }>(
      `SELECT
         COALESCE((SELECT balance_after FROM ledger WHERE currency = 'cash' AND created_at < ?1 ORDER BY seq DESC LIMIT 1), 0) AS held,
         COALESCE((SELECT SUM(l.amount) FROM ledger l JOIN bets b ON b.id = l.reference
                    WHERE l.currency = 'cash' AND l.reason = 'bet_payout' AND l.created_at >= ?1 AND b.created_at < ?1), 0)
         + COALESCE((SELECT SUM(l.amount) FROM ledger l JOIN cash_out_quotes q ON q.id = l.reference JOIN bets b ON b.id = q.bet_id
                    WHERE l.currency = 'cash' AND l.reason = 'bet_cash_out' AND l.created_at >= ?1 AND b.created_at < ?1), 0) AS paid,
         COALESCE((SELECT SUM(amount) FROM ledger
                    WHERE currency = 'cash' AND (amount < 0 OR reason = 'redemption_refund') AND created_at >= ?1), 0) AS asked`,
      since,
    )
    .one();
  return Math.max(0, row.held + row.paid + row.asked);
}

/**
 * What play-through and the purchase hold keep back of `balanceCents`. `windDown`: the
 * player's region is in a redeem-only window (src/shared/region-rules.ts), so what they
 * held when it began may be redeemed free of play-through until it ends
 * (heldAtWindowStart). A purchase hold still runs its course, so a pack bought the evening
 * before is not a way past the days chargebacks and fraud warnings take to arrive; on the
 * window's last day whatever is still held is freed too, so no held cash is left stranded.
 * The rest of the balance follows the usual limits.
 */
function redemptionLimits(tx: Ledger, balanceCents: number, windDown: WindDown | null = null): RedemptionLimits {
  const { cashToPlay } = playthroughState(tx, balanceCents);
  const packs = heldPacksInTx(tx);
  const purchaseHolds = packs.map(({ amountCents, freesAt }) => ({ amountCents, freesAt }));
  const keptBack = keptBackOf(tx, cashToPlay, packs);
  const usual = balanceCents - Math.min(balanceCents, keptBack);
  if (windDown === null) return { cashToPlay, redeemableCash: usual, purchaseHolds };
  // What the window frees of play-through is no longer kept back for it; the rest still is.
  const windowCashToPlay = Math.min(cashToPlay, balanceCents - Math.min(balanceCents, heldAtWindowStart(tx, windDown.since)));
  const lastDay = windDown.lastDay !== null && tx.now >= windDown.lastDay;
  const holds = lastDay ? [] : purchaseHolds;
  const windowKeptBack = keptBackOf(tx, windowCashToPlay, lastDay ? [] : packs);
  const redeemableCash = balanceCents - Math.min(balanceCents, windowKeptBack);
  return { cashToPlay: windowCashToPlay, redeemableCash, purchaseHolds: redeemableCash === balanceCents ? [] : holds };
}

/**
 * What play-through and the purchase hold keep back together: what is still to play, and of
 * each held pack what play-through no longer covers. Cash is played in the order it came in,
 * so a held pack not yet played is kept back once, by its play-through; one played through
 * but still held is kept back beside what is still to play, which then belongs to newer
 * credits (a bonus, a free-entry card) that must not be redeemed unplayed. Never less than
 * either alone.
 */
function keptBackOf(tx: Ledger, toPlay: number, packs: readonly HeldPack[]): number {
  const held = heldCash(packs);
  const beyondPlay = packs.reduce((sum, pack) => sum + Math.max(0, pack.amountCents - packUnplayedInTx(tx, pack.checkoutSessionId)), 0);
  return Math.max(toPlay, held, toPlay + beyondPlay);
}

/** The refusal for an amount above what is redeemable: whichever of play-through and the hold keeps more back. */
function notRedeemable(tx: Ledger, limits: RedemptionLimits): RedemptionFailure {
  if (heldCash(limits.purchaseHolds) > limits.cashToPlay) {
    return { ok: false, code: "purchase-held", details: { ...limits, holdDays: tx.purchaseHoldDays } };
  }
  return { ok: false, code: "playthrough-required", details: { cashToPlay: limits.cashToPlay, redeemableCash: limits.redeemableCash } };
}

/**
 * When a redemption waits for an operator: once it and the player's other redemptions asked
 * in the last `windowDays` days (requested, waiting, sent or paid: not those returned) come
 * to more than `thresholdCents` (0 = none), so splitting one amount into several changes
 * nothing; and, in an account younger than `newAccountDays` days (0 = none), each one until
 * one has been let through.
 */
export type ReviewRules = { thresholdCents: number; newAccountDays: number; windowDays: number };

const DAY_MS = 86_400_000;

function reviewReason(tx: Ledger, amountCents: number, rules: ReviewRules | undefined): string | null {
  if (!rules) return null;
  if (rules.thresholdCents > 0) {
    const since = tx.now - rules.windowDays * DAY_MS;
    const earlier = tx.sql
      .exec<{ total: number | null }>(
        "SELECT SUM(amount_cents) AS total FROM redemptions WHERE status <> 'failed' AND created_at > ?",
        since,
      )
      .one().total;
    if (amountCents + (earlier ?? 0) > rules.thresholdCents) {
      return `Redemptions above ${formatRedemptionDollars(rules.thresholdCents)} in ${rules.windowDays} days are reviewed by our team before they are sent.`;
    }
  }
  if (rules.newAccountDays > 0) {
    const opened = tx.sql.exec<{ created_at: number }>("SELECT created_at FROM wallet WHERE id = 1").one().created_at;
    // Until one has been let through (approved, or sent when no review applied), each is the
    // account's first: a second asked while the first still waits is no less a new account
    // cashing out.
    const letThrough = tx.sql
      .exec<{ n: number }>(
        `SELECT COUNT(*) AS n FROM redemptions r LEFT JOIN redemption_reviews v ON v.redemption_id = r.id
          WHERE r.status <> 'failed' AND (v.state IS NULL OR v.state = 'approved')`,
      )
      .one().n;
    if (letThrough === 0 && tx.now - opened < rules.newAccountDays * DAY_MS) {
      return "A new account's first redemption is reviewed by our team before it is sent.";
    }
  }
  return null;
}

/** `region`: where the player asked from (the winners list shows it), when the request said. */
export function requestRedemptionInTx(
  tx: Ledger,
  input: { amountCents: number; redemptionId: string; review?: ReviewRules; region?: string | null; windDown?: WindDown | null },
): RedemptionResult {
  const existing = findRow(tx, input.redemptionId);
  if (existing) {
    if (existing.amount_cents !== input.amountCents) {
      return { ok: false, code: "redemption-id-reused" };
    }
    return { ok: true, redemption: toRedemption(tx, existing), balances: tx.balances(), created: false };
  }
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents < REDEMPTION_MIN_CENTS) {
    return { ok: false, code: "redemption-below-minimum", details: { minimumCents: REDEMPTION_MIN_CENTS } };
  }
  const paused = redemptionPauseReason(tx);
  if (paused) return { ok: false, code: "redemptions-paused", details: { reason: paused } };
  const unverified = tx.use(PAYEE_STANDING).payeeRefusal(tx);
  if (unverified) return unverified;
  const balance = tx.balance("cash");
  const limits = redemptionLimits(tx, balance, input.windDown ?? null);
  if (input.amountCents <= balance && input.amountCents > limits.redeemableCash) return notRedeemable(tx, limits);
  const review = reviewReason(tx, input.amountCents, input.review);
  const hold = tx.post({ currency: "cash", amount: -input.amountCents, reason: "redemption_hold", reference: input.redemptionId });
  if (!hold.ok) {
    return { ok: false, code: hold.code === "insufficient-funds" ? "insufficient-funds" : "redemption-already-requested" };
  }
  tx.sql.exec(
    "INSERT INTO redemptions (id, amount_cents, status, failure_reason, payout_reference, created_at, updated_at) VALUES (?, ?, 'pending', NULL, NULL, ?, ?)",
    input.redemptionId,
    input.amountCents,
    tx.now,
    tx.now,
  );
  tx.sql.exec("INSERT OR IGNORE INTO redemption_regions (redemption_id, region) VALUES (?, ?)", input.redemptionId, input.region ?? null);
  recordStepInTx(tx, input.redemptionId, "requested");
  recordStepInTx(tx, input.redemptionId, "identity-checked", "Your identity is verified.");
  if (review) {
    tx.sql.exec("INSERT INTO redemption_reviews (redemption_id, state, reason) VALUES (?, 'waiting', ?)", input.redemptionId, review);
    recordStepInTx(tx, input.redemptionId, "in-review", review);
  }
  return { ok: true, redemption: toRedemption(tx, findRow(tx, input.redemptionId)!), balances: tx.balances(), created: true };
}

/** The player's alert that a redemption was sent (the transfer) or failed, sent with the commit (outbox.ts). */
export function noticeRedemptionInTx(tx: Ledger, redemption: Pick<Redemption, "id" | "status" | "amountCents">): void {
  const notice = redemptionNotice(tx.userId, redemption);
  if (!notice) return;
  writeOutboxRow(tx.sql, "notice", notice, tx.now);
  tx.noteChange();
}

/**
 * A pending redemption whose transfer went while its payout to the bank did not start: its
 * timeline shows it sent (when the transfer first went), with a note, and it stays pending.
 */
export function recordBankPayoutWaitingInTx(tx: Ledger, redemptionId: string): void {
  if (findRow(tx, redemptionId)?.status !== "pending") return;
  recordStepInTx(tx, redemptionId, "sent", BANK_PAYOUT_WAITING_NOTE);
  tx.noteChange();
}

/**
 * Marks a pending redemption paid; repeating it is harmless, a failed one stays failed.
 * `sentNote`: how it reached the bank, on its `sent` step (replacing the note that it waited).
 */
export function completeRedemptionInTx(
  tx: Ledger,
  input: { redemptionId: string; payoutReference: string; sentNote?: string },
): RedemptionResult {
  const row = findRow(tx, input.redemptionId);
  if (!row) return { ok: false, code: "redemption-not-found" };
  if (row.status === "failed") {
    return { ok: false, code: "redemption-already-failed" };
  }
  if (row.status === "pending") {
    tx.sql.exec(
      "UPDATE redemptions SET status = 'paid', payout_reference = ?, updated_at = ? WHERE id = ?",
      input.payoutReference,
      tx.now,
      input.redemptionId,
    );
    recordStepInTx(tx, input.redemptionId, "sent", input.sentNote ?? null);
    tx.sql.exec(
      "UPDATE redemption_steps SET note = ? WHERE redemption_id = ? AND step = 'sent' AND note = ?",
      input.sentNote ?? BANK_PAYOUT_STARTED_LATE_NOTE,
      input.redemptionId,
      BANK_PAYOUT_WAITING_NOTE,
    );
    // Paid: the public winners list gets it through the outbox (`winnerProjection`).
    const region =
      tx.sql.exec<{ region: string | null }>("SELECT region FROM redemption_regions WHERE redemption_id = ?", row.id).toArray()[0]
        ?.region ?? null;
    const winner: WinnerPayload = { redemptionId: row.id, userId: tx.userId, amountCents: row.amount_cents, region, paidAt: tx.now };
    writeOutboxRow(tx.sql, WINNER_TOPIC, winner, tx.now);
    projectRedemptionTimelineInTx(tx, row.id);
    tx.noteChange();
    noticeRedemptionInTx(tx, { id: row.id, status: "paid", amountCents: row.amount_cents });
  }
  return { ok: true, redemption: toRedemption(tx, findRow(tx, input.redemptionId)!), balances: tx.balances(), created: false };
}

/** A payout that did not happen: the held amount goes back to the balance, once. */
export function failRedemptionInTx(tx: Ledger, input: { redemptionId: string; reason: string }): RedemptionResult {
  const row = findRow(tx, input.redemptionId);
  if (!row) return { ok: false, code: "redemption-not-found" };
  if (row.status === "paid") return { ok: false, code: "redemption-already-paid" };
  if (row.status === "pending") {
    const refund = tx.post({ currency: "cash", amount: row.amount_cents, reason: "redemption_refund", reference: row.id });
    if (!refund.ok) return { ok: false, code: "redemption-already-refunded" };
    tx.sql.exec(
      "UPDATE redemptions SET status = 'failed', failure_reason = ?, updated_at = ? WHERE id = ?",
      input.reason.slice(0, 500),
      tx.now,
      row.id,
    );
    recordStepInTx(tx, row.id, "returned", input.reason);
    projectRedemptionTimelineInTx(tx, row.id);
    noticeRedemptionInTx(tx, { id: row.id, status: "failed", amountCents: row.amount_cents });
  }
  return { ok: true, redemption: toRedemption(tx, findRow(tx, input.redemptionId)!), balances: tx.balances(), created: false };
}

/** True while a redemption waits for an operator's review: no payout attempt may run. */
export function awaitingReviewInTx(tx: Ledger, redemptionId: string): boolean {
  return readReview(tx, redemptionId)?.state === "waiting";
}

export type ReviewDecision = { redemptionId: string; approve: boolean; reason: string };
export type ReviewResult = RedemptionResult | AuditFailure | RefusalOf<"review-not-found" | "not-in-review">;

/**
 * An operator's decision on a redemption waiting for review, with its audit row:
 * approval lets its payout run; rejection returns the amount (`redemption_refund`) with
 * the operator's reason, which the player sees. Deciding the same way again is harmless.
 */
export function decideReviewInTx(tx: Ledger, input: ReviewDecision, audit: OperatorAudit): ReviewResult {
  const row = findRow(tx, input.redemptionId);
  const review = readReview(tx, input.redemptionId);
  if (!row || !review) return { ok: false, code: "review-not-found" };
  const wanted = input.approve ? "approved" : "rejected";
  if (review.state === wanted) return { ok: true, redemption: toRedemption(tx, row), balances: tx.balances(), created: false };
  if (review.state !== "waiting") {
    return { ok: false, code: "not-in-review", details: { state: review.state } };
  }
  tx.sql.exec(
    "UPDATE redemption_reviews SET state = ?, decided_by = ?, decision_reason = ?, decided_at = ? WHERE redemption_id = ?",
    wanted,
    audit.actor,
    input.reason,
    tx.now,
    input.redemptionId,
  );
  const failed = auditInTx(tx, input.approve ? "redemption-approve" : "redemption-reject", audit, {
    redemptionId: input.redemptionId,
    amountCents: row.amount_cents,
  });
  if (failed) return failed;
  if (input.approve) {
    recordStepInTx(tx, input.redemptionId, "approved");
    tx.noteChange();
    return { ok: true, redemption: toRedemption(tx, findRow(tx, input.redemptionId)!), balances: tx.balances(), created: false };
  }
  return failRedemptionInTx(tx, { redemptionId: input.redemptionId, reason: `Returned after review: ${input.reason}` });
}

/**
 * The connected account's `payout.paid`: the redemptions it carried reached the bank.
 * Names one redemption (`redemptionId`, from the payout's metadata) or, without one, every
 * redemption sent by `sentBy` (the payout's creation) and not yet marked paid. Replays mark
 * nothing twice, and a payout the bank has already sent back (bank-returns.ts) is not marked
 * paid by a `payout.paid` delivered after its `payout.failed`; answers the ids it marked now.
 */
export function markPaidOutInTx(tx: Ledger, input: { payoutId: string; redemptionId: string | null; sentBy: number }): string[] {
  const ids = tx.sql
    .exec<{ id: string }>(
      `SELECT r.id FROM redemptions r JOIN redemption_steps s ON s.redemption_id = r.id AND s.step = 'sent'
        WHERE r.status = 'paid' AND s.at <= ? AND (? IS NULL OR r.id = ?)
          AND NOT EXISTS (SELECT 1 FROM redemption_steps p WHERE p.redemption_id = r.id AND p.step IN ('paid', 'bank-returned'))`,
      input.sentBy,
      input.redemptionId,
      input.redemptionId,
    )
    .toArray()
    .map((r) => r.id);
  for (const id of ids) recordStepInTx(tx, id, "paid", `Payout ${input.payoutId} arrived at your bank.`);
  if (ids.length > 0) tx.noteChange();
  return ids;
}

/** The player's redemptions, newest first. */
export function listRedemptionsInTx(tx: Ledger, limit = 100): Redemption[] {
  return tx.sql
    .exec<RedemptionRow>("SELECT * FROM redemptions ORDER BY created_at DESC, id DESC LIMIT ?", limit)
    .toArray()
    .map((row) => toRedemption(tx, row));
}

export type Redeemable = { balances: WalletBalances; redemptionPause: string | null; purchaseHoldDays: number } & RedemptionLimits;

/**
 * Balances with what is still to play, what is held and what may be redeemed now (GET
 * /api/me): play-through (playthrough.ts) and the hold on fresh purchases
 * (purchase-holds.ts), and nothing at all while redemptions are paused (an open dispute,
 * an early fraud warning or an amount owed, worker/payments/in-wallet/reversals.ts), with the reason the
 * player is told.
 */
/** `windDown`: the redeem-only window the player's region is in, if any (see redemptionLimits). */
export function redeemableInTx(tx: Ledger, windDown: WindDown | null = null): Redeemable {
  const balances = tx.balances();
  const pause = redemptionPause(tx);
  const limits = redemptionLimits(tx, balances.vantageCash, windDown);
  return {
    balances,
    ...limits,
    redeemableCash: pause ? 0 : limits.redeemableCash,
    redemptionPause: pause,
    purchaseHoldDays: tx.purchaseHoldDays,
  };
}

/** The outbox topic of the public winners list (worker/user-wallet.ts registers `winnerProjection`). */
export const WINNER_TOPIC = "winner";

/** A redemption confirmed paid, for D1 `sweepstakes_winners` (the public winners list); keyed by the redemption id. */
export type WinnerPayload = { redemptionId: string; userId: string; amountCents: number; region: string | null; paidAt: number };

/** A paid redemption whose payout the bank sent back (bank-returns.ts): it leaves the winners list. */
export type WinnerWithdrawn = { redemptionId: string; withdrawn: true };

/**
 * The outbox topic `winner`: the paid redemption joins the public winners list once, and leaves
 * it if the bank sends its payout back (rows drain in order, so a withdrawal follows its entry).
 */
export function winnerProjection(db: D1Database, payload: string): D1PreparedStatement[] {
  const parsed = JSON.parse(payload) as WinnerPayload | WinnerWithdrawn;
  if ("withdrawn" in parsed) {
    return [db.prepare("DELETE FROM sweepstakes_winners WHERE redemption_id = ?").bind(parsed.redemptionId)];
  }
  const p = parsed;
  return [
    db
      .prepare(
        `INSERT INTO sweepstakes_winners (redemption_id, user_id, amount_cents, region, paid_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (redemption_id) DO NOTHING`,
      )
      .bind(p.redemptionId, p.userId, p.amountCents, p.region, p.paidAt),
  ];
}

/** Vantage Cash in this player's pending redemptions: held out of the balance, not yet paid or returned. */
export function pendingRedemptionCentsInTx(tx: Ledger): number {
  return tx.sql.rows<{ cents: number }>(
    ["redemptions"],
    "SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM redemptions WHERE status = 'pending'",
  )[0]!.cents;
}
