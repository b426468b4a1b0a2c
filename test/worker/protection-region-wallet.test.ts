// The region rule inside the wallet: a player's money actions carry the place their request
// came from, and the wallet refuses in the same transaction as the money, so a caller that
// skipped the route's early refusal still moves nothing.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getUserWallet } from "../../worker/user-wallet";
import type { PlayContext } from "../../src/shared/protection";
import { signIn } from "./helpers";

const rules = { entries: [], restricted: ["US-WA"], blocked: ["KP"] };
const from = (region: string | null): PlayContext => ({ minAge: 18, place: { region, rules } });

describe("the wallet's region gate", () => {
  it("refuses the daily bonus from a blocked country and moves nothing; allows it from elsewhere", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const before = await wallet.getLedger(player.userId, Date.now());
    expect(await wallet.claimDailyBonus(player.userId, Date.now(), from("KP"))).toMatchObject({ ok: false, code: "region-restricted" });
    expect(await wallet.getLedger(player.userId, Date.now())).toEqual(before);
    expect(await wallet.claimDailyBonus(player.userId, Date.now(), from("US-TX"))).toMatchObject({ ok: true });
  });

  it("refuses purchases and redemptions where the place is restricted or unknown, and lets Coins play go on", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    for (const region of ["US-WA", "T1", "XX", null]) {
      expect(await wallet.checkPlay(player.userId, "purchase", Date.now(), from(region))).toMatchObject({ code: "region-restricted" });
      expect(await wallet.checkPlay(player.userId, "redeem", Date.now(), from(region))).toMatchObject({ code: "region-restricted" });
      expect(await wallet.checkPlay(player.userId, "bet", Date.now(), from(region))).toBeNull();
    }
  });
});
