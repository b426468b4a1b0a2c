// Where Vantage Cash is lawful, as a player meets it over HTTP: from California, New York
// and Indiana (states whose laws now forbid the sweepstakes) and from Tor, a pack, a Vantage
// Cash bet, the bonus's Vantage Cash, a free-entry code and a redemption are refused with
// the region's sentence, and Coins bets go on. A state that turns redeem-only lets its
// players redeem what they hold, play-through and purchase hold waived, until the window
// ends, and not after.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { regionNoticeSentence } from "../../src/shared/play-regions";
import type { RegionRuleEntry } from "../../src/shared/region-rules";
import { regionModeAt } from "../../src/shared/region-rules";
import { REGION_RULES } from "../../src/shared/region-rules-table";
import type { UserDocument } from "../../src/shared/schemas/user";
import { createApp } from "../../worker/app";
import { regionRules } from "../../worker/protection/request-region";
import { getUserWallet, type PlayContext } from "../../worker/wallet";
import { openEvents, pickOf } from "./bets-helpers";
import { BASE, signIn, type SignedIn } from "./helpers";

/** Where cf, not DEV_REGION (Texas in tests), says where a request comes from, as in production. */
const cfEnv = { ...env, DEV_REGION: "-" } as Env;

async function from(cf: Record<string, string>, path: string, player: SignedIn, body?: unknown, headers: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  const request = new Request(`${BASE}${path}`, {
    method: body === undefined ? "GET" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { Authorization: `Bearer ${player.token}`, "Content-Type": "application/json", ...headers },
    cf,
  });
  const res = await createApp().fetch(request, cfEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const PLACES: [string, Record<string, string>][] = [
  ["California", { country: "US", regionCode: "CA" }],
  ["New York", { country: "US", regionCode: "NY" }],
  ["Indiana", { country: "US", regionCode: "IN" }],
  ["Tor", { country: "T1" }],
];

describe("where the law forbids Vantage Cash", () => {
  it.each(PLACES)(
    "from %s: packs, cash bets, the bonus's cash, free entry and redemptions refused; Coins bets accepted",
    async (_name, cf) => {
      const player = await signIn();
      // Vantage Cash the player won elsewhere, before: still none of it can be bet or redeemed here.
      await getUserWallet(env, player.userId).adjustBalance(
        player.userId,
        { adjustmentId: `adj_${crypto.randomUUID()}`, wallet: "cash", amount: 3_000 },
        { actor: "test", reason: "prize won elsewhere" },
        Date.now(),
      );
      const region = cf.regionCode ? `${cf.country}-${cf.regionCode}` : "T1";
      const sentence = regionNoticeSentence(regionModeAt(region, regionRules(cfEnv), Date.now()))!;
      expect(sentence).toContain(cf.regionCode ? region : "cannot be confirmed");
      const refused = async (res: Response, what: string) => {
        expect({ what, status: res.status, body: await res.json() }).toEqual({
          what,
          status: 403,
          body: { error: expect.objectContaining({ code: "region-restricted", message: sentence }) },
        });
      };
      const [event] = await openEvents(1);
      const pick = pickOf(event!, "Moneyline", "Home");
      const bet = (wallet: "coins" | "cash") =>
        from(
          cf,
          "/api/placeBet",
          player,
          { kind: "Singles", wallet, amount: 5, picks: [pick] },
          { "Idempotency-Key": crypto.randomUUID() },
        );

      await refused(await from(cf, "/api/checkout/session", player, { amountCents: 999 }), "pack");
      await refused(await bet("cash"), "cash bet");
      await refused(await from(cf, "/api/withdrawals", player, { amount: 20 }), "redemption");
      await refused(await from(cf, "/api/free-entry/code", player), "free-entry code");
      const before = (await (await from(cf, "/api/me", player)).json()) as UserDocument;
      expect(before).toMatchObject({ regionMode: "coins-only", regionNotice: sentence, vantageCash: 3_000 });
      const bonus = await from(cf, "/api/grantDailyBonus", player, {});
      expect(bonus.status).toBe(200);
      const after = (await (await from(cf, "/api/me", player)).json()) as UserDocument;
      expect({ coins: after.coinBalance - before.coinBalance, cash: after.vantageCash - before.vantageCash }).toEqual({
        coins: 1_000,
        cash: 0,
      });
      expect((await bet("coins")).status).toBe(200);
    },
  );

  it("the shipped table has these states in force today, each from its law's day", () => {
    const today = Date.now();
    for (const region of ["US-CA", "US-NY", "US-IN"]) {
      const verdict = regionModeAt(region, regionRules(cfEnv), today);
      expect(verdict.mode, region).toBe("coins-only");
      expect(verdict.basis.kind, region).toBe("rule");
    }
  });
});

describe("a state that turns redeem-only", () => {
  const DAY = 86_400_000;
  const noonEt = (day: string) => Date.parse(`${day}T17:00:00Z`);

  it("lets a player redeem what they held, play-through and hold waived, until the last day, and not after", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const start = Date.now();
    const day = (offset: number) => new Date(start + offset * DAY).toISOString().slice(0, 10);
    // Cash bought the day before (play-through owed, purchase hold running), then the state turns.
    await wallet.creditPurchase(
      player.userId,
      { checkoutSessionId: `cs_${crypto.randomUUID().replaceAll("-", "")}`, amountCents: 4_999, cashPlaythrough: 1 },
      start - DAY,
    );
    const law: RegionRuleEntry = {
      region: "US-TX",
      mode: "redeem-only",
      from: day(0),
      until: day(10),
      covers: "sweepstakes-sports",
      source: { title: "Texas Sweepstakes Act", url: "https://example.org/tx" },
    };
    const play: PlayContext = {
      minAge: 18,
      place: { region: "US-TX", rules: { entries: [...REGION_RULES, law], restricted: [], blocked: [] } },
    };
    const full: PlayContext = { minAge: 18, place: { region: "US-TX", rules: { entries: REGION_RULES, restricted: [], blocked: [] } } };
    // Before the law, play-through and the hold keep it back.
    const held = await wallet.requestRedemption(
      player.userId,
      { amountCents: 2_000, redemptionId: "rd_before", purchaseHoldDays: 3 },
      noonEt(day(0)) - DAY,
      full,
    );
    expect(held).toMatchObject({ ok: false, code: "playthrough-required" });
    // In the window the whole of it may go.
    const within = await wallet.requestRedemption(
      player.userId,
      { amountCents: 2_000, redemptionId: "rd_window", purchaseHoldDays: 3 },
      noonEt(day(5)),
      play,
    );
    expect(within).toMatchObject({ ok: true });
    // A bet of that cash is refused in the window, with the sentence naming the last day.
    const gate = await wallet.checkPlay(player.userId, "purchase", noonEt(day(5)), play);
    expect(gate).toMatchObject({ code: "region-restricted", message: expect.stringContaining(`until ${day(10)}`) });
    // After the window, nothing more.
    const after = await wallet.requestRedemption(
      player.userId,
      { amountCents: 2_000, redemptionId: "rd_after", purchaseHoldDays: 3 },
      noonEt(day(11)),
      play,
    );
    expect(after).toMatchObject({ ok: false, code: "region-restricted", message: expect.stringContaining("Coins play only") });
  });
});
