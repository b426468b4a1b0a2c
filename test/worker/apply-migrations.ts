// Gives every Worker test file a fresh world before it runs. The worker project shares one
// runtime between the files a vitest worker runs (`isolate: false` in vitest.config.ts:
// starting a runtime per file was two thirds of the suite's time), so what earlier files
// left behind is removed here: the runtime deletes every Durable Object's storage and alarm
// (wallets and price desks, and D1 and KV, which the local runtime keeps in Durable Objects
// too) and resets their instances; then the migrations run again and the Worker's isolate
// forgets what it remembered of the old storage (worker/isolate-memos.ts). Each file ends
// with the same reset, so nothing it scheduled rings after it.
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, vi } from "vitest";
import { forgetIsolateMemos } from "../../worker/isolate-memos";
import { stripeSdk } from "../../worker/on-demand";
import { rasteriser } from "../../worker/share-cards/rasteriser";

// What the Worker loads on demand (Stripe's SDK, the card rasteriser) is loaded before any
// test: here every dynamic import is a request to the test runner, and requests racing to
// one import would share that request, which the runtime cancels as hung. Once loaded, the
// Worker keeps each as a value and imports nothing at request time (worker/on-demand.ts).
await Promise.all([stripeSdk(), rasteriser()]);
await reset();
forgetIsolateMemos();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

afterAll(async () => {
  vi.useRealTimers();
  // What a file leaves due (a wallet's outbox alarm, a game's display alarm) is removed
  // before the runner closes the file: an alarm ringing while it closes would ask the
  // runner for the Worker's module through a channel already shut.
  await reset();
});
