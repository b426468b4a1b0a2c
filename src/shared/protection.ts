// Player protection rules, shared by the wallet Durable Object (what is
// enforced, inside the transaction that moves the money) and the SPA (what the player is
// told). Pure: every function takes `now`; refusals are values, never exceptions.
//
//   age            a date of birth is confirmed once; until then every money action is
//                  refused, and under the minimum age the account is closed for play.
//   breaks         24 hours, 7 days, 30 days or permanent; no bets, purchases or bonus
//                  claims while one runs (redeeming what the player holds stays allowed).
//   limits         daily stake per wallet, daily/weekly/monthly purchases. Lowering is
//                  immediate; raising or removing waits (LIMIT_RAISE_DELAY_HOURS).
// Days, weeks (from Monday) and months start at midnight Eastern, like the bonus day.
import { BONUS_TIME_ZONE, etDayKey } from "./bonus";
import { formatAmount, type WalletKind } from "./money";
import type { RegionRules } from "./region-rules";

/** The money actions the rules gate. */
export type PlayAction = "bet" | "purchase" | "bonus" | "redeem";

export const PLAY_ACTION_LABEL: Record<PlayAction, string> = {
  bet: "Betting",
  purchase: "Coin purchases",
  bonus: "The daily bonus",
  redeem: "Redemptions",
};

/**
 * The refusals of the account gate: a code and the data its sentence needs (the sentences
 * are src/shared/refusals.ts's). Plain values only: a refusal crosses the Durable Object RPC
 * boundary and becomes JSON.
 */
export type PlayRefusal =
  | { ok: false; code: "age-unconfirmed"; details?: undefined }
  | { ok: false; code: "under-age"; details: { minAge: number; closed?: boolean } }
  | { ok: false; code: "self-excluded"; details: { breakUntil: string | null; permanent: boolean } };
/** `limitMinor` and `leftMinor` are for the sentence; clients are sent the limit's name and reset. */
export type StakeLimitRefusal = {
  ok: false;
  code: "stake-limit";
  details: { limit: LimitName; resetsAt: string; limitMinor: number; leftMinor: number };
};
/** `limitCents` is for the sentence; clients are sent the limit's name, what is left and the reset. */
export type PurchaseLimitRefusal = {
  ok: false;
  code: "purchase-limit";
  details: { limit: LimitName; remainingDollars: number; resetsAt: string; limitCents: number };
};
export type Allowed = { ok: true };

/**
 * What a money action is checked against besides the player's own state: the minimum age
 * where the player is and, from a player's request, the place it came from with the region
 * rules, so the region gate is checked in the same transaction as the money (direct calls
 * without a request carry no place).
 */
export type PlayContext = {
  minAge: number;
  /** Where the request came from and the region rules (the dated table and operators' lists); none on direct calls. */
  place?: {
    region: string | null;
    rules: RegionRules;
    /**
     * Minimum ages by region (the dated table's and REGION_MIN_AGE, each applying), so the
     * wallet can hold money to the age where the player's verified document says they live.
     */
    minAgeTables?: readonly Readonly<Record<string, number>>[];
  };
  /**
   * The version of the Official Sweepstakes Rules in force, from a player's request: Vantage
   * Cash bets, purchases, redemptions and bonus claims need the player to have accepted it.
   * Direct calls without a request carry none.
   */
  rulesVersion?: number;
};

/** The refusal codes of these rules (and the region rules): their messages say what to do, so clients show them as sent. */
export const PROTECTION_REFUSAL_CODES: ReadonlySet<string> = new Set([
  "age-unconfirmed",
  "under-age",
  "self-excluded",
  "stake-limit",
  "purchase-limit",
  "region-restricted",
  // An operator's freeze: a neutral message, the reason stays with operators.
  "account-frozen",
  // Loss and play-time limits and a due reality check (src/shared/loss-limits.ts, play-time.ts).
  "loss-limit",
  "time-limit",
  "reality-check-due",
  // Vantage Cash play before the Official Sweepstakes Rules in force are accepted (the rules dialog opens too).
  "rules-not-accepted",
]);

// ---- Eastern-time calendar ----

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Epoch ms of 12:00 AM Eastern on a day key ("YYYY-MM-DD"), daylight saving included. */
export function etMidnight(dayKey: string): number {
  const [y, m, d] = dayKey.split("-").map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Eastern is UTC-5 (EST) or UTC-4 (EDT); midnight is the first instant whose ET day is dayKey.
  for (const offsetHours of [4, 5]) {
    const candidate = utcMidnight + offsetHours * HOUR_MS;
    if (etDayKey(candidate) === dayKey && etDayKey(candidate - 1) !== dayKey) return candidate;
  }
  return utcMidnight + 5 * HOUR_MS;
}

function addDays(dayKey: string, days: number): string {
  const [y, m, d] = dayKey.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export type LimitPeriod = "day" | "week" | "month";

/** The Eastern-time period containing `now`: [start, end) in epoch ms. */
export function periodBounds(period: LimitPeriod, now: number): { start: number; end: number } {
  const today = etDayKey(now);
  let first = today;
  let next = addDays(today, 1);
  if (period === "week") {
    const [y, m, d] = today.split("-").map(Number) as [number, number, number];
    const weekday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7; // Monday = 0
    first = addDays(today, -weekday);
    next = addDays(first, 7);
  } else if (period === "month") {
    first = `${today.slice(0, 8)}01`;
    const [y, m] = today.split("-").map(Number) as [number, number];
    next = new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
  }
  return { start: etMidnight(first), end: etMidnight(next) };
}

let timeFormatter: Intl.DateTimeFormat | null = null;

/** "Nov 24, 2026, 6:10 PM ET": how every end and reset time is named to the player. */
export function formatEtTime(at: number): string {
  timeFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: BONUS_TIME_ZONE,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return `${timeFormatter.format(new Date(at))} ET`;
}

// ---- age ----

const DATE_OF_BIRTH = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether "YYYY-MM-DD" names a day of the calendar (2000-13-01 and 2001-02-29 have the form, not a day). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_OF_BIRTH.exec(text);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A real calendar date "YYYY-MM-DD" between 1900-01-01 and today (Eastern). */
export function isValidDateOfBirth(text: string, now: number): boolean {
  return isCalendarDate(text) && text >= "1900-01-01" && text <= etDayKey(now);
}

/**
 * Whole years of age at `now`, a birthday counting once it has begun everywhere: on the
 * calendar day at UTC−12, the last to start. Counted on the Eastern day, an 18th birthday
 * would begin three to five hours early for a player on the Pacific coast, in Alaska or in
 * Hawaii, who would then play as an adult while still 17 where they are. Play waits for it.
 */
export function ageOn(dateOfBirth: string, now: number): number {
  return yearsOnDay(dateOfBirth, now - 12 * HOUR_MS);
}

/**
 * Whole years of age where the day began first (UTC+14). What closes an account for good as
 * under age: only someone under age everywhere, so nobody who signs up on their 18th
 * birthday morning is closed because it has not yet begun in Hawaii (play still waits, ageOn).
 */
export function ageAnywhere(dateOfBirth: string, now: number): number {
  return yearsOnDay(dateOfBirth, now + 14 * HOUR_MS);
}

/** Whole years from `dateOfBirth` to the UTC calendar day of `instant`. */
function yearsOnDay(dateOfBirth: string, instant: number): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = new Date(instant).toISOString().slice(0, 10).split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

// ---- breaks (self-exclusion) ----

export const BREAK_PERIODS = ["24h", "7d", "30d", "permanent"] as const;
export type BreakPeriod = (typeof BREAK_PERIODS)[number];
export const BREAK_DURATION_MS: Record<Exclude<BreakPeriod, "permanent">, number> = {
  "24h": DAY_MS,
  "7d": 7 * DAY_MS,
  "30d": 30 * DAY_MS,
};
export const BREAK_LABEL: Record<BreakPeriod, string> = {
  "24h": "24 hours",
  "7d": "7 days",
  "30d": "30 days",
  permanent: "Close my account",
};

/** Why play is closed for good: the player's own choice, or the age rule. */
export const CLOSED_REASONS = ["permanent", "under-age"] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

export type ProtectionState = {
  dateOfBirth: string | null;
  /** End of a timed break (epoch ms); past values mean no break. */
  breakUntil: number | null;
  closed: ClosedReason | null;
};

/** Why the player is kept from play at `now`: closed for play (their own closure or the age rule), on a break, or null. */
export function exclusionAt(state: ProtectionState, now: number): "closed" | "break" | null {
  if (state.closed !== null) return "closed";
  return state.breakUntil !== null && state.breakUntil > now ? "break" : null;
}

/**
 * When a break of `period` taken at `now` ends, never shortening one that runs longer. An
 * account closed by the age rule stays closed so (its reason keeps a minor's money from
 * being redeemed), but a break still runs beside it, and a closure asked for then is kept
 * in the break history, so correcting the date of birth reopens neither.
 */
export function breakEnd(
  state: ProtectionState,
  period: BreakPeriod,
  now: number,
): { breakUntil: number | null; closed: ClosedReason | null } {
  if (state.closed === "permanent") return { breakUntil: state.breakUntil, closed: state.closed };
  if (period === "permanent") return { breakUntil: state.breakUntil, closed: state.closed ?? "permanent" };
  const until = now + BREAK_DURATION_MS[period];
  return { breakUntil: state.breakUntil !== null && state.breakUntil > until ? state.breakUntil : until, closed: state.closed };
}

/**
 * The account-level gate every money action passes first: a confirmed date of birth, old
 * enough for `minAge`, and (except for redeeming what the player holds) no break running.
 */
export function checkPlay(state: ProtectionState, action: PlayAction, now: number, minAge: number): Allowed | PlayRefusal {
  if (state.dateOfBirth === null) return { ok: false, code: "age-unconfirmed" };
  if (state.closed === "under-age" || ageOn(state.dateOfBirth, now) < minAge) {
    // Closed when the player was under age everywhere; otherwise too young only here or only
    // yet (a higher minimum where they are, a birthday not yet begun everywhere).
    return { ok: false, code: "under-age", details: { minAge, closed: state.closed === "under-age" } };
  }
  if (action === "redeem") return { ok: true };
  if (state.closed === "permanent") {
    return { ok: false, code: "self-excluded", details: { breakUntil: null, permanent: true } };
  }
  if (state.breakUntil !== null && state.breakUntil > now) {
    return { ok: false, code: "self-excluded", details: { breakUntil: new Date(state.breakUntil).toISOString(), permanent: false } };
  }
  return { ok: true };
}

// ---- limits ----

export const LIMIT_NAMES = [
  "dailyStakeCoins",
  "dailyStakeCash",
  "dailyPurchaseDollars",
  "weeklyPurchaseDollars",
  "monthlyPurchaseDollars",
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

/** Units: stake limits in the wallet's minor units (Coins, Vantage Cash cents); purchases in cents. */
export const LIMIT_INFO: Record<LimitName, { period: LimitPeriod; wallet: WalletKind | "dollars"; label: string }> = {
  dailyStakeCoins: { period: "day", wallet: "coins", label: "daily Coins stake limit" },
  dailyStakeCash: { period: "day", wallet: "cash", label: "daily Vantage Cash stake limit" },
  dailyPurchaseDollars: { period: "day", wallet: "dollars", label: "daily purchase limit" },
  weeklyPurchaseDollars: { period: "week", wallet: "dollars", label: "weekly purchase limit" },
  monthlyPurchaseDollars: { period: "month", wallet: "dollars", label: "monthly purchase limit" },
};

export const PURCHASE_LIMITS = ["dailyPurchaseDollars", "weeklyPurchaseDollars", "monthlyPurchaseDollars"] as const;

export const STAKE_LIMIT_FOR: Record<WalletKind, LimitName> = { coins: "dailyStakeCoins", cash: "dailyStakeCash" };

/** Limit values in minor units; null = no limit. */
export type LimitValues = Record<LimitName, number | null>;
export type PendingLimit = { value: number | null; effectiveAt: number };
export type PlayerLimits = { effective: LimitValues; pending: Partial<Record<LimitName, PendingLimit>> };

export const NO_LIMITS: LimitValues = {
  dailyStakeCoins: null,
  dailyStakeCash: null,
  dailyPurchaseDollars: null,
  weeklyPurchaseDollars: null,
  monthlyPurchaseDollars: null,
};

/** Any named set of limits (these, or the loss and play-time limits of play-limits.ts): values and waiting raises. */
export type NamedLimits<N extends string> = { effective: Record<N, number | null>; pending: Partial<Record<N, PendingLimit>> };

/** Limits as they stand at `now`: raises whose waiting time has passed take effect. */
export function resolveNamedLimits<N extends string>(names: readonly N[], limits: NamedLimits<N>, now: number): NamedLimits<N> {
  const effective = { ...limits.effective };
  const pending: NamedLimits<N>["pending"] = {};
  for (const name of names) {
    const change = limits.pending[name];
    if (!change) continue;
    if (change.effectiveAt <= now) effective[name] = change.value;
    else pending[name] = change;
  }
  return { effective, pending };
}

export function resolveLimits(limits: PlayerLimits, now: number): PlayerLimits {
  return resolveNamedLimits(LIMIT_NAMES, limits, now);
}

/** Whether `next` is stricter than `current` (null = no limit). */
function isLower(next: number | null, current: number | null): boolean {
  return next !== null && (current === null || next < current);
}

/**
 * Applies a player's requested limits: a lower limit takes effect at once (and cancels a
 * waiting raise); the current value again cancels a waiting raise; a higher limit or a
 * removal (null) waits `raiseDelayMs`. Repeating a waiting raise keeps its time.
 */
export function changeNamedLimits<N extends string>(
  names: readonly N[],
  current: NamedLimits<N>,
  requested: Partial<Record<N, number | null>>,
  now: number,
  raiseDelayMs: number,
): NamedLimits<N> {
  const { effective, pending } = resolveNamedLimits(names, current, now);
  for (const name of names) {
    if (!(name in requested)) continue;
    const value = requested[name] ?? null;
    if (isLower(value, effective[name])) {
      effective[name] = value;
      delete pending[name];
    } else if (value === effective[name]) {
      delete pending[name];
    } else if (pending[name]?.value !== value) {
      pending[name] = { value, effectiveAt: now + raiseDelayMs };
    }
  }
  return { effective, pending };
}

export function changeLimits(
  current: PlayerLimits,
  requested: Partial<Record<LimitName, number | null>>,
  now: number,
  raiseDelayMs: number,
): PlayerLimits {
  return changeNamedLimits(LIMIT_NAMES, current, requested, now, raiseDelayMs);
}

export function formatLimit(name: LimitName, minor: number): string {
  const unit = LIMIT_INFO[name].wallet;
  if (unit === "dollars") return `$${(minor / 100).toFixed(2)}`;
  return formatAmount(unit, minor);
}

/** A bet of `stakeMinor` on `wallet`, with `stakedToday` already staked this ET day. */
export function checkStake(
  limits: LimitValues,
  wallet: WalletKind,
  stakeMinor: number,
  stakedToday: number,
  now: number,
): Allowed | StakeLimitRefusal {
  const name = STAKE_LIMIT_FOR[wallet];
  const limit = limits[name];
  if (limit === null || stakedToday + stakeMinor <= limit) return { ok: true };
  const left = Math.max(0, limit - stakedToday);
  const resetsAt = periodBounds("day", now).end;
  return {
    ok: false,
    code: "stake-limit",
    details: { limit: name, resetsAt: new Date(resetsAt).toISOString(), limitMinor: limit, leftMinor: left },
  };
}

/** Cents already bought (or held by an open checkout) in each period containing `now`. */
export type PurchaseTotals = Record<LimitPeriod, number>;

export type PurchaseAllowance = { limit: LimitName; remainingCents: number; resetsAt: number };

/** The tightest purchase limit at `now`: what is left under it and when it resets; null with no limit. */
export function purchaseAllowance(limits: LimitValues, spent: PurchaseTotals, now: number): PurchaseAllowance | null {
  let best: PurchaseAllowance | null = null;
  for (const name of PURCHASE_LIMITS) {
    const limit = limits[name];
    if (limit === null) continue;
    const period = LIMIT_INFO[name].period;
    const remainingCents = Math.max(0, limit - spent[period]);
    const resetsAt = periodBounds(period, now).end;
    if (!best || remainingCents < best.remainingCents || (remainingCents === best.remainingCents && resetsAt > best.resetsAt)) {
      best = { limit: name, remainingCents, resetsAt };
    }
  }
  return best;
}

/**
 * Whether what is bought and held by open checkouts passes a purchase limit (one just
 * lowered below it): the open checkouts that no longer fit are then withdrawn.
 */
export function purchasesOverLimit(limits: LimitValues, spent: PurchaseTotals): boolean {
  return PURCHASE_LIMITS.some((name) => {
    const limit = limits[name];
    return limit !== null && spent[LIMIT_INFO[name].period] > limit;
  });
}

/** A pack of `amountCents` against the player's purchase limits. */
export function checkPurchase(
  limits: LimitValues,
  amountCents: number,
  spent: PurchaseTotals,
  now: number,
): Allowed | PurchaseLimitRefusal {
  const allowance = purchaseAllowance(limits, spent, now);
  if (!allowance || amountCents <= allowance.remainingCents) return { ok: true };
  return {
    ok: false,
    code: "purchase-limit",
    details: {
      limit: allowance.limit,
      remainingDollars: allowance.remainingCents / 100,
      resetsAt: new Date(allowance.resetsAt).toISOString(),
      limitCents: limits[allowance.limit]!,
    },
  };
}
