// Player protection, part 1: the one-time date of birth and the age rule, breaks
// and permanent closure, and the region rules read from `cf`. Each refusal is checked as
// the player's client sees it: status, code and the exact message.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import { formatEtTime } from "../../src/shared/protection";
import { sentenceFor } from "../../src/shared/refusals";
import type { UserDocument } from "../../src/shared/schemas/user";
import { REGION_RULES } from "../../src/shared/region-rules-table";
import { createApp } from "../../worker/app";
import { requestRegion } from "../../worker/protection/request-region";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { acceptRulesUnder, api, BASE, postJson, signIn, type SignedIn } from "./helpers";

type ErrorBody = { error: { code: string; message: string; details?: Record<string, unknown> } };
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where cf, not DEV_REGION (Texas in tests), says where a request comes from, as in production. */
const cfEnv = { ...env, DEV_REGION: "-" } as Env;

/** `api`, sent from the place `cf` names when one is given (Cloudflare's location fields; {} = unknown). */
async function apiFrom(path: string, init: RequestInit & { token?: string }, cf?: Record<string, string>): Promise<Response> {
  if (cf === undefined) return api(path, init);
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await createApp().fetch(new Request(`${BASE}${path}`, { ...init, headers, cf }), cfEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function me(token: string, cf?: Record<string, string>): Promise<UserDocument> {
  const res = await apiFrom("/api/me", { token }, cf);
  expect(res.status).toBe(200);
  return (await res.json()) as UserDocument;
}

function patchMe(token: string, body: unknown, cf?: Record<string, string>) {
  return apiFrom("/api/me", { method: "PATCH", body: JSON.stringify(body), token }, cf);
}

/** A date of birth making the player `years` old (their birthday was `daysAgo` days ago). */
function bornYearsAgo(years: number, daysAgo = 10): string {
  const today = etDayKey(Date.now() - daysAgo * DAY_MS);
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}

async function singleBet(player: SignedIn, amount = 10) {
  const [event] = await openEvents(1);
  return placeBet(player.token, { kind: "Singles", wallet: "coins", amount, picks: [pickOf(event!, "Moneyline", "Home")] });
}

/** The four money actions as a player's client calls them, optionally from a region. */
const moneyActions: Record<string, (player: SignedIn, cf?: Record<string, string>) => Promise<Response>> = {
  "POST /api/placeBet": (player) => singleBet(player),
  "POST /api/grantDailyBonus": (player, cf) => apiFrom("/api/grantDailyBonus", { method: "POST", body: "{}", token: player.token }, cf),
  "POST /api/checkout/session": (player, cf) =>
    apiFrom("/api/checkout/session", { method: "POST", body: JSON.stringify({ amountCents: 999 }), token: player.token }, cf),
  "POST /api/withdrawals": (player, cf) =>
    apiFrom("/api/withdrawals", { method: "POST", body: JSON.stringify({ amount: 20 }), token: player.token }, cf),
};

async function expectRefusal(res: Response, status: number, code: string, message?: string | RegExp) {
  const body = (await res.json()) as ErrorBody;
  expect({ status: res.status, code: body.error.code }).toEqual({ status, code });
  if (typeof message === "string") expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  return body;
}

describe("date of birth", () => {
  it("until it is confirmed, bets, the bonus, checkout and withdrawals answer 403 age-unconfirmed", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false });
    expect((await me(player.token)).dateOfBirth).toBeNull();
    for (const [name, action] of Object.entries(moneyActions)) {
      const res = await action(player);
      expect(name && res.status, name).toBe(403);
      await expectRefusal(res, 403, "age-unconfirmed", sentenceFor("age-unconfirmed", undefined));
    }
    const wallet = await me(player.token);
    expect({ coins: wallet.coinBalance, cash: wallet.vantageCash }).toEqual({ coins: 5000, cash: 0 });
  });

  it("is stored once: the same date again is fine, another is 409 date-of-birth-set, nonsense is 400", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false });
    for (const bad of ["1990-02-30", "19900101", "2999-01-01", "1850-01-01", 19900101]) {
      const res = await patchMe(player.token, { dateOfBirth: bad });
      await expectRefusal(res, 400, "invalid-argument");
    }
    await expectRefusal(await patchMe(player.token, {}), 400, "invalid-argument", "Nothing to update.");

    const ok = await patchMe(player.token, { dateOfBirth: "1991-07-04" });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as UserDocument).dateOfBirth).toBe("1991-07-04");
    expect((await me(player.token)).dateOfBirth).toBe("1991-07-04");
    expect((await patchMe(player.token, { dateOfBirth: "1991-07-04" })).status).toBe(200);

    const changed = await patchMe(player.token, { dateOfBirth: "1980-01-01", displayName: "Someone else" });
    await expectRefusal(changed, 409, "date-of-birth-set", "Your date of birth is already confirmed. Please contact support to change it.");
    const after = await me(player.token);
    expect(after.dateOfBirth).toBe("1991-07-04");
    expect(after.displayName).not.toBe("Someone else");

    // Partial bodies: the username alone still works.
    const renamed = await patchMe(player.token, { displayName: "Renamed" });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as UserDocument).dateOfBirth).toBe("1991-07-04");
  });

  it("under MIN_AGE closes the account for play: every money action answers 403 under-age", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false });
    const res = await patchMe(player.token, { dateOfBirth: bornYearsAgo(17) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as UserDocument).closed).toBe("under-age");
    for (const [name, action] of Object.entries(moneyActions)) {
      const refused = await action(player);
      expect(name && refused.status, name).toBe(403);
      await expectRefusal(refused, 403, "under-age", "You must be 18 or older to play on Vantage. Your account is closed for play.");
    }
    // Closed means closed: turning 18 later does not reopen it (an operator does).
    const wallet = getUserWallet(env, player.userId);
    const later = await wallet.claimDailyBonus(player.userId, Date.now() + 400 * DAY_MS);
    expect(later).toEqual(expect.objectContaining({ ok: false, code: "under-age" }));
  });

  it("only an operator corrects a date of birth; an account closed by the age rule then reopens", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false });
    expect((await patchMe(player.token, { dateOfBirth: bornYearsAgo(17) })).status).toBe(200);
    const path = `/api/admin/players/${player.userId}/date-of-birth`;
    const put = (token: string, body: unknown) => api(path, { method: "PUT", body: JSON.stringify(body), token });
    await expectRefusal(await put(player.token, { dateOfBirth: "1990-04-25" }), 404, "not-found", "No such API route.");
    const admin = await signIn("admin@vantage.test", "Operator");
    await expectRefusal(await put(admin.token, { dateOfBirth: "1990-02-30" }), 400, "invalid-argument");
    await expectRefusal(
      await api("/api/admin/players/nobody/date-of-birth", {
        method: "PUT",
        body: JSON.stringify({ dateOfBirth: "1990-04-25" }),
        token: admin.token,
      }),
      404,
      "not-found",
    );
    const fixed = await put(admin.token, { dateOfBirth: "1990-04-25" });
    // Recorded in the operator audit log.
    const audit = (await (await api(`/api/admin/audit?target=${player.userId}`, { token: admin.token })).json()) as {
      entries: { actor: string; action: string }[];
    };
    expect(audit.entries).toEqual([expect.objectContaining({ actor: "admin@vantage.test", action: "date-of-birth" })]);
    // The player never verified a document (a verified one would have confirmed its own date).
    expect(await fixed.json()).toEqual({ userId: player.userId, dateOfBirth: "1990-04-25", closed: null, identity: "none" });
    expect((await moneyActions["POST /api/grantDailyBonus"]!(player)).status).toBe(200);
    await expectRefusal(await patchMe(player.token, { dateOfBirth: "1991-01-01" }), 409, "date-of-birth-set");
  });

  it("a break or closure asked for while closed by the age rule outlasts the date of birth's correction", async () => {
    const admin = await signIn("admin@vantage.test", "Operator");
    const correct = (player: SignedIn) =>
      api(`/api/admin/players/${player.userId}/date-of-birth`, {
        method: "PUT",
        body: JSON.stringify({ dateOfBirth: "1990-04-25" }),
        token: admin.token,
      });
    const closing = await signIn(undefined, undefined, { confirmAge: false });
    expect((await patchMe(closing.token, { dateOfBirth: bornYearsAgo(17) })).status).toBe(200);
    expect((await postJson("/api/me/break", { period: "permanent" }, closing.token)).status).toBe(200);
    expect(await (await correct(closing)).json()).toMatchObject({ closed: "permanent" });
    await expectRefusal(await moneyActions["POST /api/grantDailyBonus"]!(closing), 403, "self-excluded");

    const resting = await signIn(undefined, undefined, { confirmAge: false });
    expect((await patchMe(resting.token, { dateOfBirth: bornYearsAgo(17) })).status).toBe(200);
    expect((await postJson("/api/me/break", { period: "7d" }, resting.token)).status).toBe(200);
    expect(await (await correct(resting)).json()).toMatchObject({ closed: null });
    await expectRefusal(await moneyActions["POST /api/grantDailyBonus"]!(resting), 403, "self-excluded");
  });

  it("REGION_MIN_AGE raises the minimum where the player is (cf.regionCode)", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false });
    expect((await patchMe(player.token, { dateOfBirth: bornYearsAgo(20) })).status).toBe(200);
    const mississippi = { country: "US", regionCode: "MS" };
    expect((await me(player.token, mississippi)).minAge).toBe(21);
    const refused = await moneyActions["POST /api/grantDailyBonus"]!(player, mississippi);
    // Too young there, not closed: the sentence does not say it is.
    await expectRefusal(refused, 403, "under-age", "You must be 21 or older to play on Vantage.");
    const elsewhere = await moneyActions["POST /api/grantDailyBonus"]!(player, { country: "US", regionCode: "TX" });
    expect(elsewhere.status).toBe(200);
  });

  it("lets an 18th birthday count once it has begun everywhere, without closing the account that morning", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false });
    const wallet = getUserWallet(env, player.userId);
    // 1 AM in New York on the 24th: still the 23rd in Hawaii.
    const newYorkMorning = Date.parse("2026-11-24T06:00:00Z");
    expect(await wallet.confirmDateOfBirth(player.userId, { dateOfBirth: "2008-11-24", minAge: 18 }, newYorkMorning)).toMatchObject({
      ok: true,
    });
    expect((await wallet.getProtection(player.userId, newYorkMorning)).state.closed).toBeNull();
    expect(await wallet.checkPlay(player.userId, "bet", newYorkMorning)).toMatchObject({
      ok: false,
      code: "under-age",
      details: { minAge: 18, closed: false },
    });
    // Midnight at UTC−12: the 24th has begun everywhere.
    expect(await wallet.checkPlay(player.userId, "bet", Date.parse("2026-11-24T12:00:00Z"))).toBeNull();
    // Someone whose 18th birthday has begun nowhere yet is closed for good, as before.
    const younger = await signIn(undefined, undefined, { confirmAge: false });
    const youngerWallet = getUserWallet(env, younger.userId);
    await youngerWallet.confirmDateOfBirth(younger.userId, { dateOfBirth: "2008-11-25", minAge: 18 }, newYorkMorning);
    expect((await youngerWallet.getProtection(younger.userId, newYorkMorning)).state.closed).toBe("under-age");
  });

  it("a 20-year-old confirming from a 21 region is closed under-age", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false });
    const res = await patchMe(player.token, { dateOfBirth: bornYearsAgo(20) }, { country: "US", regionCode: "MS" });
    expect(((await res.json()) as UserDocument).closed).toBe("under-age");
  });
});

describe("breaks and closing the account", () => {
  it("a 24-hour break refuses bets, the bonus and purchases naming its end, and survives sign-out and sign-in", async () => {
    const email = `break-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const player = await signIn(email);
    const before = Date.now();
    const res = await postJson("/api/me/break", { period: "24h" }, player.token);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as UserDocument;
    const until = Date.parse(doc.breakUntil!);
    expect(until).toBeGreaterThanOrEqual(before + DAY_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + DAY_MS);
    expect(doc.closed).toBeNull();

    const message = `You are taking a break until ${formatEtTime(until)}. Bets, cash-outs, purchases and the daily bonus are paused until then.`;
    for (const name of ["POST /api/placeBet", "POST /api/grantDailyBonus", "POST /api/checkout/session"]) {
      const body = await expectRefusal(await moneyActions[name]!(player), 403, "self-excluded", message);
      expect(body.error.details).toEqual({ breakUntil: new Date(until).toISOString(), permanent: false });
    }

    const logout = await api("/api/auth/logout", { method: "POST", body: "{}", token: player.token });
    expect(logout.status).toBeLessThan(300);
    const again = await signIn(email);
    expect(again.userId).toBe(player.userId);
    const signedIn = await me(again.token);
    expect(signedIn.coinBalance).toBe(5000);
    expect(signedIn.breakUntil).toBe(new Date(until).toISOString());
    await expectRefusal(await moneyActions["POST /api/placeBet"]!(again), 403, "self-excluded", message);

    // With the clock past its end, play resumes.
    const wallet = getUserWallet(env, player.userId);
    expect(await wallet.claimDailyBonus(player.userId, until - 1)).toEqual(expect.objectContaining({ ok: false, code: "self-excluded" }));
    expect(await wallet.claimDailyBonus(player.userId, until + 1)).toEqual(expect.objectContaining({ ok: true, alreadyClaimed: false }));
  });

  it("7 and 30 days run that long; permanent closes play for good but redeeming what is held stays allowed", async () => {
    const player = await signIn();
    // A pack bought before the breaks (one paid during a break is refunded, never credited: checkout-withdrawals.test.ts).
    const wallet = getUserWallet(env, player.userId);
    expect(
      (
        await wallet.creditPurchase(
          player.userId,
          { checkoutSessionId: `cs_perm_${player.userId}`, amountCents: 4999, cashPlaythrough: 0 },
          Date.now(),
        )
      ).ok,
    ).toBe(true);
    const week = (await (await postJson("/api/me/break", { period: "7d" }, player.token)).json()) as UserDocument;
    expect(Date.parse(week.breakUntil!) - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    const month = (await (await postJson("/api/me/break", { period: "30d" }, player.token)).json()) as UserDocument;
    expect(Date.parse(month.breakUntil!) - Date.now()).toBeGreaterThan(30 * DAY_MS - 60_000);
    // A shorter break cannot end a longer one early.
    const shorter = (await (await postJson("/api/me/break", { period: "24h" }, player.token)).json()) as UserDocument;
    expect(shorter.breakUntil).toBe(month.breakUntil);

    const closed = (await (await postJson("/api/me/break", { period: "permanent" }, player.token)).json()) as UserDocument;
    expect({ breakUntil: closed.breakUntil, closed: closed.closed }).toEqual({ breakUntil: null, closed: "permanent" });
    await expectRefusal(
      await moneyActions["POST /api/placeBet"]!(player),
      403,
      "self-excluded",
      "You closed your account for play. Bets, cash-outs, purchases and the daily bonus are no longer available; you can still redeem Vantage Cash you hold.",
    );
    // Years later it is still closed.
    expect(await wallet.claimDailyBonus(player.userId, Date.now() + 3000 * DAY_MS)).toEqual(
      expect.objectContaining({ code: "self-excluded" }),
    );
    // Redeeming held Vantage Cash goes ahead.
    const held = await wallet.requestRedemption(player.userId, { amountCents: 2000, redemptionId: `rd_perm_${player.userId}` }, Date.now());
    expect(held.ok).toBe(true);
  });

  it("open bets placed before a break settle and pay normally during it", async () => {
    const player = await signIn();
    const placed = await singleBet(player, 50);
    expect(placed.status).toBe(200);
    const [bet] = ((await placed.json()) as { bets: { id: string; legs: { eventId: string }[] }[] }).bets;
    expect((await postJson("/api/me/break", { period: "permanent" }, player.token)).status).toBe(200);
    const wallet = getUserWallet(env, player.userId);
    const summary = await wallet.applyEventResults(player.userId, [{ eventId: bet!.legs[0]!.eventId, void: true }], Date.now());
    expect(summary.settledBets).toBe(1);
    expect((await me(player.token)).coinBalance).toBe(5000);
  });

  it("refuses an unknown period with 400 and changes nothing", async () => {
    const player = await signIn();
    for (const body of [{ period: "1h" }, { period: "24h", until: 0 }, {}, { period: null }]) {
      await expectRefusal(await postJson("/api/me/break", body, player.token), 400, "invalid-argument");
    }
    expect((await me(player.token)).breakUntil).toBeNull();
  });
});

describe("regions from cf", () => {
  it("a Coins-only region of the dated table refuses packs and redemptions with its law's sentence, and its bonus is Coins only", async () => {
    const player = await signIn();
    const washington = { country: "US", regionCode: "WA" };
    const doc = await me(player.token, washington);
    const law = REGION_RULES.find((e) => e.region === "US-WA")!;
    const sentence = `Vantage Cash is not offered in US-WA since ${law.from} (${law.source.title}): Coins play only.`;
    expect({ region: doc.region, unavailable: doc.unavailable, regionMode: doc.regionMode, regionNotice: doc.regionNotice }).toEqual({
      region: "US-WA",
      unavailable: ["purchase", "redeem"],
      regionMode: "coins-only",
      regionNotice: sentence,
    });
    await expectRefusal(await moneyActions["POST /api/checkout/session"]!(player, washington), 403, "region-restricted", sentence);
    await expectRefusal(await moneyActions["POST /api/withdrawals"]!(player, washington), 403, "region-restricted", sentence);
    expect((await moneyActions["POST /api/grantDailyBonus"]!(player, washington)).status).toBe(200);
    expect(await me(player.token, washington)).toMatchObject({ vantageCash: 0 });
    expect((await moneyActions["POST /api/checkout/session"]!(player, { country: "US", regionCode: "TX" })).status).toBe(200);
    expect((await me(player.token, {})).region).toBeNull();
  });

  it.each([
    ["no location at all", {}],
    ["Tor (T1)", { country: "T1" }],
    ["Cloudflare's unknown country (XX)", { country: "XX" }],
  ])("an unknown place (%s) cannot buy or redeem, and Coins play goes on", async (_label, cf: Record<string, string>) => {
    const player = await signIn();
    const doc = await me(player.token, cf);
    expect(doc.unavailable).toEqual(["purchase", "redeem"]);
    const sentence = "Vantage Cash is not offered where your location cannot be confirmed: Coins play only.";
    await expectRefusal(await moneyActions["POST /api/checkout/session"]!(player, cf), 403, "region-restricted", sentence);
    await expectRefusal(await moneyActions["POST /api/withdrawals"]!(player, cf), 403, "region-restricted", sentence);
    // The daily bonus gives Coins only: no Vantage Cash to bet from a place that cannot be confirmed.
    expect((await moneyActions["POST /api/grantDailyBonus"]!(player, cf)).status).toBe(200);
    expect(await me(player.token, cf)).toMatchObject({ vantageCash: 0 });
    const [event] = await openEvents(1);
    const bet = await apiFrom(
      "/api/placeBet",
      {
        method: "POST",
        token: player.token,
        headers: { "Idempotency-Key": crypto.randomUUID() },
        body: JSON.stringify({ kind: "Singles", wallet: "coins", amount: 5, picks: [pickOf(event!, "Moneyline", "Home")] }),
      },
      cf,
    );
    expect(bet.status).toBe(200);
  });

  it("BLOCKED_REGIONS refuses all play there; a country entry covers its subdivisions", async () => {
    const player = await signIn();
    const blockedEnv = { ...cfEnv, BLOCKED_REGIONS: "FR,US-UT" } as Env;
    await acceptRulesUnder(blockedEnv, player.userId);
    const call = async (path: string, body: unknown, cf: Record<string, string>) => {
      const ctx = createExecutionContext();
      const request = new Request(`${BASE}${path}`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { Authorization: `Bearer ${player.token}`, "Content-Type": "application/json" },
        cf,
      });
      const res = await createApp().fetch(request, blockedEnv, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };
    await expectRefusal(
      await call("/api/grantDailyBonus", {}, { country: "FR", regionCode: "IDF" }),
      403,
      "region-restricted",
      "Vantage is not offered in FR-IDF.",
    );
    await expectRefusal(
      await call("/api/placeBet", { kind: "Singles", wallet: "coins", amount: 5, picks: [] }, { country: "US", regionCode: "UT" }),
      400,
      "idempotency-key-required",
    );
    const [event] = await openEvents(1);
    const ctx = createExecutionContext();
    const bet = await createApp().fetch(
      new Request(`${BASE}/api/placeBet`, {
        method: "POST",
        body: JSON.stringify({ kind: "Singles", wallet: "coins", amount: 5, picks: [pickOf(event!, "Moneyline", "Home")] }),
        headers: { Authorization: `Bearer ${player.token}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
        cf: { country: "US", regionCode: "UT" },
      }),
      blockedEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    await expectRefusal(bet, 403, "region-restricted", "Vantage is not offered in US-UT.");
    expect((await call("/api/grantDailyBonus", {}, { country: "US", regionCode: "NV" })).status).toBe(200);
  });

  it("DEV_REGION stands in for cf in development only", () => {
    const plain = new Request(`${BASE}/api/me`);
    expect(requestRegion(cfEnv, plain)).toBeNull();
    expect(requestRegion({ ...env, DEV_REGION: "US-WA" } as Env, plain)).toBe("US-WA");
    expect(requestRegion({ ...env, DEV_REGION: "US-WA", APP_ENV: "production" } as Env, plain)).toBeNull();
    const fromCf = new Request(`${BASE}/api/me`, { cf: { country: "ca", regionCode: "QC" } });
    expect(requestRegion({ ...env, APP_ENV: "production", DEV_REGION: "US-WA" } as Env, fromCf)).toBe("CA-QC");
  });

  it("an X-Dev-Region header places one request in development only, never beside a live key; production reads cf alone", () => {
    const placed = (region: string, withCf = false) =>
      new Request(`${BASE}/api/me`, { headers: { "X-Dev-Region": region }, ...(withCf && { cf: { country: "US", regionCode: "TX" } }) });
    expect(requestRegion({ ...env, DEV_REGION: "US-WA" } as Env, placed("us-ca"))).toBe("US-CA");
    expect(requestRegion(cfEnv, placed("T1"))).toBe("T1");
    // Not a region code: the development default stands.
    expect(requestRegion({ ...env, DEV_REGION: "US-WA" } as Env, placed("California"))).toBe("US-WA");
    expect(requestRegion({ ...env, APP_ENV: "production" } as Env, placed("US-CA", true))).toBe("US-TX");
    // Beside a live Stripe key, development too reads cf alone: a chosen header never places real money.
    const live = { ...env, DEV_REGION: "US-WA", STRIPE_SECRET_KEY: "sk_live_x" } as Env;
    expect(requestRegion(live, placed("US-TX", true))).toBe("US-TX");
    expect(requestRegion(live, placed("US-CA", true))).toBe("US-TX");
  });
});
