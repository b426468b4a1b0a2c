// D1 holds what must be queried across players: accounts and sessions, and projections
// of every wallet (balances, bets, one row per bet leg indexed by event for settlement)
// written by each user's Durable Object through its outbox. The Durable Object stays the
// source of truth for money; these tables are rebuilt from it by idempotent upserts
// guarded by `version`. Kept in step by hand with migrations/*.sql.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    displayName: text("display_name").notNull(),
    photoUrl: text("photo_url"),
    createdAt: integer("created_at").notNull(),
    lastLoginAt: integer("last_login_at").notNull(),
  },
  (t) => [index("users_email_idx").on(t.email)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
    id: text("id").primaryKey(),
    familyId: text("family_id").notNull(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    revokedAt: integer("revoked_at"),
    /** SHA-256 (hex) of the token that replaced this one on rotation (migration 0006). */
    replacedBy: text("replaced_by"),
    /** When the family's first token was issued: the sign-in's absolute lifetime counts from here (migration 0012). */
    familyStartedAt: integer("family_started_at").notNull().default(0),
    /**
     * When the person last authenticated to the identity provider for this sign-in (the ID
     * token's `auth_time`), or null when it did not say (migration 0058): an operator's money
     * actions need it recent, not merely a new sign-in.
     */
    authenticatedAt: integer("authenticated_at"),
  },
  (t) => [index("refresh_tokens_family_idx").on(t.familyId), index("refresh_tokens_user_idx").on(t.userId)],
);

export const walletBalances = sqliteTable("wallet_balances", {
  userId: text("user_id").primaryKey(),
  coinBalance: integer("coin_balance").notNull(),
  cashCents: integer("cash_cents").notNull(),
  lastBonusDayEt: text("last_bonus_day_et").notNull(),
  bonusStreak: integer("bonus_streak").notNull(),
  version: integer("version").notNull(),
  updatedAt: integer("updated_at").notNull(),
  /** What the player owes back (migration 0037). */
  owedCoins: integer("owed_coins").notNull().default(0),
  owedCashCents: integer("owed_cash_cents").notNull().default(0),
  /** What holds the cash back (migration 0040): still to play, the packs still held, in pending redemptions; NULL until the wallet's next change. */
  cashToPlayCents: integer("cash_to_play_cents"),
  cashPurchaseHoldsJson: text("cash_purchase_holds_json"),
  cashPendingRedemptionCents: integer("cash_pending_redemption_cents"),
});

export const bets = sqliteTable(
  "bets",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    wallet: text("wallet", { enum: ["coins", "cash"] }).notNull(),
    kind: text("kind", { enum: ["Singles", "Parlay"] }).notNull(),
    status: text("status", { enum: ["open", "settled"] }).notNull(),
    result: text("result", { enum: ["win", "loss", "push", "void", "cashed_out"] }),
    stake: integer("stake").notNull(),
    toWin: integer("to_win").notNull(),
    payoutPaid: integer("payout_paid").notNull(),
    createdAt: integer("created_at").notNull(),
    settledAt: integer("settled_at"),
    legsJson: text("legs_json").notNull(),
    legResultsJson: text("leg_results_json").notNull(),
    version: integer("version").notNull(),
    /** The share of the stake cashed out (0 for none) and what that paid (payoutPaid counts it too). */
    cashOutStake: integer("cash_out_stake").notNull().default(0),
    cashOutPaid: integer("cash_out_paid").notNull().default(0),
    /** A parlay's same-game blocks (JSON, src/shared/schemas/bets.ts SameGameBlockSchema); null for none. */
    sameGameJson: text("same_game_json"),
    /** Which of the /pricing page's kinds the bet is, and the margin its prices carried at placement (src/shared/bet-margin.ts). */
    priceKind: text("price_kind", { enum: ["single", "parlay", "same-game"] })
      .notNull()
      .default("single"),
    offeredMargin: real("offered_margin"),
  },
  (t) => [
    index("bets_user_created_idx").on(t.userId, t.createdAt),
    index("bets_status_idx").on(t.status),
    index("bets_settled_at_idx").on(t.status, t.settledAt),
  ],
);

export const betLegs = sqliteTable(
  "bet_legs",
  {
    betId: text("bet_id").notNull(),
    legIndex: integer("leg_index").notNull(),
    userId: text("user_id").notNull(),
    eventId: text("event_id").notNull(),
    sport: text("sport").notNull(),
    market: text("market", { enum: ["Moneyline", "Spread", "Total"] }).notNull(),
    side: text("side", { enum: ["Home", "Away", "Over", "Under", "Draw"] }).notNull(),
    line: real("line"),
    priceAm: integer("price_am").notNull(),
    commenceTime: integer("commence_time").notNull(),
    result: text("result", { enum: ["win", "loss", "push", "void"] }),
    /** The side's fair probability when placed; null when its market had none. */
    fairP: real("fair_p"),
  },
  (t) => [
    primaryKey({ columns: [t.betId, t.legIndex] }),
    index("bet_legs_event_idx").on(t.eventId),
    index("bet_legs_open_sport_idx").on(t.sport, t.result, t.commenceTime),
    // Open prop legs by start: the closes watch's look at games about to start (migration 0046).
    index("bet_legs_open_props_idx").on(t.commenceTime, t.sport, t.eventId).where(sql`${t.market} = 'Prop' AND ${t.result} IS NULL`),
  ],
);

export const events = sqliteTable(
  "events",
  {
    eventId: text("event_id").primaryKey(),
    sport: text("sport").notNull(),
    home: text("home").notNull(),
    away: text("away").notNull(),
    startTime: integer("start_time").notNull(),
    status: text("status", { enum: ["scheduled", "live", "final", "void"] }).notNull(),
    homeScore: integer("home_score"),
    awayScore: integer("away_score"),
    /** Set when every open leg on a final/void event has been handed to its wallet. */
    gradedAt: integer("graded_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("events_status_idx").on(t.status, t.gradedAt)],
);

export const feedStatus = sqliteTable("feed_status", {
  sport: text("sport").primaryKey(),
  provider: text("provider").notNull(),
  requestsRemaining: integer("requests_remaining"),
  requestsUsed: integer("requests_used"),
  requestsLast: integer("requests_last"),
  lastStatus: integer("last_status"),
  lastError: text("last_error"),
  updatedAt: integer("updated_at").notNull(),
});

/** The player's payout account for redemptions (migration 0005). */
export const payoutAccounts = sqliteTable(
  "payout_accounts",
  {
    userId: text("user_id").primaryKey(),
    provider: text("provider", { enum: ["stripe", "simulated"] }).notNull(),
    accountId: text("account_id").notNull(),
    payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
    currentlyDueJson: text("currently_due_json").notNull().default("[]"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Fingerprints of the account's payout destinations, last read from the provider (migration 0013). */
    destinationFingerprintsJson: text("destination_fingerprints_json").notNull().default("[]"),
    /**
     * The holder's keyed person hash (name and the player's verified date of birth) as of the
     * last read of the provider's account: the full name's key (`idp_`), or the first and last
     * name's (`idt_`) when only that one is the player's; null without a name or a verified date
     * (migration 0053).
     */
    holderPersonHash: text("holder_person_hash"),
    /** Simulated accounts only: the holder's legal name typed on the simulator's onboarding page (migration 0053). */
    simHolderName: text("sim_holder_name"),
    /**
     * The external account (bank account or card) payouts go to, by the provider's id, as last
     * read: its default for US dollars; null before the first read (migration 0054).
     */
    payoutDestination: text("payout_destination"),
    /**
     * The key of the name the payout destination itself is held in (a bank account's
     * `account_holder_name`), taken like `holderPersonHash`; null when the provider gives no
     * name for it, `UNKEYED_HOLDER` for a name that cannot be keyed (migration 0055).
     */
    destinationHolderPersonHash: text("destination_holder_person_hash"),
    /** When the account's payouts became manual (Vantage's to make), epoch ms; null while not known to be (migration 0055). */
    manualSince: integer("manual_since"),
    /**
     * Where the account holder's address is ("US-WA"), as last read from the provider (for a
     * simulated account, as typed on its onboarding page); null while it has none or names no
     * state (migration 0059).
     */
    holderRegion: text("holder_region"),
  },
  (t) => [uniqueIndex("payout_accounts_account_idx").on(t.accountId)],
);

/** One payout identity per person (migration 0013): each destination fingerprint belongs to one player. */
export const payoutIdentities = sqliteTable(
  "payout_identities",
  {
    fingerprint: text("fingerprint").primaryKey(),
    userId: text("user_id").notNull(),
    provider: text("provider", { enum: ["stripe", "simulated"] }).notNull(),
    accountId: text("account_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("payout_identities_user_idx").on(t.userId)],
);

/** Redemptions refused because the destination belongs to another player (migration 0013), for operators. */
export const payoutIdentityRefusals = sqliteTable(
  "payout_identity_refusals",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fingerprint: text("fingerprint").notNull(),
    userId: text("user_id").notNull(),
    ownerUserId: text("owner_user_id").notNull(),
    accountId: text("account_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("payout_identity_refusals_user_idx").on(t.userId, t.createdAt),
    index("payout_identity_refusals_fingerprint_idx").on(t.fingerprint),
  ],
);

/** Checkout sessions of the simulated payment provider, development only (migration 0005). */
export const simCheckoutSessions = sqliteTable(
  "sim_checkout_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    status: text("status", { enum: ["open", "completed", "canceled", "expired"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [index("sim_checkout_sessions_user_idx").on(t.userId)],
);

/** One row per settlement run, cron or operator (migration 0004): what it did. */
export const settlementRuns = sqliteTable(
  "settlement_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    trigger: text("trigger").notNull(),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at"),
    sportsFetched: integer("sports_fetched").notNull().default(0),
    eventsRecorded: integer("events_recorded").notNull().default(0),
    walletsCalled: integer("wallets_called").notNull().default(0),
    walletErrors: integer("wallet_errors").notNull().default(0),
    legsGraded: integer("legs_graded").notNull().default(0),
    betsSettled: integer("bets_settled").notNull().default(0),
    pending: integer("pending").notNull().default(0),
    summary: text("summary"),
    /** Messages the run sent to the settlement queue (migration 0009). */
    messagesEnqueued: integer("messages_enqueued").notNull().default(0),
    /** When every message it sent had settled its wallet (migration 0009). */
    drainedAt: integer("drained_at"),
  },
  (t) => [index("settlement_runs_started_idx").on(t.startedAt)],
);

/** Settlement messages that exhausted their retries, for operators to replay (migration 0009). */
export const settlementDeadLetters = sqliteTable(
  "settlement_dead_letters",
  {
    id: text("id").primaryKey(),
    userId: text("user_id"),
    body: text("body").notNull(),
    reason: text("reason").notNull(),
    attempts: integer("attempts").notNull(),
    runId: integer("run_id"),
    receivedAt: integer("received_at").notNull(),
    replayedAt: integer("replayed_at"),
    replayedBy: text("replayed_by"),
    replayCount: integer("replay_count").notNull().default(0),
  },
  (t) => [index("settlement_dead_letters_received_idx").on(t.receivedAt)],
);

/** When settlement last asked the feed for each sport's scores (migration 0004). */
export const settlementScoreChecks = sqliteTable("settlement_score_checks", {
  sport: text("sport").primaryKey(),
  checkedAt: integer("checked_at").notNull(),
  ok: integer("ok", { mode: "boolean" }).notNull(),
  message: text("message"),
});

/** The odds simulator's clock offset (migration 0002; development only). */
export const simClock = sqliteTable("sim_clock", {
  id: integer("id").primaryKey(),
  offsetMs: integer("offset_ms").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** A player's public handle and profile privacy (migrations 0014, 0018 and 0028). */
/** Handles players gave up, held for them HANDLE_HOLD_DAYS, by look-alike skeleton (migration 0050). */
export const releasedHandles = sqliteTable("released_handles", {
  skeleton: text("skeleton").primaryKey(),
  handle: text("handle").notNull(),
  userId: text("user_id").notNull(),
  releasedAt: integer("released_at").notNull(),
});

export const playerProfiles = sqliteTable(
  "player_profiles",
  {
    userId: text("user_id").primaryKey(),
    /** Lower-case, 3–20 of a-z 0-9 _ (src/shared/handles.ts); null until chosen, and then the player is never public. */
    handle: text("handle"),
    /**
     * The handle's look-alike key (migration 0028), generated by D1 from the handle: handleSkeleton
     * in src/shared/handles.ts (0→o, 1→l, m→rn over a-z 0-9 _). Not unique: older look-alikes stay.
     */
    handleSkeleton: text("handle_skeleton").generatedAlwaysAs(
      sql`replace(replace(replace(lower(handle), '0', 'o'), '1', 'l'), 'm', 'rn')`,
      { mode: "virtual" },
    ),
    /** The skeleton with every "_" removed (migration 0052): handleLookAlikeKey, what new handles are checked by. */
    handleLookAlike: text("handle_look_alike").generatedAlwaysAs(
      sql`replace(replace(replace(replace(lower(handle), '_', ''), '0', 'o'), '1', 'l'), 'm', 'rn')`,
      { mode: "virtual" },
    ),
    hidden: integer("hidden", { mode: "boolean" }).notNull().default(false),
    /** "Show my Vantage Cash results" (migration 0018): off by default. */
    showCashResults: integer("show_cash_results", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("player_profiles_handle_idx").on(t.handle),
    index("player_profiles_handle_skeleton_idx").on(t.handleSkeleton),
    index("player_profiles_handle_look_alike_idx").on(t.handleLookAlike),
  ],
);

/**
 * A player's standing for the public social surface (migration 0051), projected by their
 * wallet's outbox (topic `standing`): a break's end and whether the account is closed for
 * play. A closed player, or one whose break ends after now, is left out of every public
 * answer (worker/social/standing.ts). No row: never on a break nor closed.
 */
export const playerStanding = sqliteTable("player_standing", {
  userId: text("user_id").primaryKey(),
  /** When the player's break ends (ms); null for none. Compared with now, so a break ends here on its own. */
  awayUntil: integer("away_until"),
  /** Closed for play: by the player for good, or as under age. */
  closed: integer("closed", { mode: "boolean" }).notNull().default(false),
  /** The wallet's version when it wrote this, so a replayed older row changes nothing. */
  version: integer("version").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * Leaderboard aggregates per period ('all' or 'w:<Monday ET>'), wallet and player,
 * upserted by the wallet projection when a settled bet reaches D1 (migration 0014).
 */
export const leaderboardStats = sqliteTable(
  "leaderboard_stats",
  {
    period: text("period").notNull(),
    wallet: text("wallet", { enum: ["coins", "cash"] }).notNull(),
    userId: text("user_id").notNull(),
    settled: integer("settled").notNull(),
    graded: integer("graded").notNull(),
    staked: integer("staked").notNull(),
    returned: integer("returned").notNull(),
    profit: integer("profit").notNull(),
    roi: real("roi").notNull(),
    currentStreak: integer("current_streak").notNull(),
    longestStreak: integer("longest_streak").notNull(),
    lastSettledAt: integer("last_settled_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.wallet, t.userId] }),
    index("leaderboard_stats_profit_idx").on(t.period, t.wallet, t.profit),
    index("leaderboard_stats_roi_idx").on(t.period, t.wallet, t.roi),
    index("leaderboard_stats_streak_idx").on(t.period, t.wallet, t.longestStreak),
  ],
);

/** Settled bets already counted in leaderboard_stats (migration 0014). */
export const leaderboardCounted = sqliteTable("leaderboard_counted", {
  betId: text("bet_id").primaryKey(),
  userId: text("user_id").notNull(),
  countedAt: integer("counted_at").notNull(),
  // What the bet added when last counted (migration 0016), so a correction moves the difference.
  result: text("result", { enum: ["win", "loss", "push", "void"] }),
  graded: integer("graded"),
  staked: integer("staked"),
  returned: integer("returned"),
  profit: integer("profit"),
});

/** Share links of bets: unguessable ids (migration 0014); withdrawn (deleted) when the owner hides or drops their handle (0018). */
export const sharedPicks = sqliteTable(
  "shared_picks",
  {
    shareId: text("share_id").primaryKey(),
    betId: text("bet_id").notNull(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("shared_picks_bet_idx").on(t.betId), index("shared_picks_user_idx").on(t.userId)],
);

/** Who follows whom (migration 0014). */
export const follows = sqliteTable(
  "follows",
  {
    followerId: text("follower_id").notNull(),
    followeeId: text("followee_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] }), index("follows_followee_idx").on(t.followeeId)],
);

/** Which player a paid Checkout Session's PaymentIntent belongs to (migration 0008). */
export const paymentIntents = sqliteTable(
  "payment_intents",
  {
    paymentIntent: text("payment_intent").primaryKey(),
    userId: text("user_id").notNull(),
    checkoutSessionId: text("checkout_session_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("payment_intents_user_idx").on(t.userId, t.createdAt)],
);

/** Every operator action, append-only (migration 0015; triggers refuse UPDATE and DELETE). */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at").notNull(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    reason: text("reason").notNull(),
    details: text("details").notNull().default("{}"),
    /** `wallet:<player id>:<seq>` for rows a wallet wrote in its own transaction (migration 0019), so its outbox adds each once. */
    ref: text("ref"),
  },
  (t) => [
    index("admin_audit_at_idx").on(t.at),
    index("admin_audit_target_idx").on(t.target, t.at),
    uniqueIndex("admin_audit_ref_idx").on(t.ref),
  ],
);

/** The Google account each ADMIN_EMAILS address is pinned to at its first verified sign-in (migration 0019). */
export const adminOperators = sqliteTable("admin_operators", {
  email: text("email").primaryKey(),
  googleSub: text("google_sub").notNull(),
  /** The Workspace domain (`hd`) it signed in with, checked against ADMIN_DOMAIN when that is set. */
  hostedDomain: text("hosted_domain"),
  pinnedAt: integer("pinned_at").notNull(),
});

/** Actions waiting for a second operator, and their decisions (migration 0019, worker/approvals/approvals.ts). */
export const approvalRequests = sqliteTable(
  "approval_requests",
  {
    id: text("id").primaryKey(),
    kind: text("kind", {
      enum: ["adjustment", "result", "redemption", "free-entry", "region-rule", "stats", "prop-player-name"],
    }).notNull(),
    /** A player id (adjustment, redemption, free entry), an event id (result, stats) or `<sport>:<feed spelling>` (prop-player-name). */
    subject: text("subject").notNull(),
    payload: text("payload").notNull(),
    requestedBy: text("requested_by").notNull(),
    requestedById: text("requested_by_id").notNull(),
    reason: text("reason").notNull(),
    status: text("status", { enum: ["pending", "approved", "rejected", "failed"] }).notNull(),
    decidedBy: text("decided_by"),
    decidedById: text("decided_by_id"),
    decidedAt: integer("decided_at"),
    decisionReason: text("decision_reason"),
    outcome: text("outcome"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("approval_requests_status_idx").on(t.status, t.createdAt),
    index("approval_requests_subject_idx").on(t.subject, t.createdAt),
  ],
);

/** The feed's calls and credits per UTC hour (epoch ms of the hour) and sport (migration 0015), for the console. */
export const feedUsageHourly = sqliteTable(
  "feed_usage_hourly",
  {
    hour: integer("hour").notNull(),
    sport: text("sport").notNull(),
    provider: text("provider").notNull(),
    calls: integer("calls").notNull().default(0),
    credits: integer("credits").notNull().default(0),
    errors: integer("errors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.hour, t.sport] })],
);

/** Each correction of a settled game's final score, numbered per game (migration 0015). */
export const resultCorrections = sqliteTable(
  "result_corrections",
  {
    eventId: text("event_id").notNull(),
    seq: integer("seq").notNull(),
    fromStatus: text("from_status").notNull(),
    fromHome: integer("from_home"),
    fromAway: integer("from_away"),
    homeScore: integer("home_score").notNull(),
    awayScore: integer("away_score").notNull(),
    actor: text("actor").notNull(),
    reason: text("reason").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.seq] })],
);

/** Refunds and disputes that arrived before their checkout was recorded, applied once it is (migration 0048). */
export const keptReversals = sqliteTable(
  "kept_reversals",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    paymentIntent: text("payment_intent").notNull(),
    objectJson: text("object_json").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [index("kept_reversals_payment_intent_idx").on(t.paymentIntent, t.receivedAt)],
);

/** How far each correction has reached through the game's players, by user id (migration 0049). */
export const correctionProgress = sqliteTable("correction_progress", {
  reference: text("reference").primaryKey(),
  afterUserId: text("after_user_id").notNull(),
  failedJson: text("failed_json").notNull().default("[]"),
  updatedAt: integer("updated_at").notNull(),
});

/** Every early fraud warning Stripe sent, by id, with the payment it names (migration 0017). */
export const fraudWarnings = sqliteTable(
  "fraud_warnings",
  {
    id: text("id").primaryKey(),
    paymentIntent: text("payment_intent").notNull(),
    chargeId: text("charge_id"),
    actionable: integer("actionable", { mode: "boolean" }).notNull(),
    fraudType: text("fraud_type").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [index("fraud_warnings_payment_intent_idx").on(t.paymentIntent)],
);

/**
 * Nudges near a player's limit, projected from the wallet's outbox (migration 0025); their
 * alerts go to the push queue from the wallet itself, so nothing marks delivery here (0026).
 */
export const playerNudges = sqliteTable(
  "player_nudges",
  {
    userId: text("user_id").notNull(),
    nudgeId: text("nudge_id").notNull(),
    limitName: text("limit_name").notNull(),
    message: text("message").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.nudgeId] })],
);
/** One verified person, one account (migration 0020): a document's keyed hash belongs to one player. */
export const identityDocuments = sqliteTable(
  "identity_documents",
  {
    documentHash: text("document_hash").primaryKey(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("identity_documents_user_idx").on(t.userId)],
);
/**
 * One verified person, one account, whatever the document (migration 0047): a keyed hash of the
 * name and date of birth belongs to one player. A person claims two rows: the full name's key
 * (`idp_`) and the first and last name's (`idt_`, document-hash.ts); a one-word name only the first.
 */
export const identityPersons = sqliteTable(
  "identity_persons",
  {
    personHash: text("person_hash").primaryKey(),
    userId: text("user_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("identity_persons_user_idx").on(t.userId)],
);

/** Each player's last identity outcome, for the operator console (migration 0020; the wallet's copy gates money). */
export const identityChecks = sqliteTable("identity_checks", {
  userId: text("user_id").primaryKey(),
  status: text("status", { enum: ["pending", "needs-input", "verified", "mismatch", "in-use"] }).notNull(),
  sessionId: text("session_id").notNull(),
  provider: text("provider", { enum: ["stripe", "simulated"] }).notNull(),
  reason: text("reason"),
  ownerUserId: text("owner_user_id"),
  updatedAt: integer("updated_at").notNull(),
});

/** Verification sessions of the simulated identity provider, development only (migration 0020). */
export const simIdentitySessions = sqliteTable("sim_identity_sessions", {
  id: text("id").primaryKey(),
  userId: text("user_id").notNull(),
  status: text("status", { enum: ["requires_input", "processing", "verified", "canceled"] }).notNull(),
  documentType: text("document_type"),
  issuingCountry: text("issuing_country"),
  documentNumber: text("document_number"),
  dateOfBirth: text("date_of_birth"),
  /** The region (ISO 3166) of the document's address, or null when it shows none (migration 0031). */
  residence: text("residence"),
  /** The full name on the document (migration 0047). */
  legalName: text("legal_name"),
  lastError: text("last_error"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
/** Each distinct text of the Official Sweepstakes Rules, by version and content hash (migration 0021). */
export const sweepstakesRules = sqliteTable(
  "sweepstakes_rules",
  {
    version: integer("version").primaryKey(),
    contentHash: text("content_hash").notNull(),
    sectionsJson: text("sections_json").notNull(),
    effectiveAt: integer("effective_at").notNull(),
  },
  (t) => [uniqueIndex("sweepstakes_rules_hash_idx").on(t.contentHash)],
);

/** Free-entry request codes and what the operator recorded when the card came (migration 0021). */
export const freeEntryCodes = sqliteTable(
  "free_entry_codes",
  {
    code: text("code").primaryKey(),
    userId: text("user_id").notNull(),
    region: text("region"),
    issuedAt: integer("issued_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    recordedAt: integer("recorded_at"),
    recordedBy: text("recorded_by"),
    postmarkedOn: text("postmarked_on"),
    outcome: text("outcome"),
  },
  (t) => [index("free_entry_codes_user_idx").on(t.userId, t.issuedAt)],
);

/** Paid redemptions projected by the wallets, for the public winners list (migration 0021). */
export const sweepstakesWinners = sqliteTable(
  "sweepstakes_winners",
  {
    redemptionId: text("redemption_id").primaryKey(),
    userId: text("user_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    region: text("region"),
    paidAt: integer("paid_at").notNull(),
  },
  (t) => [index("sweepstakes_winners_paid_idx").on(t.paidAt)],
);

/** Each ended redemption's timeline projected by the wallets, for the public redemption-time figures (migration 0042). */
export const redemptionTimes = sqliteTable(
  "redemption_times",
  {
    redemptionId: text("redemption_id").primaryKey(),
    requestedAt: integer("requested_at").notNull(),
    paidAt: integer("paid_at"),
    returnedAt: integer("returned_at"),
    heldIdentity: integer("held_identity").notNull().default(0),
    heldReview: integer("held_review").notNull().default(0),
    heldHold: integer("held_hold").notNull().default(0),
  },
  (t) => [index("redemption_times_paid_idx").on(t.paidAt), index("redemption_times_returned_idx").on(t.returnedAt)],
);

/** Browsers that accepted Web Push, by the SHA-256 of their endpoint (migration 0024). */
export const pushSubscriptions = sqliteTable(
  "push_subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);

/** Where each player last opened the app from, for region-change alerts (migration 0032). */
export const playerRegions = sqliteTable(
  "player_regions",
  {
    userId: text("user_id").primaryKey(),
    region: text("region").notNull(),
    seenAt: integer("seen_at").notNull(),
  },
  (t) => [index("player_regions_region").on(t.region)],
);

/** Per region, the rule last announced to its players (mode|since|until; migration 0032). */
export const regionModesAnnounced = sqliteTable("region_modes_announced", {
  region: text("region").primaryKey(),
  rule: text("rule").notNull(),
  announcedAt: integer("announced_at").notNull(),
});

/** The alert kinds a player turned on (migration 0024). */
export const pushPreferences = sqliteTable(
  "push_preferences",
  {
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(),
    enabled: integer("enabled").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** One row per alert sent to a subscription: the once-per-(subscription, event) claim (migration 0024). */
export const pushDeliveries = sqliteTable(
  "push_deliveries",
  {
    subscriptionId: text("subscription_id").notNull(),
    eventId: text("event_id").notNull(),
    sentAt: integer("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.eventId] })],
);

/** The embedded push service's subscriptions with their private keys; development only (migration 0024). */
export const devPushEndpoints = sqliteTable("dev_push_endpoints", {
  id: text("id").primaryKey(),
  privateJwk: text("private_jwk").notNull(),
  publicKey: text("public_key").notNull(),
  auth: text("auth").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** What the embedded push service received, decrypted; development only (migration 0024). */
export const devPushMessages = sqliteTable(
  "dev_push_messages",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    endpointId: text("endpoint_id").notNull(),
    body: text("body").notNull(),
    receivedAt: integer("received_at").notNull(),
  },
  (t) => [index("dev_push_messages_endpoint_idx").on(t.endpointId, t.seq)],
);

/** The embedded metrics store: points per minute, metric and outcome (migration 0022, worker/metrics/embedded-store.ts). */
export const metricPoints = sqliteTable(
  "metric_points",
  {
    bucket: integer("bucket").notNull(),
    metric: text("metric").notNull(),
    outcome: text("outcome").notNull(),
    count: real("count").notNull(),
    sum: real("sum").notNull(),
    max: real("max").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.metric, t.outcome] })],
);

/** Player accounts named in the console as an operator's own (migration 0029, worker/admin/operator-guards.ts). */
export const operatorOwnAccounts = sqliteTable(
  "operator_own_accounts",
  {
    userId: text("user_id").notNull(),
    operatorEmail: text("operator_email").notNull(),
    namedBy: text("named_by").notNull(),
    reason: text("reason").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.operatorEmail] }), index("operator_own_accounts_operator_idx").on(t.operatorEmail)],
);

/** Region rule entries operators added under four eyes (migration 0030, worker/protection/region-entries.ts). */
export const regionRuleEntries = sqliteTable(
  "region_rule_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    requestId: text("request_id").notNull(),
    region: text("region").notNull(),
    mode: text("mode", { enum: ["full", "coins-only", "redeem-only", "blocked"] }).notNull(),
    fromDay: text("from_day").notNull(),
    untilDay: text("until_day"),
    covers: text("covers", { enum: ["sweepstakes-sports", "casino-only"] }).notNull(),
    minAge: integer("min_age"),
    sourceTitle: text("source_title").notNull(),
    sourceUrl: text("source_url").notNull(),
    requestedBy: text("requested_by").notNull(),
    approvedBy: text("approved_by").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("region_rule_entries_request_idx").on(t.requestId), index("region_rule_entries_region_idx").on(t.region, t.fromDay)],
);

/** Operators' corrections of the feed's player names for props: feed name → player id, shown name and team, per sport (migrations 0033, 0035). */
export const propPlayerNames = sqliteTable(
  "prop_player_names",
  {
    sport: text("sport").notNull(),
    feedName: text("feed_name").notNull(),
    playerId: text("player_id").notNull(),
    displayName: text("display_name").notNull(),
    team: text("team"),
    updatedBy: text("updated_by").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sport, t.feedName] })],
);

/** Per UTC month and sport, the props calls to the feed and their credits (migration 0033). */
export const feedPropsUsageMonthly = sqliteTable(
  "feed_props_usage_monthly",
  {
    month: text("month").notNull(),
    sport: text("sport").notNull(),
    calls: integer("calls").notNull(),
    credits: integer("credits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.sport] })],
);

/** Players' final statistics of a finished game, for grading props (migrations 0034, 0035). */
export const boxScores = sqliteTable("box_scores", {
  eventId: text("event_id").primaryKey(),
  sport: text("sport").notNull(),
  source: text("source").notNull(),
  players: text("players").notNull(),
  recordedAt: integer("recorded_at").notNull(),
  version: integer("version").notNull().default(1),
  checkedAt: integer("checked_at"),
});

/** Per UTC day, what the house owed its players when the day's first cron trigger ran (migration 0036, worker/house/house-book.ts). */
export const houseLiabilityDays = sqliteTable("house_liability_days", {
  day: text("day").primaryKey(),
  players: integer("players").notNull(),
  cashCents: integer("cash_cents").notNull(),
  coins: integer("coins").notNull(),
  openCashBets: integer("open_cash_bets").notNull(),
  openCashPayoutCents: integer("open_cash_payout_cents").notNull(),
  recordedAt: integer("recorded_at").notNull(),
  /** Migration 0040. */
  pendingRedemptionCents: integer("pending_redemption_cents").notNull().default(0),
});

/** The console's copy of each game's exposure, written by its exposure object (migration 0039, worker/exposure/). */
export const gameExposure = sqliteTable("game_exposure", {
  eventId: text("event_id").primaryKey(),
  sport: text("sport").notNull(),
  home: text("home").notNull(),
  away: text("away").notNull(),
  startTime: text("start_time").notNull(),
  worstCashCents: integer("worst_cash_cents").notNull(),
  worstCoins: integer("worst_coins").notNull(),
  stakesCashCents: integer("stakes_cash_cents").notNull(),
  stakesCoins: integer("stakes_coins").notNull(),
  openBets: integer("open_bets").notNull(),
  worstMarket: text("worst_market"),
  suspendedJson: text("suspended_json").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** Markets an operator suspended from the Risk view, for the board (migration 0044, worker/exposure/house-suspensions.ts). */
export const houseSuspensions = sqliteTable(
  "house_suspensions",
  {
    eventId: text("event_id").notNull(),
    sport: text("sport").notNull(),
    market: text("market").notNull(),
    at: integer("at").notNull(),
    byOperator: text("by_operator").notNull(),
    reason: text("reason").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.market] })],
);

/** Transfers the simulated payment provider answered, development only (migration 0038). */
/**
 * Payouts the bank sent back (migration 0057), projected from each wallet's `bank_returns`
 * (worker/payments/in-wallet/bank-returns.ts): those not yet `reversed_at` are still to be
 * taken back from the player's payout account, listed for operators.
 */
export const bankReturns = sqliteTable(
  "bank_returns",
  {
    redemptionId: text("redemption_id").primaryKey(),
    userId: text("user_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    returnedAt: integer("returned_at").notNull(),
    tries: integer("tries").notNull().default(0),
    lastError: text("last_error"),
    nextTryAt: integer("next_try_at"),
    reversedAt: integer("reversed_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("bank_returns_waiting_idx").on(t.reversedAt, t.returnedAt)],
);

export const simTransfers = sqliteTable(
  "sim_transfers",
  {
    id: text("id").primaryKey(),
    redemptionId: text("redemption_id").notNull(),
    userId: text("user_id").notNull(),
    accountId: text("account_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    /** Taken back since (migration 0056): a payout the bank returned. */
    reversedCents: integer("reversed_cents").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("sim_transfers_created_idx").on(t.createdAt)],
);

/** Payouts the simulated provider's connected accounts made to their bank accounts, one per redemption, development only (migration 0054). */
export const simPayouts = sqliteTable(
  "sim_payouts",
  {
    id: text("id").primaryKey(),
    redemptionId: text("redemption_id").notNull(),
    userId: text("user_id").notNull(),
    accountId: text("account_id").notNull(),
    destination: text("destination").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("sim_payouts_redemption_idx").on(t.redemptionId)],
);

/** Refunds and disputes the simulated provider's pages reported, development only (migration 0038). */
export const simReversals = sqliteTable(
  "sim_reversals",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["refund", "dispute"] }).notNull(),
    paymentIntent: text("payment_intent").notNull(),
    chargeId: text("charge_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("sim_reversals_created_idx").on(t.createdAt)],
);

/** What the wallets booked of the provider's money: packs credited, refunds and disputes reversed (migration 0038). */
export const paymentBookings = sqliteTable(
  "payment_bookings",
  {
    kind: text("kind", { enum: ["credit", "refund", "dispute"] }).notNull(),
    reference: text("reference").notNull(),
    userId: text("user_id").notNull(),
    paymentIntent: text("payment_intent"),
    amountCents: integer("amount_cents").notNull(),
    bookedAt: integer("booked_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.reference] }), index("payment_bookings_booked_idx").on(t.bookedAt)],
);

/** One reconciliation of a UTC day with the payment provider (migration 0038, worker/reconciliation/). */
export const reconciliationRuns = sqliteTable(
  "reconciliation_runs",
  {
    id: text("id").primaryKey(),
    day: text("day").notNull(),
    trigger: text("trigger", { enum: ["cron", "operator"] }).notNull(),
    requestedBy: text("requested_by"),
    provider: text("provider").notNull(),
    status: text("status", { enum: ["ok", "failed"] }).notNull(),
    error: text("error"),
    counts: text("counts").notNull().default("{}"),
    differences: integer("differences").notNull().default(0),
    startedAt: integer("started_at").notNull(),
    finishedAt: integer("finished_at").notNull(),
  },
  (t) => [index("reconciliation_runs_day_idx").on(t.day, t.startedAt), index("reconciliation_runs_started_idx").on(t.startedAt)],
);

/** The differences a reconciliation run found, each with its references (migration 0038). */
export const reconciliationDifferences = sqliteTable(
  "reconciliation_differences",
  {
    runId: text("run_id").notNull(),
    seq: integer("seq").notNull(),
    view: text("view", { enum: ["packs", "payouts", "reversals"] }).notNull(),
    kind: text("kind").notNull(),
    userId: text("user_id"),
    providerRef: text("provider_ref"),
    vantageRef: text("vantage_ref"),
    providerCents: integer("provider_cents"),
    vantageCents: integer("vantage_cents"),
    at: integer("at").notNull(),
    detail: text("detail").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);

/** Each market's closing fair chance, captured once at its game's start (migration 0041, worker/clv/). */
export const marketCloses = sqliteTable(
  "market_closes",
  {
    eventId: text("event_id").notNull(),
    market: text("market").notNull(),
    side: text("side").notNull(),
    /** The line as text, '' for the moneyline: part of the key. */
    lineKey: text("line_key").notNull(),
    line: real("line"),
    p: real("p").notNull(),
    snapshotAt: integer("snapshot_at").notNull(),
    capturedAt: integer("captured_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.market, t.side, t.lineKey] })],
);

/** Each side of a player's market at close, from the desk's last props answer before the start (migration 0045, worker/clv/). */
export const propCloses = sqliteTable(
  "prop_closes",
  {
    eventId: text("event_id").notNull(),
    playerId: text("player_id").notNull(),
    marketKey: text("market_key").notNull(),
    side: text("side").notNull(),
    /** The line as text, '' for a yes market: part of the key. */
    lineKey: text("line_key").notNull(),
    line: real("line"),
    p: real("p").notNull(),
    snapshotAt: integer("snapshot_at").notNull(),
    capturedAt: integer("captured_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.playerId, t.marketKey, t.side, t.lineKey] })],
);

/** A game's score model at close, for re-pricing same-game blocks (migration 0041). */
export const gameModelCloses = sqliteTable("game_model_closes", {
  eventId: text("event_id").primaryKey(),
  modelJson: text("model_json").notNull(),
  snapshotAt: integer("snapshot_at").notNull(),
  capturedAt: integer("captured_at").notNull(),
});

/** Each settled bet's closing-line value (migration 0041): the Sharpest leaderboard's rows. */
export const betClv = sqliteTable(
  "bet_clv",
  {
    betId: text("bet_id").primaryKey(),
    userId: text("user_id").notNull(),
    wallet: text("wallet", { enum: ["coins", "cash"] }).notNull(),
    settledAt: integer("settled_at").notNull(),
    prematchLegs: integer("prematch_legs").notNull(),
    clv: real("clv"),
    computedAt: integer("computed_at").notNull(),
  },
  (t) => [index("bet_clv_wallet_settled_idx").on(t.wallet, t.settledAt), index("bet_clv_user_idx").on(t.userId, t.settledAt)],
);

/** Signed receipts of placed bets and paid redemptions, one per subject (migration 0043, worker/receipts/). */
export const receipts = sqliteTable(
  "receipts",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["bet", "payout"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    userId: text("user_id").notNull(),
    /** The UTC day it was issued: the day whose Merkle tree holds its leaf. */
    day: text("day").notNull(),
    salt: text("salt").notNull(),
    hash: text("hash").notNull(),
    recordJson: text("record_json").notNull(),
    signature: text("signature").notNull(),
    keyId: text("key_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("receipts_subject").on(t.kind, t.subjectId), index("receipts_by_day").on(t.day, t.id)],
);

/** Each sealed UTC day's published Merkle root, chained to the previous day's (migration 0043). */
export const receiptDays = sqliteTable("receipt_days", {
  day: text("day").primaryKey(),
  root: text("root").notNull(),
  previousRoot: text("previous_root").notNull(),
  treeRoot: text("tree_root").notNull(),
  count: integer("count").notNull(),
  sealedAt: integer("sealed_at").notNull(),
});
