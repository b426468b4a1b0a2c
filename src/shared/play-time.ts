// Play time: what a player's visible, signed-in tabs report by heartbeat. A minute counts
// once however many tabs or devices beat in it; a session is a run of heartbeats with
// gaps under SESSION_GAP_MS. The daily play-time limit counts the minutes of the Eastern
// day; a reality check falls due every chosen interval of a session, and until the player
// answers it, bets are refused. Pure: the wallet stores the minutes and the session.
import type { LimitUse, PlayLimitValues } from "./play-limits";
import { periodBounds, type Allowed } from "./protection";

export const MINUTE_MS = 60_000;
/** A heartbeat this long after the previous one starts a new session. */
export const SESSION_GAP_MS = 10 * MINUTE_MS;
/** How often a visible tab beats. */
export const HEARTBEAT_INTERVAL_MS = MINUTE_MS;
/** The wallet panel shows the time left under the daily limit when less than this remains. */
export const TIME_LEFT_SHOWN_UNDER_MINUTES = 15;

/** The minute a heartbeat at `now` counts for (minutes since the epoch). */
export function minuteOf(now: number): number {
  return Math.floor(now / MINUTE_MS);
}

/** A session: when it started, its last heartbeat, and when its last reality check was answered (or it started). */
export type PlaySession = { startedAt: number; lastBeatAt: number; checkedAt: number };

/** The session after a heartbeat at `now`: the same one continued, or a new one after a gap. */
export function sessionAfterBeat(session: PlaySession | null, now: number): PlaySession {
  if (!session || now - session.lastBeatAt >= SESSION_GAP_MS) return { startedAt: now, lastBeatAt: now, checkedAt: now };
  return { ...session, lastBeatAt: Math.max(session.lastBeatAt, now) };
}

/** Whether the session is still running at `now` (its last heartbeat less than a gap ago). */
export function sessionRunning(session: PlaySession | null, now: number): session is PlaySession {
  return session !== null && now - session.lastBeatAt < SESSION_GAP_MS;
}

/** When the running session's next reality check falls due; null without a check or a session. */
export function realityCheckDueAt(session: PlaySession | null, intervalMs: number | null, now: number): number | null {
  if (intervalMs === null || intervalMs <= 0 || !sessionRunning(session, now)) return null;
  return session.checkedAt + intervalMs;
}

/** The interval a reality-check setting means: its minutes, or the override (seconds, tests and demos) when above 0. */
export function realityCheckIntervalMs(minutes: number | null, overrideSeconds: number): number | null {
  if (minutes === null) return null;
  return overrideSeconds > 0 ? overrideSeconds * 1000 : minutes * MINUTE_MS;
}

/** The refusals of these rules; `minutes` (the limit) is for the time limit's sentence, clients are sent its name and reset. */
export type PlayTimeRefusal =
  | { ok: false; code: "reality-check-due"; details: { dueAt: string } }
  | { ok: false; code: "time-limit"; details: { limit: "dailyPlayMinutes"; resetsAt: string; minutes: number } };

export function checkRealityCheck(session: PlaySession | null, intervalMs: number | null, now: number): Allowed | PlayTimeRefusal {
  const dueAt = realityCheckDueAt(session, intervalMs, now);
  if (dueAt === null || dueAt > now) return { ok: true };
  return { ok: false, code: "reality-check-due", details: { dueAt: new Date(dueAt).toISOString() } };
}

/** The daily play-time limit's use at `now`, given the minutes played this Eastern day. */
export function timeUse(limits: PlayLimitValues, minutesToday: number, now: number): LimitUse | null {
  const limit = limits.dailyPlayMinutes;
  if (limit === null) return null;
  const { start, end } = periodBounds("day", now);
  return { name: "dailyPlayMinutes", limit, used: minutesToday, periodStart: start, resetsAt: end };
}

/** Minutes left today under the daily limit; null without one. */
export function minutesLeft(limits: PlayLimitValues, minutesToday: number): number | null {
  return limits.dailyPlayMinutes === null ? null : Math.max(0, limits.dailyPlayMinutes - minutesToday);
}

/** Bets and purchases stop once today's minutes reach the daily limit, until the next Eastern day. */
export function checkTime(limits: PlayLimitValues, minutesToday: number, now: number): Allowed | PlayTimeRefusal {
  const use = timeUse(limits, minutesToday, now);
  if (!use || use.used < use.limit) return { ok: true };
  return {
    ok: false,
    code: "time-limit",
    details: { limit: "dailyPlayMinutes", resetsAt: new Date(use.resetsAt).toISOString(), minutes: use.limit },
  };
}

/** How a player answers a reality check. */
export const REALITY_CHECK_ANSWERS = ["keep-playing", "take-break", "set-limit"] as const;
export type RealityCheckAnswer = (typeof REALITY_CHECK_ANSWERS)[number];
