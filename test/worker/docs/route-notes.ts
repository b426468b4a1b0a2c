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
import * as cashOut from "../../../src/shared/schemas/cash-out";
import * as clv from "../../../src/shared/schemas/clv";
import * as checkout from "../../../src/shared/schemas/checkout";
import * as dataExport from "../../../src/shared/schemas/data-export";
import * as events from "../../../src/shared/schemas/events";
import * as play from "../../../src/shared/schemas/play";
import * as identity from "../../../src/shared/schemas/identity";
import * as pricing from "../../../src/shared/schemas/pricing";
import * as props from "../../../src/shared/schemas/props";
import * as health from "../../../src/shared/schemas/health";
import * as house from "../../../src/shared/schemas/house";
import * as protection from "../../../src/shared/schemas/protection";
import * as push from "../../../src/shared/schemas/push";
import * as receipts from "../../../src/shared/schemas/receipts";
import * as reconciliation from "../../../src/shared/schemas/reconciliation";
import * as risk from "../../../src/shared/schemas/risk";
import * as redemptionTimes from "../../../src/shared/schemas/redemption-times";
import * as redemptions from "../../../src/shared/schemas/redemptions";
import * as social from "../../../src/shared/schemas/social";
import * as sweepstakes from "../../../src/shared/schemas/sweepstakes";
import * as user from "../../../src/shared/schemas/user";

/** The shared schema modules by file name (src/shared/schemas/<name>.ts). */
export const SHARED_SCHEMA_MODULES = {
  "api-error": apiError,
  bets,
  bonus,
  "cash-out": cashOut,
  pricing,
  props,
  checkout,
  clv,
  "data-export": dataExport,
  events,
  play,
  identity,
  health,
  house,
  protection,
  push,
  receipts,
  reconciliation,
  "redemption-times": redemptionTimes,
  redemptions,
  risk,
  social,
  sweepstakes,
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
      "Public reads need no token, give the same answer to every reader (players only under their handle, never a display name or e-mail), answer `Cache-Control: public, max-age=0, s-maxage=SOCIAL_CACHE_SECONDS` (browsers ask again; the edge keeps them under Cache-Tags naming the player and the pick, a settlement purges them all, and hiding the profile, withdrawing share links, changing the handle or whether Vantage Cash results show purges the player's) and are limited to 120 per 10 s per client address. What a signed-in player sees about themselves is a separate, uncached request.",
  },
  {
    title: "Alerts",
    intro:
      "Opt-in Web Push ([link-first](link-first.md#alerts-that-matter)): each kind is off until the player turns it on; alerts are about the player's own account and never marketing.",
  },
  {
    title: "Operators",
    intro:
      "The operator console's API ([operations](operations.md#the-operator-console)). Only the Google account each `ADMIN_EMAILS` address was pinned to at its first sign-in is an operator. Every result, void, correction, freeze, unfreeze, fraud-warning clearance, adjustment, date-of-birth correction, identity reset, approval request and decision, dead-letter replay and ledger check writes one row to the append-only audit log (D1 `admin_audit`), with the action itself. Nobody acts on their own account (403 `own-account`); money-moving routes (adjustments, approvals, results, replays, fraud-warning clearance, unfreezing, date-of-birth correction, identity reset) need a sign-in from the last `ADMIN_STEP_UP_MINUTES` (403 `step-up-required`).",
  },
  {
    title: "Sweepstakes",
    intro:
      "The legal footing of Vantage Cash ([sweepstakes](sweepstakes.md)): the Official Sweepstakes Rules generated from the tunables and versioned in D1, the player's acceptance, free entry by post and the public winners list. Public reads are limited to 120 per 10 s per client address.",
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
    does: "`?from=/path`: binds state, nonce and a PKCE verifier to the browser and redirects to the provider; a failure lands on `/?login_error=<code>`. `&reauth=1` (an operator's step-up) asks the provider to authenticate the person again (`max_age=0`); the sign-in then records the ID token's `auth_time`.",
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
    does: "Limited per player (100 a minute, 429 `rate-limited`). Partial update of `displayName` (NFKC-normalised and stored so; letters, marks, digits, spaces and `. - _ '` only, no invisible or direction-changing characters), `dateOfBirth` (stored once; another one is 409 `date-of-birth-set`), `handle` (400 `invalid-handle` / `handle-reserved`, 409 `handle-taken` also for a look-alike of another player's; `null` withdraws share links), `profileHidden` (`true` withdraws share links) and `showCashResults`; a change that withdraws or alters what is public purges the edge's copies of that player's answers. Answers the document.",
    body: "user#UpdateMeRequestSchema",
    answer: "user#UserDocumentSchema",
  },
  "POST /api/me/break": {
    section: "The player",
    does: '`{period: "24h"|"7d"|"30d"|"permanent"}`: a break that cannot be ended early; it withdraws the open checkouts (holds released, sessions expired at the provider right after) and a pack paid during it is refunded, never credited. While it runs (for good when permanent) the player is left out of every public social answer (leaderboards, profile, shared picks, follows and feeds), and the edge copies of those are purged. Answers the document.',
    body: "protection#BreakRequestSchema",
    answer: "user#UserDocumentSchema",
  },
  "PUT /api/me/limits": {
    section: "The player",
    does: "Daily stake and daily/weekly/monthly purchase limits (`null` removes): lower at once, higher or removed after `LIMIT_RAISE_DELAY_HOURS`; a purchase limit lowered below what open checkouts hold withdraws the newest of them (expired at the provider; paid anyway, refunded). Answers the document.",
    body: "protection#LimitsRequestSchema",
    answer: "user#UserDocumentSchema",
  },
  "GET /api/play": {
    section: "The player",
    does: "Loss limits, the daily play-time limit and the reality-check interval (with waiting raises), minutes played today and left, the running session's reality check (due, time played, staked and net) and undismissed nudges near a limit.",
    answer: "play#PlayViewSchema",
  },
  "POST /api/play/heartbeat": {
    section: "The player",
    does: "Sent once a minute by each visible, signed-in tab: the minute counts once across tabs, devices and bets toward play time and the session (gaps under 10 minutes; a bet counts its minute too); answers the play view.",
    answer: "play#PlayViewSchema",
  },
  "PUT /api/play/limits": {
    section: "The player",
    does: "Daily/weekly/monthly loss limits per wallet (Coins, Vantage Cash), `dailyPlayMinutes` and `realityCheckMinutes` (30, 60 or 90); `null` removes. Stricter at once, looser after `LIMIT_RAISE_DELAY_HOURS`; each change is kept in the limit history. Bets past a loss limit answer 403 `loss-limit`, past the time limit (bets and purchases) 403 `time-limit`, with a reality check due 403 `reality-check-due`.",
    body: "play#PlayLimitsRequestSchema",
    answer: "play#PlayViewSchema",
  },
  "POST /api/play/reality-check": {
    section: "The player",
    does: '`{answer: "keep-playing"|"take-break"|"set-limit"}` answers a due reality check (the next falls due one interval later; an answer before a check is due changes nothing, so no check can be put off ahead); "take-break" also starts a 24-hour break, whenever it comes, which withdraws the open checkouts like `POST /api/me/break`. Answers the play view.',
    body: "play#RealityCheckAnswerRequestSchema",
    answer: "play#PlayViewSchema",
  },
  "POST /api/play/nudges/seen": {
    section: "The player",
    does: "`{ids}` dismisses nudges near a limit in the app; answers the play view.",
    body: "play#NudgesSeenRequestSchema",
    answer: "play#PlayViewSchema",
  },
  "GET /api/play/statement": {
    section: "The player",
    does: "My statement: this month and each past month (Eastern), per wallet: purchases, redemptions, stakes, results, bonuses, adjustments, net and total (equal to the month's ledger rows), dollars paid, minutes played, limits reached; and every limit and break change with when it was asked for and took effect.",
    answer: "play#StatementSchema",
  },
  "GET /api/me/export": {
    section: "The player",
    does: '"Download my data": `?format=csv|json&year=` (Eastern calendar year, default the current one): the year\'s ledger movements with the balances either side, bets placed, coin pack purchases, redemptions and the yearly totals of purchases and redemptions paid (net as information, not tax advice); sent as an attachment.',
    query: "data-export#DataExportQuerySchema",
    answer: "data-export#DataExportSchema",
  },
  "GET /api/push/config": {
    section: "Alerts",
    does: "How this browser subscribes to opt-in alerts: `real` with the VAPID public key, `embedded` (development: the embedded push service) or `unavailable`.",
    answer: "push#PushConfigSchema",
  },
  "POST /api/push/subscriptions": {
    section: "Alerts",
    does: "Registers this browser's push subscription (https endpoint of a known push service, or the embedded one in development, and a `p256dh` that is a P-256 public key; 400 otherwise); a player keeps their newest 10 browsers, a new one past that replacing the one subscribed longest ago. Answers the preferences.",
    body: "push#PushSubscriptionRequestSchema",
    answer: "push#PushPreferencesSchema",
  },
  "DELETE /api/push/subscriptions": {
    section: "Alerts",
    does: "`{endpoint}`: removes this browser's subscription; answers the preferences.",
    body: "push#PushUnsubscribeRequestSchema",
    answer: "push#PushPreferencesSchema",
  },
  "GET /api/push/preferences": {
    section: "Alerts",
    does: "Each kind of alert on or off (all off until turned on) and how many browsers are subscribed.",
    answer: "push#PushPreferencesSchema",
  },
  "PUT /api/push/preferences": {
    section: "Alerts",
    does: "`{kind, enabled}`: turns one kind of alert on or off; answers the preferences.",
    body: "push#PushPreferenceRequestSchema",
    answer: "push#PushPreferencesSchema",
  },
  "GET /api/events": {
    section: "Odds",
    does: "`?sport=…&markets=h2h,spreads,totals&regions=us,us2&oddsFormat=american`: the board of one of the eight sports (any other query is a 400), with `X-Feed-Now`, `X-Odds-Fetched-At` and `X-Odds-Stale: 1` when a stale copy is served because the feed failed (otherwise a 502).",
    answer: "events#EventSchema[]",
  },
  "GET /api/events/:eventId/props": {
    section: "Odds",
    does: "`?sport=…`: one game's players' markets before it starts (each player's market at a line, with fair figures from at least PROP_FAIR_MIN_BOOKS books); fetched from the feed at most once per game per PROP_REFRESH_SECONDS worldwide (sooner only when a Vantage Cash slip or cash-out needs props fetched within PREMATCH_CASH_PRICE_MAX_AGE_SECONDS), and none once the game has started. `houseSuspended` lists the players' markets an operator suspended (each `{marketKey, playerId}`), which the page shows 'Suspended' and placement refuses. Per player at most 200 reads in 10 s, a budget apart from bets (429 `rate-limited`), so made-up game ids cannot keep the sport's desk busy.",
    answer: "props#EventPropsSchema",
  },
  "GET /api/sports": {
    section: "Odds",
    does: "`{feedNow, sports: [{key, label, mapped}], live: {refreshSeconds, betDelaySeconds}}`: the feed's clock, which sports the feed carries, and the live cadence and bet delay.",
  },
  "POST /api/placeBet": {
    section: "Bets and the live socket",
    does: "Places singles or one parlay; needs an `Idempotency-Key` header (`IdempotencyKeySchema`): the same key answers the first answer again and moves no money, with another slip it is a 422. A moved price or line is 409 `price-changed` with the current prices, a live leg the live rules hold back (suspended or closed) 409 `market-suspended` naming it (`MarketSuspendedRefusalSchema`), an unconfirmable live price or no fresh scores after the delay 409 `odds-stale`; slips with a live leg are held for the live-bet delay first, then judged on fresh scores. A player prop (market `Prop`, naming `playerMarket`) is priced against its game's current props, before the game starts only (a side the market does not have is 400 `invalid-prop-pick`), and a bet with one may pay at most PROP_MAX_PAYOUT_COINS / PROP_MAX_PAYOUT_CASH_CENTS (400 `prop-payout-above-maximum`). At most 200 per 10 s per player.",
    body: "bets#PlaceBetRequestSchema",
    answer: "bets#PlaceBetResponseSchema",
  },
  "GET /api/bets": {
    section: "Bets and the live socket",
    does: "The player's bets newest first, a page at a time (`nextCursor`).",
    query: "bets#BetsQuerySchema",
    answer: "bets#BetsPageSchema",
  },
  "GET /api/receipts/:id": {
    section: "Bets and the live socket",
    does: "The player's own receipt of a placed bet (`bet-<bet id>`) or a paid redemption (`payout-<redemption id>`): the record signed with Ed25519 over its RFC 8785 canonical JSON (key id inside, keys at `/.well-known/vantage-receipt-keys.json`), its salt, and once its UTC day is sealed the Merkle inclusion proof (else `proof: null`). Issued on first read when the write at placement or payment never landed. 404 for another player's or an unknown id; 503 `not-configured` where no signing key is set ([security](security.md#receipts)).",
    answer: "receipts#ReceiptSchema",
  },
  "GET /api/receipts/days/:day": {
    section: "Bets and the live socket",
    does: "Public: a sealed UTC day's (`YYYY-MM-DD`) published Merkle root over its receipts' salted hashes, the previous day's root it chains to, the tree root and the count; 404 until the cron seals the day (`RECEIPT_SEAL_AFTER_MINUTES` after it ends). Readable from any site (`Access-Control-Allow-Origin: *`), so a verifier elsewhere can check proofs. Cached like the other public reads; 120 per 10 s per address.",
    answer: "receipts#ReceiptDayRootSchema",
  },
  "GET /api/pricing": {
    section: "Odds",
    does: "Public: per sport over the last 30 days of settled bets, the average margin offered (1 − p_fair × d over legs placed with a fair price) and the hold kept per wallet (stakes less everything paid back, over stakes), with the rules in force (`FAIR_MIN_BOOKS`, `CASH_OUT_MARGIN`, `CASH_OUT_QUOTE_SECONDS`). Aggregates only; kept a minute; 120 per 10 s per address.",
    answer: "pricing#PricingStatsSchema",
  },
  "GET /api/bets/:id/cash-out": {
    section: "Bets and the live socket",
    does: "A cash-out quote for the whole open stake of the player's open bet: fair value (its open legs at the fair price now, a player prop's from its game's current props) less `CASH_OUT_MARGIN` percent, valid `CASH_OUT_QUOTE_SECONDS`. 404 for a bet not theirs, 403 where a bet from the bet's wallet would be refused (an operator's freeze, a break or closed account, `region-restricted`), 409 `bet-settled`, `cash-out-suspended` (a leg the live rules hold back, named with its reason), `cash-out-unavailable` (a leg without a fair price) or `odds-stale`. Each quote is written to the wallet, so quotes count toward the player's limit on betting actions (placements, quotes and accepts: 429 `rate-limited` past 200 in 10 s).",
    answer: "cash-out#CashOutQuoteSchema",
  },
  "POST /api/bets/:id/cash-out": {
    section: "Bets and the live socket",
    does: "Accepts a quote for `fraction` of the open stake (1 = all: the bet settles as `cashed_out`), paying once inside the wallet; needs an `Idempotency-Key` (a replay answers the first answer). With a live leg it waits the live-bet delay and is judged on fresh scores. A quote expired, used or moved is 409 `quote-expired` / `cash-out-moved` with the new quote (`CashOutMovedDetailsSchema`). Before the wallet pays, each game the bet has open picks on holds the share given back against the house's limit per market (`MAX_CASH_EXPOSURE_CENTS`, `MAX_COINS_EXPOSURE`): past it, 409 `cash-out-exposure-limit` with `{ wallet, largestStake, market }` (the largest share of stake that fits, 0 for none), nothing paid. On a market an operator suspended (the Risk view), 409 `cash-out-suspended-by-house` with `{ market }`, nothing paid until it reopens. Otherwise the same 409s as the quote.",
    body: "cash-out#CashOutRequestSchema",
    answer: "cash-out#CashOutResponseSchema",
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
    does: "`{amountCents}` of one of the eight packs → the checkout page's `url`; refused by region, protection state, the purchase limits or a chargeback the house lost (403 `purchases-closed-chargeback`) before any session is made, and by a break, closure or freeze that came while it was being made (that session is expired).",
    body: "checkout#CheckoutSessionRequestSchema",
    answer: "checkout#CheckoutSessionResponseSchema",
  },
  "GET /api/checkout/sessions/:sessionId": {
    section: "Bonus, coin shop and redemption",
    does: "What became of one of the player's checkouts, for the shop after the payment provider sends the player back (`?checkout=success&session=…`): `waiting` until the provider reports it, `credited`, or `declined` with why (`closed`, `break`, `withdrawn`: a limit, a break, or a place or billing address where packs are not offered), its payment then refunded in full. A session of another player's is one this player's wallet never saw: `waiting`. An id that is no checkout session's is 404.",
    answer: "checkout#CheckoutOutcomeSchema",
  },
  "POST /api/stripe/webhook": {
    section: "Bonus, coin shop and redemption",
    does: "Stripe events, signature verified on the raw body (300 s tolerance; 256 KB at most; no `Stripe-Signature` is refused before the body is read): completed checkouts credit their pack once (a player on a break or closed, or a withdrawn checkout: declined, refunded in full once, `declined` says why), disputes and refunds take it back, early fraud warnings hold redemptions until an operator clears them (and, when actionable, refund the charge and take the pack back); 503 when a refund could not be made yet, so Stripe delivers again (a declined pack's refund is also retried by the wallet until it is made).",
  },
  "POST /api/stripe/connect-webhook": {
    section: "Bonus, coin shop and redemption",
    does: "Stripe's Connect endpoint (connected accounts' events), signed with its own `STRIPE_CONNECT_WEBHOOK_SECRET`: `payout.paid` gives the redemptions it carried (the one in its metadata, else every one sent to that account by the payout's creation) the timeline's \"paid\" step, once under replays. `payout.failed` (the bank sent a payout back) of a redemption the payout names, for the player it names, of that redemption's amount: its transfer is taken back from the payout account and its amount returned to the Vantage Cash balance once (the timeline's \"bank-returned\" and \"returned\" steps; the wallet's alarm retries a reversal the provider could not make). A failed payout naming no redemption or another player is ignored for an operator.",
  },
  "GET /api/connect/status": {
    section: "Bonus, coin shop and redemption",
    does: "The payout account's state, answered from D1 for `CONNECT_STATUS_CACHE_MS`; `payoutIdentityInUse: true` when its bank account belongs to another player; `payeeNotVerifiedPerson: true` when payouts are enabled but its holder's legal name is not the player's verified person's; `payoutAddressNotRedeemable: true` when payouts are enabled but its holder's address (the Express individual's state) is in a region that offers no redemptions now.",
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
    does: "`{amount}` (cents, at least `REDEMPTION_MIN_CENTS`): moves the amount into a pending redemption in one wallet step, then pays it out. The redemption id (and its transfer group, metadata and idempotency keys) is derived from the player and the `Idempotency-Key`. Refusals: 409 `redemptions-paused` (also when a payment came under review between the hold and the transfer: the amount went back), 403 `playthrough-required` (with `details: {cashToPlay, redeemableCash}`), 403 `purchase-held` (with `details.purchaseHolds`), 403 `payout-identity-in-use`, 403 `payee-not-verified-person` (the payout account's holder, or the holder name its bank account carries where the provider gives one, keyed by name and the verified date of birth, is not the person the player's verified document shows, or that document showed no name), 403 `payout-address-restricted` (with `details: {region}`: the payout account holder's address, as the provider has it, is in a region that offers no redemptions now; judged in the wallet transaction, nothing held; a state is read by its code or its name, and an address without one it can read refuses nothing), 403 `under-age` also when the player is under the minimum age where that address is, 403 `identity-unverified`, `identity-in-use` or `identity-mismatch` (checked before the payout account and again inside the wallet transaction), the protection codes. A new account's first redemption (`REDEMPTION_REVIEW_NEW_ACCOUNT_DAYS`) and any that brings the player's redemptions in `REDEMPTION_REVIEW_WINDOW_DAYS` above `REDEMPTION_REVIEW_CENTS` answer 200 still pending, in review: a request in /api/admin/approvals.",
    body: "redemptions#WithdrawalRequestSchema",
    answer: "redemptions#WithdrawalResponseSchema",
  },
  "GET /api/withdrawals": {
    section: "Bonus, coin shop and redemption",
    does: "The player's redemptions, each with its timeline (requested → identity checked → in review → approved → sent → paid, or returned with the reason; each step's time), why it is held now and what comes next; a payout whose outcome is unknown and due is retried first.",
    answer: "redemptions#WithdrawalListSchema",
  },
  "GET /api/identity": {
    section: "Bonus, coin shop and redemption",
    does: "The player's identity state before redemption: none, pending, needs-input (with the provider's reason), verified, mismatch (the document's date of birth differs from the confirmed one) or in-use (the document verified another account).",
    answer: "identity#IdentityStateSchema",
  },
  "POST /api/identity/session": {
    section: "Bonus, coin shop and redemption",
    does: "Starts a verification (Stripe Identity: document and matching selfie, or the simulator's page) → `{url}`; the state becomes pending. 409 `identity-final` once verified, mismatched or in use.",
    answer: "identity#IdentitySessionSchema",
  },
  "POST /api/identity/webhook": {
    section: "Bonus, coin shop and redemption",
    does: "Stripe Identity events (`identity.verification_session.*`), signed with `STRIPE_IDENTITY_WEBHOOK_SECRET`: the session is read back with the restricted key; a verified document is claimed in D1 by its keyed hash (another account's document → in-use), then the wallet records the outcome (a different date of birth → mismatch). 503 when the provider cannot be read, so Stripe delivers again.",
  },
  "GET /api/social/leaderboard": {
    section: "Social",
    does: "`?period=week|all&wallet=coins|cash&metric=profit|roi|streak|clv`: the top 50 as `{entries:[{rank,handle,value}]}`, the same public answer for every reader (a token is ignored); only players with a handle and a visible profile, neither on a break nor closed for play, are listed (on a Vantage Cash board, only those who show their Vantage Cash results); `value` is minor units, a ratio (roi, and clv: the Sharpest board, average closing-line value of bets settled in the last 30 days from 50 settled pre-match legs, whatever the period) or a count.",
    query: "social#LeaderboardQuerySchema",
    answer: "social#LeaderboardResponseSchema",
  },
  "GET /api/social/leaderboard/me": {
    section: "Social",
    does: "Same query: `{me:{rank,value}|null}`, the signed-in viewer's place among the listed players, also when they are not listed themselves; null when hidden or not ranked. `Cache-Control: private, no-store`.",
    query: "social#LeaderboardQuerySchema",
    answer: "social#LeaderboardRankResponseSchema",
  },
  "GET /api/closes": {
    section: "Social",
    does: "Signed in: the closing fair prices (each side's fair chance, the score model for same-game blocks, and each player's market the desk had a props answer for near the start) of up to 50 games, `?eventIds=a,b`; a game without a close is absent. The SPA computes each pick's closing-line value from them (src/shared/clv.ts). `Cache-Control: private, no-store`.",
    query: "clv#ClosesQuerySchema",
    answer: "clv#ClosesResponseSchema",
  },
  "GET /api/public/profiles/:handle": {
    section: "Social",
    does: "A public profile under the handle only (no display name); Vantage Cash figures and picks only when the player shows them (`statistics.cash` null otherwise), and beside them `clv`: the average closing-line value and the share of bets that beat the close, under the same rule; 404 when hidden or unknown, and while the player is on a break or closed for play; another spelling of the handle (`AdA` for `ada`) is answered 302 to the canonical path.",
    answer: "social#PublicProfileSchema",
  },
  "GET /api/cards/picks/:shareId/:file": {
    section: "Social",
    does: "A shared pick's card as a 1200×630 PNG (`:file` is `open.png`, `won.png`, `lost.png`, `push.png` or `void.png`); a state other than the pick's own redirects (302) to the current one, and any query string (301) to the bare path; withdrawn links, and those of an owner on a break or closed for play, 404. Cached like the public reads. The share page `/p/:shareId` names it in `og:image`.",
  },
  "GET /api/cards/profiles/:handle/:file": {
    section: "Social",
    does: "A public profile's card as a 1200×630 PNG: the handle, member since, followers and the profile's Coins figures (and Vantage Cash ones when shown). `:file` is `<version>.png`, the version a digest of the figures drawn; another version, or another spelling of the handle (`AdA` for `ada`), redirects (302) to the current one, and any query string (301) to the bare path; hidden or unknown profiles, and those of players on a break or closed for play, 404. Cached like the public reads. The profile page `/u/:handle` names it in `og:image`.",
  },
  "GET /api/public/picks/:shareId": {
    section: "Social",
    does: "`{pick, sharedAt}` of a shared bet, its owner by handle only; unknown or withdrawn links (the owner hid the profile or dropped the handle) 404, and so do the links of an owner on a break or closed for play, until a break ends.",
    answer: "social#SharedPickResponseSchema",
  },
  "POST /api/bets/:betId/share": {
    section: "Social",
    does: "`{shareId, url}`, owner only (404 otherwise); one stable id per bet: 128 random bits, base64url. Without a handle 409 `handle-required`, with a hidden profile 409 `profile-hidden`, on a break 409 `on-break`, closed for play (by the player or as under age) 409 `account-closed`.",
    answer: "social#ShareResponseSchema",
  },
  "GET /api/follows/:handle": {
    section: "Social",
    does: "`{handle, following}`: whether the player follows that handle.",
  },
  "PUT /api/follows/:handle": {
    section: "Social",
    does: "Follows a player: `{handle, following}`; yourself 400, unknown or hidden (or on a break or closed for play) 404, more than `FOLLOWS_MAX` 409 `follow-limit`.",
  },
  "DELETE /api/follows/:handle": {
    section: "Social",
    does: "Stops following a player: `{handle, following}`.",
  },
  "GET /api/social/following": {
    section: "Social",
    does: "`{following:[{handle}], picks:[…]}` newest first: picks each of whose legs is graded or whose game has started (a bet cashed out before kick-off waits for it); Vantage Cash picks only of players who show them; players on a break or closed for play are left out.",
    answer: "social#FollowingResponseSchema",
  },
  "POST /api/admin/events/:eventId/result": {
    section: "Operators",
    does: "`{homeScore, awayScore, reason?}` settles a game by hand, `{void: true}` voids it (every stake refunded), `{homeScore, awayScore, correction: true, reason}` corrects a settled one. A final or correction for a game whose start time has passed answers 202 `{request}` and waits for a second operator, unless the price desk already reports that very final (never for a game whose result operators entered, corrected or voided); a void waits the same way once the game has started, or before it while an open parlay holds the game; an operator holding a bet on the game gets 403 `holds-bet`. A game that already has a result answers 409 unless corrected; a score for a game that has not started is 409 `not-started` (it can only be voided), and so is a correction of a game voided before its start; a correction of a void game on which a bet holds a player prop is 409 `void-holds-props` (the props were settled void and no score grades them). Such a request keeps the result it replaces (`payload.replaces`: `none`, or the game's final or void when asked), and approval applies it only to that result: one approved after the result changed fails with 409 `result-changed` (a leftover duplicate correction cannot take a score corrected since back to its own). A correction re-grades `CORRECTION_WALLETS_PER_CALL` holders' wallets per call; `pending` true says some are left (or failed), and the scheduled run re-grades them, a page per run.",
  },
  "PUT /api/admin/players/:userId/date-of-birth": {
    section: "Operators",
    does: "`{dateOfBirth, reason?}` corrects a mistyped date of birth; reopens an account closed only by the age rule. A verified identity document is held to the new date: agreeing turns a `mismatch` into `verified`, differing turns `verified` into `mismatch` (the answer's `identity`). Needs a recent sign-in.",
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
  "GET /api/admin/players/:uid/play": {
    section: "Operators",
    does: "Signs of harm: the player's statement (as My statement shows it), each flag with its count, threshold (`HARM_*` tunables) and dated evidence, and operators' notes on them.",
    answer: "play#PlayerPlayViewSchema",
  },
  "POST /api/admin/players/:uid/harm-flags": {
    section: "Operators",
    does: '`{flag, action: "note"|"contacted"|"break-7d", note}` notes a sign of harm and what was done (`break-7d` starts a 7-day break), audited as `harm-flag`; answers the notes.',
    body: "play#HarmNoteRequestSchema",
    answer: "play#HarmNoteAnswerSchema",
  },
  "GET /api/admin/region-rules": {
    section: "Operators",
    does: "The region rules: the table Vantage ships and the entries operators added (`{entry, requestedBy, approvedBy, createdAt}`, oldest first).",
  },
  "POST /api/admin/region-rules": {
    section: "Operators",
    does: "`{entry, reason}`: asks for a new region rule entry (region, mode, from, until for redeem-only, covers, minAge?, source); 202 `{request}` waits for a second operator, whose approval writes it to D1 `region_rule_entries` with its audit row (`region-rule`); it takes effect on its own day, no deploy. 400 `invalid-argument` with the entry's problem; needs a sign-in from the last `ADMIN_STEP_UP_MINUTES`.",
  },
  "POST /api/admin/players/:uid/operator-account": {
    section: "Operators",
    does: "`{operatorEmail, reason}`: names the player's account as that operator's own (an address in `ADMIN_EMAILS`, else 400 `not-an-operator`; the operator's own sign-in account is 409 `operator-account`). From then on it counts as theirs for adjustments, approvals, results and free entry, like an account sharing their verified document or payout account. Never taken back; audited once (`operator-account`); `{uid, changed, operatorAccounts}`.",
  },
  "POST /api/admin/players/:uid/freeze": {
    section: "Operators",
    does: "`{reason}`: `{frozen, changed}`; audited when it changed. On an account already frozen, the same reason changes nothing and another reason is a new freeze, audited with its reason and operator (the freeze shown keeps its first reason and operator), so an unfreeze asked against the old one answers 409 `freeze-changed`.",
  },
  "POST /api/admin/players/:uid/unfreeze": {
    section: "Operators",
    does: "`{reason}` (a sign-in from the last `ADMIN_STEP_UP_MINUTES`; freezing needs none): asks a second operator to unfreeze the player's account, which releases its held payouts and play: 202 `{request}` of kind `unfreeze` (`payload: {frozenAt}`, the `updatedAt` of the freeze it is asked against; asking again while it waits against the same freeze answers the same request), never approved by the asker or on an operator's own account, and never asked on one (403 `own-account`). Until approved the account stays frozen; approval unfreezes it in the player's wallet, which then sends the payouts the freeze held, audited once (`unfreeze`, by the approver, with the request's reason; the request's outcome `{uid, frozen, changed}`; `changed` false when the account is unfrozen already). Approval lifts only the freeze it was asked against: an account unfrozen and frozen again since (a new freeze) answers 409 `freeze-changed` and the request fails, as does a request stored before requests kept their freeze (`payload: {}`) while the account is frozen; ask again. An unknown player is 404 `not-found`; an account that is not frozen 409 `not-frozen`.",
  },
  "POST /api/admin/players/:uid/fraud-warnings/:warningId/clear": {
    section: "Operators",
    does: "`{reason}` (a sign-in from the last `ADMIN_STEP_UP_MINUTES`): asks a second operator to clear one early fraud warning of the player: 202 `{request}` of kind `fraud-warning-clear` (`payload: {warningId}`; asking again while it waits answers the same request), never approved by the asker or on an operator's own account, and never asked on one (403 `own-account`). Until approved the warning holds the player's redemptions and an actionable one's refund stays owed; approval clears it in the player's wallet, so it no longer holds redemptions and a refund still owed is no longer asked for, audited once (`fraud-warning-clear`, by the approver; the request's outcome `{uid, warningId, changed}`). An unknown player or a warning the player does not have is 404 `not-found`; a warning already cleared 409 `fraud-warning-cleared`.",
  },
  "POST /api/admin/players/:uid/identity/reset": {
    section: "Operators",
    does: "`{reason}` (required; a sign-in from the last `ADMIN_STEP_UP_MINUTES`): asks a second operator to start the player's identity check again, which releases the document and person it claimed so the person may verify another account: 202 `{request}` of kind `identity-reset` (`payload: {status, sessionId}`, the check's state and verification session when asked, `sessionId` null when it names none; asking again while it waits answers the same request), never approved by the asker or on an operator's own account, and never asked on one (403 `own-account`). Until approved the check stays as it is and its claims stand; approval puts it back at `none`, its verification session retired (its late events change nothing), audited once (`identity-reset`, by the approver, with the request's reason), then releases the player's document and person claims (the request's outcome `{uid, previous, changed, releasedDocuments}`; `changed` false when an approval that stopped midway finds the check reset already and only releases the claims). A check that is not the one it was asked against is not reset: another state, or a new verification session since that came to the same state (the check reset another way and begun again), answers 409 `identity-changed` and the request fails, as does a request stored before requests kept the session (no `sessionId`) while there is a check to reset; ask again. An unknown player is 404 `not-found`; nothing to reset 409 `identity-not-started`; a check whose document showed a minor 409 `identity-shows-minor`.",
  },
  "POST /api/admin/players/:uid/payout-identities/release": {
    section: "Operators",
    does: "`{fingerprint, reason}` (a sign-in from the last `ADMIN_STEP_UP_MINUTES`): asks a second operator to release a bank account the player's payouts claimed (the player's detail lists them as `payoutIdentities`), so another account may redeem to it: 202 `{request}` of kind `payout-identity-release`, never approved by the asker or on an operator's own account; approval deletes the claim if the player still holds it, audited (`payout-identity-release`). A bank account the player holds no claim on is 404 `payout-identity-not-found`.",
  },
  "POST /api/admin/players/:uid/adjustments": {
    section: "Operators",
    does: '`{wallet: "coins"|"cash", amount, reason, idempotencyKey?}` in signed minor units. Vantage Cash, Coins above `ADJUSTMENT_APPROVAL_COINS`, Coins that take the adjustments of the player over `ADJUSTMENT_APPROVAL_WINDOW_HOURS` past it (decided in the wallet transaction), or a Coins credit to a player who owes Coins: 202 `{request}`, applied only when a second operator approves it. Otherwise one `admin_adjustment` ledger row and one audit row per adjustment, whose id the server derives from the player and the `idempotencyKey` (or `Idempotency-Key`); a retry answers `replayed: true`; no reason is a 400, below zero 409 `insufficient-funds`.',
  },
  "GET /api/admin/approvals": {
    section: "Operators",
    does: "`?status=pending|all&limit=`: `{requests: [{id, kind, subject, subjectLabel, payload, requestedBy, reason, status, decidedBy, decidedAt, decisionReason, outcome}]}`, newest first; `kind` adjustment, result, redemption (the review queue), free-entry, region-rule, stats (a game's players' statistics entered by hand) prop-player-name (a change of the props' player names, `payload: {sport, feedName, entry, replaces}`, `entry` null for a removal) payout-identity-release (a bank account a player's payouts claimed, `payload: {fingerprint, accountId}`), fraud-warning-clear (an early fraud warning of the player, `payload: {warningId}`), unfreeze (lifting the player's freeze, `payload: {frozenAt}` with the freeze it was asked against; `{}` on requests stored before it was kept) or identity-reset (starting the player's identity check again, `payload: {status, sessionId}` with the check's state and verification session when asked; `sessionId` absent on requests stored before it was kept). A result request's `payload.replaces` is the game's result when it was asked (`none`, `{status: final, homeScore, awayScore}` or `{status: void}`; absent on requests stored before it was kept).",
  },
  "GET /api/admin/prop-players": {
    section: "Operators",
    does: "`?sport=` (a sport with props): the operators' corrections of the feed's player names, `{sport, names: [{feedName, playerId, displayName, team, updatedBy, updatedAt}]}` by feed name (`team` null when not given). Props resolve a name by its exact spelling here, then by its slug, else the slug is the player's id.",
  },
  "PUT /api/admin/prop-players": {
    section: "Operators",
    does: "`{sport, feedName, playerId, displayName, team?, reason?}`: asks that this spelling of the feed mean this player (`playerId` written as a slug), of `team` when given (the team's full name as the feed writes it, at most 80 characters; the props desk gives his props the side whose name it matches, case and accents aside, as the feed names players only). A name re-grades nothing and bets keep the player they were placed on, but it decides whose statistics grade the next props of that spelling, so a change is a `prop-player-name` request (202 `{request}`, its payload `{sport, feedName, entry, replaces}` with the entry it replaces) that a second operator approves: never one holding an open player-prop bet in the sport, and not while the requester holds one. Asking needs a fresh sign-in (403 `step-up-required`) and no open player-prop bet in the sport on any of your accounts (403 `holds-prop-bet`). Approval writes it only over the entry it was asked against (409 `prop-name-changed` otherwise), audited (`prop-player-name`) in the write's batch. What the map already says asks nobody: 200 with the sport's names and `changed` false. Nothing is invalidated: the next props refresh (`PROP_REFRESH_SECONDS`) after the approval reads the map anew. 400 `invalid-argument` naming the field.",
  },
  "DELETE /api/admin/prop-players": {
    section: "Operators",
    does: "`?sport=&feedName=&reason=`: asks to forget one correction, a `prop-player-name` request with `entry` null (202 `{request}`) under the same four eyes and `holds-prop-bet` rules as setting one; approved over the entry it was asked against, it is removed (audited, `prop-player-name-removed`) and the spelling's slug is its player's id again from the next props refresh. A spelling without an entry asks nobody: 200 with `changed` false.",
  },
  "GET /api/admin/prop-stats": {
    section: "Operators",
    does: "Final games whose open props wait for statistics (no box score; `deadline` is when they void, `PROP_GRADE_HOURS` after the final) and the 20 box scores recorded last, each with the players bet on (`players: [{playerId, name, stats, needsStart, openLegs}]`: what an entry must cover).",
  },
  "POST /api/admin/events/:eventId/stats": {
    section: "Operators",
    does: "`{players: [{playerId, name, team, played, stats}], reason}` for a final game with props: asks for a `stats` request (202 `{request}`) that a second operator holding no bet on the game approves. Statistics are whole numbers ≥ 0 keyed by what props grade on (`PROP_STATS`, and `started` 0/1 for a pitcher). Approved, a game without a box score gets this one (source `operator`, version 1) and its open props settle at once (the outcome names the settlement run); a game with one has it corrected (the version goes up) and every prop on the game re-graded once per version in each holder's wallet, moving only payout differences (winnings taken back, what was spent becoming owed); a correction asked against a version since replaced fails with `stats-changed`. The statistics already recorded ask nobody: 200 with the wallets driven again (to finish a correction some wallets missed; the scheduled run also goes on with it, a page of wallets per run). 400 `invalid-argument` naming the field, 400 `stats-incomplete` listing a player bet on or a statistic his markets need that the entry leaves out, 409 `stats-need-final`, 409 `stats-not-awaited` (no open props before their deadline, or no props at all), 403 `holds-bet`, 404 for an unknown game; needs a sign-in from the last `ADMIN_STEP_UP_MINUTES`.",
  },
  "POST /api/admin/approvals/:id/approve": {
    section: "Operators",
    does: "`{reason?}`: applies the request once (its id is the idempotency key) and answers `{request}` with its `outcome`. The requester gets 403 `own-request`, an operator whose own account it is 403 `own-account`, one holding a bet on the game 403 `holds-bet`; a result or statistics request whose requester holds a bet on the game (placed before or after asking) 409 `requester-holds-bet`; for a player name, an operator holding an open player-prop bet in the sport 403 `holds-prop-bet`, a requester holding one 409 `requester-holds-prop-bet`; a decided request 409 `already-decided`. Applying is refused, and the request fails, when what it replaces moved on since it was asked: a result request whose game no longer has the result it was asked against (nor already the one it asks) 409 `result-changed` (a correction stored before requests kept their starting point is refused so unless its score already stands), a player name whose entry changed 409 `prop-name-changed`, an identity reset whose player's check is no longer the one it was asked against (its state, or its verification session) 409 `identity-changed`, an unfreeze whose account was frozen again since it was asked 409 `freeze-changed` (requests stored before they kept the check or the freeze are refused so while there is one).",
  },
  "POST /api/admin/approvals/:id/reject": {
    section: "Operators",
    does: "`{reason}`: nothing is applied (a redemption in review goes back to the player's balance, with the reason in its timeline); `{request}`. Same refusals as approving.",
  },
  "POST /api/admin/players/:uid/ledger-check": {
    section: "Operators",
    does: "The wallet's ledger audit after draining its outbox: ledger sums = balances, owed = owed-ledger sum, D1 `wallet_balances` = wallet; `{ok, mismatches}`.",
  },
  "GET /api/admin/ledger-audit": {
    section: "Operators",
    does: "`?after=&limit=&sample=1`: one page of ledger checks over every player (what `npm run audit` walks): `{checked, mismatches, houseTotals, next}`, `houseTotals` the house accounts per currency summed over the page's wallets.",
  },
  "GET /api/admin/feed": { section: "Operators", does: "The console's Feed view." },
  "GET /api/admin/settlement": { section: "Operators", does: "The console's Settlement view." },
  "GET /api/admin/health": {
    section: "Operators",
    does: "The console's Health view: the last 24 hours of metrics in 15-minute buckets (Analytics Engine in production, the embedded store in development); 503 `not-configured` without `METRICS_ACCOUNT_ID`/`METRICS_API_TOKEN`, 503 `metrics-unavailable` when the store cannot be read.",
    answer: "health#HealthResponseSchema",
  },
  "GET /api/admin/house/liability": {
    section: "Operators",
    does: "The house's book, what it owes: `?days=` (1–366, 30) `&format=json|csv`. Vantage Cash (cents) and Coins held by players, the cash split as a redemption would judge it (`cashHeld`: redeemable now, held back by play-through or a purchase hold still running, each alone, the cash in pending redemptions, and the wallets not yet split), the open cash bets' potential payout and what players owe back (apart), from the D1 projection, and the daily history the cron records (one row per UTC day, with the pending redemptions); `format=csv` answers the history as text/csv.",
    answer: "house#HouseLiabilitySchema",
  },
  "GET /api/admin/house/hold": {
    section: "Operators",
    does: "The house's book, what it won: `?days=` (1–366, 30) `&format=json|csv`. Per UTC settled day, sport (or `multi`), kind (`single`, `parlay`, `same-game`, `props`, `cash-out`) and currency: bets, staked, paid, hold = staked − paid and `holdPct`; a cash-out's share counts as `cash-out`, voided stakes are left out; `format=csv` answers the rows as text/csv.",
    answer: "house#HouseHoldSchema",
  },
  "GET /api/admin/risk": {
    section: "Operators",
    does: "The Risk view: `?format=json\\|csv`. The games with open bets or a suspended market (at most 200), worst cash outcome first, from D1's copy the games' exposure objects write `EXPOSURE_DISPLAY_SECONDS` after a change: per game the house's worst result in Vantage Cash cents and in Coins (what it would pay less what it took; negative when it wins whatever happens), stakes, open bets, the worst market and the suspended ones, with the per-market limits in force; `format=csv` answers the games as text/csv.",
    answer: "risk#RiskListSchema",
  },
  "GET /api/admin/risk/:sport/:eventId": {
    section: "Operators",
    does: "One game's exposure read live from its object: per currency the positions, stakes and worst result over the game's outcomes (`bound` true when it is an upper bound), and per market the stakes, what the house pays if each selection wins and the worst; the suspended markets (who, when, why) and the positions still being placed (`reserved`). An unknown game answers an empty book.",
    answer: "risk#GameExposureViewSchema",
  },
  "POST /api/admin/risk/:sport/:eventId/suspend": {
    section: "Operators",
    does: "`{market, suspended, reason, game: {home, away, startTime}}`: stops (or, `suspended` false, resumes) new bets on one market of the game (its key as the detail lists it: `Moneyline`, `Spread`, `Total`, `Prop:<market>:<player>`); bets on it are then refused 409 `market-suspended-by-house`, open bets stand. Audited (`market-suspended` / `market-resumed`) before it takes effect. One operator suffices: it moves no money. Answers the game's exposure. 400 `invalid-argument` naming the field.",
    body: "risk#SuspendMarketRequestSchema",
    answer: "risk#GameExposureViewSchema",
  },
  "GET /api/admin/reconciliation": {
    section: "Operators",
    does: "The reconciliation with the payment provider: `?day=` (YYYY-MM-DD) `&view=packs|payouts|reversals&format=json|csv`. The 30 most recent runs (cron and operator, failed ones with their reason) and the chosen run (the day's latest, else the newest) with its differences, each with its references (checkout session, transfer, refund or dispute id; Vantage's booking or redemption id) and both amounts; `format=csv` answers the run's differences (one view's with `view=`) as text/csv.",
    query: "reconciliation#ReconciliationQuerySchema",
    answer: "reconciliation#ReconciliationAnswerSchema",
  },
  "POST /api/admin/reconciliation/run": {
    section: "Operators",
    does: "`{day, reason?}`: reconciles one ended UTC day now (400 `invalid-argument` for a day not yet ended) and answers the run with its differences, audited (`reconciliation`); 503 `provider-unavailable` when the provider cannot list its records (the failed run is stored).",
    body: "reconciliation#RunReconciliationSchema",
    answer: "reconciliation#RunReconciliationAnswerSchema",
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
    does: "`{reason?}`: puts the same player and games back on the settlement queue, each game with its result as D1 records it now (safe to repeat); 202 `{deadLetter, queued: true}`, audited.",
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
  "POST /api/dev/push/endpoints": {
    section: "Development only",
    does: "The embedded push service issues a subscription as `PushSubscription.toJSON()` gives one (`{endpoint, expirationTime, keys: {p256dh, auth}}`).",
  },
  "POST /api/dev/push/inbox/:id": {
    section: "Development only",
    does: "The embedded push endpoint: takes a VAPID-signed aes128gcm push (RFC 8291), decrypts and keeps it; 410 for an unknown subscription.",
  },
  "GET /api/dev/push/inbox/:id": {
    section: "Development only",
    does: "`?after=seq`: the messages the embedded push service received for the subscription, decrypted, oldest first (the SPA's in-app notifications).",
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
    does: "Sends the issuer's early fraud warning on the paid pack (`radar.early_fraud_warning.created`), actionable (the charge is refunded and the pack reversed) or not; either holds redemptions until an operator clears it.",
  },
  "POST /api/payments/sim/checkout/:id/cancel": {
    section: "Development only",
    does: "Cancels the simulated checkout and returns to the shop (`/shop?checkout=cancel`).",
  },
  "GET /api/payments/sim/onboarding/:accountId": {
    section: "Development only",
    does: "The simulated payout-account onboarding page (HTML): the holder's legal name, the state of the holder's address (prefilled with the one given before, else where the browser is, else TX), routing and account number.",
  },
  "GET /api/identity/sim/:id": {
    section: "Development only",
    does: "The simulated identity verification page (HTML): document type, country, number and date of birth (prefilled with the confirmed one), with Verified, Needs input and Date of birth differs.",
  },
  "POST /api/identity/sim/:id/complete": {
    section: "Development only",
    does: "Records the chosen outcome as the session's verified outputs, delivers it as a signed `identity.verification_session.*` event through the real webhook handler and returns to /redeem.",
  },
  "POST /api/payments/sim/onboarding/:accountId/complete": {
    section: "Development only",
    does: "Enables payouts and returns to /redeem; the bank account is known by a keyed hash of its routing and account number (the number itself is never stored); the holder's address state is kept as its region (`US-WA`; empty: no state, no region; absent: the page's default); an invalid number, name or state returns to the page.",
  },
  "GET /api/public/sweepstakes-rules": {
    section: "Sweepstakes",
    does: "The Official Sweepstakes Rules in force, `{version, effectiveAt, sections}`, written from the tunables (sponsor, ages, regions, play-through, purchase hold, free entry); any change of their text is the next version. 503 `not-configured` outside development while `SPONSOR_NAME` or `SPONSOR_ADDRESS` is empty.",
    answer: "sweepstakes#SweepstakesRulesSchema",
  },
  "GET /api/public/winners": {
    section: "Sweepstakes",
    does: 'The 50 most recent paid redemptions: day, amount, and the player\'s public handle (only when their profile is public and shows Vantage Cash results, and then no region), otherwise the region, as "a player in US-TX"; never a name or e-mail.',
    answer: "sweepstakes#WinnersSchema",
  },
  "GET /api/public/redemption-times": {
    section: "Sweepstakes",
    does: "How long redemptions took, for the winners page: the last 12 ISO weeks (UTC), newest first, each with its redemptions paid and returned, the median and 95th-percentile time from request to paid (nearest-rank, in ms) and the share held for identity, review or a hold; a week with fewer than 5 paid shows its counts only. Never an id, a name or an amount. Public, cached like the other public reads.",
    answer: "redemption-times#RedemptionTimesSchema",
  },
  "GET /api/public/region-rules": {
    section: "Sweepstakes",
    does: "The dated region table (each entry's region, mode, and what it means today, from, until, reach, minimum age, source and whether it is still to come) and the operators' Coins-only and blocked lists, for the page “Where Vantage Cash is offered”; the Official Sweepstakes Rules' “where void” clause is written from the same table. Public, cached like the other public reads.",
    answer: "sweepstakes#RegionOffersSchema",
  },
  "POST /api/me/rules-acceptance": {
    section: "Sweepstakes",
    does: "The player accepts the Official Sweepstakes Rules in force (`{version}`) and gets their user document back, which shows `rulesAcceptedVersion`. Until the version in force is accepted, Vantage Cash bets, purchases, withdrawals and daily bonus claims answer 403 `rules-not-accepted` (checked in the wallet's transaction; Coins play needs nothing). 409 `rules-changed` for any other version.",
    body: "sweepstakes#RulesAcceptanceRequestSchema",
    answer: "user#UserDocumentSchema",
  },
  "GET /api/free-entry/code": {
    section: "Sweepstakes",
    does: "The player's open free-entry request codes (unused, unexpired), issuing one when they hold none, with `FREE_ENTRY_CASH_CENTS`, `FREE_ENTRY_CODE_DAYS` and the sponsor's mailing address. 403 `rules-not-accepted` until the rules in force are accepted; refused in `BLOCKED_REGIONS` like the daily bonus.",
    answer: "sweepstakes#FreeEntryCodesSchema",
  },
  "POST /api/free-entry/code": {
    section: "Sweepstakes",
    does: "One more request code, the same answer as the GET; 409 `too-many-codes` at `FREE_ENTRY_OPEN_CODES` open codes.",
    answer: "sweepstakes#FreeEntryCodesSchema",
  },
  "POST /api/admin/free-entry": {
    section: "Sweepstakes",
    does: "Operators: records one received card by its code, postmark day and a note, as a `free-entry` request a second operator approves (202 `{request}`; the same card again answers the same request). Approval credits `FREE_ENTRY_CASH_CENTS` (with bonus cash's play-through) through the player's wallet and its gates, its outcome a `FreeEntryRecordSchema`; a player who may not play (freeze, break, age, the region they asked from) gets nothing and `refusal` says why, the code then used; a second card of one postmark day fails the request with `already-entered-that-day`. 404 `unknown-code`, 409 `code-used`, 409 `free-entry-rejected`, 409 `code-expired` (posted after the code's last day), 400 `invalid-postmark`; 403 `own-account`; 429 `free-entry-cap` past `FREE_ENTRY_DAILY_CAP` cards by one operator in 24 hours; needs a sign-in from the last `ADMIN_STEP_UP_MINUTES`. Audited: the request, the approval, and the credit in the wallet's transaction (`free-entry`).",
    body: "sweepstakes#RecordFreeEntryRequestSchema",
  },
};
