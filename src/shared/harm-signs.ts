// Signs of harm operators see in a player's view: patterns the responsible-gaming
// literature and lawsuits name, each with thresholds operators tune (worker/tunables.ts).
//   raises   many limit raises or removals asked for in a short window;
//   chasing  purchases soon after a settled losing bet, again and again;
//   nights   play between midnight and the early morning (Eastern) on several nights.
// Pure: the wallet hands in the player's history, `now` and the thresholds are passed in.
import { BONUS_TIME_ZONE, etDayKey } from "./bonus";

export const HARM_FLAGS = ["raises", "chasing", "nights"] as const;
export type HarmFlag = (typeof HARM_FLAGS)[number];

export type HarmThresholds = {
  raisesCount: number;
  raisesDays: number;
  chaseMinutes: number;
  chaseCount: number;
  chaseDays: number;
  nightCount: number;
  nightDays: number;
  nightEndHour: number;
};

/** What the signs are read from (epoch ms). */
export type HarmHistory = {
  /** When each limit raise or removal was asked for (not lowerings). */
  raisesAskedAt: number[];
  /** When each pack was credited. */
  purchasesAt: number[];
  /** When each losing bet settled (payout below stake). */
  lossesSettledAt: number[];
  /** The start of each minute played. */
  minutesPlayedAt: number[];
};

export type HarmSign = { flag: HarmFlag; fired: boolean; count: number; threshold: number; description: string; evidence: number[] };

const DAY_MS = 24 * 60 * 60 * 1000;

let hourFormatter: Intl.DateTimeFormat | null = null;
function etHour(at: number): number {
  hourFormatter ??= new Intl.DateTimeFormat("en-US", { timeZone: BONUS_TIME_ZONE, hour: "numeric", hourCycle: "h23" });
  return Number(hourFormatter.format(new Date(at)));
}

/** Whether a limit change loosened it: removed, or set higher (null = no limit). */
export function isRaise(fromValue: number | null, toValue: number | null): boolean {
  return fromValue !== null && (toValue === null || toValue > fromValue);
}

export function harmSigns(history: HarmHistory, t: HarmThresholds, now: number): HarmSign[] {
  const raises = history.raisesAskedAt.filter((at) => at > now - t.raisesDays * DAY_MS && at <= now);
  const chases = history.purchasesAt.filter(
    (at) =>
      at > now - t.chaseDays * DAY_MS &&
      at <= now &&
      history.lossesSettledAt.some((loss) => loss <= at && at - loss <= t.chaseMinutes * 60_000),
  );
  const nights = new Map<string, number>();
  for (const at of history.minutesPlayedAt) {
    if (at <= now - t.nightDays * DAY_MS || at > now || etHour(at) >= t.nightEndHour) continue;
    const night = etDayKey(at);
    if (!nights.has(night)) nights.set(night, at);
  }
  const nightStarts = [...nights.values()];
  return [
    {
      flag: "raises",
      fired: raises.length >= t.raisesCount,
      count: raises.length,
      threshold: t.raisesCount,
      description: `${t.raisesCount} or more limit raises or removals in ${t.raisesDays} days`,
      evidence: raises,
    },
    {
      flag: "chasing",
      fired: chases.length >= t.chaseCount,
      count: chases.length,
      threshold: t.chaseCount,
      description: `a purchase within ${t.chaseMinutes} minutes of a settled loss, ${t.chaseCount} times in ${t.chaseDays} days`,
      evidence: chases,
    },
    {
      flag: "nights",
      fired: nightStarts.length >= t.nightCount,
      count: nightStarts.length,
      threshold: t.nightCount,
      description: `play between 12:00 AM and ${t.nightEndHour}:00 AM ET on ${t.nightCount} nights in ${t.nightDays} days`,
      evidence: nightStarts,
    },
  ];
}
