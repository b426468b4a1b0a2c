// Rings a Durable Object's alarm in a test without unsetting it.
//
// `runDurableObjectAlarm` deletes the set alarm before it runs the handler. The runtime's alarm
// manager is not told of a deletion (only of an alarm moved earlier), so it still rings at the
// old time, finds no alarm there and logs "SQLite alarm handler canceled" into the test run.
// Running the handler as an ordinary call leaves the set alarm as it was: our objects only ever
// move their alarm earlier, and the runtime's own ring later is one more idempotent pass.
import { runInDurableObject } from "cloudflare:test";

type WithAlarm = Rpc.DurableObjectBranded & { alarm(): Promise<void> };

/** Runs the object's alarm handler now; whether an alarm was set when it ran. */
export function ringAlarm<T extends WithAlarm>(stub: DurableObjectStub<T>): Promise<boolean> {
  return runInDurableObject(stub, async (instance: T, state) => {
    const wasSet = (await state.storage.getAlarm()) !== null;
    await instance.alarm();
    return wasSet;
  });
}
