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
import { etDayKey } from "../../src/shared/bonus";
import type { ApprovalRequest } from "../../src/shared/schemas/operator-views";
import { FREE_ENTRY_APPROVAL } from "../../worker/admin/free-entry-admin";
import { getUserWallet } from "../../worker/user-wallet";
import { api, signIn } from "./helpers";

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

/** A database binding of its own whose reads of the operators' region entries fail; every other read works. */
function databaseWithoutRegionEntries(): D1Database {
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          if (query.includes("region_rule_entries")) throw new Error("D1 is unavailable");
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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

describe("a free-entry card approved while the operators' region entries cannot be read", () => {
  it("credits nothing and answers 503 region-rules-unread, so it can be approved again once they are read", async () => {
    const player = await signIn();
    const codes = await api("/api/free-entry/code", { token: player.token });
    expect(codes.status).toBe(200);
    const { codes: open } = (await codes.json()) as { codes: { code: string }[] };
    const code = open[0]!.code;
    const workerEnv = { ...env, DB: databaseWithoutRegionEntries() } as Env;
    const before = await getUserWallet(env, player.userId).getBalances(player.userId, Date.now());
    const request = {
      id: `fe-${crypto.randomUUID()}`,
      kind: "free-entry",
      subject: player.userId,
      payload: { code, postmarkedOn: etDayKey(Date.now()), amountCents: 500 },
    } as unknown as ApprovalRequest;
    const approver = { id: "op-b", email: "ops@vantage.test", sessionId: "s" };
    await expect(FREE_ENTRY_APPROVAL.apply(workerEnv, request, approver, Date.now())).rejects.toMatchObject({
      status: 503,
      code: "region-rules-unread",
    });
    expect(await getUserWallet(env, player.userId).getBalances(player.userId, Date.now())).toEqual(before);
  });
});
