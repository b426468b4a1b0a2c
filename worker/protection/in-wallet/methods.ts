// Protection's RPC methods on the player's wallet: the player's standing (date of birth,
// verified identity, accepted sweepstakes rules), breaks and limits, responsible play
// (time and loss limits, reality checks, nudges, the monthly statement) and operators'
// notes on signs of harm; plus protection's part of every transaction and of the alarm
// (limit changes taking effect). Installed on the composed wallet at the Worker's root;
// callers type the stub `ProtectionWallet` (worker/protection/wallet.ts).
import type { HarmFlag, HarmHistory } from "../../../src/shared/harm-signs";
import type { PlayLimitName } from "../../../src/shared/play-limits";
import type { RealityCheckAnswer } from "../../../src/shared/play-time";
import type { BreakPeriod, LimitName, PlayAction, PlayContext } from "../../../src/shared/protection";
import type { Refusal, RefusalOf } from "../../../src/shared/refusals";
import type { IdentityState, IdentityStatus } from "../../../src/shared/schemas/identity";
import { loggerFor } from "../../logging/logger";
import { tunables } from "../../tunables";
import { auditInTx, type AuditFailure, type OperatorAudit } from "../../wallet/operator-actions";
import type { WalletHost, WalletMethods } from "../../wallet/wallet-object";
import {
  beginIdentityCheckInTx,
  documentShowsMinorInTx,
  identityAskedAgainstInTx,
  identitySessionIdInTx,
  identitySessionStandingInTx,
  readIdentityInTx,
  recordIdentityInTx,
  reconcileIdentityWithDateOfBirthInTx,
  resetIdentityInTx,
  verifiedDateOfBirthInTx,
  type IdentityAsked,
  type IdentityOutcome,
  type IdentityResetResult,
  type IdentityResult,
  type IdentitySessionStanding,
} from "./identity";
import { checkoutExpiryTriedInTx, dueCheckoutExpiriesInTx, nextCheckoutExpiryInTx, type CheckoutPort } from "./checkout-withdrawals";
import { nextLimitChangeAt } from "./limit-history";
import {
  answerRealityCheckInTx,
  heartbeatInTx,
  markNudgesSeenInTx,
  playSnapshotInTx,
  recordLimitReachedInTx,
  reservePurchaseWithPlayInTx,
  setPlayLimitsInTx,
  type PlaySnapshot,
} from "./play";
import {
  attachPurchaseHoldInTx,
  confirmDateOfBirthInTx,
  correctDateOfBirthInTx,
  gatePlay,
  protectionSnapshotInTx,
  readProtection,
  releasePurchaseHoldInTx,
  setLimitsInTx,
  takeBreakInTx,
  type BreakResult,
  type DateOfBirthResult,
  type ProtectionSnapshot,
  type PurchaseHoldResult,
} from "./protection";
import { acceptedRulesVersions, acceptRulesInTx } from "./rules-gate";
import {
  harmHistoryInTx,
  harmNotesInTx,
  noteHarmFlagInTx,
  statementInTx,
  type HarmAction,
  type HarmNote,
  type Statement,
} from "./statements";
import { projectStandingInTx, STANDING_TOPIC } from "./standing";

/** The minimum age when the caller knows no region (direct calls, tests). */
function defaultPlay(host: WalletHost): PlayContext {
  return { minAge: tunables(host.env).MIN_AGE };
}

/** Rings the alarm when the next waiting limit change takes effect, so its alert goes out then. */
async function armForLimitChanges(host: WalletHost, userId: string, now: number): Promise<void> {
  const next = host.read(userId, now, (tx) => nextLimitChangeAt(tx));
  if (next !== null) await host.wakeBy(next);
}

/**
 * Rings the alarm when a withdrawn checkout waits to be expired at the payment provider: at
 * once after the break, closure or lower limit that withdrew it (checkout-withdrawals.ts).
 */
async function armForCheckoutExpiries(host: WalletHost, userId: string, now: number): Promise<void> {
  const next = host.read(userId, now, (tx) => nextCheckoutExpiryInTx(tx));
  if (next !== null) await host.wakeBy(next);
}

/**
 * Protection's part of the alarm after the drain: each withdrawn checkout due a try is
 * expired at the payment provider (`checkouts`), outside any transaction; one the provider
 * cannot confirm closed is tried again CHECKOUT_EXPIRE_RETRY_SECONDS later, until its
 * session ends on its own. A completion that comes anyway is declined and refunded.
 */
export async function expireWithdrawnCheckoutsOnAlarm(host: WalletHost, checkouts: CheckoutPort, now: number): Promise<void> {
  const userId = host.owner();
  if (userId === null) return;
  const retryMs = tunables(host.env).CHECKOUT_EXPIRE_RETRY_SECONDS * 1000;
  for (const sessionId of host.read(userId, now, (tx) => dueCheckoutExpiriesInTx(tx))) {
    let closed = true;
    try {
      await checkouts.expireCheckout(sessionId);
    } catch (err) {
      closed = false;
      loggerFor(host.env).warn("withdrawn checkout not expired at the provider yet; will retry", sessionId, err);
    }
    host.transact(userId, Date.now(), (tx) => checkoutExpiryTriedInTx(tx, { sessionId, closed, retryMs }));
  }
  await armForCheckoutExpiries(host, userId, Date.now());
}

/**
 * Protection's part of the alarm: the alarm's own read announces what took effect by `now`
 * (every transaction does, see the composition's `beforeCommit`), then the next wake is set.
 */
export async function announceLimitChangesOnAlarm(host: WalletHost, now: number): Promise<void> {
  const userId = host.owner();
  if (userId !== null) await armForLimitChanges(host, userId, now);
}

export const protectionMethods = {
  // ---- identity before redemption (identity.ts) ----

  async getIdentity(host: WalletHost, userId: string, now: number): Promise<IdentityState> {
    return host.read(userId, now, (tx) => readIdentityInTx(tx));
  },

  /** The identity state and, once a document is verified, its date of birth (the operator console shows both). */
  async getIdentityDetail(host: WalletHost, userId: string, now: number): Promise<IdentityState & { verifiedDateOfBirth: string | null }> {
    return host.read(userId, now, (tx) => ({ ...readIdentityInTx(tx), verifiedDateOfBirth: verifiedDateOfBirthInTx(tx) }));
  },

  /**
   * What asking to reset the check finds (/api/admin/players/:userId/identity/reset): the
   * state it would reset and its verification session (the request keeps both), or why there
   * is none to reset (never started, or a document that showed a minor, which is never reset).
   */
  async getIdentityToReset(
    host: WalletHost,
    userId: string,
    now: number,
  ): Promise<{ ok: true; status: IdentityStatus; sessionId: string | null } | RefusalOf<"identity-not-started" | "identity-shows-minor">> {
    return host.read(userId, now, (tx) => {
      const { status } = readIdentityInTx(tx);
      if (status === "none") return { ok: false, code: "identity-not-started" };
      if (documentShowsMinorInTx(tx)) return { ok: false, code: "identity-shows-minor" };
      return { ok: true, status, sessionId: identitySessionIdInTx(tx) };
    });
  },

  /**
   * Operators only (an approved `identity-reset` request, worker/admin/player-admin.ts): back
   * to "never started", the session retired, with its audit row in the same transaction;
   * waits for the D1 projection so the audit log shows it. With `asked`, the check the request
   * was asked against (its state and session), a check that is not that one any more (another
   * state, or a new verification since that came to the same state), or a request that does not
   * say which session, is refused (identity-changed) and nothing changes; one already at
   * "never started" answers identity-not-started as without it.
   */
  async resetIdentity(
    host: WalletHost,
    userId: string,
    audit: OperatorAudit,
    now: number,
    asked: IdentityAsked,
  ): Promise<IdentityResetResult | RefusalOf<"identity-changed"> | AuditFailure> {
    const result = host.transact(userId, now, (tx): IdentityResetResult | RefusalOf<"identity-changed"> | AuditFailure => {
      const { status } = readIdentityInTx(tx);
      if (status !== "none" && !identityAskedAgainstInTx(tx, asked)) return { ok: false, code: "identity-changed" };
      const reset = resetIdentityInTx(tx);
      if (!reset.ok) return reset;
      return auditInTx(tx, "identity-reset", audit, { previous: reset.previous.status }) ?? reset;
    });
    await host.flushOutbox();
    return result;
  },

  /**
   * Whether an outcome of this verification session would be recorded now (the identity
   * webhook claims no document or person for one that would not).
   */
  async identitySessionStanding(host: WalletHost, userId: string, sessionId: string, now: number): Promise<IdentitySessionStanding> {
    return host.read(userId, now, (tx) => identitySessionStandingInTx(tx, sessionId));
  },

  /** A new verification session: pending, and the session it replaces retired, unless the identity is already final. */
  async beginIdentityCheck(host: WalletHost, userId: string, input: { sessionId: string }, now: number) {
    return host.transact(userId, now, (tx) => beginIdentityCheckInTx(tx, input));
  },

  /**
   * What a verification session came to (the identity webhook); held payouts are looked at
   * again by the alarm, which also expires the checkouts an under-age closure withdrew.
   */
  async recordIdentity(host: WalletHost, userId: string, input: IdentityOutcome, now: number): Promise<IdentityResult> {
    const result = host.transact(userId, now, (tx) => recordIdentityInTx(tx, input));
    await host.wakeBy(Date.now());
    return result;
  },

  // ---- age, breaks and limits (protection.ts) ----

  async confirmDateOfBirth(
    host: WalletHost,
    userId: string,
    input: { dateOfBirth: string; minAge: number },
    now: number,
  ): Promise<DateOfBirthResult> {
    let closedUnderAge = false;
    const result = host.transact(userId, now, (tx) => {
      const confirmed = confirmDateOfBirthInTx(tx, input);
      closedUnderAge = confirmed.ok && confirmed.changed && readProtection(tx).closed === "under-age";
      return confirmed;
    });
    // An account closed as under age leaves the public social surface before the caller answers (standing.ts).
    if (closedUnderAge) await host.flushOutbox();
    return result;
  },

  /**
   * Operators only (see /api/admin/players/:userId/date-of-birth): the correction and its
   * audit row in one transaction; waits for the D1 projection so the audit log shows it.
   */
  async correctDateOfBirth(
    host: WalletHost,
    userId: string,
    input: { dateOfBirth: string; minAge: number },
    audit: OperatorAudit,
    now: number,
  ): Promise<DateOfBirthResult | AuditFailure> {
    const result = host.transact(userId, now, (tx): DateOfBirthResult | AuditFailure => {
      const corrected = correctDateOfBirthInTx(tx, { ...input, documentShowsMinor: documentShowsMinorInTx(tx) });
      if (!corrected.ok) return corrected;
      // A verified document now agrees with the date, or no longer does.
      const identityChanged = reconcileIdentityWithDateOfBirthInTx(tx, input.dateOfBirth);
      const closed = protectionSnapshotInTx(tx).state.closed;
      const identity = readIdentityInTx(tx).status;
      return (
        auditInTx(tx, "date-of-birth", audit, { dateOfBirth: input.dateOfBirth, closed, identity }) ?? {
          ...corrected,
          changed: corrected.changed || identityChanged,
        }
      );
    });
    await host.flushOutbox();
    await armForCheckoutExpiries(host, userId, now);
    return result;
  },

  /**
   * A break or closure; the player's open checkouts are withdrawn with it and expired at the
   * provider by the alarm. Waits for the D1 projection, so the player is off the public social
   * surface before the caller answers (standing.ts).
   */
  async takeBreak(host: WalletHost, userId: string, period: BreakPeriod, now: number): Promise<BreakResult> {
    const result = host.transact(userId, now, (tx) => takeBreakInTx(tx, period));
    await host.flushOutbox();
    await armForCheckoutExpiries(host, userId, now);
    return result;
  },

  /**
   * Requested limits in minor units (null removes); raises wait `raiseDelayMs`, and the alarm is
   * set for when they apply, and at once for open checkouts a lower purchase limit withdrew.
   */
  async setLimits(
    host: WalletHost,
    userId: string,
    requested: Partial<Record<LimitName, number | null>>,
    raiseDelayMs: number,
    now: number,
  ) {
    const result = host.transact(userId, now, (tx) => setLimitsInTx(tx, requested, raiseDelayMs));
    await armForLimitChanges(host, userId, now);
    await armForCheckoutExpiries(host, userId, now);
    return result;
  },

  /** The account gate alone (read-only), for a clear early answer; operations re-check it in their transaction. */
  async checkPlay(host: WalletHost, userId: string, action: PlayAction, now: number, play = defaultPlay(host)): Promise<Refusal | null> {
    return host.read(userId, now, (tx) => gatePlay(tx, action, play));
  },

  async getProtection(host: WalletHost, userId: string, now: number): Promise<ProtectionSnapshot> {
    return host.read(userId, now, (tx) => protectionSnapshotInTx(tx));
  },

  /** Before a checkout session: gate, purchase limits, and a hold counting it (see reservePurchaseInTx). */
  async reservePurchase(
    host: WalletHost,
    userId: string,
    input: { holdId: string; amountCents: number; holdMs: number },
    now: number,
    play = defaultPlay(host),
  ): Promise<PurchaseHoldResult> {
    const result = host.transact(userId, now, (tx) => reservePurchaseWithPlayInTx(tx, input, play));
    // A refusal by a limit is remembered for the statement, in a transaction of its own (the refused one rolled back).
    if (!result.ok && result.details !== undefined && "limit" in result.details)
      host.transact(userId, now, (tx) => recordLimitReachedInTx(tx, result));
    return result;
  },

  /** The session made for a hold; `refused` when a break, closure or freeze came meanwhile (the session is withdrawn). */
  async attachPurchaseHold(
    host: WalletHost,
    userId: string,
    input: { holdId: string; sessionId: string },
    now: number,
    play = defaultPlay(host),
  ): Promise<{ refused: Refusal | null }> {
    const { refused } = host.transact(userId, now, (tx) => attachPurchaseHoldInTx(tx, input, play));
    if (refused) await armForCheckoutExpiries(host, userId, now);
    return { refused };
  },

  async releasePurchaseHold(host: WalletHost, userId: string, holdId: string, now: number): Promise<void> {
    host.transact(userId, now, (tx) => releasePurchaseHoldInTx(tx, holdId));
  },

  // ---- responsible play: loss and time limits, reality checks, nudges, statement (play.ts, statements.ts) ----

  async getPlay(host: WalletHost, userId: string, now: number): Promise<PlaySnapshot> {
    return host.read(userId, now, (tx) => playSnapshotInTx(tx));
  },

  /** A visible, signed-in tab's heartbeat (once a minute). */
  async heartbeat(host: WalletHost, userId: string, now: number): Promise<PlaySnapshot> {
    return host.transact(userId, now, (tx) => heartbeatInTx(tx)).snapshot;
  },

  /** Loss, time and reality-check limits in minor units or minutes (null removes); looser ones wait `raiseDelayMs`. */
  async setPlayLimits(
    host: WalletHost,
    userId: string,
    requested: Partial<Record<PlayLimitName, number | null>>,
    raiseDelayMs: number,
    now: number,
  ): Promise<PlaySnapshot> {
    const { snapshot } = host.transact(userId, now, (tx) => setPlayLimitsInTx(tx, requested, raiseDelayMs));
    await armForLimitChanges(host, userId, now);
    return snapshot;
  },

  /**
   * Projects the player's standing to D1 as it stands (standing.ts), for a player whose standing
   * D1 has never had: a break or closure from before the projection existed is then seen.
   */
  async projectStanding(host: WalletHost, userId: string, now: number): Promise<void> {
    host.transact(userId, now, (tx) => {
      // One still waiting in the outbox (D1 down) says the same: asking again adds nothing.
      const waiting = tx.sql.exec("SELECT 1 FROM outbox WHERE topic = ? LIMIT 1", STANDING_TOPIC).toArray().length > 0;
      if (!waiting) projectStandingInTx(tx, readProtection(tx));
      return { ok: true };
    });
    await host.flushOutbox();
  },

  /** "Take a break" also withdraws the open checkouts (see takeBreak). */
  async answerRealityCheck(host: WalletHost, userId: string, answer: RealityCheckAnswer, now: number): Promise<PlaySnapshot> {
    const { snapshot } = host.transact(userId, now, (tx) => answerRealityCheckInTx(tx, answer));
    // A break taken here leaves the public social surface before the caller answers (standing.ts).
    if (answer === "take-break") await host.flushOutbox();
    await armForCheckoutExpiries(host, userId, now);
    return snapshot;
  },

  async markNudgesSeen(host: WalletHost, userId: string, ids: string[], now: number): Promise<void> {
    host.transact(userId, now, (tx) => markNudgesSeenInTx(tx, ids));
  },

  async getStatement(host: WalletHost, userId: string, now: number): Promise<Statement> {
    return host.read(userId, now, (tx) => statementInTx(tx));
  },

  /** What operators' signs of harm are read from, over the last `days` days, with their notes so far. */
  async getHarmHistory(host: WalletHost, userId: string, days: number, now: number): Promise<{ history: HarmHistory; notes: HarmNote[] }> {
    return host.read(userId, now, (tx) => ({ history: harmHistoryInTx(tx, days), notes: harmNotesInTx(tx) }));
  },

  /**
   * Operators only: a note on a sign of harm and its action (a 7-day break withdraws the open
   * checkouts), with the audit row; waits for the projection.
   */
  async noteHarmFlag(
    host: WalletHost,
    userId: string,
    input: { flag: HarmFlag; action: HarmAction; note: string },
    audit: OperatorAudit,
    now: number,
  ) {
    const result = host.transact(userId, now, (tx) => noteHarmFlagInTx(tx, input, audit));
    await host.flushOutbox();
    await armForCheckoutExpiries(host, userId, now);
    return result;
  },

  // ---- the Official Sweepstakes Rules the player accepted (rules-gate.ts) ----

  /** Records the player's acceptance of a version of the Official Sweepstakes Rules (the caller checked it is in force). */
  async acceptRules(host: WalletHost, userId: string, version: number, now: number): Promise<{ ok: true; accepted: number }> {
    return host.transact(userId, now, (tx) => acceptRulesInTx(tx, version));
  },

  /** Every rules version the player accepted, oldest first (rules-gate.ts acceptedAgainst says it against the one in force). */
  async getAcceptedRulesVersions(host: WalletHost, userId: string, now: number): Promise<number[]> {
    return host.read(userId, now, (tx) => acceptedRulesVersions(tx));
  },
};

/** Protection as a caller's stub sees it. */
export type ProtectionWallet = WalletMethods<typeof protectionMethods>;
