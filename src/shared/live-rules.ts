// The in-play rules both sides apply the same way: which game is under way (its start
// time has passed on the feed's clock, or the feed says so), how long a bet with live
// legs is held before it is accepted (the longest delay among its live sports), and when
// a live market is not offered: closed once its game is past its sport's window (the
// real feed has no game clock, so the window is elapsed time since the start) or over,
// suspended from a score change until the book confirms a price after it, and suspended
// while the book's price is older than the accepted age (the book's clock: a price is as
// old as the older of its market's `last_update` and our fetch). A market held back
// holds back its whole game: every market of it is locked alike (gameSuspension). Pure
// functions taking `now`; the Worker's price desk and placement apply them, the SPA shows
// their reasons.
import type { z } from "zod";
import { formatSpreadLine } from "./odds";
import type { LiveRulesSchema } from "./schemas/events";
import { isSportKey, SPORT_KEYS, type SportKey } from "./sports";
import { SUSPENSION_REASONS, type SuspensionReason } from "./suspension-reasons";

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

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Pure: reads `sport_key:number` pairs separated by commas ("" is none). Each sport at
 * most once, each number a whole number from `min` to `max`.
 */
function parseWholeBySport(text: string, unit: string, min: number, max: number): Parsed<Partial<Record<SportKey, number>>> {
  const value: Partial<Record<SportKey, number>> = {};
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key, amount, extra] = part.split(":").map((p) => p.trim());
    if (extra !== undefined || !key || amount === undefined) return { ok: false, message: `"${part}" is not sport_key:${unit}` };
    if (!isSportKey(key)) return { ok: false, message: `"${key}" is not a sport key` };
    if (key in value) return { ok: false, message: `${key} is given twice` };
    const n = Number(amount);
    if (!/^\d+$/.test(amount) || n < min || n > max) {
      return { ok: false, message: `${key}: ${unit} must be a whole number from ${min} to ${max}` };
    }
    value[key] = n;
  }
  return { ok: true, value };
}

/** Pure: the per-sport live-bet delays, `sport_key:seconds` pairs (0–30 each). */
export function parseDelayBySport(text: string): Parsed<DelayBySport> {
  return parseWholeBySport(text, "seconds", 0, MAX_DELAY_SECONDS);
}

/** How long after its start each sport's live markets stay open, in minutes. */
export type CloseAfterMinutes = Record<SportKey, number>;

const MAX_CLOSE_AFTER_MINUTES = 600;

/**
 * Pure: the live close windows, `sport_key:minutes` pairs (1–600 each), over `defaults`:
 * a sport the text does not name keeps its default window.
 */
export function parseCloseAfterMinutes(text: string, defaults: Partial<CloseAfterMinutes>): Parsed<CloseAfterMinutes> {
  const given = parseWholeBySport(text, "minutes", 1, MAX_CLOSE_AFTER_MINUTES);
  if (!given.ok) return given;
  const value = { ...defaults, ...given.value };
  const missing = SPORT_KEYS.filter((k) => value[k] === undefined);
  if (missing.length > 0) return { ok: false, message: `no window for ${missing.join(", ")}` };
  return { ok: true, value: value as CloseAfterMinutes };
}

/** When a game's live markets close for good, on the feed's clock: its start plus its sport's window. */
export function liveClosesAt(event: { sport: SportKey; startTime: string }, closeAfter: Readonly<CloseAfterMinutes>): number {
  return Date.parse(event.startTime) + closeAfter[event.sport] * 60_000;
}

/** The three markets of a card, as the Event names them. */
export const MARKET_KEYS = ["moneyline", "spread", "total"] as const;
export type MarketKey = (typeof MARKET_KEYS)[number];

/**
 * Why the game is suspended: the first reason by SUSPENSION_REASONS' order that any of its
 * markets is held back for, or null. A suspension is the game's, not one market's: a book
 * that has not confirmed one price, or a score change, makes every price of the game
 * suspect, so every market is locked alike. The Worker's board and placement and the
 * SPA's card all read it here, so what the card locks is what placement refuses.
 */
export function gameSuspension(event: { suspended?: Partial<Record<MarketKey, SuspensionReason>> }): SuspensionReason | null {
  const reasons = Object.values(event.suspended ?? {});
  return SUSPENSION_REASONS.find((reason) => reasons.includes(reason)) ?? null;
}

/** The reason as the card's 'Suspended' label states it. */
export const SUSPENSION_LABELS: Record<SuspensionReason, string> = {
  over: "Game over",
  closing: "Final minutes",
  "no-score": "No live score",
  "score-change": "Score changed",
  "price-age": "Price not current",
};

/** The sentence a refused slip adds after 'One or more selections are locked.', naming the leg. */
export function suspensionSentence(leg: string, reason: SuspensionReason): string {
  switch (reason) {
    case "over":
      return `${leg} is closed because the game is over.`;
    case "closing":
      return `${leg} is closed because live betting on this game has ended for its final minutes.`;
    case "no-score":
      return `${leg} is suspended because the game's live score is not coming in.`;
    case "score-change":
      return `${leg} is suspended because the score changed after its price.`;
    case "price-age":
      return `${leg} is suspended because the bookmaker has not confirmed its price recently.`;
  }
}

/** A leg as the slip labels it ("Boston Celtics ML", "Miami Heat +3.5", "Over 221.5"), with its game. */
export function legName(leg: {
  market: "Moneyline" | "Spread" | "Total" | "Prop";
  side: "Home" | "Away" | "Over" | "Under" | "Draw" | "Yes";
  line: number | null;
  home: string;
  away: string;
  prop?: { player: string; label: string };
}): string {
  if (leg.market === "Prop") {
    const player = leg.prop?.player ?? "Player";
    const label = leg.prop?.label ?? "prop";
    // "Paolo Banchero Over 22.5 Points", "Connor McDavid Anytime goalscorer".
    const pick = leg.side === "Yes" ? `${player} ${label}` : `${player} ${leg.side}${leg.line === null ? "" : ` ${leg.line}`} ${label}`;
    return `${pick} (${leg.away} @ ${leg.home})`;
  }
  const team = leg.side === "Home" ? leg.home : leg.away;
  const label =
    leg.market === "Moneyline"
      ? leg.side === "Draw"
        ? "Draw ML"
        : `${team} ML`
      : leg.market === "Spread"
        ? leg.line === null
          ? `${team} spread`
          : `${team} ${formatSpreadLine(leg.line)}`
        : `${leg.side}${leg.line === null ? "" : ` ${leg.line}`}`;
  return `${label} (${leg.away} @ ${leg.home})`;
}

/** What the live rules need to know of one market of a game under way. */
export type LiveMarketFacts = {
  /** The Worker's clock. */
  now: number;
  /** The feed's clock (start times and windows are on it). */
  feedNow: number;
  sport: SportKey;
  startTime: string;
  /** When we fetched the price (the Worker's clock). */
  fetchedAt: number;
  /** When the book last confirmed this market (the Worker's clock); unknown counts as unconfirmed. */
  bookUpdatedAt: number | undefined;
  /** The game is over (the scores said completed, or it left them). */
  over: boolean;
  /** The game was once seen past its window: it stays closed. */
  closed: boolean;
  /** When the score last changed (the scores entry's `last_update`), or null. */
  scoreChangedAt: number | null;
  /**
   * The scores feed has listed the game since it started. A game it never listed could have
   * scored, or ended, unseen: no score change could suspend it and no absence could close
   * it, so it is not offered until the feed lists it.
   */
  scoreSeen: boolean;
};

/** A price's age on the book's clock: now minus the older of the book's confirmation and our fetch. */
export function priceAgeMs(now: number, fetchedAt: number, bookUpdatedAt: number | undefined): number {
  if (bookUpdatedAt === undefined) return Number.POSITIVE_INFINITY;
  return now - Math.min(fetchedAt, bookUpdatedAt);
}

/** Why this live market is not offered right now, or null when it is (first reason by SUSPENSION_REASONS' order). */
export function liveSuspension(
  facts: LiveMarketFacts,
  rules: { closeAfter: Readonly<CloseAfterMinutes>; maxAgeMs: number },
): SuspensionReason | null {
  if (facts.over) return "over";
  if (facts.closed || facts.feedNow >= liveClosesAt(facts, rules.closeAfter)) return "closing";
  if (!facts.scoreSeen) return "no-score";
  if (facts.scoreChangedAt !== null && (facts.bookUpdatedAt === undefined || facts.bookUpdatedAt <= facts.scoreChangedAt)) {
    return "score-change";
  }
  if (priceAgeMs(facts.now, facts.fetchedAt, facts.bookUpdatedAt) > rules.maxAgeMs) return "price-age";
  return null;
}
