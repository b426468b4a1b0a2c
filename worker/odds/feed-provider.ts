// One interface for every odds-and-scores feed: The Odds API v4 when ODDS_API_KEY is
// set, the embedded simulator otherwise (development only). Failures are values, so a
// feed outage never becomes a 5xx of ours.
import type { Event, EventScore } from "../../src/shared/schemas/events";
import type { SportKey } from "../../src/shared/sports";

export type FeedQuota = { remaining: number | null; used: number | null; last: number | null };

export type FeedFailure = {
  ok: false;
  kind: "unauthorized" | "out-of-credits" | "rate-limited" | "unavailable" | "bad-response" | "not-mapped";
  status: number | null;
  message: string;
};

export type FeedResult<T> = { ok: true; value: T; quota: FeedQuota | null } | FeedFailure;

export interface OddsFeedProvider {
  readonly name: "the-odds-api" | "simulator";
  /** Whether this feed carries the sport at all (unmapped sports show 'Coming soon'). */
  isMapped(sport: SportKey): boolean;
  fetchOdds(sport: SportKey, now: number): Promise<FeedResult<Event[]>>;
  /** Live and recently finished games; `daysFrom` (1–3) asks for finals of past days. */
  fetchScores(sport: SportKey, options: { daysFrom?: number }, now: number): Promise<FeedResult<EventScore[]>>;
}

/** What routes that read the feed take from outside: the feed to use (tests pass a scripted one); the configured one (getFeedProvider) when absent. */
export type FeedDeps = { feed?: (env: Env) => OddsFeedProvider | null };
