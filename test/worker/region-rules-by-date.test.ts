// Where Vantage Cash is lawful, as a player meets it over HTTP: from California, New York
// and Indiana (states whose laws now forbid the sweepstakes), from Tor and from the US with no
// state (its rules differ by state), a pack, a Vantage
// Cash bet, the bonus's Vantage Cash, a free-entry code and a redemption are refused with
// the region's sentence, and Coins bets go on. A state that turns redeem-only lets its
// players redeem what they hold, play-through waived (a purchase hold runs its course, or to
// the window's last day), until the window ends, and not after. Money also answers to where the verified document says the player
// lives: a Californian in Texas is held to California's rules for Vantage Cash.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { regionNoticeSentence } from "../../src/shared/play-regions";
import type { RegionRuleEntry } from "../../src/shared/region-rules";
import { regionModeAt } from "../../src/shared/region-rules";
import { REGION_RULES } from "../../src/shared/region-rules-table";
import type { PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { UserDocument } from "../../src/shared/schemas/user";
import { createApp } from "../../worker/app";
import { playContextFor, regionRules } from "../../worker/protection/request-region";
import { getUserWallet } from "../../worker/user-wallet";
import type { PlayContext } from "../../src/shared/protection";
import { openEvents, pickOf } from "./bets-helpers";
import { acceptRulesUnder, BASE, sent, signIn, type SignedIn } from "./helpers";

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
  // Cloudflare names the state only where it knows it; the US's rules differ by state.
  ["the US, its state unknown", { country: "US" }],
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

/** A player whose verified document's address is in `residence`. */
async function verifiedIn(residence: string): Promise<SignedIn> {
  const player = await signIn(undefined, undefined, { verifyIdentity: false });
  const wallet = getUserWallet(env, player.userId);
  const dateOfBirth = (await wallet.getProtection(player.userId, Date.now())).state.dateOfBirth!;
  const recorded = await wallet.recordIdentity(
    player.userId,
    {
      sessionId: `vs_test_${crypto.randomUUID()}`,
      outcome: "verified",
      documentHash: `idh_${player.userId}`,
      dateOfBirth,
      minAge: 18,
      residence,
    },
    Date.now(),
  );
  expect(recorded.identity.status).toBe("verified");
  return player;
}

describe("where the verified document says the player lives", () => {
  const texas = { country: "US", regionCode: "TX" };
  /** A player whose verified document's address is in `residence`, holding 30.00 Vantage Cash. */
  async function residentOf(residence: string): Promise<SignedIn> {
    const player = await verifiedIn(residence);
    const wallet = getUserWallet(env, player.userId);
    await wallet.adjustBalance(
      player.userId,
      { adjustmentId: `adj_${crypto.randomUUID()}`, wallet: "cash", amount: 3_000 },
      { actor: "test", reason: "prize won before" },
      Date.now(),
    );
    return player;
  }

  it("holds a Californian in Texas to California's rules for money, and leaves their Coins play alone", async () => {
    const player = await residentOf("US-CA");
    const sentence = regionNoticeSentence(regionModeAt("US-CA", regionRules(cfEnv), Date.now()))!;
    expect(sentence).toContain("US-CA");
    const [event] = await openEvents(1);
    const pick = pickOf(event!, "Moneyline", "Home");
    const bet = (wallet: "coins" | "cash") =>
      from(
        texas,
        "/api/placeBet",
        player,
        { kind: "Singles", wallet, amount: 5, picks: [pick] },
        { "Idempotency-Key": crypto.randomUUID() },
      );
    for (const [what, res] of [
      ["pack", await from(texas, "/api/checkout/session", player, { amountCents: 999 })],
      ["cash bet", await bet("cash")],
      ["redemption", await from(texas, "/api/withdrawals", player, { amount: 20 })],
    ] as const) {
      expect({ what, status: res.status, body: await res.json() }).toEqual({
        what,
        status: 403,
        body: { error: expect.objectContaining({ code: "region-restricted", message: sentence }) },
      });
    }
    const me = (await (await from(texas, "/api/me", player)).json()) as UserDocument;
    expect(me).toMatchObject({ region: "US-TX", regionMode: "coins-only", regionNotice: sentence, vantageCash: 3_000 });
    expect(me.unavailable).toEqual(expect.arrayContaining(["purchase", "redeem"]));
    // The daily bonus pays its Coins and none of its Vantage Cash; Coins bets go on.
    const bonus = await from(texas, "/api/grantDailyBonus", player, {});
    expect(bonus.status).toBe(200);
    const after = (await (await from(texas, "/api/me", player)).json()) as UserDocument;
    expect(after.vantageCash).toBe(3_000);
    expect((await bet("coins")).status).toBe(200);
  });

  it("holds Vantage Cash to the minimum age where the player lives, whatever the age where they are", async () => {
    // An 18-year-old from Alabama (19 there), verified when the document was held to 18,
    // playing from Texas (18), where the request alone would let them.
    const player = await signIn(undefined, undefined, { verifyIdentity: false, confirmAge: false });
    const wallet = getUserWallet(env, player.userId);
    // 18 years and 100 days before today: a real calendar day whatever the date (never a 29 February gone missing).
    const today = new Date();
    const dateOfBirth = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()) - 100 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await wallet.confirmDateOfBirth(player.userId, { dateOfBirth, minAge: 18 }, Date.now());
    const id = { sessionId: `vs_test_${crypto.randomUUID()}`, documentHash: `idh_${player.userId}`, dateOfBirth, minAge: 18 };
    await wallet.recordIdentity(player.userId, { ...id, outcome: "verified", residence: "US-AL" }, Date.now());
    await acceptRulesUnder(env, player.userId);
    await wallet.adjustBalance(
      player.userId,
      { adjustmentId: `adj_${crypto.randomUUID()}`, wallet: "cash", amount: 3_000 },
      { actor: "test", reason: "prize won before" },
      Date.now(),
    );
    const [event] = await openEvents(1);
    const cashBet = await from(
      texas,
      "/api/placeBet",
      player,
      { kind: "Singles", wallet: "cash", amount: 5, picks: [pickOf(event!, "Moneyline", "Home")] },
      { "Idempotency-Key": crypto.randomUUID() },
    );
    expect(cashBet.status).toBe(403);
    expect(((await cashBet.json()) as { error: { code: string; details: unknown } }).error).toMatchObject({
      code: "under-age",
      details: { minAge: 19 },
    });
    const redemption = await from(texas, "/api/withdrawals", player, { amount: 20 });
    expect(redemption.status).toBe(403);
    expect(((await redemption.json()) as { error: { code: string } }).error.code).toBe("under-age");
    // Coins play follows where the request comes from.
    const coinsBet = await from(
      texas,
      "/api/placeBet",
      player,
      { kind: "Singles", wallet: "coins", amount: 5, picks: [pickOf(event!, "Moneyline", "Home")] },
      { "Idempotency-Key": crypto.randomUUID() },
    );
    expect(coinsBet.status).toBe(200);
    // The daily bonus pays its Coins and none of its Vantage Cash.
    const coinsBefore = ((await (await from(texas, "/api/me", player)).json()) as UserDocument).coinBalance;
    expect((await from(texas, "/api/grantDailyBonus", player, {})).status).toBe(200);
    const afterBonus = (await (await from(texas, "/api/me", player)).json()) as UserDocument;
    expect(afterBonus.coinBalance).toBeGreaterThan(coinsBefore);
    expect(afterBonus.vantageCash).toBe(3_000);
    // A free-entry card asked for from Texas is recorded, not credited.
    const card = await wallet.recordFreeEntry(
      player.userId,
      {
        code: `VX-${crypto.randomUUID().slice(0, 8)}`,
        postmarkedOn: new Date().toISOString().slice(0, 10),
        amountCents: 500,
        actor: "ops",
      },
      playContextFor(env, "US-TX"),
      Date.now(),
    );
    expect(card).toMatchObject({ ok: true, credited: false, refusal: { code: "under-age" } });
    expect(((await (await from(texas, "/api/me", player)).json()) as UserDocument).vantageCash).toBe(3_000);
  });

  it("answers a retried Vantage Cash bet with its first answer, even from where Vantage Cash is not offered", async () => {
    const texan = await residentOf("US-TX");
    const [event] = await openEvents(1);
    const body = { kind: "Singles", wallet: "cash", amount: 5, picks: [pickOf(event!, "Moneyline", "Home")] };
    const key = { "Idempotency-Key": crypto.randomUUID() };
    const placed = await from(texas, "/api/placeBet", texan, body, key);
    expect(placed.status).toBe(200);
    // The answer was lost; the retry leaves from Washington (Coins only there).
    const retried = await from({ country: "US", regionCode: "WA" }, "/api/placeBet", texan, body, key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await retried.json()) as PlaceBetResponse).bets.map((b) => b.id)).toEqual(
      ((await placed.json()) as PlaceBetResponse).bets.map((b) => b.id),
    );
    // A new bet from there is refused as before.
    const fresh = await from({ country: "US", regionCode: "WA" }, "/api/placeBet", texan, body, { "Idempotency-Key": crypto.randomUUID() });
    expect(fresh.status).toBe(403);
  });

  it("lets a Texan in Texas bet Vantage Cash, and a Californian travelling cannot move their residence by travelling", async () => {
    const texan = await residentOf("US-TX");
    const [event] = await openEvents(1);
    const pick = pickOf(event!, "Moneyline", "Home");
    const placed = await from(
      texas,
      "/api/placeBet",
      texan,
      { kind: "Singles", wallet: "cash", amount: 5, picks: [pick] },
      { "Idempotency-Key": crypto.randomUUID() },
    );
    expect(placed.status).toBe(200);
    // A Texan in California is held to California's rules by where they are.
    const inCalifornia = await from(
      { country: "US", regionCode: "CA" },
      "/api/placeBet",
      texan,
      { kind: "Singles", wallet: "cash", amount: 5, picks: [pick] },
      { "Idempotency-Key": crypto.randomUUID() },
    );
    expect(inCalifornia.status).toBe(403);
  });
});

describe("a state that turns redeem-only", () => {
  /** A card pack credited to the player at `at`, its Vantage Cash to be played through once. */
  const buyPack = (player: SignedIn, amountCents: number, at: number, paymentIntent?: string) =>
    getUserWallet(env, player.userId).creditPurchase(
      player.userId,
      { checkoutSessionId: `cs_${crypto.randomUUID().replaceAll("-", "")}`, paymentIntent, amountCents, cashPlaythrough: 1 },
      at,
    );
  const DAY = 86_400_000;
  const noonEt = (day: string) => Date.parse(`${day}T17:00:00Z`);
  /**
   * Texas redeem-only from the day of `start` for ten days: the day `offset` days from
   * `start`, and a request's place in Texas under that entry.
   */
  function texasWindsDown(start: number) {
    const day = (offset: number) => new Date(start + offset * DAY).toISOString().slice(0, 10);
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
    return { day, play };
  }

  it("lets a player redeem what they held, play-through waived and the hold run out, until the last day, and not after", async () => {
    const player = await verifiedIn("US-TX");
    const wallet = getUserWallet(env, player.userId);
    const start = Date.now();
    const { day, play } = texasWindsDown(start);
    // Cash bought the day before (play-through owed, purchase hold running), then the state turns.
    await buyPack(player, 4_999, start - DAY);
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
    expect(sent(gate)).toMatchObject({ code: "region-restricted", message: expect.stringContaining(`until ${day(10)}`) });
    // After the window, nothing more.
    const after = await wallet.requestRedemption(
      player.userId,
      { amountCents: 2_000, redemptionId: "rd_after", purchaseHoldDays: 3 },
      noonEt(day(11)),
      play,
    );
    expect(sent(after)).toMatchObject({ code: "region-restricted", message: expect.stringContaining("Coins play only") });
  });

  it("keeps a pack's purchase hold running in the window, to its end or to the window's last day", async () => {
    const player = await verifiedIn("US-TX");
    const wallet = getUserWallet(env, player.userId);
    const start = Date.now();
    const { day, play } = texasWindsDown(start);
    // A pack bought at 10 pm Eastern the evening before the rule, to be redeemed the moment it applies.
    await buyPack(player, 4_999, noonEt(day(0)) - 14 * 3_600_000);
    const ask = (redemptionId: string, at: number, purchaseHoldDays: number) =>
      wallet.requestRedemption(player.userId, { amountCents: 2_000, redemptionId, purchaseHoldDays }, at, play);
    expect(await ask("rd_evening_before", noonEt(day(0)), 3)).toMatchObject({ ok: false, code: "purchase-held" });
    // Its three days are over on the third day of the window: play-through stays waived.
    expect(await ask("rd_hold_over", noonEt(day(3)), 3)).toMatchObject({ ok: true });
    // A hold longer than the window ends with the window's last day, so no cash is stranded.
    expect(await ask("rd_long_hold", noonEt(day(9)), 30)).toMatchObject({ ok: false, code: "purchase-held" });
    expect(await ask("rd_last_day", noonEt(day(10)), 30)).toMatchObject({ ok: true });
  });

  it("gives the window's grace only to players who live there, not to one who reaches the state through its network", async () => {
    const start = Date.now();
    const { day, play } = texasWindsDown(start);
    // Connected from Texas (`play`); the address on the document is in Florida, where Vantage Cash is still offered.
    const visitor = await verifiedIn("US-FL");
    const wallet = getUserWallet(env, visitor.userId);
    await buyPack(visitor, 4_999, start - DAY);
    const asked = await wallet.requestRedemption(
      visitor.userId,
      { amountCents: 2_000, redemptionId: "rd_visitor", purchaseHoldDays: 3 },
      noonEt(day(1)),
      play,
    );
    expect(asked).toMatchObject({ ok: false, code: "playthrough-required" });
  });

  it("frees only what was held when the rule took effect: cash that came after keeps its play-through and hold", async () => {
    const player = await verifiedIn("US-TX");
    const wallet = getUserWallet(env, player.userId);
    const start = Date.now();
    const { day, play } = texasWindsDown(start);
    // A 49.99 pack (49.00 Vantage Cash) held the day before the rule; a 19.99 pack bought (somewhere Vantage Cash is still offered) once it applied.
    await buyPack(player, 4_999, start - DAY);
    await buyPack(player, 1_999, noonEt(day(2)));
    const redeemable = await wallet.getRedeemable(player.userId, noonEt(day(3)), 1, 3, play);
    expect(redeemable).toMatchObject({ redeemableCash: 4_900, balances: { vantageCash: 6_800 } });
    const tooMuch = await wallet.requestRedemption(
      player.userId,
      { amountCents: 5_000, redemptionId: "rd_window_new_cash", purchaseHoldDays: 3, cashPlaythrough: 1 },
      noonEt(day(3)),
      play,
    );
    expect(tooMuch).toMatchObject({ ok: false, code: "playthrough-required" });
    const held = await wallet.requestRedemption(
      player.userId,
      { amountCents: 4_900, redemptionId: "rd_window_held", purchaseHoldDays: 3, cashPlaythrough: 1 },
      noonEt(day(3)),
      play,
    );
    expect(held).toMatchObject({ ok: true });
  });

  it("frees no more than is still there of what was held: a pack refunded in the window takes its grace with it", async () => {
    const player = await verifiedIn("US-TX");
    const wallet = getUserWallet(env, player.userId);
    const start = Date.now();
    const { day, play } = texasWindsDown(start);
    // A pack held the day before the rule; a second bought once it applied (somewhere Vantage
    // Cash is still offered); then the first is refunded to the player's card.
    const first = `pi_${crypto.randomUUID().replaceAll("-", "")}`;
    await buyPack(player, 4_999, start - DAY, first);
    await buyPack(player, 4_999, noonEt(day(2)));
    const refunded = await wallet.applyRefund(
      player.userId,
      { paymentIntent: first, chargeAmountCents: 4_999, amountRefundedCents: 4_999 },
      noonEt(day(2)) + 60_000,
    );
    expect(refunded).toMatchObject({ ok: true, found: true });
    // The second pack's hold is over, but it was never played: none of it is redeemable.
    const redeemable = await wallet.getRedeemable(player.userId, noonEt(day(6)), 1, 3, play);
    expect(redeemable).toMatchObject({ redeemableCash: 0, cashToPlay: 4_900, balances: { vantageCash: 4_900 } });
  });
});
