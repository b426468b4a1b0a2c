// What an isolate remembers of storage between requests (the simulator's clock offset, the
// sweepstakes rules version, finished games, the latest feed call, revoked sessions, the
// leaderboards, pending metric points, boards read, the pricing figures) registers here,
// so it can all be forgotten at once when the storage under it is replaced: the Worker
// tests run many files in one runtime, each on fresh storage
// (test/worker/apply-migrations.ts). Production never calls it: a memo there ends with its
// isolate or its own expiry.
const forgetters = new Set<() => void>();

/** Registers how to forget one memo. */
export function isolateMemo(forget: () => void): void {
  forgetters.add(forget);
}

/** Forgets every registered memo of this isolate. */
export function forgetIsolateMemos(): void {
  for (const forget of forgetters) forget();
}
