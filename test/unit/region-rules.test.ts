// Where Vantage Cash is lawful, by date: one table of dated entries decides each region's
// mode on a day, every mode allows a fixed set of money actions, an entry dated in the
// future switches on by itself on its day, a redemption window ends into Coins only, and
// the table Vantage ships is well formed with a source for every entry.
import { describe, expect, it } from "vitest";
import { checkRegion, governingRegion, regionNoticeSentence } from "../../src/shared/play-regions";
import { sentenceOf } from "../../src/shared/refusals";
import {
  MODE_ALLOWS,
  type MoneyAction,
  modeAllows,
  REGION_MODES,
  type RegionMode,
  type RegionRuleEntry,
  type RegionRules,
  regionModeAt,
  regionRuleProblem,
} from "../../src/shared/region-rules";
import { REGION_RULES } from "../../src/shared/region-rules-table";

/** Noon US Eastern on `day`. */
const at = (day: string) => Date.parse(`${day}T17:00:00Z`);

const law = (entry: Partial<RegionRuleEntry> & Pick<RegionRuleEntry, "region" | "mode" | "from">): RegionRuleEntry => ({
  covers: "sweepstakes-sports",
  source: { title: `${entry.region} Act`, url: "https://example.org/act" },
  ...entry,
});

const rulesOf = (entries: RegionRuleEntry[], lists: Partial<Omit<RegionRules, "entries">> = {}): RegionRules => ({
  entries,
  restricted: [],
  blocked: [],
  ...lists,
});

describe("what each mode allows", () => {
  const actions: MoneyAction[] = ["coins-bet", "cash-bet", "purchase", "bonus", "bonus-cash", "free-entry-cash", "redeem"];
  const expected: Record<RegionMode, MoneyAction[]> = {
    full: actions,
    "redeem-only": ["coins-bet", "bonus", "redeem"],
    "coins-only": ["coins-bet", "bonus"],
    blocked: [],
  };
  it.each(REGION_MODES)("%s: every action against the table", (mode) => {
    for (const action of actions) expect(modeAllows(mode, action), `${mode} ${action}`).toBe(expected[mode].includes(action));
    expect([...MODE_ALLOWS[mode]].sort()).toEqual([...expected[mode]].sort());
  });
});

describe("the request's region and the verified residence", () => {
  const rules = rulesOf([
    law({ region: "US-CA", mode: "coins-only", from: "2026-01-01" }),
    law({ region: "US-NV", mode: "blocked", from: "2026-01-01" }),
    law({ region: "US-OH", mode: "redeem-only", from: "2026-01-01", until: "2026-12-31" }),
  ]);
  const now = at("2026-06-01");

  it("holds money to the stricter of the two, and Coins play to the request alone", () => {
    // A Californian in Texas: California's rules for every money action.
    for (const action of ["cash-bet", "purchase", "bonus-cash", "free-entry-cash", "redeem"] as const) {
      expect(governingRegion("US-TX", "US-CA", rules, action, now), action).toBe("US-CA");
    }
    for (const action of ["coins-bet", "bonus"] as const)
      expect(governingRegion("US-TX", "US-CA", rules, action, now), action).toBe("US-TX");
    // A Texan in California: where they are is the stricter.
    expect(governingRegion("US-CA", "US-TX", rules, "cash-bet", now)).toBe("US-CA");
    // Redeem-only at home is stricter than full here, looser than blocked here.
    expect(governingRegion("US-TX", "US-OH", rules, "redeem", now)).toBe("US-OH");
    expect(governingRegion("US-NV", "US-OH", rules, "redeem", now)).toBe("US-NV");
    // No residence on file, or a tie: the request's region.
    expect(governingRegion("US-TX", null, rules, "cash-bet", now)).toBe("US-TX");
    expect(governingRegion("US-TX", "US-FL", rules, "cash-bet", now)).toBe("US-TX");
  });
});

describe("a region's mode on a day", () => {
  it("an entry dated in the future switches on on its day, with nothing else changing", () => {
    const rules = rulesOf([law({ region: "US-CA", mode: "coins-only", from: "2026-01-01" })]);
    expect(regionModeAt("US-CA", rules, at("2025-12-31")).mode).toBe("full");
    expect(regionModeAt("US-CA", rules, at("2026-01-01"))).toMatchObject({ mode: "coins-only", since: "2026-01-01" });
    // US Eastern days: 11 pm Eastern on New Year's Eve is still the old year.
    expect(regionModeAt("US-CA", rules, Date.parse("2026-01-01T04:30:00Z")).mode).toBe("full");
  });

  it("a redemption window ends into Coins only the day after its last day", () => {
    const rules = rulesOf([law({ region: "US-IN", mode: "redeem-only", from: "2026-07-01", until: "2026-09-30" })]);
    expect(regionModeAt("US-IN", rules, at("2026-06-30")).mode).toBe("full");
    expect(regionModeAt("US-IN", rules, at("2026-07-01"))).toMatchObject({ mode: "redeem-only", since: "2026-07-01", until: "2026-09-30" });
    expect(regionModeAt("US-IN", rules, at("2026-09-30")).mode).toBe("redeem-only");
    expect(regionModeAt("US-IN", rules, at("2026-10-01"))).toMatchObject({ mode: "coins-only", since: "2026-10-01", until: null });
  });

  it("the newest entry in force decides (a later law replaces an earlier one); casino-only entries change nothing", () => {
    const rules = rulesOf([
      law({ region: "US-NJ", mode: "coins-only", from: "2025-08-15" }),
      law({ region: "US-NJ", mode: "full", from: "2027-01-01" }),
      law({ region: "US-MI", mode: "coins-only", from: "2023-11-02", covers: "casino-only" }),
    ]);
    expect(regionModeAt("US-NJ", rules, at("2026-11-28")).mode).toBe("coins-only");
    expect(regionModeAt("US-NJ", rules, at("2027-01-01")).mode).toBe("full");
    expect(regionModeAt("US-MI", rules, at("2026-11-28")).mode).toBe("full");
  });

  it("a country entry covers its subdivisions; operators' lists and an unconfirmed place only make it stricter", () => {
    const rules = rulesOf([law({ region: "FR", mode: "coins-only", from: "2020-01-01" })], { blocked: ["FR-IDF"], restricted: ["US-TX"] });
    expect(regionModeAt("FR-ARA", rules, at("2026-11-28")).mode).toBe("coins-only");
    expect(regionModeAt("FR-IDF", rules, at("2026-11-28"))).toMatchObject({ mode: "blocked", basis: { kind: "operator-list" } });
    expect(regionModeAt("US-TX", rules, at("2026-11-28")).mode).toBe("coins-only");
    for (const unknown of [null, "T1", "XX"]) {
      expect(regionModeAt(unknown, rules, at("2026-11-28")), String(unknown)).toMatchObject({
        mode: "coins-only",
        basis: { kind: "unknown-place" },
      });
    }
  });
});

describe("a country whose rules differ by state", () => {
  it("is not confirmed without the state: Coins play only, whatever its states' own modes", () => {
    const rules = rulesOf([law({ region: "US-WA", mode: "coins-only", from: "2020-01-01" })]);
    expect(regionModeAt("US", rules, at("2026-11-28"))).toMatchObject({ mode: "coins-only", basis: { kind: "unknown-place" } });
    expect(regionModeAt("US-TX", rules, at("2026-11-28")).mode).toBe("full");
    // An operator's list naming a state counts too; casino-only entries and other countries' states do not.
    expect(regionModeAt("CA", rulesOf([], { restricted: ["CA-ON"] }), at("2026-11-28")).mode).toBe("coins-only");
    expect(
      regionModeAt("US", rulesOf([law({ region: "US-NV", mode: "blocked", from: "2020-01-01", covers: "casino-only" })]), at("2026-11-28"))
        .mode,
    ).toBe("full");
    expect(regionModeAt("GB", rules, at("2026-11-28")).mode).toBe("full");
    // The table Vantage ships has state entries for the US, so a US request without its state is Coins only.
    expect(regionModeAt("US", { entries: REGION_RULES, restricted: [], blocked: [] }, at("2026-11-28")).mode).toBe("coins-only");
  });
});

describe("the sentence a player reads", () => {
  it("names the region, the mode, the law and the days", () => {
    const rules = rulesOf([
      law({ region: "US-CA", mode: "coins-only", from: "2026-01-01", source: { title: "California AB 831", url: "https://example.org" } }),
      law({
        region: "US-IN",
        mode: "redeem-only",
        from: "2026-07-01",
        until: "2026-09-30",
        source: { title: "Indiana HB 1052", url: "https://example.org" },
      }),
    ]);
    const day = at("2026-08-01");
    expect(regionNoticeSentence(regionModeAt("US-CA", rules, day))).toBe(
      "Vantage Cash is not offered in US-CA since 2026-01-01 (California AB 831): Coins play only.",
    );
    expect(regionNoticeSentence(regionModeAt("US-IN", rules, day))).toBe(
      "Vantage Cash can no longer be bought, won or bet in US-IN since 2026-07-01 (Indiana HB 1052); you can redeem what you hold until 2026-09-30.",
    );
    expect(regionNoticeSentence(regionModeAt("US-TX", rules, day))).toBeNull();
    // In the window a redemption goes ahead and a cash bet is refused with the sentence.
    expect(checkRegion("US-IN", rules, "redeem", day)).toMatchObject({ ok: true });
    expect(checkRegion("US-IN", rules, "bet", day, "cash")).toMatchObject({ ok: false, code: "region-restricted" });
    const after = checkRegion("US-IN", rules, "redeem", at("2026-10-01"));
    expect(after.ok ? null : sentenceOf(after)).toBe(
      "Vantage Cash is not offered in US-IN since 2026-10-01 (Indiana HB 1052): Coins play only.",
    );
  });
});

describe("the table Vantage ships", () => {
  it("is well formed, each entry with a source, and the states that turned since 2025 are there from their day", () => {
    for (const entry of REGION_RULES) expect(regionRuleProblem(entry), entry.region).toBeNull();
    const rules = rulesOf([...REGION_RULES]);
    const modeOn = (region: string, day: string) => regionModeAt(region, rules, at(day)).mode;
    for (const [region, from] of [
      ["US-NJ", "2025-08-15"],
      ["US-CT", "2025-10-01"],
      ["US-NY", "2025-12-05"],
      ["US-CA", "2026-01-01"],
      ["US-IN", "2026-07-01"],
    ] as const) {
      const before = new Date(Date.parse(`${from}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect(modeOn(region, before), `${region} before`).toBe("full");
      expect(modeOn(region, from), `${region} from ${from}`).toBe("coins-only");
    }
    for (const region of ["US-WA", "US-ID", "US-LA", "US-AZ", "US-TN", "US-MT", "US-NV"])
      expect(modeOn(region, "2026-11-28"), region).toBe("coins-only");
    expect(modeOn("US-TX", "2026-11-28")).toBe("full");
    expect(REGION_RULES.filter((e) => e.minAge !== undefined).map((e) => [e.region, e.minAge])).toEqual([
      ["US-AL", 19],
      ["US-NE", 19],
      ["US-MS", 21],
    ]);
  });

  it("refuses a malformed entry with a sentence", () => {
    const good = law({ region: "US-CA", mode: "coins-only", from: "2026-01-01" });
    expect(regionRuleProblem({ ...good, region: "California" })).toContain("not an ISO 3166");
    expect(regionRuleProblem({ ...good, from: "2026-13-40" })).toContain("from must be a day");
    expect(regionRuleProblem({ ...good, mode: "redeem-only" })).toContain("needs its last day");
    expect(regionRuleProblem({ ...good, until: "2026-02-01" })).toContain("only a redeem-only entry");
    expect(regionRuleProblem({ ...good, source: { title: "", url: "http://x" } })).toContain("a source needs");
  });
});
