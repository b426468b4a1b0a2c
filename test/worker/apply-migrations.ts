// Gives every Worker test file a fresh world before it runs. The worker project shares one
// runtime between the files a vitest worker runs (`isolate: false` in vitest.config.ts:
// starting a runtime per file was two thirds of the suite's time), so what earlier files
// left behind is removed here: every Durable Object they used (wallets and price desks: their
// storage and alarms), every D1 table (then the migrations again), the odds cache, and
// what the Worker's isolate remembers of them (worker/isolate-memos.ts).
import {
  abortAllDurableObjects,
  applyD1Migrations,
  listDurableObjectIds,
  runDurableObjectAlarm,
  runInDurableObject,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, vi } from "vitest";
import { forgetIsolateMemos } from "../../worker/isolate-memos";
import { signedInWalletIds } from "./wallet-registry";

// The ids already wiped, kept on the runtime's global object because this module is
// evaluated afresh for every file. The runtime keeps listing an object whose storage was
// wiped, so only new ids (and the wallets of accounts signed in again, which a fixed e-mail
// address brings back: see wallet-registry.ts) need wiping each time.
const wipedKey = Symbol.for("vantage.test.wipedDurableObjects");
const registry = globalThis as { [wipedKey]?: Set<string> };
registry[wipedKey] ??= new Set();
const wiped = registry[wipedKey];

async function wipe(stub: DurableObjectStub): Promise<void> {
  // Alarms run to their end first (an alarm may ring again, as a payout retry does, so a few
  // times): wiping under a running alarm fails it, and the runtime reports the cancelled alarm.
  for (let rung = 0; rung < 3 && (await runDurableObjectAlarm(stub)); rung++);
  await runInDurableObject(stub, async (_instance, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
}

/** Wipes the namespace's objects not wiped before, those named in `again`, or (`every`) all of them. */
async function wipeDurableObjects(namespace: DurableObjectNamespace, again: readonly string[] | "every"): Promise<void> {
  const named = new Set(again === "every" ? [] : again.map((name) => namespace.idFromName(name).toString()));
  for (const id of await listDurableObjectIds(namespace)) {
    const key = id.toString();
    if (again !== "every" && wiped.has(key) && !named.has(key)) continue;
    await wipe(namespace.get(id));
    wiped.add(key);
  }
}

async function wipeDatabase(db: D1Database): Promise<void> {
  const tables = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<{ name: string }>();
  if (tables.results.length === 0) return;
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...tables.results.map(({ name }) => db.prepare(`DROP TABLE IF EXISTS "${name.replaceAll('"', '""')}"`)),
  ]);
}

async function wipeKv(kv: KVNamespace): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await kv.list({ cursor });
    await Promise.all(page.keys.map((key) => kv.delete(key.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor !== undefined);
}

await wipeDurableObjects(env.USER_WALLET, signedInWalletIds.takeAll());
await wipeDurableObjects(env.PRICE_DESK, "every");
await abortAllDurableObjects();
await wipeDatabase(env.DB);
await wipeKv(env.ODDS_CACHE);
forgetIsolateMemos();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

afterAll(() => {
  vi.useRealTimers();
});
