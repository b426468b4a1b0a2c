// What each API route does, in a sentence or two, and which shared zod schemas describe
// its parts: the hand-written half of docs/api.md. The route table itself (methods,
// paths, access) is read from the live app, and docs-in-step.test.ts fails when a route
// has no note here, a note names a route that no longer exists, or a note names a schema
// that src/shared/schemas does not export. Add a note with every new route, then run
// `npm run docs`.
import type { z } from "zod";
import * as apiError from "../../../src/shared/schemas/api-error";
import * as bets from "../../../src/shared/schemas/bets";
import * as bonus from "../../../src/shared/schemas/bonus";
import * as checkout from "../../../src/shared/schemas/checkout";
import * as events from "../../../src/shared/schemas/events";
import * as health from "../../../src/shared/schemas/health";
import * as protection from "../../../src/shared/schemas/protection";
import * as redemptions from "../../../src/shared/schemas/redemptions";
import * as social from "../../../src/shared/schemas/social";
import * as user from "../../../src/shared/schemas/user";

/** The shared schema modules by file name (src/shared/schemas/<name>.ts). */
export const SHARED_SCHEMA_MODULES = {
  "api-error": apiError,
  bets,
  bonus,
  checkout,
  events,
  health,
  protection,
  redemptions,
  social,
  user,
} as const;

type Modules = typeof SHARED_SCHEMA_MODULES;
type SchemaNames<M> = { [K in keyof M]: M[K] extends z.ZodType ? K : never }[keyof M] & string;
/** `file#ExportName` of a zod schema exported from src/shared/schemas/<file>.ts. */
export type SchemaRef = { [F in keyof Modules & string]: `${F}#${SchemaNames<Modules[F]>}` }[keyof Modules & string];

export const SECTIONS = [
  {
    title: "Health and sign-in",
    intro:
      "Sign-in is Google OpenID Connect, or the embedded development provider when no Google client is set (see [the architecture](architecture.md)). The routes under `/api/auth` share a per-address limit of 100 requests a minute.",
  },
  { title: "The player", intro: "The signed-in player's own document, settings and protection choices." },
  { title: "Odds", intro: "Boards come from the KV cache in front of the feed (The Odds API, or the embedded simulator)." },
  {
    title: "Bets and the live socket",
    intro: "Every bet is placed in the player's wallet Durable Object, in one transaction with its ledger row.",
  },
  {
    title: "Bonus, coin shop and redemption",
    intro:
      "Checkout, `/connect/*` and withdrawals share a per-player limit of 30 calls a minute. Stripe, or the embedded simulated provider, sits behind one payments interface.",
  },
  {
    title: "Social",
    intro:
      "Public reads need no token, give the same answer to every reader (players only under their handle, never a display name or e-mail), answer `Cache-Control: public, max-age=SOCIAL_CACHE_SECONDS` and are limited to 120 per 10 s per client address. What a signed-in player sees about themselves is a separate, uncached request.",
  },
  {
    title: "Operators",
    intro:
      "The operator console's API ([operations](operations.md#the-operator-console)). Only the Google account each `ADMIN_EMAILS` address was pinned to at its first sign-in is an operator. Every result, void, correction, freeze, unfreeze, fraud-warning clearance, adjustment, date-of-birth correction, approval request and decision, dead-letter replay and ledger check writes one row to the append-only audit log (D1 `admin_audit`), with the action itself. Nobody acts on their own account (403 `own-account`); money-moving routes (adjustments, approvals, results, replays) need a sign-in from the last `ADMIN_STEP_UP_MINUTES` (403 `step-up-required`).",
  },
  {
    title: "Development only",
    intro:
      'These exist only beside the embedded defaults (`APP_ENV = "development"` and the matching secret unset); otherwise they answer 404 like any unknown path, and beside a live Stripe key 503 `not-configured`.',
  },
] as const;

export type RouteNote = {
  section: (typeof SECTIONS)[number]["title"];
  /** What the route does and answers; refusals worth knowing. */
  does: string;
  /** Only for a handler that checks the token itself (no access middleware in front of it). */
  access?: "player";
  query?: SchemaRef;
  body?: SchemaRef;
  /** The answer's schema; `[]` when the answer is a JSON array of it. */
  answer?: SchemaRef | `${SchemaRef}[]`;
};

export const ROUTE_NOTES: Record<string, RouteNote> = {
  "GET /api/health": {
    section: "Health and sign-in",
    does: "`{ ok: true }` once the Worker is up; nothing of ours runs (the benchmark's floor).",
  },
  "POST /api/auth/session": {
    section: "Health and sign-in",
    does: "`{idToken}` from the development provider → a session: a 15-minute access token in the body and a rotating refresh token in an `HttpOnly` cookie. Exists only beside the embedded identity provider; with Google the redirect flow is the only way in.",
  },
  "POST /api/auth/refresh": {
    section: "Health and sign-in",
    does: "Rotates the refresh cookie and answers a new access token with the player's document; no valid cookie → 401 and the cookie cleared. A replayed refresh token revokes its whole sign-in.",
  },
  "POST /api/auth/logout": {
    section: "Health and sign-in",
    does: "Ends this browser's sign-in: its refresh tokens, its access tokens and its live sockets; other sign-ins of the player stay open. `{ ok: true }`.",
  },
  "GET /api/auth/google/start": {
    section: "Health and sign-in",
    does: "`?from=/path`: binds state, nonce and a PKCE verifier to the browser and redirects to the provider; a failure lands on `/?login_error=<code>`.",
  },
  "GET /api/auth/google/callback": {
    section: "Health and sign-in",
    does: "Exchanges the code, verifies the ID token, starts a session and redirects to the `from` path; a failure lands on `/?auth_error=<code>` (JSON for requests that are not navigations).",
  },
  "GET /api/me": {
    section: "The player",
    does: "The player's document: balances, owed, redeemable and still-to-play cash, protection state, profile.",
    answer: "user#UserDocumentSchema",
  },
  "PATCH /api/me": {
    section: "The player",
    does: "Partial update of `displayName` (no invisible or direction-changing characters), `dateOfBirth` (stored once; another one is 409 `date-of-birth-set`), `handle` (400 `invalid-handle` / `handle-reserved`, 409 `handle-taken`; `null` withdraws share links), `profileHidden` (`true` withdraws share links) and `showCashResults`; answers the document.",
    body: "user#UpdateMeRequestSchema",
    answer: "user#UserDocumentSchema",
  },
  "POST /api/me/break": {
    section: "The player",
    does: '`{period: "24h"|"7d"|"30d"|"permanent"}`: a break that cannot be ended early; answers the document.',
    body: "protection#BreakRequestSchema",
    answer: "user#UserDocumentSchema",
  },
  "PUT /api/me/limits": {
    section: "The player",
    does: "Daily stake and daily/weekly/monthly purchase limits (`null` removes): lower at once, higher or removed after `LIMIT_RAISE_DELAY_HOURS`; answers the document.",
    body: "protection#LimitsRequestSchema",
    answer: "user#UserDocumentSchema",
  },
  "GET /api/events": {
    section: "Odds",
    does: "`?sport=…&markets=h2h,spreads,totals&regions=us,us2&oddsFormat=american`: the board of one of the eight sports (any other query is a 400), with `X-Feed-Now`, `X-Odds-Fetched-At` and `X-Odds-Stale: 1` when a stale copy is served because the feed failed (otherwise a 502).",
    answer: "events#EventSchema[]",
  },
  "GET /api/sports": {
    section: "Odds",
    does: "`{feedNow, sports: [{key, label, mapped}], live: {refreshSeconds, betDelaySeconds}}`: the feed's clock, which sports the feed carries, and the live cadence and bet delay.",
  },
  "POST /api/placeBet": {
    section: "Bets and the live socket",
    does: "Places singles or one parlay; needs an `Idempotency-Key` header (`IdempotencyKeySchema`): the same key answers the first answer again and moves no money, with another slip it is a 422. A moved price or line is 409 `price-changed` with the current prices, a live leg the live rules hold back (suspended or closed) 409 `market-suspended` naming it (`MarketSuspendedRefusalSchema`), an unconfirmable live price or no fresh scores after the delay 409 `odds-stale`; slips with a live leg are held for the live-bet delay first, then judged on fresh scores. At most 200 per 10 s per player.",
    body: "bets#PlaceBetRequestSchema",
    answer: "bets#PlaceBetResponseSchema",
  },
  "GET /api/bets": {
    section: "Bets and the live socket",
    does: "The player's bets newest first, a page at a time (`nextCursor`).",
    query: "bets#BetsQuerySchema",
    answer: "bets#BetsPageSchema",
  },
  "GET /api/live": {
    section: "Bets and the live socket",
    access: "player",
    does: "WebSocket. The access token is offered as the sub-protocol `vantage.token.<token>` beside `vantage.live.v1`, never in the query string; pushes a message on every change of balances or bets; closes with 4002 when the token expires and 4001 when its sign-in logs out.",
    answer: "bets#LiveMessageSchema",
  },
  "POST /api/grantDailyBonus": {
    section: "Bonus, coin shop and redemption",
    does: "The daily bonus, once per Eastern-time day (a second claim answers `alreadyClaimed`), with the streak milestone every 7th consecutive day.",
    answer: "bonus#DailyBonusResponseSchema",
  },
  "POST /api/checkout/session": {
    section: "Bonus, coin shop and redemption",
    does: "`{amountCents}` of one of the eight packs → the checkout page's `url`; refused by region, protection state or the purchase limits before any session is made.",
    body: "checkout#CheckoutSessionRequestSchema",
    answer: "checkout#CheckoutSessionResponseSchema",
  },
  "POST /api/stripe/webhook": {
    section: "Bonus, coin shop and redemption",
    does: "Stripe events, signature verified on the raw body (300 s tolerance; 256 KB at most; no `Stripe-Signature` is refused before the body is read): completed checkouts credit their pack once, disputes and refunds take it back, early fraud warnings pause redemptions (and, when actionable, refund the charge and take the pack back); 503 when a refund could not be made yet, so Stripe delivers again.",
  },
  "GET /api/connect/status": {
    section: "Bonus, coin shop and redemption",
    does: "The payout account's state, answered from D1 for `CONNECT_STATUS_CACHE_MS`; `payoutIdentityInUse: true` when its bank account belongs to another player.",
    answer: "redemptions#ConnectStatusSchema",
  },
  "POST /api/connect/create-or-link": {
    section: "Bonus, coin shop and redemption",
    does: "Creates the player's payout account, or answers the existing one.",
    answer: "redemptions#ConnectStatusSchema",
  },
  "POST /api/connect/onboarding-link": {
    section: "Bonus, coin shop and redemption",
    does: "`{url}` of the provider's onboarding page for the payout account.",
  },
  "POST /api/withdrawals": {
    section: "Bonus, coin shop and redemption",
    does: "`{amount}` (cents, at least `REDEMPTION_MIN_CENTS`): moves the amount into a pending redemption in one wallet step, then pays it out. The redemption id (and its transfer group, metadata and idempotency keys) is derived from the player and the `Idempotency-Key`. Refusals: 409 `redemptions-paused` (also when a payment came under review between the hold and the transfer: the amount went back), 403 `playthrough-required` (with `details: {cashToPlay, redeemableCash}`), 403 `purchase-held` (with `details.purchaseHolds`), 403 `payout-identity-in-use`, the protection codes.",
    body: "redemptions#WithdrawalRequestSchema",
    answer: "redemptions#WithdrawalResponseSchema",
  },
  "GET /api/withdrawals": {
    section: "Bonus, coin shop and redemption",
    does: "The player's redemptions; a payout whose outcome is unknown and due is retried first.",
    answer: "redemptions#WithdrawalListSchema",
  },
  "GET /api/social/leaderboard": {
    section: "Social",
    does: "`?period=week|all&wallet=coins|cash&metric=profit|roi|streak`: the top 50 as `{entries:[{rank,handle,value}]}`, the same public answer for every reader (a token is ignored); only players with a handle and a visible profile are listed (on a Vantage Cash board, only those who show their Vantage Cash results); `value` is minor units, a ratio (roi) or a count.",
    query: "social#LeaderboardQuerySchema",
    answer: "social#LeaderboardResponseSchema",
  },
  "GET /api/social/leaderboard/me": {
    section: "Social",
    does: "Same query: `{me:{rank,value}|null}`, the signed-in viewer's place among the listed players, also when they are not listed themselves; null when hidden or not ranked. `Cache-Control: private, no-store`.",
    query: "social#LeaderboardQuerySchema",
    answer: "social#LeaderboardRankResponseSchema",
  },
  "GET /api/public/profiles/:handle": {
    section: "Social",
    does: "A public profile under the handle only (no display name); Vantage Cash figures and picks only when the player shows them (`statistics.cash` null otherwise); 404 when hidden or unknown.",
    answer: "social#PublicProfileSchema",
  },
  "GET /api/public/picks/:shareId": {
    section: "Social",
    does: "`{pick, sharedAt}` of a shared bet, its owner by handle only; unknown or withdrawn links (the owner hid the profile or dropped the handle) 404.",
    answer: "social#SharedPickResponseSchema",
  },
  "POST /api/bets/:betId/share": {
    section: "Social",
    does: "`{shareId, url}`, owner only (404 otherwise); one stable id per bet: 128 random bits, base64url. Without a handle 409 `handle-required`, with a hidden profile 409 `profile-hidden`.",
    answer: "social#ShareResponseSchema",
  },
  "GET /api/follows/:handle": {
    section: "Social",
    does: "`{handle, following}`: whether the player follows that handle.",
  },
  "PUT /api/follows/:handle": {
    section: "Social",
    does: "Follows a player: `{handle, following}`; yourself 400, unknown or hidden 404, more than `FOLLOWS_MAX` 409 `follow-limit`.",
  },
  "DELETE /api/follows/:handle": {
    section: "Social",
    does: "Stops following a player: `{handle, following}`.",
  },
  "GET /api/social/following": {
    section: "Social",
    does: "`{following:[{handle}], picks:[…]}` newest first: settled picks, and open ones once every game in them has started; Vantage Cash picks only of players who show them.",
    answer: "social#FollowingResponseSchema",
  },
  "POST /api/admin/events/:eventId/result": {
    section: "Operators",
    does: "`{homeScore, awayScore, reason?}` settles a game by hand, `{void: true}` voids it (every stake refunded), `{homeScore, awayScore, correction: true, reason}` corrects a settled one. A final for a game the feed still shows under way answers 202 `{request}` and waits for a second operator; an operator holding a bet on the game gets 403 `holds-bet`. A game that already has a result answers 409 unless corrected; a score for a game that has not started is 409 (it can only be voided).",
  },
  "PUT /api/admin/players/:userId/date-of-birth": {
    section: "Operators",
    does: "`{dateOfBirth, reason?}` corrects a mistyped date of birth; reopens an account closed only by the age rule.",
  },
  "GET /api/admin/feed-status": {
    section: "Operators",
    does: "The feed's provider, credit guard and per-sport quota headers (D1 `feed_status`).",
  },
  "GET /api/admin/players": {
    section: "Operators",
    does: "`?q=`: `{players: [{uid, email, displayName, handle}]}` by e-mail prefix, handle or exact id.",
  },
  "GET /api/admin/players/:uid": {
    section: "Operators",
    does: "Balances, owed, redeemable, `ledger` (newest 100), bets, redemptions, disputes, `frozen` with the operator's reason, protection state, payout-identity refusals.",
  },
  "POST /api/admin/players/:uid/freeze": {
    section: "Operators",
    does: "`{reason}`: `{frozen, changed}`; audited when it changed.",
  },
  "POST /api/admin/players/:uid/unfreeze": {
    section: "Operators",
    does: "`{reason}`: `{frozen, changed}`; audited when it changed.",
  },
  "POST /api/admin/players/:uid/fraud-warnings/:warningId/clear": {
    section: "Operators",
    does: "`{reason}`: clears one early fraud warning of the player, so it no longer pauses redemptions; audited once (a second clearance answers `changed: false`); unknown warning 404.",
  },
  "POST /api/admin/players/:uid/adjustments": {
    section: "Operators",
    does: '`{wallet: "coins"|"cash", amount, reason, adjustmentId?}` in signed minor units. Vantage Cash, or Coins above `ADJUSTMENT_APPROVAL_COINS`: 202 `{request}`, applied only when a second operator approves it. Otherwise one `admin_adjustment` ledger row and one audit row per `adjustmentId` (or `Idempotency-Key`); a retry answers `replayed: true`; no reason is a 400, below zero 409 `insufficient-funds`.',
  },
  "GET /api/admin/approvals": {
    section: "Operators",
    does: "`?status=pending|all&limit=`: `{requests: [{id, kind, subject, subjectLabel, payload, requestedBy, reason, status, decidedBy, decidedAt, decisionReason, outcome}]}`, newest first.",
  },
  "POST /api/admin/approvals/:id/approve": {
    section: "Operators",
    does: "`{reason?}`: applies the request once (its id is the idempotency key) and answers `{request}` with its `outcome`. The requester gets 403 `own-request`, an operator whose own account it is 403 `own-account`, one holding a bet on the game 403 `holds-bet`; a decided request 409 `already-decided`.",
  },
  "POST /api/admin/approvals/:id/reject": {
    section: "Operators",
    does: "`{reason}`: nothing is applied; `{request}`. Same refusals as approving.",
  },
  "POST /api/admin/players/:uid/ledger-check": {
    section: "Operators",
    does: "The wallet's ledger audit after draining its outbox: ledger sums = balances, owed = owed-ledger sum, D1 `wallet_balances` = wallet; `{ok, mismatches}`.",
  },
  "GET /api/admin/ledger-audit": {
    section: "Operators",
    does: "`?after=&limit=&sample=1`: one page of ledger checks over every player (what `npm run audit` walks): `{checked, mismatches, next}`.",
  },
  "GET /api/admin/feed": { section: "Operators", does: "The console's Feed view." },
  "GET /api/admin/settlement": { section: "Operators", does: "The console's Settlement view." },
  "GET /api/admin/health": {
    section: "Operators",
    does: "The console's Health view: the last 24 hours of metrics in 15-minute buckets (Analytics Engine in production, the embedded store in development); 503 `not-configured` without `METRICS_ACCOUNT_ID`/`METRICS_API_TOKEN`, 503 `metrics-unavailable` when the store cannot be read.",
    answer: "health#HealthResponseSchema",
  },
  "GET /api/admin/audit": {
    section: "Operators",
    does: "`?target=&before=&limit=`: `{entries: [{id, at, actor, action, target, reason, details}]}`, newest first.",
  },
  "GET /api/admin/settlement/runs": {
    section: "Operators",
    does: "`?limit=`: `{runs}`, each settlement run's progress (messages enqueued, wallets settled, legs graded, bets settled, `drained_at`).",
  },
  "GET /api/admin/dead-letters": {
    section: "Operators",
    does: "`?status=open|all&limit=`: `{deadLetters}`, settlement messages that exhausted their retries (`all` includes replayed ones).",
  },
  "POST /api/admin/dead-letters/:id/replay": {
    section: "Operators",
    does: "`{reason?}`: puts the same body back on the settlement queue (safe to repeat); 202 `{deadLetter, queued: true}`, audited.",
  },
  "GET /api/auth/dev/jwks": {
    section: "Development only",
    does: "The development identity provider's public keys (JWKS), which the sign-in flow verifies its RS256 ID tokens with.",
  },
  "POST /api/auth/dev/id-token": {
    section: "Development only",
    does: "`{email, name?}` → `{idToken}` for tests and scripts, to exchange at `POST /api/auth/session`.",
  },
  "GET /api/auth/dev/authorize": {
    section: "Development only",
    does: "The development account chooser (HTML): `ada@`, `grace@`, `alan@`, `admin@vantage.test` or any other e-mail.",
  },
  "POST /api/auth/dev/authorize": {
    section: "Development only",
    does: "The chooser's form: redirects back to the callback with a code and the state.",
  },
  "POST /api/auth/dev/token": {
    section: "Development only",
    does: "The development provider's token endpoint: exchanges the code (with the PKCE verifier) for an ID token.",
  },
  "GET /api/dev/sim/clock": {
    section: "Development only",
    does: "`{offsetMs, simNow}`: how far the odds simulator's clock runs ahead.",
  },
  "POST /api/dev/sim/advance": {
    section: "Development only",
    does: "`{minutes}` (1 to a week): moves the simulator's clock forward; answers `{offsetMs, simNow}`.",
  },
  "GET /api/payments/sim/checkout/:id": {
    section: "Development only",
    does: "The simulated checkout page of a pack (HTML); for a paid pack it shows what the wallet took back and offers Dispute, Refund half, Refund and the early fraud warnings.",
  },
  "POST /api/payments/sim/checkout/:id/pay": {
    section: "Development only",
    does: "Pays the simulated checkout: the signed `checkout.session.completed` event goes through the real webhook handler.",
  },
  "POST /api/payments/sim/checkout/:id/dispute": {
    section: "Development only",
    does: "Opens a dispute on the paid pack (`charge.dispute.created`).",
  },
  "POST /api/payments/sim/checkout/:id/dispute/:outcome{won|lost}": {
    section: "Development only",
    does: "Closes the dispute as won or lost (`charge.dispute.closed`).",
  },
  "POST /api/payments/sim/checkout/:id/refund/:share{half|full}": {
    section: "Development only",
    does: "Refunds half or all of the pack (`charge.refunded`).",
  },
  "POST /api/payments/sim/checkout/:id/fraud-warning/:kind{actionable|informational}": {
    section: "Development only",
    does: "Sends the issuer's early fraud warning on the paid pack (`radar.early_fraud_warning.created`), actionable (the charge is refunded and the pack reversed) or not (redemptions pause until an operator clears it).",
  },
  "POST /api/payments/sim/checkout/:id/cancel": {
    section: "Development only",
    does: "Cancels the simulated checkout and returns to the shop (`/shop?checkout=cancel`).",
  },
  "GET /api/payments/sim/onboarding/:accountId": {
    section: "Development only",
    does: "The simulated payout-account onboarding page (HTML): routing and account number.",
  },
  "POST /api/payments/sim/onboarding/:accountId/complete": {
    section: "Development only",
    does: "Enables payouts and returns to /redeem; the bank account is known by a keyed hash of its routing and account number (the number itself is never stored); an invalid number returns to the page.",
  },
};
