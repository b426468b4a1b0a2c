// Prize money is never judged on the shipped region table alone. An isolate whose re-reads of
// the operators' region entries keep failing trusts its last snapshot for a while; once it is
// older than REGION_ENTRIES_MAX_AGE_MS, a Vantage Cash bet, a pack, a redemption or the daily
// bonus is refused with 503 region-rules-unread and changes nothing, and money work no request
// places (a payout's transfer, a paid pack) waits, while Coins bets go on.
import { env } from "cloudflare:workers";
import type { Context } from "hono";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../worker/http/api-error";
import type { AppEnv } from "../../worker/http/app-types";
import {
  freshenOperatorRegionEntries,
  operatorRegionEntriesKnown,
  REGION_ENTRIES_MAX_AGE_MS,
  refreshOperatorRegionEntries,
} from "../../worker/protection/region-entries";
import { allowInRegion, RegionRulesUnread, rulesInForce } from "../../worker/protection/request-region";

/** A database binding of its own (so its snapshot is its own) whose reads fail while `down` is set. */
function flakyDatabase(): { db: D1Database; setDown(down: boolean): void } {
  let down = false;
  const db = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare" && down) {
        return () => {
          throw new Error("D1 is unavailable");
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { db, setDown: (value) => (down = value) };
}

/** The part of a request's context the region gate reads. */
const requestContext = (workerEnv: Env) =>
  ({ env: workerEnv, req: { raw: new Request("https://vantage.test/api/placeBet") } }) as unknown as Context<AppEnv>;

function refusalOf(run: () => unknown): { status: number; code: string } | null {
  try {
    run();
    return null;
  } catch (err) {
    if (err instanceof ApiError) return { status: err.status, code: err.code };
    throw err;
  }
}

describe("the operators' region entries, unread for too long", () => {
  it("are still trusted within the limit when a re-read fails, and not once the snapshot is older", async () => {
    const { db, setDown } = flakyDatabase();
    const workerEnv = { ...env, DB: db } as Env;
    const now = Date.now();
    await refreshOperatorRegionEntries(workerEnv, now - REGION_ENTRIES_MAX_AGE_MS + 60_000);
    setDown(true);
    expect(await freshenOperatorRegionEntries(workerEnv, now)).toBe(true);
    expect(await freshenOperatorRegionEntries(workerEnv, now + 61_000)).toBe(false);
    expect(operatorRegionEntriesKnown(workerEnv, now + 61_000)).toBe(false);
    await expect(rulesInForce(workerEnv, now + 61_000)).rejects.toBeInstanceOf(RegionRulesUnread);

    // Read again once the database answers: known at once.
    setDown(false);
    expect(await freshenOperatorRegionEntries(workerEnv, now + 62_000)).toBe(true);
    expect((await rulesInForce(workerEnv, now + 62_000)).place?.region).toBeNull();
  });

  it("refuse every prize-money action with 503 region-rules-unread, and let Coins bets go on", async () => {
    const { db, setDown } = flakyDatabase();
    const workerEnv = { ...env, DB: db } as Env;
    await refreshOperatorRegionEntries(workerEnv, Date.now() - REGION_ENTRIES_MAX_AGE_MS - 1_000);
    setDown(true);
    const c = requestContext(workerEnv);
    const unread = { status: 503, code: "region-rules-unread" };
    expect(refusalOf(() => allowInRegion(c, "bet", "cash"))).toEqual(unread);
    expect(refusalOf(() => allowInRegion(c, "purchase"))).toEqual(unread);
    expect(refusalOf(() => allowInRegion(c, "redeem"))).toEqual(unread);
    expect(refusalOf(() => allowInRegion(c, "bonus"))).toEqual(unread);
    expect(refusalOf(() => allowInRegion(c, "bet", "coins"))).toBeNull();

    // A fresh snapshot lets them through again.
    setDown(false);
    await refreshOperatorRegionEntries(workerEnv, Date.now());
    expect(refusalOf(() => allowInRegion(c, "bet", "cash"))).toBeNull();
    expect(refusalOf(() => allowInRegion(c, "purchase"))).toBeNull();
  });
});
