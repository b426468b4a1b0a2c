// What the Worker's routes take from the outside world besides the request and env: the
// clock, a way to wait (the live-bet delay) and, for tests, the odds feed. Production
// uses the real ones; tests pass a fake clock and sleep so a 5-second delay costs no
// real time, a scripted feed whose prices move on cue, and (to stand for several
// isolates) one price desk shared by several apps.
import type { SportKey } from "../../src/shared/sports";
import type { OddsFeedProvider } from "../odds/feed-provider";
import type { DeskHandle } from "../price-desk/desk-client";

export type AppDeps = {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** The odds feed; the configured one (getFeedProvider) when absent. */
  feed?: (env: Env) => OddsFeedProvider | null;
  /** A sport's price desk; the feed's Durable Object (or, with `feed`, one in-process desk per app) when absent. */
  desk?: (env: Env, sport: SportKey) => DeskHandle;
};

export const realDeps: AppDeps = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
