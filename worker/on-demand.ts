// Modules the Worker loads only when a request needs them: Stripe's SDK (payments,
// identity and their webhooks) and the share cards' rasteriser (WebAssembly). Each is kept
// once loaded as a value, never as a pending promise: a promise made by one request and
// awaited by another carries the first request's I/O, which the runtime refuses. Two
// requests that both arrive before the first load finishes each import; the runtime's own
// module cache makes the second cheap. Tests load them up front (test/worker/apply-migrations.ts),
// because under the test runner every dynamic import is a request to the runner.

/** `load`'s module, imported on the first call and then kept. */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: { value: T } | null = null;
  return async () => {
    if (loaded) return loaded.value;
    const value = await load();
    loaded = { value };
    return value;
  };
}

/** Stripe's SDK constructor (with its static `webhooks` helpers). */
export const stripeSdk = onDemand(async () => (await import("stripe")).default);
