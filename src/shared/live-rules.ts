// The in-play rules both sides apply the same way: which game is under way (its start
// time has passed on the feed's clock, or the feed says so), and how long a bet with
// live legs is held before it is accepted (the longest delay among its live sports).
// The Worker holds POST /api/placeBet for exactly this long; the betslip counts it down.
import type { z } from "zod";
import type { LiveRulesSchema } from "./schemas/events";
import { isSportKey, type SportKey } from "./sports";

/**
 * The live settings the Worker publishes on GET /api/sports for the SPA: how often a board
 * with games under way is refreshed (the SPA polls at this cadence), and each sport's
 * live-bet delay in seconds.
 */
export type LiveRules = z.infer<typeof LiveRulesSchema>;

export type DelayBySport = Partial<Record<SportKey, number>>;

/** A game is under way once the feed marks it live or its start time has passed on the feed's clock. */
export function isUnderway(event: { status: string; startTime: string }, feedNow: number): boolean {
  return event.status === "live" || Date.parse(event.startTime) <= feedNow;
}

/** The live-bet delay of one sport: its override, else the default. */
export function betDelayFor(sport: SportKey, defaultSeconds: number, bySport: DelayBySport): number {
  return bySport[sport] ?? defaultSeconds;
}

/** How long a slip is held: the longest delay among the sports of its live legs; 0 when none is live. */
export function slipDelaySeconds(liveSports: Iterable<SportKey>, delays: Readonly<Record<SportKey, number>>): number {
  let seconds = 0;
  for (const sport of liveSports) seconds = Math.max(seconds, delays[sport] ?? 0);
  return seconds;
}

const MAX_DELAY_SECONDS = 30;

/**
 * Pure: reads `sport_key:seconds` pairs separated by commas ("" is none). Each sport at
 * most once, seconds a whole number from 0 to 30.
 */
export function parseDelayBySport(text: string): { ok: true; value: DelayBySport } | { ok: false; message: string } {
  const value: DelayBySport = {};
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, seconds, extra] = part.split(":").map((p) => p.trim());
    if (extra !== undefined || !key || seconds === undefined) return { ok: false, message: `"${part}" is not sport_key:seconds` };
    if (!isSportKey(key)) return { ok: false, message: `"${key}" is not a sport key` };
    if (key in value) return { ok: false, message: `${key} is given twice` };
    const n = Number(seconds);
    if (!/^\d+$/.test(seconds) || n > MAX_DELAY_SECONDS)
      return { ok: false, message: `${key}: seconds must be a whole number from 0 to ${MAX_DELAY_SECONDS}` };
    value[key] = n;
  }
  return { ok: true, value };
}
