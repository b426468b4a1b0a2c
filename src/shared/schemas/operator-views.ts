// What the operator console's API (/api/admin) answers, written once for both sides: the
// Worker builds each answer typed by these schemas (worker/admin), the console parses
// what it reads with them (src/features/admin), and a contract test parses every route's
// real answer with them, so neither side can drift from the other. Objects are not
// strict, so an older console ignores a field a newer Worker adds; the test is strict.
import { z } from "zod";
import { CLOSED_REASONS } from "../protection";
import { BetDocumentSchema } from "./bets";
import {
  AdjustmentPayloadSchema,
  PropPlayerNamePayloadSchema,
  RegionRuleEntrySchema,
  ResultPayloadSchema,
  StatsPayloadSchema,
} from "./operator-actions";
import { PlayerStatLineSchema } from "./props";
import { IdentityStateSchema, IdentityStatusSchema } from "./identity";
import { RedemptionSchema } from "./redemptions";
import { FreeEntryApprovalPayloadSchema } from "./sweepstakes";
import { PurchaseHoldSchema } from "./user";

const Int = z.number().int();
const Minor = z.number().int();
/** An amount per wallet, in minor units (Coins, Vantage Cash cents). */
const PerWalletSchema = z.object({ coins: Minor, cash: Minor });

// ---- Feed: GET /api/admin/feed and GET /api/admin/feed-status ----

/** The odds feed's credit guard: locked once the paid quota nears the reserve, runs out or is refused. */
export const CreditGuardSchema = z.discriminatedUnion("locked", [
  z.object({ locked: z.literal(false) }),
  z.object({ locked: z.literal(true), reason: z.enum(["reserve", "out-of-credits", "unauthorized"]), remaining: Int.nullable() }),
]);
export type CreditGuard = z.infer<typeof CreditGuardSchema>;

export const FeedHourSchema = z.object({ hour: Int, calls: Int, credits: Int, errors: Int });
export type FeedHour = z.infer<typeof FeedHourSchema>;

/** The last call the feed made for one sport, with the provider's quota headers. */
export const FeedSportSchema = z.object({
  sport: z.string(),
  provider: z.string(),
  lastCallAt: Int,
  lastStatus: Int.nullable(),
  lastError: z.string().nullable(),
  requestsRemaining: Int.nullable(),
  requestsUsed: Int.nullable(),
  requestsLast: Int.nullable(),
});
export type FeedSport = z.infer<typeof FeedSportSchema>;

export const FeedViewSchema = z.object({
  provider: z.string().nullable(),
  /** The account-wide quota, from the newest paid call's headers; null without paid calls. */
  credits: z.object({ remaining: Int.nullable(), used: Int.nullable(), at: Int }).nullable(),
  creditGuard: CreditGuardSchema,
  reserve: Int,
  live: z.object({ refreshSeconds: z.number(), priceMaxAgeSeconds: z.number(), state: z.enum(["running", "stopped"]) }),
  spend: z.object({ thisHour: FeedHourSchema.nullable(), averagePerHour: Int.nullable(), hours: z.array(FeedHourSchema) }),
  sports: z.array(FeedSportSchema),
  errors: z.array(z.object({ sport: z.string(), at: Int, status: Int.nullable(), error: z.string().nullable() })),
  /**
   * Players' markets' share of the month's credits (UTC month): their calls and credits per
   * sport, the most they may spend (PROP_CREDIT_SHARE_PERCENT of used + remaining; null
   * without a quota) and whether their guard holds them back now.
   */
  props: z.object({
    month: z.string(),
    sharePercent: Int,
    credits: Int,
    calls: Int,
    allowance: Int.nullable(),
    guard: z.object({ locked: z.boolean(), reason: z.string().nullable() }),
    sports: z.array(z.object({ sport: z.string(), calls: Int, credits: Int })),
  }),
});
export type FeedView = z.infer<typeof FeedViewSchema>;

/** GET /api/admin/feed-status: the feed_status rows as stored. */
export const FeedStatusSchema = z.object({
  provider: z.string().nullable(),
  creditGuard: CreditGuardSchema,
  sports: z.array(
    z.object({
      sport: z.string(),
      provider: z.string(),
      requestsRemaining: Int.nullable(),
      requestsUsed: Int.nullable(),
      requestsLast: Int.nullable(),
      lastStatus: Int.nullable(),
      lastError: z.string().nullable(),
      updatedAt: Int,
    }),
  ),
});
export type FeedStatus = z.infer<typeof FeedStatusSchema>;

// ---- Settlement: GET /api/admin/settlement, /settlement/runs, /dead-letters ----

/** One settlement run: what it sent to the queue and how far the queue got. */
export const SettlementRunSchema = z.object({
  id: Int,
  trigger: z.string(),
  startedAt: Int,
  finishedAt: Int.nullable(),
  /** When the queue had settled every wallet the run sent (null while messages wait). */
  drainedAt: Int.nullable(),
  eventsRecorded: Int,
  messagesEnqueued: Int,
  walletsSettled: Int,
  walletErrors: Int,
  legsGraded: Int,
  betsSettled: Int,
  pending: z.boolean(),
  summary: z.string().nullable(),
});
export type SettlementRun = z.infer<typeof SettlementRunSchema>;

/** A started game with open legs and no result, past its due time on the feed's clock. */
export const PastDueGameSchema = z.object({
  eventId: z.string(),
  sport: z.string(),
  home: z.string(),
  away: z.string(),
  startTime: Int,
  dueAt: Int,
  openLegs: Int,
  players: Int,
});
export type PastDueGame = z.infer<typeof PastDueGameSchema>;

/** A settlement message that exhausted its retries, and its replays. */
export const DeadLetterSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  reason: z.string(),
  attempts: Int,
  runId: Int.nullable(),
  receivedAt: Int,
  replayedAt: Int.nullable(),
  replayedBy: z.string().nullable(),
  replayCount: Int,
});
export type DeadLetter = z.infer<typeof DeadLetterSchema>;

/** A dead letter with the message it carries (the lists and the replay answer; the settlement view leaves it out). */
export const DeadLetterRecordSchema = DeadLetterSchema.extend({ body: z.string() });

/** A game with a recorded result (final or void), and how often it was corrected. */
export const RecentResultSchema = z.object({
  eventId: z.string(),
  sport: z.string(),
  home: z.string(),
  away: z.string(),
  startTime: Int,
  status: z.enum(["final", "void"]),
  homeScore: Int.nullable(),
  awayScore: Int.nullable(),
  updatedAt: Int,
  corrections: Int,
});
export type RecentResult = z.infer<typeof RecentResultSchema>;

export const SettlementViewSchema = z.object({
  feedNow: Int,
  runs: z.array(SettlementRunSchema),
  /** Messages sent by runs not drained yet, less those settled or failed. */
  waiting: Int,
  deadLetters: z.array(DeadLetterSchema),
  pastDue: z.array(PastDueGameSchema),
  /** Settled games with bets, newest first: where "Correct result" starts. */
  recentResults: z.array(RecentResultSchema),
});
export type SettlementView = z.infer<typeof SettlementViewSchema>;

export const SettlementRunsSchema = z.object({ runs: z.array(SettlementRunSchema) });
export const DeadLettersSchema = z.object({ deadLetters: z.array(DeadLetterRecordSchema) });

// ---- Players: GET /api/admin/players, /players/:uid, /ledger-audit ----

export const PlayerHitSchema = z.object({ uid: z.string(), email: z.string(), displayName: z.string(), handle: z.string().nullable() });
export type PlayerHit = z.infer<typeof PlayerHitSchema>;
export const PlayerSearchSchema = z.object({ players: z.array(PlayerHitSchema) });

export const LedgerRowSchema = z.object({
  seq: Int,
  currency: z.enum(["coins", "cash"]),
  amount: Minor,
  balanceAfter: Minor,
  reason: z.string(),
  reference: z.string(),
  createdAt: Int,
});
export type LedgerRow = z.infer<typeof LedgerRowSchema>;

/** An operator's hold on an account: while frozen, every money action is refused. */
export const FreezeStateSchema = z.object({
  frozen: z.boolean(),
  reason: z.string().nullable(),
  actor: z.string().nullable(),
  updatedAt: Int.nullable(),
});
export type FreezeState = z.infer<typeof FreezeStateSchema>;

/**
 * An early fraud warning on one of the player's packs; `open` until an operator clears it,
 * holding all of the player's redemptions meanwhile. `chargeSettled`: its charge was refunded
 * in full or lost to a dispute (which does not clear the warning).
 */
export const FraudWarningSchema = z.object({
  id: z.string(),
  paymentIntent: z.string(),
  chargeId: z.string().nullable(),
  actionable: z.boolean(),
  fraudType: z.string(),
  createdAt: Int,
  open: z.boolean(),
  chargeSettled: z.boolean(),
  cleared: z.object({ at: Int, by: z.string(), reason: z.string() }).nullable(),
  /** An actionable warning's refund not yet made at the provider: the wallet's alarm retries it; tries so far, the next, the last failure. */
  refundOwed: z.object({ tries: Int, nextTryAt: Int, lastError: z.string().nullable() }).nullable(),
});
export type FraudWarning = z.infer<typeof FraudWarningSchema>;

/** A player account named in the console as an operator's own. */
export const OperatorAccountSchema = z.object({ operatorEmail: z.string(), namedBy: z.string(), reason: z.string(), createdAt: Int });
export type OperatorAccount = z.infer<typeof OperatorAccountSchema>;

export const PlayerDetailSchema = z.object({
  player: z.object({
    uid: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    displayName: z.string(),
    handle: z.string().nullable(),
    createdAt: Int,
    lastLoginAt: Int,
  }),
  balances: PerWalletSchema,
  owed: PerWalletSchema,
  redeemableCash: Minor,
  cashToPlay: Minor,
  redemptionPause: z.string().nullable(),
  /** Freshly bought Vantage Cash not yet redeemable, with when each frees up. */
  purchaseHolds: z.array(PurchaseHoldSchema),
  frozen: z.boolean(),
  freeze: FreezeStateSchema,
  /** The wallet's protection record: `breakUntil` in epoch ms (a past value means no break). */
  protection: z.object({ dateOfBirth: z.string().nullable(), breakUntil: Int.nullable(), closed: z.enum(CLOSED_REASONS).nullable() }),
  ledger: z.array(LedgerRowSchema),
  bets: z.array(BetDocumentSchema),
  redemptions: z.array(RedemptionSchema),
  disputes: z.array(
    z.object({ id: z.string(), checkoutSessionId: z.string(), status: z.string(), open: z.boolean(), createdAt: Int, updatedAt: Int }),
  ),
  fraudWarnings: z.array(FraudWarningSchema),
  payoutIdentityRefusals: z.array(
    z.object({ id: Int, ownerUserId: z.string(), accountId: z.string(), amountCents: Minor, createdAt: Int }),
  ),
  /**
   * The bank accounts (payout destinations, by the provider's fingerprint) this player's payouts
   * claimed: no other account may redeem to them until an operator's release is approved.
   */
  payoutIdentities: z.array(z.object({ fingerprint: z.string(), provider: z.string(), accountId: z.string(), createdAt: Int })),
  /**
   * The wallet's identity state (mismatch and in-use block redemptions); `ownerUserId`: whose
   * document it is when in use; `verifiedDateOfBirth`: the date on the verified document (so
   * a mismatch can be resolved by correcting the confirmed date to it), else null.
   */
  identity: IdentityStateSchema.extend({ ownerUserId: z.string().nullable(), verifiedDateOfBirth: z.string().nullable() }),
  /** Operators this account was named in the console as belonging to (their own account for every duty). */
  operatorAccounts: z.array(OperatorAccountSchema),
  /** The account counts as the viewing operator's own (same address, document, payout account, or named): they may not act on it. */
  yours: z.boolean(),
});
export type PlayerDetail = z.infer<typeof PlayerDetailSchema>;

/** POST /api/admin/players/:uid/operator-account: the account's namings after the change. */
export const OperatorAccountAnswerSchema = z.object({
  uid: z.string(),
  changed: z.boolean(),
  operatorAccounts: z.array(OperatorAccountSchema),
});

/** Per currency, each house account's balance (credits − debits), by account name (worker/wallet/accounts.ts). */
export const HouseAccountsSchema = z.object({ coins: z.record(z.string(), Minor), cash: z.record(z.string(), Minor) });
export type HouseAccounts = z.infer<typeof HouseAccountsSchema>;

/**
 * A wallet's balances beside their ledger sums, what is owed beside the owed ledger's sums,
 * and the house side of the double entry: per currency, the balance plus every house
 * account sums to zero (`balancesToZero`).
 */
export const WalletAuditSchema = z.object({
  coins: z.object({ balance: Minor, ledgerSum: Minor }),
  cash: z.object({ balance: Minor, ledgerSum: Minor }),
  owed: z.object({ coins: z.object({ owed: Minor, ledgerSum: Minor }), cash: z.object({ owed: Minor, ledgerSum: Minor }) }),
  houseAccounts: HouseAccountsSchema,
  balancesToZero: z.boolean(),
  pendingOutbox: Int,
});
export type WalletAudit = z.infer<typeof WalletAuditSchema>;

/** The wallet's row in D1's `wallet_balances` projection, or null when there is none. */
export const ProjectionSchema = z.object({ coinBalance: Minor, cashCents: Minor }).nullable();
export type Projection = z.infer<typeof ProjectionSchema>;

/** "Check ledger": one wallet's money invariants and the verdict. */
export const LedgerCheckSchema = z.object({
  userId: z.string(),
  ok: z.boolean(),
  mismatches: z.array(z.string()),
  wallet: WalletAuditSchema,
  projection: ProjectionSchema,
});
export type LedgerCheck = z.infer<typeof LedgerCheckSchema>;

/** One page of the all-wallets audit (`npm run audit`); `houseTotals`: the house accounts summed over the wallets checked. */
export const LedgerAuditPageSchema = z.object({
  checked: Int,
  mismatches: z.array(LedgerCheckSchema),
  houseTotals: HouseAccountsSchema,
  next: z.string().nullable(),
});

// ---- Audit log: GET /api/admin/audit ----

export const AuditEntrySchema = z.object({
  id: Int,
  at: Int,
  actor: z.string(),
  action: z.string(),
  target: z.string(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditLogSchema = z.object({ entries: z.array(AuditEntrySchema) });

// ---- What the console's actions answer ----

/** POST /api/admin/players/:uid/freeze; `changed` is false when the account already was so. */
export const FreezeAnswerSchema = z.object({ uid: z.string(), frozen: z.boolean(), changed: z.boolean(), freeze: FreezeStateSchema });

/** POST /api/admin/players/:uid/adjustments; `replayed` when this adjustment id had already moved the money. */
export const AdjustmentAnswerSchema = z.object({
  uid: z.string(),
  adjustmentId: z.string(),
  replayed: z.boolean(),
  balances: PerWalletSchema,
  owed: PerWalletSchema,
});

/** POST /api/admin/events/:eventId/result with a score or `void`: the result and what was sent to settle. */
export const OperatorResultAnswerSchema = z.object({
  eventId: z.string(),
  status: z.enum(["final", "void"]),
  homeScore: Int.nullable(),
  awayScore: Int.nullable(),
  /** The settlement run of this request (GET /api/admin/settlement/runs shows its progress). */
  runId: Int.nullable(),
  /** Players sent to the settlement queue. */
  messagesEnqueued: Int,
  /** Some could not be sent; the next cron run sends them. */
  pending: z.boolean(),
});
export type OperatorResultAnswer = z.infer<typeof OperatorResultAnswerSchema>;

/** The same route with `correction: true`: the new score and what re-grading moved. */
export const CorrectionAnswerSchema = z.object({
  eventId: z.string(),
  status: z.literal("final"),
  homeScore: Int,
  awayScore: Int,
  correction: Int,
  /** False when this exact correction had already been recorded (a re-send). */
  recorded: z.boolean(),
  walletsCalled: Int,
  walletErrors: Int,
  betsChanged: Int,
  takenBack: PerWalletSchema,
  owed: PerWalletSchema,
  paid: PerWalletSchema,
  /** Some wallets were not re-graded yet (more than one call takes, or one failed): the scheduled run goes on with them. */
  pending: z.boolean(),
});
export type CorrectionAnswer = z.infer<typeof CorrectionAnswerSchema>;

/** POST /api/admin/dead-letters/:id/replay (202). */
export const DeadLetterReplayAnswerSchema = z.object({ deadLetter: DeadLetterRecordSchema, queued: z.literal(true) });

/** PUT /api/admin/players/:uid/date-of-birth. */
export const DateOfBirthCorrectionAnswerSchema = z.object({
  userId: z.string(),
  dateOfBirth: z.string().nullable(),
  closed: z.enum(CLOSED_REASONS).nullable(),
  /** The identity state after the correction: a verified document's date now agrees (verified) or not (mismatch). */
  identity: IdentityStatusSchema,
});

// ---- Four eyes: GET /api/admin/approvals and what asks for or decides an approval ----

/**
 * A bank account the player's payouts claimed, to be released (the subject is the player holding
 * it): its fingerprint and the payout account it was claimed through.
 */
export const PayoutIdentityReleasePayloadSchema = z.object({ fingerprint: z.string(), accountId: z.string() });

/** An early fraud warning of the player (the request's subject) to be cleared, so it no longer holds their redemptions. */
export const FraudWarningClearPayloadSchema = z.object({ warningId: z.string() });

/**
 * Lifting the player's freeze (the request's subject is the player): `frozenAt`, the `updatedAt` of the freeze it was asked
 * against, so a freeze put on again since (a new one, for a new reason) is not lifted (freeze-changed). Absent on requests
 * stored before it was kept (`{}`): which freeze those were asked against is not known, so they lift none (freeze-changed while
 * the account is frozen) and operators ask again.
 */
export const UnfreezePayloadSchema = z.strictObject({ frozenAt: Int.optional() });

/**
 * Resetting the player's identity check (the request's subject is the player): the state it was asked against and its
 * verification session (null when the check names none), so a check that moved on since, or a new verification that came to
 * the same state, is not reset (identity-changed). `sessionId` is absent on requests stored before it was kept: which
 * verification those were asked against is not known, so they reset none (identity-changed while there is a check) and
 * operators ask again.
 */
export const IdentityResetPayloadSchema = z.strictObject({ status: IdentityStatusSchema, sessionId: z.string().nullable().optional() });

/** A redemption waiting in the review queue: the player's redemption and its amount (the request's subject is the player). */
export const RedemptionReviewPayloadSchema = z.object({ redemptionId: z.string(), amountCents: Minor });

export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "failed"] as const;

const ApprovalBaseSchema = z.object({
  id: z.string(),
  /**
   * A player id (adjustment, redemption, free entry, payout-identity release, fraud-warning clearance, unfreeze, identity reset), an
   * event id (result, stats) or `<sport>:<feed spelling>` (prop-player-name).
   */
  subject: z.string(),
  /** The subject as people read it: the player's e-mail, the game's "Away @ Home", the feed's spelling of a player's name. */
  subjectLabel: z.string(),
  /** The requesting operator's e-mail. */
  requestedBy: z.string(),
  reason: z.string(),
  /** approved = claimed by `decidedBy`; applied once `outcome` is set. failed = approved, then refused (outcome says why). */
  status: z.enum(APPROVAL_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: Int.nullable(),
  decisionReason: z.string().nullable(),
  /** What applying it answered, or `{code, message}` when it was refused; null until applied. */
  outcome: z.record(z.string(), z.unknown()).nullable(),
  createdAt: Int,
});

/**
 * An action waiting for (or decided by) a second operator: a Vantage Cash or large Coins adjustment, a final or correction of a
 * started game, a redemption in the review queue (asked for by the player's own request), a free-entry card one operator recorded
 * (never decided on the operator's own account), a region rule entry, a final game's players' statistics entered by hand (or their
 * correction; never decided by an operator holding a bet on the game), a change of the feed's player names for props (never decided
 * by an operator holding an open player-prop bet in the sport), the release of a bank account a player's payouts claimed, the
 * clearance of an early fraud warning, the lifting of a player's freeze, or the reset of a player's identity check (none approved
 * on the operator's own account).
 */
export const ApprovalRequestSchema = z.discriminatedUnion("kind", [
  ApprovalBaseSchema.extend({ kind: z.literal("adjustment"), payload: AdjustmentPayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("result"), payload: ResultPayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("redemption"), payload: RedemptionReviewPayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("free-entry"), payload: FreeEntryApprovalPayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("region-rule"), payload: RegionRuleEntrySchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("stats"), payload: StatsPayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("prop-player-name"), payload: PropPlayerNamePayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("payout-identity-release"), payload: PayoutIdentityReleasePayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("fraud-warning-clear"), payload: FraudWarningClearPayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("unfreeze"), payload: UnfreezePayloadSchema }),
  ApprovalBaseSchema.extend({ kind: z.literal("identity-reset"), payload: IdentityResetPayloadSchema }),
]);
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;

/** GET /api/admin/approvals: newest first. */
export const ApprovalListSchema = z.object({ requests: z.array(ApprovalRequestSchema) });

/** 202 from an adjustment or a result that must wait for a second operator; also the answer of approve and reject. */
export const ApprovalAnswerSchema = z.object({ request: ApprovalRequestSchema });
export type ApprovalAnswer = z.infer<typeof ApprovalAnswerSchema>;

/** POST /api/admin/players/:uid/adjustments: applied at once (200), or a request for a second operator (202). */
export const AdjustmentReplySchema = z.union([ApprovalAnswerSchema, AdjustmentAnswerSchema]);

/** POST /api/admin/events/:eventId/result with a score or a void: recorded (200), or a request for a second operator (202). */
export const ResultReplySchema = z.union([ApprovalAnswerSchema, OperatorResultAnswerSchema]);

/** The same route with `correction: true`: corrected (200), or a request for a second operator (202). */
export const CorrectionReplySchema = z.union([ApprovalAnswerSchema, CorrectionAnswerSchema]);

/** GET /api/admin/region-rules: the table Vantage ships and the entries operators added (oldest first). */
export const RegionRulesViewSchema = z.object({
  shipped: z.array(RegionRuleEntrySchema),
  added: z.array(z.object({ entry: RegionRuleEntrySchema, requestedBy: z.string(), approvedBy: z.string(), createdAt: Int })),
});
export type RegionRulesView = z.infer<typeof RegionRulesViewSchema>;

// ---- Players' markets (props): the name map and statistics entered by hand ----

/** One operator correction of the feed's player names (D1 prop_player_names). */
export const PropPlayerNameSchema = z.object({
  feedName: z.string(),
  playerId: z.string(),
  displayName: z.string(),
  /** His team's full name as the feed writes it, or null when not given. */
  team: z.string().nullable(),
  updatedBy: z.string(),
  updatedAt: Int,
});
export type PropPlayerName = z.infer<typeof PropPlayerNameSchema>;

/** GET /api/admin/prop-players?sport=: the sport's corrections, by feed name. */
export const PropPlayerNamesSchema = z.object({ sport: z.string(), names: z.array(PropPlayerNameSchema) });
export type PropPlayerNames = z.infer<typeof PropPlayerNamesSchema>;

/** PUT and DELETE /api/admin/prop-players asking for what the map already says: the sport's corrections, `changed` false. */
export const PropPlayerNamesAnswerSchema = PropPlayerNamesSchema.extend({ changed: z.boolean() });

/** PUT and DELETE /api/admin/prop-players: a request for a second operator (202), or nothing to change (200). */
export const PropPlayerNameReplySchema = z.union([ApprovalAnswerSchema, PropPlayerNamesAnswerSchema]);

/** A player a game's props were bet on, and what grading them needs of the box score. */
export const PropPlayerNeedSchema = z.object({
  playerId: z.string(),
  name: z.string(),
  /** The statistics the player's markets grade on (src/shared/props/catalogue.ts). */
  stats: z.array(z.string()),
  /** A pitcher's market: voided unless the box score says he started (`started` 1). */
  needsStart: z.boolean(),
  /** Prop legs on this player still waiting to be graded. */
  openLegs: Int,
});
export type PropPlayerNeed = z.infer<typeof PropPlayerNeedSchema>;

const PropGameSchema = z.object({ eventId: z.string(), sport: z.string(), home: z.string(), away: z.string() });

/**
 * GET /api/admin/prop-stats: final games whose open props wait for statistics (no box score
 * yet; void at `deadline`, PROP_GRADE_HOURS after the final), and the box scores recorded
 * lately, with the players their props need (what a correction must cover).
 */
export const PropStatsViewSchema = z.object({
  awaiting: z.array(
    PropGameSchema.extend({
      homeScore: Int,
      awayScore: Int,
      finalAt: Int,
      deadline: Int,
      openLegs: Int,
      players: z.array(PropPlayerNeedSchema),
    }),
  ),
  recorded: z.array(
    PropGameSchema.extend({
      source: z.enum(["simulator", "official", "operator"]),
      version: Int,
      recordedAt: Int,
      box: z.array(PlayerStatLineSchema),
      players: z.array(PropPlayerNeedSchema),
    }),
  ),
});
export type PropStatsView = z.infer<typeof PropStatsViewSchema>;

/**
 * A game's statistics recorded (or corrected) by hand, from a `stats` approval or a re-send of
 * the statistics already recorded: the box score's version, the settlement run that sent the
 * game's open props to settle, and what re-grading a correction moved in the wallets.
 */
export const StatsAnswerSchema = z.object({
  eventId: z.string(),
  version: Int,
  /** False when these very statistics were already recorded (a re-send): nothing new, the wallets driven again. */
  recorded: z.boolean(),
  runId: Int.nullable(),
  messagesEnqueued: Int,
  walletsCalled: Int,
  walletErrors: Int,
  betsChanged: Int,
  takenBack: PerWalletSchema,
  owed: PerWalletSchema,
  paid: PerWalletSchema,
  /** Some wallets were not reached: send the same statistics again. */
  pending: z.boolean(),
});
export type StatsAnswer = z.infer<typeof StatsAnswerSchema>;

/** POST /api/admin/events/:eventId/stats: a request for a second operator (202), or the recorded statistics driven again (200). */
export const StatsReplySchema = z.union([ApprovalAnswerSchema, StatsAnswerSchema]);
