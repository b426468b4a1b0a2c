// The pure social rules: handle checks and names that cannot impersonate
// (src/shared/handles.ts, src/shared/name-characters.ts, src/shared/display-name.ts),
// and from src/shared/social.ts the Eastern-time week a settlement counts in (Monday
// 12:00 AM start, daylight saving included), what one settled bet adds to a
// leaderboard, and when another player's open pick is public.
import { describe, expect, it } from "vitest";
import { defaultDisplayName } from "../../src/shared/display-name";
import { checkHandle, reservedWordIn } from "../../src/shared/handles";
import { sentenceOf } from "../../src/shared/refusals";
import { hasDisguisingCharacters, stripDisguisingCharacters } from "../../src/shared/name-characters";
import { checkDisplayName } from "../../src/shared/schemas/user";
import { etWeekBounds, etWeekStart, isPickPublic, leaderboardContribution, periodKey, weekPeriodKey } from "../../src/shared/social";

/** checkHandle's answer with a refusal's sentence (src/shared/refusals.ts) in place of its details, as the form shows it. */
function handleSaid(raw: string) {
  const result = checkHandle(raw);
  return result.ok ? result : { ok: false, code: result.code, message: sentenceOf(result) };
}

describe("handles", () => {
  it("lower-cases and trims, then allows 3–20 of a-z 0-9 _", () => {
    expect(handleSaid("  Ada_Lovelace ")).toEqual({ ok: true, handle: "ada_lovelace" });
    expect(handleSaid("abc")).toEqual({ ok: true, handle: "abc" });
    expect(handleSaid("a".repeat(20))).toMatchObject({ ok: true });
    for (const bad of ["ab", "a".repeat(21), "ada-l", "ada.l", "ada l", "adé", "ada\u200b", "😀😀😀"]) {
      expect(handleSaid(bad), bad).toMatchObject({ ok: false, code: "invalid-handle" });
    }
  });

  it("refuses reserved handles in any case", () => {
    for (const reserved of ["admin", "Admin", "SUPPORT", "vantage", "moderator", "root"]) {
      expect(handleSaid(reserved), reserved).toMatchObject({ ok: false, code: "handle-reserved" });
    }
  });
});

describe("names that cannot impersonate", () => {
  it("refuses handles with bidi controls or zero-width characters, with their own sentence", () => {
    const disguised = { ok: false, code: "invalid-handle", message: "Handles cannot contain invisible or direction-changing characters." };
    for (const bad of ["admin\u200B1", "\u202Eesab", "ada\u200Dplays", "ada\u2066x", "\uFEFFada_plays", "ada_plays\u2060", "ada\u200Fx"]) {
      expect(handleSaid(bad), JSON.stringify(bad)).toEqual(disguised);
    }
  });

  it("refuses handles equal to, starting with or ending with a house word once folded", () => {
    for (const bad of [
      "vantage_support",
      "supp0rt",
      "adm1n",
      "ADMIN_7",
      "the_admin",
      "v4nt4ge",
      "0fficia1",
      "officialvantage",
      "s_u_p_p_o_r_t",
      "moderat0r_x",
      "staff_pick",
      "5upp0rt_desk",
      "m_e",
      "r00t",
      "ap1",
    ]) {
      expect(handleSaid(bad), bad).toEqual({
        ok: false,
        code: "handle-reserved",
        message: "That handle is reserved. Please choose another.",
      });
    }
    expect(reservedWordIn("supp0rt")).toBe("support");
    expect(reservedWordIn("adm1n")).toBe("admin");
  });

  it("accepts a house word inside an ordinary handle, and words that are reserved only whole", () => {
    for (const good of [
      "badminton_fan",
      "ada_lovelace",
      "team_rocket",
      "root_beer",
      "meadow",
      "game_on",
      "player_1",
      "arsenal_supporter",
    ]) {
      expect(handleSaid(good), good).toMatchObject({ ok: true });
    }
  });

  it("refuses such usernames on edit and strips them from a name taken at sign-in", () => {
    expect(hasDisguisingCharacters("admin\u200B")).toBe(true);
    expect(hasDisguisingCharacters("Zoë Ångström 李")).toBe(false);
    expect(stripDisguisingCharacters("\u202EAda\u200B Lovelace\u2069")).toBe("Ada Lovelace");
    for (const bad of ["admin\u200B", "\u202Eesab", "Ada\uFEFF", "\u2067Ada"]) {
      expect(checkDisplayName(bad), JSON.stringify(bad)).toEqual({
        ok: false,
        message: "Username cannot contain invisible or direction-changing characters.",
      });
    }
    expect(checkDisplayName("  Zoë Ångström ")).toEqual({ ok: true, name: "Zoë Ångström" });
    expect(defaultDisplayName("\u202Eesab\u200B", "x@example.com")).toBe("esab");
    expect(defaultDisplayName("\u200B\u2060", "ada\u200B@example.com")).toBe("ada");
    expect(defaultDisplayName("\u200B", null)).toBe("user");
  });
});

describe("the Eastern-time week", () => {
  it("has epoch bounds from Monday 12:00 AM Eastern to the next, 167 or 169 hours across a clock change", () => {
    expect(etWeekBounds(Date.parse("2026-11-25T12:00:00Z"))).toEqual({
      start: Date.parse("2026-11-23T05:00:00Z"),
      end: Date.parse("2026-11-30T05:00:00Z"),
    });
    expect(etWeekBounds(Date.parse("2026-07-06T04:00:00Z"))).toEqual({
      start: Date.parse("2026-07-06T04:00:00Z"),
      end: Date.parse("2026-07-13T04:00:00Z"),
    });
    // Clocks fall back on Sunday 2026-11-01 and spring forward on Sunday 2027-03-14.
    expect(etWeekBounds(Date.parse("2026-10-28T12:00:00Z"))).toEqual({
      start: Date.parse("2026-10-26T04:00:00Z"),
      end: Date.parse("2026-11-02T05:00:00Z"),
    });
    expect(etWeekBounds(Date.parse("2027-03-10T12:00:00Z"))).toEqual({
      start: Date.parse("2027-03-08T05:00:00Z"),
      end: Date.parse("2027-03-15T04:00:00Z"),
    });
    const bounds = etWeekBounds(Date.parse("2026-11-29T23:00:00Z"));
    expect(weekPeriodKey(bounds.start)).toBe("w:2026-11-23");
    expect(weekPeriodKey(bounds.end - 1)).toBe("w:2026-11-23");
    expect(weekPeriodKey(bounds.end)).toBe("w:2026-11-30");
  });

  it("starts on Monday 12:00 AM Eastern in winter (05:00 UTC) and in summer (04:00 UTC)", () => {
    expect(etWeekStart(Date.parse("2026-11-30T04:59:59Z"))).toBe("2026-11-23"); // Sunday 11:59:59 PM EST
    expect(etWeekStart(Date.parse("2026-11-30T05:00:00Z"))).toBe("2026-11-30"); // Monday 12:00 AM EST
    expect(etWeekStart(Date.parse("2026-07-06T03:59:59Z"))).toBe("2026-06-29");
    expect(etWeekStart(Date.parse("2026-07-06T04:00:00Z"))).toBe("2026-07-06");
    // Across a month and a year end; and through the spring-forward Sunday.
    expect(etWeekStart(Date.parse("2027-01-01T12:00:00Z"))).toBe("2026-12-28");
    expect(etWeekStart(Date.parse("2026-03-08T12:00:00Z"))).toBe("2026-03-02");
  });

  it("names periods: the week's Monday, or all time", () => {
    const now = Date.parse("2026-11-25T15:00:00Z");
    expect(weekPeriodKey(now)).toBe("w:2026-11-23");
    expect(periodKey("week", now)).toBe("w:2026-11-23");
    expect(periodKey("all", now)).toBe("all");
  });
});

describe("what a settled bet adds to a leaderboard", () => {
  it("counts wins, losses and pushes on stake and return, and voids on neither", () => {
    expect(leaderboardContribution({ result: "win", stake: 100, payoutPaid: 250 })).toEqual({
      graded: 1,
      staked: 100,
      returned: 250,
      profit: 150,
      result: "win",
    });
    expect(leaderboardContribution({ result: "loss", stake: 100, payoutPaid: 0 })).toEqual({
      graded: 1,
      staked: 100,
      returned: 0,
      profit: -100,
      result: "loss",
    });
    expect(leaderboardContribution({ result: "push", stake: 100, payoutPaid: 100 })).toEqual({
      graded: 1,
      staked: 100,
      returned: 100,
      profit: 0,
      result: "push",
    });
    expect(leaderboardContribution({ result: "void", stake: 100, payoutPaid: 100 })).toEqual({
      graded: 0,
      staked: 0,
      returned: 0,
      profit: 0,
      result: "void",
    });
    expect(leaderboardContribution({ result: null, stake: 100, payoutPaid: 0 })).toBeNull();
  });
});

describe("public picks", () => {
  const leg = (startTime: string) => ({ startTime });
  const feedNow = Date.parse("2026-11-23T20:00:00Z");
  const open = (...starts: string[]) => ({ legs: starts.map(leg), legResults: starts.map(() => null) });
  it("shows a pick once each leg is graded or its game has started by the feed's clock", () => {
    expect(isPickPublic({ legs: [leg("2026-11-24T00:00:00Z")], legResults: ["void"] }, feedNow)).toBe(true);
    expect(isPickPublic(open("2026-11-23T19:00:00Z"), feedNow)).toBe(true);
    expect(isPickPublic(open("2026-11-23T20:00:00Z"), feedNow)).toBe(true);
    expect(isPickPublic(open("2026-11-23T20:00:01Z"), feedNow)).toBe(false);
    expect(isPickPublic(open("2026-11-23T19:00:00Z", "2026-11-23T23:00:00Z"), feedNow)).toBe(false);
  });

  it("keeps a bet cashed out in full before kick-off private until its games start", () => {
    // Settled by the cash-out, its legs still open: copying it would still be a bet on offer.
    const cashedOut = { status: "settled", result: "cashed_out", ...open("2026-11-23T23:00:00Z") };
    expect(isPickPublic(cashedOut, feedNow)).toBe(false);
    expect(isPickPublic(cashedOut, Date.parse("2026-11-23T23:00:00Z"))).toBe(true);
  });
});

describe("a cashed-out bet on the leaderboard", () => {
  it("adds its stake, what it returned and its profit, but is not a graded result", () => {
    expect(leaderboardContribution({ result: "cashed_out", stake: 100, payoutPaid: 80 })).toEqual({
      graded: 0,
      staked: 100,
      returned: 80,
      profit: -20,
      result: "cashed_out",
    });
  });
});
