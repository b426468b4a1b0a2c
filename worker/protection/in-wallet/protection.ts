// Player protection inside one player's wallet transaction. The wallet Durable
// Object calls `gatePlay` at the top of every money operation, and the stake and purchase
// limits are checked against totals read in the same synchronous transaction as the debit
// or the checkout hold, so no race or second tab gets past them. Rules are the pure ones
// of src/shared/protection.ts; the tables are documented in worker/wallet/schema-migrations.ts.
import type { WalletKind } from "../../../src/shared/money";
import {
  checkRegion,
  governingRegion,
  isCoinsOnlyAction,
  minAgeAmong,
  moneyActionOf,
  type PlayWallet,
  type RegionRefusal,
  type WindDown,
} from "../../../src/shared/play-regions";
import {
  type MoneyAction,
  modeAllows,
  type RegionMode,
  regionModeAt,
  type RegionRuleEntry,
  type RegionRules,
} from "../../../src/shared/region-rules";
import {
  ageAnywhere,
  breakEnd,
  changeLimits,
  checkPlay,
  checkPurchase,
  etMidnight,
  checkStake,
  exclusionAt,
  isValidDateOfBirth,
  LIMIT_NAMES,
  NO_LIMITS,
  periodBounds,
  purchaseAllowance,
  purchasesOverLimit,
  resolveLimits,
  STAKE_LIMIT_FOR,
  type BreakPeriod,
  type LimitName,
  type PlayAction,
  type PlayerLimits,
  type ProtectionState,
  type PurchaseTotals,
  type PlayContext,
} from "../../../src/shared/protection";
import type { Refusal, RefusalOf } from "../../../src/shared/refusals";

export type { PlayContext } from "../../../src/shared/protection";
import { type Ledger, WalletPort } from "../../wallet/ledger";
import { recordBreak, recordLimitChanges } from "./limit-history";
import { gateFreeze } from "../../wallet/operator-actions";
import { verifiedResidenceInTx } from "./identity-residence";
import { gateRules } from "./rules-gate";
import { checkoutWithdrawn, openCheckoutsInTx, type OpenCheckout, withdrawCheckoutInTx } from "./checkout-withdrawals";
import { projectStandingInTx } from "./standing";

/**
 * How long a checkout's region is kept after its session was opened: past the session's own
 * life (at most a day) and the provider's redelivery of its completion (up to three days).
 */
const CHECKOUT_REGION_KEEP_MS = 7 * 24 * 60 * 60 * 1000;

// ---- reads ----

export function readProtection(tx: Ledger): ProtectionState {
  const row = tx.sql.rows<{ date_of_birth: string | null; break_until: number | null; closed: "permanent" | "under-age" | null }>(
    ["protection"],
    "SELECT date_of_birth, break_until, closed FROM protection WHERE id = 1",
  )[0];
  return { dateOfBirth: row?.date_of_birth ?? null, breakUntil: row?.break_until ?? null, closed: row?.closed ?? null };
}

export type LimitRow = { name: string; value: number | null; pending_value: number | null; pending_at: number | null };

/**
 * Every stored limit row (stake, purchase, loss, time). A bet's stake, loss and time checks
 * all consult it; the wallet remembers it until the table is written (wallet-sql.ts).
 */
export function limitRows(tx: Ledger): readonly LimitRow[] {
  return tx.sql.rows<LimitRow>(["protection_limits"], "SELECT name, value, pending_value, pending_at FROM protection_limits");
}

/** Limits as they stand at the transaction's `now` (waiting raises that came due applied). */
export function readLimits(tx: Ledger): PlayerLimits {
  const stored: PlayerLimits = { effective: { ...NO_LIMITS }, pending: {} };
  const rows = limitRows(tx);
  for (const row of rows) {
    const name = LIMIT_NAMES.find((n) => n === row.name);
    if (!name) continue;
    stored.effective[name] = row.value;
    if (row.pending_at !== null) stored.pending[name] = { value: row.pending_value, effectiveAt: row.pending_at };
  }
  return resolveLimits(stored, tx.now);
}

function writeLimits(tx: Ledger, limits: PlayerLimits): void {
  for (const name of LIMIT_NAMES) {
    const pending = limits.pending[name];
    tx.sql.exec(
      `INSERT INTO protection_limits (name, value, pending_value, pending_at, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, pending_value = excluded.pending_value,
         pending_at = excluded.pending_at, updated_at = excluded.updated_at`,
      name,
      limits.effective[name],
      pending ? pending.value : null,
      pending ? pending.effectiveAt : null,
      tx.now,
    );
  }
}

/** Stake placed on `wallet` in the Eastern day containing `now` (void and settled bets included). */
export function stakedToday(tx: Ledger, wallet: WalletKind): number {
  const { start, end } = periodBounds("day", tx.now);
  return (
    tx.sql
      .exec<{ total: number | null }>(
        "SELECT SUM(stake) AS total FROM bets WHERE wallet = ? AND created_at >= ? AND created_at < ?",
        wallet,
        start,
        end,
      )
      .one().total ?? 0
  );
}

/**
 * Credited packs plus open checkout holds in each period containing `now`, in cents. Every
 * open hold counts in the period now, whenever it was opened: a pack counts in the period it
 * is credited in, and a checkout opened before midnight can be paid after it.
 */
export function purchaseTotals(tx: Ledger): PurchaseTotals {
  const totals: PurchaseTotals = { day: 0, week: 0, month: 0 };
  const held =
    tx.sql.exec<{ total: number | null }>("SELECT SUM(amount_cents) AS total FROM purchase_holds WHERE expires_at > ?", tx.now).one()
      .total ?? 0;
  for (const period of ["day", "week", "month"] as const) {
    const { start, end } = periodBounds(period, tx.now);
    const credited = tx.sql
      .exec<{ total: number | null }>(
        "SELECT SUM(amount_cents) AS total FROM protection_purchases WHERE created_at >= ? AND created_at < ?",
        start,
        end,
      )
      .one().total;
    totals[period] = (credited ?? 0) + held;
  }
  return totals;
}

// ---- gates ----

/**
 * The region whose rules govern `action` now: the request's, or the residence on the
 * player's verified document where that is stricter for money (src/shared/play-regions.ts
 * governingRegion). Null region on a direct call that names no place.
 */
export function governingRegionInTx(tx: Ledger, play: PlayContext, action: MoneyAction): string | null {
  if (!play.place) return null;
  return governingRegion(play.place.region, verifiedResidenceInTx(tx), play.place.rules, action, tx.now);
}

/** The mode that governs `action` at the transaction's moment ("full" on a direct call that names no place). */
function regionModeInTx(tx: Ledger, play: PlayContext, action: MoneyAction): RegionMode {
  return play.place ? regionModeAt(governingRegionInTx(tx, play, action), play.place.rules, tx.now).mode : "full";
}

/**
 * The redeem-only window the player is in now (when it began and when its last day begins,
 * Eastern; null for a window with no last day), or null when there is none. The window's
 * grace is for players who live there: the address on their verified document must be in
 * a region that turned redeem-only too, or a player from elsewhere could reach it through a
 * network there (a VPN) and take bonus cash out past its play-through.
 */
export function windDownInTx(tx: Ledger, play: PlayContext): WindDown | null {
  if (!play.place) return null;
  const governing = regionModeAt(governingRegionInTx(tx, play, "redeem"), play.place.rules, tx.now);
  if (governing.mode !== "redeem-only" || governing.since === null) return null;
  const residence = verifiedResidenceInTx(tx);
  const home = residence === null ? null : regionModeAt(residence, play.place.rules, tx.now);
  if (home?.mode !== "redeem-only" || home.since === null) return null;
  const lastDays = [governing.until, home.until].filter((day): day is string => day !== null).map(etMidnight);
  return {
    since: Math.max(etMidnight(governing.since), etMidnight(home.since)),
    lastDay: lastDays.length === 0 ? null : Math.min(...lastDays),
  };
}

/**
 * The minimum age `action` is held to: where the request comes from, and for anything
 * touching Vantage Cash or a purchase also where the verified document says the player
 * lives, whichever is higher (a state that raised its age after the player verified).
 * Coins play follows the request alone, as its region does.
 */
function minAgeInTx(tx: Ledger, play: PlayContext, action: MoneyAction): number {
  const tables = play.place?.minAgeTables;
  if (!tables || isCoinsOnlyAction(action)) return play.minAge;
  return minAgeAmong(verifiedResidenceInTx(tx), play.minAge, tables);
}

/**
 * The age refusal for the Vantage Cash part of an action whose Coins part the player may
 * have (a daily bonus, a free-entry card): its age is held where the document says the
 * player lives too (minAgeInTx), or null when old enough.
 */
export function cashAgeRefusalInTx(tx: Ledger, play: PlayContext, action: "bonus-cash" | "free-entry-cash"): Refusal | null {
  const verdict = checkPlay(readProtection(tx), "bonus", tx.now, minAgeInTx(tx, play, action));
  return verdict.ok || verdict.code !== "under-age" ? null : verdict;
}

/**
 * Whether a redemption asked for at `requestedAt` was asked inside a redeem-only window in
 * `region` whose entry still governs it now, only past its last day: nothing newer (a later
 * law, a regulator's order an operator entered, an operator's list) has taken its place.
 */
function askedInWindowStillGoverning(region: string, rules: RegionRules, requestedAt: number, now: number): boolean {
  const asked = regionModeAt(region, rules, requestedAt);
  const current = regionModeAt(region, rules, now);
  if (asked.mode !== "redeem-only" || asked.basis.kind !== "rule" || current.basis.kind !== "rule") return false;
  return current.mode === "coins-only" && sameEntry(current.basis.entry, asked.basis.entry);
}

const sameEntry = (a: RegionRuleEntry, b: RegionRuleEntry) =>
  a.region === b.region && a.from === b.from && a.mode === b.mode && a.until === b.until && a.covers === b.covers;

/**
 * Why a redemption asked for at `requestedAt` may not be sent to `region` now: it offers no
 * redemptions at `now`, and the redemption was not asked inside a redeem-only window there
 * that still governs it (askedInWindowStillGoverning). Null when it may.
 */
function redeemPlaceRefusal(region: string, rules: RegionRules, requestedAt: number, now: number): RegionRefusal | null {
  const allowed = checkRegion(region, rules, "redeem", now);
  return allowed.ok || askedInWindowStillGoverning(region, rules, requestedAt, now) ? null : allowed;
}

/**
 * Why a redemption asked for at `requestedAt` may not be sent now where the player lives: the
 * region on their verified document offers no redemptions at the transaction's moment, or
 * they are under its age. A redemption asked for inside a redeem-only window there is the
 * window's own and is still sent after its last day, while nothing newer governs the region;
 * one asked before a law that gave no such window is not. Where they asked from mattered when they asked; a transfer goes to where they live.
 */
export function payoutPlaceRefusalInTx(tx: Ledger, play: PlayContext, requestedAt: number): Refusal | null {
  if (!play.place) return null;
  const residence = verifiedResidenceInTx(tx);
  if (residence !== null) {
    const refused = redeemPlaceRefusal(residence, play.place.rules, requestedAt, tx.now);
    if (refused) return refused;
  }
  const verdict = checkPlay(readProtection(tx), "redeem", tx.now, minAgeInTx(tx, play, "redeem"));
  return verdict.ok || verdict.code !== "under-age" ? null : verdict;
}

/**
 * Why a redemption asked for at `requestedAt` may not be sent now to a payout account whose
 * holder's address is in `region` (the provider's second witness of where the payee lives):
 * judged as the verified residence is, by the rules `play` carries, at the transaction's
 * moment: the region offers no redemptions (redeemPlaceRefusal; payout-address-restricted),
 * or the player is under its minimum age (the tables `play` carries, as minAgeInTx holds the
 * residence to; the residence's own under-age refusal and sentence). A new request is judged
 * with `requestedAt` now. Null when it may, or on a direct call that names no rules.
 */
export function payoutAddressRefusalInTx(
  tx: Ledger,
  play: PlayContext,
  requestedAt: number,
  region: string,
): RefusalOf<"payout-address-restricted" | "under-age"> | null {
  if (!play.place) return null;
  const refused = redeemPlaceRefusal(region, play.place.rules, requestedAt, tx.now);
  if (refused) return { ok: false, code: "payout-address-restricted", details: { region } };
  const tables = play.place.minAgeTables;
  if (!tables) return null;
  const verdict = checkPlay(readProtection(tx), "redeem", tx.now, minAgeAmong(region, play.minAge, tables));
  return verdict.ok || verdict.code !== "under-age" ? null : verdict;
}

/** Whether the governing region allows `action` at the transaction's moment (Vantage Cash from a bonus, say). */
export function regionAllowsInTx(tx: Ledger, play: PlayContext, action: MoneyAction): boolean {
  return modeAllows(regionModeInTx(tx, play, action), action);
}

/** The account gate (operator freeze, region, age, closure, break) for `action` (a bet: from `wallet`), or null when it may go ahead. */
export function gatePlay(tx: Ledger, action: PlayAction, play: PlayContext, wallet: PlayWallet = "coins"): Refusal | null {
  const frozen = gateFreeze(tx);
  if (frozen) return frozen;
  if (play.place) {
    const region = governingRegionInTx(tx, play, moneyActionOf(action, wallet));
    const allowed = checkRegion(region, play.place.rules, action, tx.now, wallet);
    if (!allowed.ok) return allowed;
  }
  const verdict = checkPlay(readProtection(tx), action, tx.now, minAgeInTx(tx, play, moneyActionOf(action, wallet)));
  if (!verdict.ok) return verdict;
  // A bet's rules check depends on its wallet (Coins need none): gateStake makes it.
  return action === "bet" ? null : gateRules(tx, play.rulesVersion);
}

/** Gate plus the daily stake limit for a slip debiting `totalStake` from `wallet`. */
export function gateStake(tx: Ledger, wallet: WalletKind, totalStake: number, play: PlayContext): Refusal | null {
  const gate = gatePlay(tx, "bet", play, wallet) ?? (wallet === "cash" ? gateRules(tx, play.rulesVersion) : null);
  if (gate) return gate;
  const limits = readLimits(tx).effective;
  // The day's stake is summed over the day's bets, so it is read only where a limit needs it.
  const staked = limits[STAKE_LIMIT_FOR[wallet]] === null ? 0 : stakedToday(tx, wallet);
  const verdict = checkStake(limits, wallet, totalStake, staked, tx.now);
  return verdict.ok ? null : verdict;
}

// ---- operations ----

export type DateOfBirthResult = { ok: true; changed: boolean } | RefusalOf<"date-of-birth-invalid" | "date-of-birth-set">;

/** Stores the date of birth once; under `minAge` it closes the account for play. */
export function confirmDateOfBirthInTx(tx: Ledger, input: { dateOfBirth: string; minAge: number }): DateOfBirthResult {
  if (!isValidDateOfBirth(input.dateOfBirth, tx.now)) {
    return { ok: false, code: "date-of-birth-invalid" };
  }
  const state = readProtection(tx);
  if (state.dateOfBirth !== null) {
    if (state.dateOfBirth === input.dateOfBirth) return { ok: true, changed: false };
    return { ok: false, code: "date-of-birth-set" };
  }
  const underAge = ageAnywhere(input.dateOfBirth, tx.now) < input.minAge;
  tx.sql.exec(
    `INSERT INTO protection (id, date_of_birth, date_of_birth_at, break_until, closed, closed_at, updated_at) VALUES (1, ?, ?, NULL, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET date_of_birth = excluded.date_of_birth, date_of_birth_at = excluded.date_of_birth_at,
       closed = COALESCE(protection.closed, excluded.closed), closed_at = COALESCE(protection.closed_at, excluded.closed_at),
       updated_at = excluded.updated_at`,
    input.dateOfBirth,
    tx.now,
    underAge ? "under-age" : null,
    underAge ? tx.now : null,
    tx.now,
  );
  // Closed as under age: off the public social surface too (standing.ts).
  if (underAge) projectStandingInTx(tx, readProtection(tx));
  return { ok: true, changed: true };
}

/**
 * Closes the account for play as under age (a verified document showed a minor), keeping a
 * closure already in place; redeeming what is held stays as the closure's rules allow.
 */
export function closeUnderAgeInTx(tx: Ledger): void {
  tx.sql.exec(
    `INSERT INTO protection (id, date_of_birth, date_of_birth_at, break_until, closed, closed_at, updated_at) VALUES (1, NULL, NULL, NULL, 'under-age', ?, ?)
     ON CONFLICT (id) DO UPDATE SET closed = COALESCE(protection.closed, 'under-age'), closed_at = COALESCE(protection.closed_at, excluded.closed_at),
       updated_at = excluded.updated_at`,
    tx.now,
    tx.now,
  );
  withdrawOpenCheckoutsInTx(tx, "under-age");
  projectStandingInTx(tx, readProtection(tx));
}

/**
 * An operator's correction of a mistyped date of birth (the player cannot change it).
 * An account closed only because of the old date reopens when the new one is old enough;
 * one closed by the player stays closed, and so does one whose identity document showed a
 * minor (`documentShowsMinor`): a typed date cannot outweigh the document.
 */
export function correctDateOfBirthInTx(
  tx: Ledger,
  input: { dateOfBirth: string; minAge: number; documentShowsMinor?: boolean },
): DateOfBirthResult {
  if (!isValidDateOfBirth(input.dateOfBirth, tx.now)) {
    return { ok: false, code: "date-of-birth-invalid" };
  }
  const state = readProtection(tx);
  const underAge = input.documentShowsMinor === true || ageAnywhere(input.dateOfBirth, tx.now) < input.minAge;
  // A closure the player asked for while closed by the age rule (kept in the break history) outlasts the correction.
  const closed = state.closed === "permanent" ? "permanent" : underAge ? "under-age" : closedByPlayerInTx(tx) ? "permanent" : null;
  tx.sql.exec(
    `INSERT INTO protection (id, date_of_birth, date_of_birth_at, break_until, closed, closed_at, updated_at) VALUES (1, ?, ?, NULL, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET date_of_birth = excluded.date_of_birth, date_of_birth_at = excluded.date_of_birth_at,
       closed = excluded.closed, closed_at = CASE WHEN excluded.closed IS NULL THEN NULL ELSE COALESCE(protection.closed_at, excluded.closed_at) END,
       updated_at = excluded.updated_at`,
    input.dateOfBirth,
    tx.now,
    closed,
    closed ? tx.now : null,
    tx.now,
  );
  if (closed === "under-age") withdrawOpenCheckoutsInTx(tx, "under-age");
  // Closed or reopened: the public social surface follows (standing.ts).
  projectStandingInTx(tx, readProtection(tx));
  return { ok: true, changed: state.dateOfBirth !== input.dateOfBirth || state.closed !== closed };
}

export type BreakResult = { ok: true; state: ProtectionState };

/** Whether the player ever asked to close their account for good (the break history keeps every request). */
function closedByPlayerInTx(tx: Ledger): boolean {
  return tx.sql.exec("SELECT 1 FROM limit_history WHERE kind = 'break' AND name = 'permanent' LIMIT 1").toArray().length > 0;
}

// ---- open checkouts withdrawn (checkout-withdrawals.ts) ----

/**
 * A break, a closure or a chargeback lost: every open checkout is withdrawn, so none can be
 * paid after it. How many were.
 */
export function withdrawOpenCheckoutsInTx(tx: Ledger, reason: "self-excluded" | "under-age" | "purchases-closed-chargeback"): number {
  const open = openCheckoutsInTx(tx);
  for (const checkout of open) withdrawCheckoutInTx(tx, checkout, reason);
  return open.length;
}

/**
 * A purchase limit lowered at once below what is bought and held: the newest open checkouts
 * are withdrawn until the rest fits (one opened under the old limit could still be paid).
 */
function withdrawCheckoutsOverLimit(tx: Ledger): void {
  const limits = readLimits(tx).effective;
  // A hold whose session is still being made is judged when it is attached (purchaseLimitNow),
  // against the others: counted here, it would withdraw an older checkout that fits.
  const inFlight =
    tx.sql
      .exec<{ total: number | null }>(
        "SELECT SUM(amount_cents) AS total FROM purchase_holds WHERE session_id IS NULL AND expires_at > ?",
        tx.now,
      )
      .one().total ?? 0;
  const settled = () => {
    const totals = purchaseTotals(tx);
    return { day: totals.day - inFlight, week: totals.week - inFlight, month: totals.month - inFlight };
  };
  for (const checkout of openCheckoutsInTx(tx)) {
    if (!purchasesOverLimit(limits, settled())) return;
    withdrawCheckoutInTx(tx, checkout, "purchase-limit");
  }
}

/**
 * Whether the region a checkout was opened under, the region where the player's verified
 * document says they live, or the card's billing region offers no packs now, by the rules in
 * force `play` carries (none on a direct call): a law's day that came while the checkout was
 * open. The residence and the billing address count even where the checkout was opened
 * elsewhere (a trip, a VPN): before a player has verified, the card is the one other witness.
 */
function regionClosedSince(tx: Ledger, checkoutSessionId: string, play: PlayContext | undefined, billingRegion: string | null): boolean {
  if (!play?.place) return false;
  const rules = play.place.rules;
  const closed = (region: string) => !modeAllows(regionModeAt(region, rules, tx.now).mode, "purchase");
  const opened = tx.sql
    .exec<{ region: string }>("SELECT region FROM checkout_regions WHERE session_id = ?", checkoutSessionId)
    .toArray()[0];
  const residence = verifiedResidenceInTx(tx);
  return (
    (opened !== undefined && closed(opened.region)) ||
    (residence !== null && closed(residence)) ||
    (billingRegion !== null && closed(billingRegion))
  );
}

/**
 * Why a paid checkout must be declined (refunded, never credited): the player is closed for
 * play or on a break now, or the checkout was withdrawn before it was paid (or the region it
 * was opened under stopped offering packs since, or a card payment of the player's was lost
 * to a chargeback since, either of which withdraws it); null when it may be credited. A
 * declined checkout's hold, if it still has one, stops counting.
 */
export function purchaseDeclineInTx(
  tx: Ledger,
  checkoutSessionId: string,
  play: PlayContext | undefined,
  billingRegion: string | null = null,
): "closed" | "break" | "withdrawn" | null {
  const reason =
    exclusionAt(readProtection(tx), tx.now) ??
    (checkoutWithdrawn(tx, checkoutSessionId) ||
    regionClosedSince(tx, checkoutSessionId, play, billingRegion) ||
    tx.use(CHARGEBACK_LOST)(tx)
      ? "withdrawn"
      : null);
  if (reason !== null) tx.sql.exec("DELETE FROM purchase_holds WHERE session_id = ?", checkoutSessionId);
  return reason;
}

/** Starts (or lengthens) a break, or closes the account for play; a break never ends early. */
export function takeBreakInTx(tx: Ledger, period: BreakPeriod): BreakResult {
  const state = readProtection(tx);
  const next = breakEnd(state, period, tx.now);
  if (state.closed !== "permanent") recordBreak(tx, period, next.breakUntil);
  tx.sql.exec(
    `INSERT INTO protection (id, date_of_birth, date_of_birth_at, break_until, closed, closed_at, updated_at) VALUES (1, NULL, NULL, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET break_until = excluded.break_until, closed = excluded.closed,
       closed_at = COALESCE(protection.closed_at, excluded.closed_at), updated_at = excluded.updated_at`,
    next.breakUntil,
    next.closed,
    next.closed ? tx.now : null,
    tx.now,
  );
  withdrawOpenCheckoutsInTx(tx, "self-excluded");
  const after = readProtection(tx);
  // Off the public social surface while it runs, or for good (standing.ts).
  projectStandingInTx(tx, after);
  return { ok: true, state: after };
}

/** Applies requested limits (minor units; null removes): lower at once, higher after `raiseDelayMs`. */
export function setLimitsInTx(
  tx: Ledger,
  requested: Partial<Record<LimitName, number | null>>,
  raiseDelayMs: number,
): { ok: true; limits: PlayerLimits } {
  const before = readLimits(tx);
  const next = changeLimits(before, requested, tx.now, raiseDelayMs);
  writeLimits(tx, next);
  recordLimitChanges(tx, LIMIT_NAMES, requested, before, next);
  withdrawCheckoutsOverLimit(tx);
  return { ok: true, limits: next };
}

export type PurchaseHoldResult = { ok: true; holdId: string } | Refusal;

/**
 * Whether a card payment of the player's was taken back through their bank (a dispute closed
 * lost); payments answers it. Such an account buys no more packs: a win paid out before the
 * chargeback would otherwise be a free bet, bought again every month.
 */
export const CHARGEBACK_LOST = new WalletPort<(tx: Ledger) => boolean>("a charge lost to a dispute");

/**
 * Before a checkout session is created: the account gate and the purchase limits, counting
 * credited packs and other open checkouts; then a hold that counts this one until it is
 * credited or expires. Concurrent checkouts are serialised here, so together they cannot
 * pass a limit.
 */
export function reservePurchaseInTx(
  tx: Ledger,
  input: { holdId: string; amountCents: number; holdMs: number },
  play: PlayContext,
): PurchaseHoldResult {
  const gate = gatePlay(tx, "purchase", play);
  if (gate) return gate;
  if (tx.use(CHARGEBACK_LOST)(tx)) return { ok: false, code: "purchases-closed-chargeback" };
  const verdict = checkPurchase(readLimits(tx).effective, input.amountCents, purchaseTotals(tx), tx.now);
  if (!verdict.ok) return verdict;
  tx.sql.exec("DELETE FROM purchase_holds WHERE expires_at <= ?", tx.now);
  tx.sql.exec("DELETE FROM purchase_hold_regions WHERE hold_id NOT IN (SELECT id FROM purchase_holds)");
  tx.sql.exec("DELETE FROM checkout_regions WHERE opened_at <= ?", tx.now - CHECKOUT_REGION_KEEP_MS);
  tx.sql.exec(
    "INSERT INTO purchase_holds (id, session_id, amount_cents, created_at, expires_at) VALUES (?, NULL, ?, ?, ?)",
    input.holdId,
    input.amountCents,
    tx.now,
    tx.now + input.holdMs,
  );
  const region = governingRegionInTx(tx, play, "purchase");
  if (region !== null) tx.sql.exec("INSERT OR REPLACE INTO purchase_hold_regions (hold_id, region) VALUES (?, ?)", input.holdId, region);
  return { ok: true, holdId: input.holdId };
}

/**
 * Ties a hold to the checkout session created for it, so the credit can release it. A break,
 * closure or freeze that came while the session was being made withdraws it at once:
 * `refused` says why, and the player is not sent to pay it.
 */
export function attachPurchaseHoldInTx(
  tx: Ledger,
  input: { holdId: string; sessionId: string },
  play: PlayContext,
): { ok: true; refused: Refusal | null } {
  tx.sql.exec("UPDATE purchase_holds SET session_id = ? WHERE id = ?", input.sessionId, input.holdId);
  tx.sql.exec(
    "INSERT OR IGNORE INTO checkout_regions (session_id, region, opened_at) SELECT ?, region, ? FROM purchase_hold_regions WHERE hold_id = ?",
    input.sessionId,
    tx.now,
    input.holdId,
  );
  const checkout = openCheckoutsInTx(tx).find((open) => open.id === input.holdId);
  const refused = gatePlay(tx, "purchase", play) ?? (checkout ? purchaseLimitNow(tx, checkout) : null);
  if (refused && checkout) withdrawCheckoutInTx(tx, checkout, refused.code);
  return { ok: true, refused };
}

/** The purchase limit as it stands now for a checkout already held (a limit lowered while its session was made), or null when it fits. */
function purchaseLimitNow(tx: Ledger, checkout: OpenCheckout): Refusal | null {
  const totals = purchaseTotals(tx);
  const others = {
    day: totals.day - checkout.amount_cents,
    week: totals.week - checkout.amount_cents,
    month: totals.month - checkout.amount_cents,
  };
  const verdict = checkPurchase(readLimits(tx).effective, checkout.amount_cents, others, tx.now);
  return verdict.ok ? null : verdict;
}

/** A checkout that was never created: its hold stops counting. */
export function releasePurchaseHoldInTx(tx: Ledger, holdId: string): { ok: true } {
  tx.sql.exec("DELETE FROM purchase_holds WHERE id = ? AND session_id IS NULL", holdId);
  return { ok: true };
}

/**
 * A paid pack counts toward the purchase limits from the moment it is credited (the credit
 * itself is never refused: the money was taken). Its checkout hold, when it has one, stops counting.
 */
export function recordPurchaseInTx(tx: Ledger, input: { reference: string; amountCents: number }): void {
  tx.sql.exec(
    "INSERT OR IGNORE INTO protection_purchases (reference, amount_cents, created_at) VALUES (?, ?, ?)",
    input.reference,
    input.amountCents,
    tx.now,
  );
  tx.sql.exec("DELETE FROM purchase_holds WHERE session_id = ?", input.reference);
}

export type ProtectionSnapshot = {
  state: ProtectionState;
  limits: PlayerLimits;
  allowance: ReturnType<typeof purchaseAllowance>;
  stakedToday: Record<WalletKind, number>;
  /** The region on the player's verified document, which money actions also answer to (null: none recorded). */
  residence: string | null;
};

/** Everything the player's account screen shows, in minor units. */
export function protectionSnapshotInTx(tx: Ledger): ProtectionSnapshot {
  const limits = readLimits(tx);
  return {
    state: readProtection(tx),
    limits,
    allowance: purchaseAllowance(limits.effective, purchaseTotals(tx), tx.now),
    stakedToday: { coins: stakedToday(tx, "coins"), cash: stakedToday(tx, "cash") },
    residence: verifiedResidenceInTx(tx),
  };
}
