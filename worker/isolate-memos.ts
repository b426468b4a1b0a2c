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

/**
 * An answer one isolate shares between its requests for `memoMs` (a public board). When it
 * runs out, the first request to notice reads it again while the others keep answering
 * with the one they have, for at most another `memoMs`; before the first answer exists,
 * the requests that find a read under way wait for its answer (up to `COLD_WAIT_MS`)
 * rather than each asking D1. Only answers are shared, never a read under way: a request
 * may not await another request's I/O.
 */
export class SharedAnswers<T> {
  private readonly answers = new Map<string, { value: T; until: number; refreshing: boolean }>();
  private readonly coldReads = new Set<string>();

  constructor(private readonly maxKeys = 64) {
    isolateMemo(() => {
      this.answers.clear();
      this.coldReads.clear();
    });
  }

  async get(key: string, now: number, memoMs: number, read: () => Promise<T>): Promise<T> {
    if (memoMs <= 0) return read();
    const known = this.answers.get(key);
    if (known && now < known.until) return known.value;
    if (known?.refreshing && now < known.until + memoMs) return known.value;
    if (!known && this.coldReads.has(key)) {
      for (let waited = 0; waited < COLD_WAIT_MS && this.coldReads.has(key); waited += COLD_POLL_MS) {
        await new Promise((resolve) => setTimeout(resolve, COLD_POLL_MS));
      }
      const arrived = this.answers.get(key);
      if (arrived) return arrived.value;
    }
    if (known) known.refreshing = true;
    else this.coldReads.add(key);
    try {
      const value = await read();
      if (this.answers.size >= this.maxKeys && !this.answers.has(key)) this.answers.clear();
      this.answers.set(key, { value, until: now + memoMs, refreshing: false });
      return value;
    } catch (err) {
      if (known) known.refreshing = false;
      throw err;
    } finally {
      this.coldReads.delete(key);
    }
  }

  /** Records an answer this isolate just learned itself (its own write), good for `memoMs`. */
  remember(key: string, value: T, now: number, memoMs: number): void {
    if (this.answers.size >= this.maxKeys && !this.answers.has(key)) this.answers.clear();
    this.answers.set(key, { value, until: now + memoMs, refreshing: false });
  }
}

const COLD_WAIT_MS = 2_000;
const COLD_POLL_MS = 10;
