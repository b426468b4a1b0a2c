// The pure player-protection rules: Eastern-time periods across daylight
// saving, age on birthdays, breaks that never shorten, limit changes (lower at once,
// raise later), the stake and purchase checks, and region parsing and matching.
import { describe, expect, it } from "vitest";
import { checkRegion, minAgeFor, parseRegionList, parseRegionMinAge, regionOf, unavailableActions } from "../../src/shared/play-regions";
import {
  ageAnywhere,
  ageOn,
  breakEnd,
  changeLimits,
  checkPlay,
  checkPurchase,
  checkStake,
  etMidnight,
  isValidDateOfBirth,
  NO_LIMITS,
  periodBounds,
  resolveLimits,
  type PlayerLimits,
  type ProtectionState,
} from "../../src/shared/protection";
import { type Refusal, sentenceOf } from "../../src/shared/refusals";

/** A refusal's code and sentence (src/shared/refusals.ts); null when allowed. */
const said = (result: { ok: true } | Refusal) => (result.ok ? null : { code: result.code, message: sentenceOf(result) });

const at = (iso: string) => Date.parse(iso);
const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe("Eastern-time periods", () => {
  it("midnight is 05:00 UTC in winter and 04:00 UTC in summer, and right on both DST days", () => {
    expect(new Date(etMidnight("2026-01-15")).toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(new Date(etMidnight("2026-07-15")).toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(new Date(etMidnight("2026-03-08")).toISOString()).toBe("2026-03-08T05:00:00.000Z");
    expect(new Date(etMidnight("2026-11-01")).toISOString()).toBe("2026-11-01T04:00:00.000Z");
  });

  it("days, weeks from Monday and months", () => {
    const wed = at("2026-11-25T15:00:00Z");
    expect(periodBounds("day", wed)).toEqual({ start: etMidnight("2026-11-25"), end: etMidnight("2026-11-26") });
    expect(periodBounds("week", wed)).toEqual({ start: etMidnight("2026-11-23"), end: etMidnight("2026-11-30") });
    expect(periodBounds("month", wed)).toEqual({ start: etMidnight("2026-11-01"), end: etMidnight("2026-12-01") });
    // Sunday 11:30 PM ET still belongs to the week that began the Monday before.
    const sundayNight = at("2026-11-30T04:30:00Z");
    expect(periodBounds("week", sundayNight).start).toBe(etMidnight("2026-11-23"));
    expect(periodBounds("month", at("2026-12-31T12:00:00Z")).end).toBe(etMidnight("2027-01-01"));
    // The day across the spring-forward change is 23 hours long.
    const dst = periodBounds("day", at("2026-03-08T12:00:00Z"));
    expect(dst.end - dst.start).toBe(23 * HOUR);
  });
});

describe("age", () => {
  it("counts whole years, a birthday once it has begun everywhere (midnight at UTC−12)", () => {
    // Midnight in New York, and even in Honolulu (10 AM UTC): still 17 somewhere on Earth.
    expect(ageOn("2008-11-24", at("2026-11-24T05:00:00Z"))).toBe(17);
    expect(ageOn("2008-11-24", at("2026-11-24T10:00:00Z"))).toBe(17);
    expect(ageOn("2008-11-24", at("2026-11-24T11:59:00Z"))).toBe(17);
    expect(ageOn("2008-11-24", at("2026-11-24T12:00:00Z"))).toBe(18);
    // Closing an account for good needs a minor everywhere: 18 from the day's first midnight (UTC+14).
    expect(ageAnywhere("2008-11-24", at("2026-11-23T09:59:00Z"))).toBe(17);
    expect(ageAnywhere("2008-11-24", at("2026-11-23T10:00:00Z"))).toBe(18);
    expect(ageOn("2008-02-29", at("2026-02-28T17:00:00Z"))).toBe(17);
    expect(ageOn("2008-02-29", at("2026-03-01T17:00:00Z"))).toBe(18);
  });

  it("accepts only real past dates from 1900", () => {
    const now = at("2026-11-24T17:00:00Z");
    expect(isValidDateOfBirth("1990-04-25", now)).toBe(true);
    expect(isValidDateOfBirth("2000-02-29", now)).toBe(true);
    for (const bad of ["1990-02-29", "1990-13-01", "1899-12-31", "2026-11-25", "90-04-25", "1990-4-25"])
      expect(isValidDateOfBirth(bad, now)).toBe(false);
  });

  it("gates play: unconfirmed, under age, then breaks (redeeming allowed during one)", () => {
    const now = at("2026-11-24T17:00:00Z");
    const adult: ProtectionState = { dateOfBirth: "1990-04-25", breakUntil: null, closed: null };
    expect(checkPlay({ ...adult, dateOfBirth: null }, "redeem", now, 18)).toMatchObject({ code: "age-unconfirmed" });
    expect(checkPlay(adult, "bet", now, 18)).toEqual({ ok: true });
    expect(checkPlay({ ...adult, dateOfBirth: "2006-01-01" }, "bet", now, 21)).toMatchObject({
      code: "under-age",
      details: { minAge: 21 },
    });
    const onBreak = { ...adult, breakUntil: now + HOUR };
    expect(checkPlay(onBreak, "bonus", now, 18)).toMatchObject({ code: "self-excluded" });
    expect(checkPlay(onBreak, "redeem", now, 18)).toEqual({ ok: true });
    expect(checkPlay(onBreak, "bet", now + HOUR, 18)).toEqual({ ok: true });
    expect(checkPlay({ ...adult, closed: "permanent" }, "purchase", now + 1000 * DAY, 18)).toMatchObject({ code: "self-excluded" });
  });
});

describe("breaks", () => {
  it("never shorten a running break, and a closure stays closed", () => {
    const now = at("2026-11-24T17:00:00Z");
    const open: ProtectionState = { dateOfBirth: "1990-04-25", breakUntil: null, closed: null };
    expect(breakEnd(open, "24h", now)).toEqual({ breakUntil: now + DAY, closed: null });
    expect(breakEnd({ ...open, breakUntil: now + 30 * DAY }, "7d", now)).toEqual({ breakUntil: now + 30 * DAY, closed: null });
    expect(breakEnd(open, "permanent", now)).toEqual({ breakUntil: null, closed: "permanent" });
    expect(breakEnd({ ...open, closed: "permanent" }, "24h", now).closed).toBe("permanent");
  });
});

describe("limits", () => {
  const t0 = at("2026-11-24T17:00:00Z");
  const none: PlayerLimits = { effective: { ...NO_LIMITS }, pending: {} };

  it("lowering is immediate, raising and removing wait, the same value cancels a wait", () => {
    const set = changeLimits(none, { dailyStakeCoins: 100 }, t0, DAY);
    expect(set.effective.dailyStakeCoins).toBe(100);
    const raised = changeLimits(set, { dailyStakeCoins: 500 }, t0 + HOUR, DAY);
    expect(raised.effective.dailyStakeCoins).toBe(100);
    expect(raised.pending.dailyStakeCoins).toEqual({ value: 500, effectiveAt: t0 + HOUR + DAY });
    // Asking again for the same raise keeps its time.
    expect(changeLimits(raised, { dailyStakeCoins: 500 }, t0 + 2 * HOUR, DAY).pending.dailyStakeCoins!.effectiveAt).toBe(t0 + HOUR + DAY);
    expect(changeLimits(raised, { dailyStakeCoins: 100 }, t0 + 2 * HOUR, DAY).pending).toEqual({});
    const removed = changeLimits(set, { dailyStakeCoins: null }, t0, DAY);
    expect(removed.pending.dailyStakeCoins).toEqual({ value: null, effectiveAt: t0 + DAY });
    expect(resolveLimits(removed, t0 + DAY - 1).effective.dailyStakeCoins).toBe(100);
    expect(resolveLimits(removed, t0 + DAY).effective.dailyStakeCoins).toBeNull();
  });

  it("the stake check counts what was staked today, per wallet", () => {
    const limits = { ...NO_LIMITS, dailyStakeCash: 1_000 };
    expect(checkStake(limits, "coins", 1_000_000, 0, t0)).toEqual({ ok: true });
    expect(checkStake(limits, "cash", 400, 600, t0)).toEqual({ ok: true });
    const refused = checkStake(limits, "cash", 401, 600, t0);
    expect(refused).toMatchObject({ ok: false, code: "stake-limit" });
    expect(said(refused)?.message).toMatch(
      /^This bet would pass your daily Vantage Cash stake limit of 10 Vantage Cash \(4 Vantage Cash left\)\. It resets Nov 25, 2026, 12:00 AM ET\.$/,
    );
  });

  it("the purchase check names the tightest limit", () => {
    const limits = { ...NO_LIMITS, dailyPurchaseDollars: 10_000, weeklyPurchaseDollars: 5_000 };
    const refused = checkPurchase(limits, 1_999, { day: 0, week: 4_000, month: 4_000 }, t0);
    expect(said(refused)?.message).toBe(
      "This pack would pass your weekly purchase limit of $50.00 ($10.00 left). It resets Nov 30, 2026, 12:00 AM ET.",
    );
    expect(checkPurchase(limits, 999, { day: 0, week: 4_000, month: 4_000 }, t0)).toEqual({ ok: true });
  });
});

const NOW = Date.parse("2026-11-28T17:00:00Z");

describe("regions", () => {
  it("reads cf codes and parses the tunables' lists", () => {
    expect(regionOf("US", "WA")).toBe("US-WA");
    expect(regionOf("fr", null)).toBe("FR");
    expect(regionOf("T1", "X")).toBeNull();
    expect(regionOf(undefined, "WA")).toBeNull();
    expect(parseRegionList(" us-wa, FR ,")).toEqual(["US-WA", "FR"]);
    expect(parseRegionList("Washington")).toBeNull();
    expect(parseRegionMinAge("US-AL:19, us-ms:21")).toEqual({ "US-AL": 19, "US-MS": 21 });
    expect(parseRegionMinAge("US-AL=19")).toBeNull();
  });

  it("operators' lists: restricted is Coins only, blocked refuses everything; countries cover subdivisions", () => {
    const rules = { entries: [], restricted: ["US-WA"], blocked: ["KP", "US-UT"] };
    expect(unavailableActions("US-WA", rules, NOW)).toEqual(["purchase", "redeem"]);
    expect(unavailableActions("KP-01", rules, NOW)).toEqual(["bet", "purchase", "bonus", "redeem"]);
    expect(unavailableActions("US-TX", rules, NOW)).toEqual([]);
    expect(checkRegion("US-WA", rules, "bet", NOW)).toMatchObject({ ok: true });
    expect(said(checkRegion("US-WA", rules, "bet", NOW, "cash"))).toEqual({
      code: "region-restricted",
      message: "Vantage Cash is not offered in US-WA: Coins play only.",
    });
    expect(said(checkRegion("US-WA", rules, "redeem", NOW))).toEqual({
      code: "region-restricted",
      message: "Vantage Cash is not offered in US-WA: Coins play only.",
    });
    expect(said(checkRegion("US-UT", rules, "bet", NOW))).toEqual({
      code: "region-restricted",
      message: "Vantage is not offered in US-UT.",
    });
  });

  it("money fails closed where the place is unknown: no region, Tor (T1) or XX is Coins only; Coins play goes on", () => {
    const rules = { entries: [], restricted: ["US-WA"], blocked: ["KP"] };
    for (const region of [null, regionOf("T1", null), regionOf("XX", null), regionOf("XX", "1")]) {
      expect(unavailableActions(region, rules, NOW), String(region)).toEqual(["purchase", "redeem"]);
      expect(checkRegion(region, rules, "bet", NOW), String(region)).toMatchObject({ ok: true });
      expect(checkRegion(region, rules, "bonus", NOW), String(region)).toMatchObject({ ok: true });
      for (const [action, wallet] of [
        ["purchase", "coins"],
        ["redeem", "coins"],
        ["bet", "cash"],
      ] as const) {
        expect(said(checkRegion(region, rules, action, NOW, wallet)), `${region} ${action}`).toEqual({
          code: "region-restricted",
          message: "Vantage Cash is not offered where your location cannot be confirmed: Coins play only.",
        });
      }
    }
    expect(unavailableActions("US-TX", rules, NOW)).toEqual([]);
  });

  it("the minimum age is the region's when higher", () => {
    const ages = { "US-MS": 21, CA: 19 };
    expect(minAgeFor("US-MS", 18, ages)).toBe(21);
    expect(minAgeFor("CA-QC", 18, ages)).toBe(19);
    expect(minAgeFor("US-TX", 18, ages)).toBe(18);
    expect(minAgeFor(null, 18, ages)).toBe(18);
  });
});
