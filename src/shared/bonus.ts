// The daily bonus rules of spec §9, shared by the wallet panel (what the player sees) and
// the wallet Durable Object (what is paid). Pure: the caller passes `now`. A "day" is a
// calendar day in America/New_York, so the bonus resets at 12:00 AM Eastern, daylight
// saving included; the day key ("YYYY-MM-DD") is also the ledger reference that makes
// a day's bonus pay once.

export const BONUS_TIME_ZONE = "America/New_York";
export const STREAK_GOAL = 7;
/** Paid on every claim: +1,000 Coins and +1 Vantage Cash (in cents). */
export const DAILY_BONUS = { coins: 1_000, cashCents: 100 } as const;
/** Paid on top when the streak reaches STREAK_GOAL: +5,000 Coins and +5 Vantage Cash. */
export const STREAK_BONUS = { coins: 5_000, cashCents: 500 } as const;

export type BonusState = { lastBonusDayET: string; bonusStreak: number };

export type BonusClaim =
  | { alreadyClaimed: true; day: string; streak: number }
  | { alreadyClaimed: false; day: string; streak: number; milestone: boolean; coins: number; cashCents: number };

let dayFormatter: Intl.DateTimeFormat | null = null;
const HOUR_MS = 3_600_000;
/**
 * Days of the UTC hours asked about lately. Eastern time is a whole number of hours from
 * UTC, so its day changes only on a UTC hour: every moment of one UTC hour has the same
 * day (formatting a date in a time zone is slow, and each of a bet's checks asks, with
 * the period bounds asking about the midnights around it).
 */
const dayOfHour = new Map<number, string>();
const DAY_OF_HOUR_MAX = 256;

/** The Eastern-time calendar day of `now` (epoch ms) as "YYYY-MM-DD". */
export function etDayKey(now: number): string {
  const hour = Math.floor(now / HOUR_MS);
  const known = dayOfHour.get(hour);
  if (known !== undefined) return known;
  const day = formatEtDay(now);
  if (dayOfHour.size >= DAY_OF_HOUR_MAX) dayOfHour.clear();
  dayOfHour.set(hour, day);
  return day;
}

function formatEtDay(now: number): string {
  dayFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: BONUS_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const parts = dayFormatter.formatToParts(new Date(now));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar day before a day key ("2025-03-01" → "2025-02-28"). */
export function previousDayKey(day: string): string | null {
  const match = DAY_KEY.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) - 1));
  return date.toISOString().slice(0, 10);
}

/**
 * What a claim at `now` pays. Once per ET day; the streak grows on consecutive ET days,
 * restarts at 1 after a missed day, and after reaching the goal (which pays the streak
 * bonus too) the next claim starts a new cycle at 1.
 */
export function nextBonusClaim(state: BonusState, now: number): BonusClaim {
  const day = etDayKey(now);
  if (state.lastBonusDayET === day) return { alreadyClaimed: true, day, streak: state.bonusStreak };
  const continues = state.lastBonusDayET !== "" && previousDayKey(day) === state.lastBonusDayET;
  const streak = continues && state.bonusStreak > 0 && state.bonusStreak < STREAK_GOAL ? state.bonusStreak + 1 : 1;
  const milestone = streak === STREAK_GOAL;
  return {
    alreadyClaimed: false,
    day,
    streak,
    milestone,
    coins: DAILY_BONUS.coins + (milestone ? STREAK_BONUS.coins : 0),
    cashCents: DAILY_BONUS.cashCents + (milestone ? STREAK_BONUS.cashCents : 0),
  };
}

/** The streak to show as n/7 at `now`: 0 once a day has been missed or a cycle completed. */
export function displayedStreak(state: BonusState, now: number): number {
  const day = etDayKey(now);
  if (state.lastBonusDayET === day) return state.bonusStreak;
  if (state.lastBonusDayET !== "" && previousDayKey(day) === state.lastBonusDayET && state.bonusStreak < STREAK_GOAL) {
    return state.bonusStreak;
  }
  return 0;
}

export function claimedToday(state: BonusState, now: number): boolean {
  return state.lastBonusDayET === etDayKey(now);
}
