// Every operator tunable (refresh intervals, delays, limits, reserves, regions) in one
// table: its name, default, rule and meaning. A tunable is set as a wrangler var of the
// same name (a string, like every var); unset or empty means the default. The table is
// validated when an isolate first handles a fetch, cron or queue event, so a bad value
// stops the Worker with a message naming it instead of surfacing later as odd behaviour.
// docs/tunables.md is generated from this table (`npm run docs`): a number's rule is read
// from its range, an enum's from its options, any other schema states its rule with
// `.describe()`.
import { z } from "zod";
import { parseCloseAfterMinutes, parseDelayBySport, type CloseAfterMinutes } from "../src/shared/live-rules";
import { FAIR_MIN_BOOKS_DEFAULT } from "../src/shared/fair-odds";
import { parseRegionList, parseRegionMinAge } from "../src/shared/play-regions";

type Tunable<T> = { default: string; schema: z.ZodType<T>; meaning: string };

const wholeNumber = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const regionList = z
  .string()
  .transform((text, ctx) => {
    const list = parseRegionList(text === "-" ? "" : text);
    if (list === null) ctx.addIssue({ code: "custom", message: "expected comma-separated ISO 3166 codes like US-WA,FR" });
    return list ?? [];
  })
  .describe("comma-separated ISO 3166-1 countries or ISO 3166-2 subdivisions, e.g. US-WA,FR; - = none");
const regionMinAges = z
  .string()
  .transform((text, ctx) => {
    const ages = parseRegionMinAge(text === "-" ? "" : text);
    if (ages === null) ctx.addIssue({ code: "custom", message: "expected REGION:AGE pairs like US-AL:19,US-MS:21" });
    return ages ?? {};
  })
  .describe("comma-separated REGION:AGE pairs, e.g. US-AL:19,US-MS:21; - = none");
const optionalRegion = z
  .string()
  .transform((text, ctx) => {
    if (text === "-") return null;
    const list = parseRegionList(text);
    if (list === null || list.length !== 1) ctx.addIssue({ code: "custom", message: "expected one ISO 3166 code like US-WA" });
    return list?.[0] ?? null;
  })
  .describe("one ISO 3166 country or subdivision, e.g. US-WA; - = none");

/**
 * Live close windows (minutes since the start): a typical game's length less its final
 * stretch, so markets close before the result is known (reasons in docs/live-betting.md).
 */
const DEFAULT_CLOSE_AFTER =
  "americanfootball_nfl:170,basketball_nba:125,baseball_mlb:145,icehockey_nhl:140," +
  "americanfootball_ncaaf:180,basketball_ncaab:110,soccer_usa_mls:100,mma_mixed_martial_arts:20";
const CLOSE_AFTER_DEFAULTS = ((): CloseAfterMinutes => {
  const parsed = parseCloseAfterMinutes(DEFAULT_CLOSE_AFTER, {});
  if (!parsed.ok) throw new Error(`LIVE_CLOSE_AFTER_MINUTES default: ${parsed.message}`);
  return parsed.value;
})();

function tunable<T>(defaultValue: string, schema: z.ZodType<T>, meaning: string): Tunable<T> {
  return { default: defaultValue, schema, meaning };
}

export const TUNABLES = {
  ODDS_API_TIMEOUT_MS: tunable("8000", wholeNumber(500, 60_000), "How long one call to The Odds API may take before it counts as failed."),
  // Live prices: live board cadence, the book's clock (and pre-match Vantage Cash's), in-play bet delay, close windows, feed credit reserve (docs/live-betting.md).
  LIVE_REFRESH_SECONDS: tunable(
    "30",
    wholeNumber(5, 600),
    "While a sport has games under way, its price desk refreshes the board from the feed at most this often, for everyone (must stay below LIVE_PRICE_MAX_AGE_SECONDS).",
  ),
  LIVE_PRICE_MAX_AGE_SECONDS: tunable(
    "45",
    wholeNumber(10, 600),
    "A live price is offered and accepted only while its age on the book's clock (now minus the older of its market's last_update and our fetch) is at most this. " +
      "45 s = a board up to LIVE_REFRESH_SECONDS (30 s) old + a 5-8 s live-bet delay + a book that keeps up: in a recorded in-play MLB payload the book our rule picks " +
      "had confirmed within 4 s of the newest update for all 9 games in play, while a book that stopped updating lagged 146 s (docs/live-betting.md).",
  ),
  PREMATCH_CASH_PRICE_MAX_AGE_SECONDS: tunable(
    "120",
    wholeNumber(30, 600),
    "A Vantage Cash slip or cash-out is priced only on a board, and on player props, fetched at most this long ago: an older copy is fetched again first (one board call per sport, one props call per game, shared), only for a slip priced on the copy kept that the player's wallet would take, or a cash-out quotable on it that the wallet allows, within the player's CASH_CLOCK_FETCHES_PER_HOUR; none below twice FEED_CREDIT_RESERVE remaining credits, or for props the props guard, when the slip is a 409 odds-stale. Coins keep the board's 10-minute clock and PROP_REFRESH_SECONDS (600 = the same for cash, at the default props clock). " +
      "120 s = two of The Odds API's 60 s pre-match update intervals, so our copy is at most one feed update behind, and at most one 6-credit board call per sport, and one props call of up to 5 credits per game, per 2 minutes while cash bets arrive (docs/live-betting.md, Credits).",
  ),
  CASH_CLOCK_FETCHES_PER_HOUR: tunable(
    "20",
    wholeNumber(0, 1000),
    "How many copies (one sport's board, one game's props) each player's Vantage Cash slips and cash-outs may have fetched early for PREMATCH_CASH_PRICE_MAX_AGE_SECONDS in any hour; each comes back an hour after it was used. " +
      "Past it, a cash slip or quote that needs a younger copy is a 409 odds-stale and nothing is fetched; one priced on copies already young enough uses none (0 = no early fetches at all). " +
      "20 = a cash slip every 3 minutes for an hour on a board nobody else keeps young: one early fetch makes the copy young for every player for 120 s, so a real cash bettor rarely needs more, and one player can make the feed spend at most 20 calls, about 120 credits, an hour (docs/live-betting.md, Credits).",
  ),
  LIVE_BET_DELAY_SECONDS: tunable(
    "5",
    wholeNumber(0, 30),
    "Bets with a live leg are held this long, then judged against fresh scores and re-priced, before they are accepted.",
  ),
  LIVE_BET_DELAY_BY_SPORT: tunable(
    "",
    z
      .string()
      .transform((text, ctx) => {
        const parsed = parseDelayBySport(text);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
        return parsed.ok ? parsed.value : {};
      })
      .describe("comma-separated sport_key:seconds pairs, each 0–30; empty = none"),
    "Per-sport live-bet delays overriding LIVE_BET_DELAY_SECONDS, as sport_key:seconds pairs (e.g. soccer_usa_mls:8,basketball_nba:3).",
  ),
  LIVE_BET_REFRESH_SECONDS: tunable(
    "3",
    wholeNumber(1, 60),
    "After its delay a live slip is judged against the sport's scores read at most this long ago; the price desk makes at most one scores call (1 credit) per this many seconds, shared by everyone waiting.",
  ),
  LIVE_BET_MAX_WAIT_SECONDS: tunable(
    "10",
    wholeNumber(1, 60),
    "How long a live slip waits after its delay for fresh scores; none in time is a 409 odds-stale (with the longest live-bet delay, at most 25 s: a held slip must finish within the 30 s the platform keeps a hung-up request's work).",
  ),
  LIVE_CLOSE_AFTER_MINUTES: tunable(
    DEFAULT_CLOSE_AFTER,
    z
      .string()
      .transform((text, ctx) => {
        const parsed = parseCloseAfterMinutes(text, CLOSE_AFTER_DEFAULTS);
        if (!parsed.ok) ctx.addIssue({ code: "custom", message: parsed.message });
        return parsed.ok ? parsed.value : CLOSE_AFTER_DEFAULTS;
      })
      .describe("comma-separated sport_key:minutes pairs, each 1–600; a sport not named keeps its default"),
    "Minutes after its start at which a game's live markets close for good; sports not named keep their default (reasons in docs/live-betting.md).",
  ),
  FEED_CREDIT_RESERVE: tunable(
    "5040",
    wholeNumber(0, 100_000_000),
    "Below this many remaining The Odds API credits, live refreshes stop and live markets show Locked (default: one day of live refreshes, see Live prices in docs/rules.md); below twice it, players' markets and the calls Vantage Cash's PREMATCH_CASH_PRICE_MAX_AGE_SECONDS would make early stop first.",
  ),
  // Players' markets (props): what they may cost of the feed, and how many books make a fair price.
  PROP_FAIR_MIN_BOOKS: tunable(
    "3",
    wholeNumber(2, 20),
    "The fewest books that must quote a player's market at one line for it to have a fair price (books on one odds feed count once); with fewer it is not offered.",
  ),
  PROP_REFRESH_SECONDS: tunable(
    "600",
    wholeNumber(60, 86_400),
    "A game's players' markets are fetched from the feed at most once per this many seconds, worldwide (and once more when its last 15 minutes begin), when someone opens the game or it has an open prop bet about to start; sooner only for a Vantage Cash slip or cash-out, which takes props fetched at most PREMATCH_CASH_PRICE_MAX_AGE_SECONDS ago.",
  ),
  PROP_CREDIT_SHARE_PERCENT: tunable(
    "30",
    wholeNumber(0, 100),
    "The most of the month's The Odds API credits players' markets may spend, in percent; past it, and below twice FEED_CREDIT_RESERVE, props are not refreshed.",
  ),
  PROP_MAX_PAYOUT_COINS: tunable(
    "250000",
    wholeNumber(1, 2_500_000),
    "The most a bet with a player's market in it may pay, in Coins (the house's own cap on every Coins bet is 2,500,000).",
  ),
  PROP_MAX_PAYOUT_CASH_CENTS: tunable(
    "50000",
    wholeNumber(100, 500_000),
    "The most a bet with a player's market in it may pay, in Vantage Cash cents (the house's own cap is 500,000).",
  ),
  MAX_CASH_EXPOSURE_CENTS: tunable(
    "2000000",
    wholeNumber(100, 1_000_000_000),
    "The most the house may lose on one market of one game in Vantage Cash cents (what the bets on one selection would pay, less every stake in the market); a bet past it is refused with the largest stake that fits.",
  ),
  MAX_COINS_EXPOSURE: tunable("250000000", wholeNumber(1_000_000, 100_000_000_000), "The same limit per market of one game in Coins."),
  EXPOSURE_HOLD_SECONDS: tunable(
    "60",
    wholeNumber(5, 600),
    "A bet's reservation on its game's exposure lapses after this long when its placement never confirms it (the wallet's outbox then adds the bet if it was placed).",
  ),
  EXPOSURE_DISPLAY_SECONDS: tunable(
    "2",
    wholeNumber(1, 60),
    "The console's copy of a game's exposure (D1) is written this long after a change.",
  ),
  PROP_GRADE_HOURS: tunable(
    "36",
    wholeNumber(1, 240),
    "A player's market with no statistics this many hours after its game's final is void, its stake returned.",
  ),
  // Play-through: purchased and bonus Vantage Cash must be staked this many times before it can be redeemed.
  CASH_PLAYTHROUGH: tunable(
    "1",
    wholeNumber(0, 20),
    "How many times purchased and bonus Vantage Cash must be staked in settled, non-void bets before it can be redeemed (0 turns play-through off).",
  ),
  // A hold on fresh purchases: bought Vantage Cash is not redeemable straight away, whatever was played.
  PURCHASE_HOLD_DAYS: tunable(
    "7",
    wholeNumber(0, 90),
    "Vantage Cash bought with a card is held this many days after it was credited before it can be redeemed, whatever was played (0 turns the hold off).",
  ),
  // Player protection: age, regions, limits. "-" sets a list to empty.
  MIN_AGE: tunable("18", wholeNumber(18, 99), "Minimum age to play, checked against the confirmed date of birth."),
  REGION_MIN_AGE: tunable(
    "US-AL:19,US-NE:19,US-MS:21",
    regionMinAges,
    "Regions whose minimum age is higher than MIN_AGE (REGION:AGE, comma-separated).",
  ),
  RESTRICTED_REGIONS: tunable(
    "US-MI,US-DE",
    regionList,
    "Countries (ISO 3166-1) and subdivisions (ISO 3166-2) made Coins-only beside the dated region table (src/shared/region-rules-table.ts): no packs, no Vantage Cash bonus, bets or redemptions.",
  ),
  BLOCKED_REGIONS: tunable(
    "-",
    regionList,
    "Countries and subdivisions where all play (bets, bonus, purchases, redemptions) is refused, beside the dated region table.",
  ),
  DEV_REGION: tunable(
    "-",
    optionalRegion,
    "Development only: the region assumed for requests (stands in for cf.country/cf.regionCode; an X-Dev-Region header places one request); production and a live Stripe key ignore it.",
  ),
  LIMIT_RAISE_DELAY_HOURS: tunable("24", wholeNumber(1, 720), "How long a raised or removed player limit waits before it takes effect."),
  REALITY_CHECK_INTERVAL_SECONDS: tunable(
    "0",
    wholeNumber(0, 86_400),
    "When above 0, every player's reality check falls due after this many seconds of a session instead of their chosen 30, 60 or 90 minutes (journeys and demos); 0 in production.",
  ),
  HARM_RAISES_COUNT: tunable(
    "3",
    wholeNumber(1, 100),
    "Sign of harm: this many limit raises or removals asked for within HARM_RAISES_DAYS.",
  ),
  HARM_RAISES_DAYS: tunable(
    "30",
    wholeNumber(1, 365),
    "The window, in days, in which limit raises are counted for the raises sign of harm.",
  ),
  HARM_CHASE_MINUTES: tunable(
    "30",
    wholeNumber(1, 1440),
    "Sign of harm: a purchase this many minutes or fewer after a settled losing bet counts as chasing a loss.",
  ),
  HARM_CHASE_COUNT: tunable("3", wholeNumber(1, 100), "Sign of harm: this many purchases chasing a loss within HARM_CHASE_DAYS."),
  HARM_CHASE_DAYS: tunable("7", wholeNumber(1, 90), "The window, in days, in which purchases chasing a loss are counted."),
  HARM_NIGHT_COUNT: tunable(
    "3",
    wholeNumber(1, 31),
    "Sign of harm: play between midnight and HARM_NIGHT_END_HOUR Eastern on this many nights within HARM_NIGHT_DAYS.",
  ),
  HARM_NIGHT_DAYS: tunable("7", wholeNumber(1, 90), "The window, in days, in which nights of late play are counted."),
  HARM_NIGHT_END_HOUR: tunable("5", wholeNumber(1, 12), "Late play is play from midnight Eastern until this hour."),
  CHECKOUT_HOLD_MINUTES: tunable(
    "60",
    wholeNumber(31, 1440),
    "How long an open checkout counts toward the player's purchase limits (its session expires then).",
  ),
  CHECKOUT_EXPIRE_RETRY_SECONDS: tunable(
    "60",
    wholeNumber(5, 3600),
    "How long the wallet waits before asking the payment provider again to expire a checkout withdrawn by a break, closure or lower purchase limit (until the session ends on its own).",
  ),
  DECLINED_REFUND_RETRY_SECONDS: tunable(
    "60",
    wholeNumber(5, 3600),
    "How long after a pack is declined (a break, closure or withdrawn checkout) the wallet first asks the payment provider again for its refund, should the webhook's refund have failed; doubles per failed try. Also the first wait for an actionable early fraud warning's refund.",
  ),
  DECLINED_REFUND_RETRY_MAX_SECONDS: tunable(
    "21600",
    wholeNumber(60, 86_400),
    "Longest wait between two tries at a declined pack's refund, or an actionable early fraud warning's; the wallet keeps trying until the provider has refunded it.",
  ),
  // The sweepstakes (docs/sweepstakes.md): who runs it, and free entry by post. The Official Sweepstakes Rules are written from these and the tunables above.
  SPONSOR_NAME: tunable(
    "",
    z.string().max(200).describe("the sponsor's legal name; empty only in development (production refuses to deploy without it)"),
    "The sweepstakes sponsor named in the Official Sweepstakes Rules (a legal entity).",
  ),
  SPONSOR_ADDRESS: tunable(
    "",
    z.string().max(300).describe("one line, the postal address free-entry cards are mailed to; empty only in development"),
    "The sponsor's postal address: where free-entry cards are mailed and where the rules send questions.",
  ),
  FREE_ENTRY_CASH_CENTS: tunable("500", wholeNumber(1, 10_000), "Vantage Cash (cents) one free-entry card by post credits."),
  FREE_ENTRY_CODE_DAYS: tunable(
    "30",
    wholeNumber(1, 365),
    "How long a free-entry request code stays valid: a card must be postmarked by then.",
  ),
  FREE_ENTRY_OPEN_CODES: tunable(
    "3",
    wholeNumber(1, 20),
    "How many unused, unexpired free-entry request codes one player may hold at once.",
  ),
  FREE_ENTRY_DAILY_CAP: tunable(
    "200",
    wholeNumber(1, 10_000),
    "How many free-entry cards one operator may record in any 24 hours; each then waits for a second operator's approval.",
  ),
  // Payment status caching and session lifetimes.
  CONNECT_STATUS_CACHE_MS: tunable(
    "15000",
    wholeNumber(0, 300_000),
    "How long GET /api/connect/status answers the stored payout-account state before asking Stripe again (0 = always ask).",
  ),
  REFRESH_FAMILY_MAX_AGE_DAYS: tunable(
    "90",
    wholeNumber(1, 365),
    "Absolute lifetime of one sign-in: after this many days its refresh tokens stop working, however often they were rotated.",
  ),
  SESSION_CHECK_CACHE_MS: tunable(
    "5000",
    wholeNumber(0, 60_000),
    "How long an isolate trusts that a signed-in request's session is not logged out before reading D1 again (a logout ends its access tokens everywhere within this; 0 = read on every request).",
  ),
  // Social: leaderboards, public profiles, shared picks and follows.
  SOCIAL_CACHE_SECONDS: tunable(
    "30",
    wholeNumber(0, 600),
    "How long the edge may reuse a public read (leaderboard, profile, shared pick, sweepstakes rules, winners); browsers ask again each time and a settlement purges the edge copy (0 = no-store).",
  ),
  PROFILE_STATS_BETS: tunable(
    "1000",
    wholeNumber(50, 5000),
    "How many of a player's newest bets a public profile's figures and picks are read from.",
  ),
  LEADERBOARD_MEMO_MS: tunable(
    "5000",
    wholeNumber(0, 60_000),
    "How long one isolate reuses a leaderboard's top 50 before asking D1 again (0 = always ask); the viewer's own rank is always fresh.",
  ),
  FOLLOWS_MAX: tunable("500", wholeNumber(1, 10_000), "How many players one player may follow."),
  HANDLE_HOLD_DAYS: tunable(
    "30",
    wholeNumber(0, 365),
    "How long a handle a player renamed or cleared (and its look-alikes) stays theirs: no other player may take it meanwhile (0 = none).",
  ),
  HANDLE_HOLDS_MAX: tunable(
    "3",
    wholeNumber(1, 50),
    "How many given-up handles one player may hold at once: a newer hold lets the oldest lapse, so one account cannot hoard names by renaming.",
  ),
  CLV_SCORE_BATCH: tunable(
    "500",
    wholeNumber(10, 5000),
    "How many newly settled bets one cron trigger scores for closing-line value (worker/clv/bet-clv.ts); the rest wait for the next trigger.",
  ),
  // Receipts (worker/receipts/): each ended UTC day's Merkle root is sealed by the cron.
  RECEIPT_SEAL_AFTER_MINUTES: tunable(
    "15",
    wholeNumber(1, 720),
    "Minutes after a UTC day ends before the cron seals its receipts' Merkle root: receipts still being written at midnight land first.",
  ),
  RECEIPT_SEAL_DAYS_PER_RUN: tunable(
    "31",
    wholeNumber(1, 366),
    "At most this many ended days are sealed by one cron run (the next run seals the rest).",
  ),
  // Payouts that never pay twice: background retries of a transfer whose outcome is unknown.
  PAYOUT_RETRY_AFTER_MS: tunable(
    "60000",
    wholeNumber(1_000, 3_600_000),
    "First delay before a payout whose outcome is unknown is retried; doubles per attempt.",
  ),
  PAYOUT_RETRY_MAX_MS: tunable("3600000", wholeNumber(1_000, 86_400_000), "Longest delay between two retries of one payout."),
  PAYOUT_KEY_REUSE_MS: tunable(
    "82800000",
    wholeNumber(60_000, 86_400_000),
    "How long a retried transfer reuses its idempotency key (Stripe keeps keys 24 h); later retries list the redemption's transfers first.",
  ),
  PAYOUT_ATTEMPT_LEASE_MS: tunable(
    "120000",
    wholeNumber(10_000, 3_600_000),
    "How long one payout attempt holds its redemption before another attempt may start.",
  ),
  // The review queue: which redemptions wait for an operator's approve or reject (worker/admin/approval-kinds.ts).
  REDEMPTION_REVIEW_CENTS: tunable(
    "50000",
    wholeNumber(0, 100_000_000),
    "A redemption that brings the player's redemptions in REDEMPTION_REVIEW_WINDOW_DAYS above this many Vantage Cash cents waits for an operator's review before it is sent (0 = none by amount).",
  ),
  REDEMPTION_REVIEW_WINDOW_DAYS: tunable(
    "30",
    wholeNumber(1, 365),
    "The rolling window, in days, over which a player's redemptions are summed against REDEMPTION_REVIEW_CENTS (returned ones do not count).",
  ),
  REDEMPTION_REVIEW_NEW_ACCOUNT_DAYS: tunable(
    "30",
    wholeNumber(0, 3_650),
    "The first redemption of an account younger than this many days waits for an operator's review before it is sent, and so does each one after it until one has been approved (0 = none by account age).",
  ),
  // Settlement on Queues and the operational log (worker/settlement/settlement-queue.ts).
  LOG_LEVEL: tunable(
    "info",
    z.enum(["info", "warn", "error", "silent"]),
    "Least severity of operational log lines written (settlement runs, queue batches, dead letters); tests use silent.",
  ),
  SETTLEMENT_PAGE_ROWS: tunable(
    "1000",
    wholeNumber(10, 10_000),
    "(player, game) rows of ready work one D1 read returns; a run pages through all of them.",
  ),
  SETTLEMENT_SEND_BATCH: tunable("100", wholeNumber(1, 100), "Settlement messages per Queues sendBatch call (the platform allows 100)."),
  SETTLEMENT_MAX_EVENTS_PER_MESSAGE: tunable(
    "100",
    wholeNumber(1, 500),
    "Finished games carried by one player's settlement message; more make further messages for that player.",
  ),
  SETTLEMENT_CONSUMER_CONCURRENCY: tunable("25", wholeNumber(1, 100), "Wallet calls in flight at once while one queue batch is consumed."),
  SETTLEMENT_RETRY_BASE_SECONDS: tunable(
    "5",
    wholeNumber(1, 3_600),
    "Back-off before a failed settlement message's first retry; doubles per attempt.",
  ),
  SETTLEMENT_RETRY_MAX_SECONDS: tunable("600", wholeNumber(1, 43_200), "Longest back-off between two retries of a settlement message."),
  CORRECTION_WALLETS_PER_CALL: tunable(
    "500",
    wholeNumber(1, 1_000),
    "Wallets one correction call (a result or statistics correction) re-grades, in user-id order; the scheduled run, or sending it again, goes on from where it stopped, a page per run.",
  ),
  WALLET_OUTBOX_FLUSH_DELAY_MS: tunable(
    "1000",
    wholeNumber(0, 30_000),
    "How long a wallet gathers changes before writing them to D1 in one batch (its alarm); settlement writes at once.",
  ),
  // The operator console: four eyes on money, fresh sign-ins for it, and when a game without a result counts as past due.
  ADJUSTMENT_APPROVAL_COINS: tunable(
    "10000",
    wholeNumber(0, 1_000_000_000),
    "A Coins adjustment larger than this (credit or debit) waits for a second operator's approval, like every Vantage Cash adjustment (0 = every Coins adjustment waits); so does one that takes the player's Coins adjustments over ADJUSTMENT_APPROVAL_WINDOW_HOURS past it, and a Coins credit while the player owes Coins.",
  ),
  ADJUSTMENT_APPROVAL_WINDOW_HOURS: tunable(
    "24",
    wholeNumber(1, 720),
    "The window over which a player's Coins adjustments add up against ADJUSTMENT_APPROVAL_COINS, so one large adjustment split into small ones still waits for a second operator.",
  ),
  ADMIN_STEP_UP_MINUTES: tunable(
    "15",
    wholeNumber(1, 1_440),
    "Money-moving console actions (adjustments, approvals, results, dead-letter replays) need a Google sign-in completed at most this long ago; otherwise the console sends the operator through one.",
  ),
  ADMIN_PAST_DUE_MINUTES: tunable(
    "30",
    wholeNumber(0, 10_080),
    "A started game with open bets and no result shows under 'Past due' in the console this long after it was due to be final (0 = as soon as it is due).",
  ),
  // Glass-box pricing: fair odds and cash-out (docs/rules.md "Fair odds" and "Cash-out").
  FAIR_MIN_BOOKS: tunable(
    String(FAIR_MIN_BOOKS_DEFAULT),
    wholeNumber(1, 40),
    "A market's fair price is shown only when at least this many bookmakers quote its line (books on one odds feed count once); fewer shows none (and its bets cannot be cashed out).",
  ),
  CASH_OUT_MARGIN: tunable(
    "5",
    z.coerce.number().min(0).max(50),
    "The cash-out fee, in percent of the fair value: a quote pays the fair value less this (rounded down to the cent or coin).",
  ),
  CASH_OUT_QUOTE_SECONDS: tunable("10", wholeNumber(3, 120), "How long a cash-out quote may be accepted after it was given."),
  // One game, one price (docs/rules.md "Same-game parlays").
  SAME_GAME_MARGIN: tunable(
    "8",
    z.coerce.number().min(0).max(30),
    "The house margin on a same-game block, in percent: its price is the game model's chance that all its legs win, less this share of the fair return.",
  ),
  SGP_FIT_TOLERANCE: tunable(
    "1",
    z.coerce.number().min(0.1).max(5),
    "How far, in percentage points, a game's fitted score model may land from any of its fair prices; further, and its picks cannot be combined in a same-game parlay.",
  ),
} as const;

export type TunableName = keyof typeof TUNABLES;
export type Tunables = { [K in TunableName]: z.infer<(typeof TUNABLES)[K]["schema"]> };

export type TunablesResult = { ok: true; value: Tunables } | { ok: false; problems: string[] };

/** Pure: reads and validates every tunable from a record of raw var values. */
export function parseTunables(raw: Record<string, unknown>): TunablesResult {
  const value: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, row] of Object.entries(TUNABLES) as [TunableName, Tunable<unknown>][]) {
    const given = raw[name];
    const text = typeof given === "string" && given.trim() !== "" ? given.trim() : row.default;
    const parsed = row.schema.safeParse(text);
    if (parsed.success) value[name] = parsed.data;
    else problems.push(`${name}=${JSON.stringify(text)}: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
  }
  if (problems.length > 0) return { ok: false, problems };
  const parsed = value as Tunables;
  // A live board must be refreshed before its prices age out, or every live price would lock between refreshes.
  if (parsed.LIVE_REFRESH_SECONDS >= parsed.LIVE_PRICE_MAX_AGE_SECONDS) {
    return {
      ok: false,
      problems: [
        `LIVE_REFRESH_SECONDS=${parsed.LIVE_REFRESH_SECONDS}: must be below LIVE_PRICE_MAX_AGE_SECONDS (${parsed.LIVE_PRICE_MAX_AGE_SECONDS})`,
      ],
    };
  }
  // A held live slip runs to its end past a client that hangs up only as long as the
  // platform keeps an invocation's waitUntil work (30 s after the client goes): its longest
  // delay and the wait for fresh scores after it must fit with room for the wallet's answer.
  const longestDelay = Math.max(parsed.LIVE_BET_DELAY_SECONDS, ...Object.values(parsed.LIVE_BET_DELAY_BY_SPORT));
  if (longestDelay + parsed.LIVE_BET_MAX_WAIT_SECONDS > LIVE_HOLD_MAX_SECONDS) {
    return {
      ok: false,
      problems: [
        `LIVE_BET_MAX_WAIT_SECONDS=${parsed.LIVE_BET_MAX_WAIT_SECONDS}: with the longest live-bet delay (${longestDelay} s) must be at most ${LIVE_HOLD_MAX_SECONDS} s, so a held slip finishes within the 30 s the platform keeps work after a client hangs up`,
      ],
    };
  }
  return { ok: true, value: parsed };
}

/** The longest a live slip may be held (delay and the wait for scores after it), seconds. */
const LIVE_HOLD_MAX_SECONDS = 25;

export class TunablesError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid tunables: ${problems.join(" | ")}`);
  }
}

// Parsed once per env object (the same object for an isolate's lifetime), not per request.
const parsedByEnv = new WeakMap<object, Tunables>();

/** The validated tunables of this Worker's configuration; throws TunablesError when one is invalid. */
export function tunables(env: Env): Tunables {
  const cached = parsedByEnv.get(env);
  if (cached) return cached;
  const result = parseTunables(env as unknown as Record<string, unknown>);
  if (!result.ok) throw new TunablesError(result.problems);
  parsedByEnv.set(env, result.value);
  return result.value;
}
