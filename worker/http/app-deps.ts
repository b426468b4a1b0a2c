// What the Worker's routes take from the outside world besides the request and env: the
// clock, a way to wait (the live-bet delay) and, for tests, the odds feed. Production
// uses the real ones; tests pass a fake clock and sleep so a 5-second delay costs no
// real time, and a scripted feed whose prices move on cue.
import type { OddsFeedProvider } from "../odds/feed-provider";

export type AppDeps = {
  now(): number;
  sleep(ms: number): Promise<void>;
  /** The odds feed; the configured one (getFeedProvider) when absent. */
  feed?: (env: Env) => OddsFeedProvider | null;
};

export const realDeps: AppDeps = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
