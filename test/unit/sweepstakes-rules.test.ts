// The Official Sweepstakes Rules are written from configuration: what an operator sets is
// what the rules say, and a player reading them learns every place the sweepstakes is
// void, who runs it and the minimum ages.
import { describe, expect, it } from "vitest";
import { buildSweepstakesRules, rulesContentText, SPONSOR_NOT_SET, type RulesConfig } from "../../src/shared/sweepstakes-rules";
import { formatFreeEntryCode, normaliseFreeEntryCode } from "../../src/shared/free-entry-codes";

const config: RulesConfig = {
  sponsorName: "Example Sweeps LLC",
  sponsorAddress: "PO Box 42, Austin, TX 78701",
  minAge: 18,
  regionMinAge: { "US-AL": 19, "US-MS": 21 },
  restrictedRegions: ["US-WA", "US-ID", "US-NV"],
  blockedRegions: ["FR"],
  cashPlaythrough: 1,
  purchaseHoldDays: 7,
  limitRaiseDelayHours: 24,
  freeEntryCashCents: 500,
  freeEntryCodeDays: 30,
};

const textOf = (c: RulesConfig) =>
  buildSweepstakesRules(c)
    .flatMap((s) => [s.title, ...s.paragraphs])
    .join("\n");

describe("the Official Sweepstakes Rules", () => {
  it("name the sponsor and its address, every restricted and blocked region and the minimum ages", () => {
    const text = textOf(config);
    expect(text).toContain("Example Sweeps LLC, PO Box 42, Austin, TX 78701");
    for (const region of ["US-WA", "US-ID", "US-NV", "FR"]) expect(text).toContain(region);
    expect(text).toContain("at least 18 years old");
    expect(text).toContain("US-AL (19)");
    expect(text).toContain("US-MS (21)");
  });

  it("say no purchase is necessary, how to enter free by post, and what Vantage Cash is", () => {
    const text = textOf(config);
    expect(text).toContain("NO PURCHASE NECESSARY");
    expect(text).toContain("VOID WHERE PROHIBITED");
    expect(text).toContain("Vantage Cash has no monetary value and may be redeemed for prizes under these rules.");
    expect(text).toContain("adds 5 Vantage Cash");
    expect(text).toContain("valid for 30 days");
  });

  it("state the redemption rules in force: minimum, play-through, purchase hold, identity check, limits", () => {
    const text = textOf(config);
    expect(text).toContain("The minimum redemption is $20.");
    expect(text).toContain("staked 1 time in settled bets");
    expect(text).toContain("held for 7 days");
    expect(text).toContain("verifies each player's identity before their first redemption");
    expect(text).toContain("after 24 hours");
    const off = textOf({ ...config, cashPlaythrough: 0, purchaseHoldDays: 0 });
    expect(off).toContain("No play-through applies");
    expect(off).not.toContain("held for");
  });

  it("change their text when a tunable they mention changes, and only then", () => {
    const base = rulesContentText(buildSweepstakesRules(config));
    expect(rulesContentText(buildSweepstakesRules({ ...config }))).toBe(base);
    expect(rulesContentText(buildSweepstakesRules({ ...config, restrictedRegions: ["US-WA"] }))).not.toBe(base);
    expect(rulesContentText(buildSweepstakesRules({ ...config, freeEntryCashCents: 100 }))).not.toBe(base);
  });

  it("show a placeholder, never an empty sponsor, while none is configured", () => {
    expect(textOf({ ...config, sponsorName: "", sponsorAddress: " " })).toContain(`${SPONSOR_NOT_SET}, ${SPONSOR_NOT_SET}`);
  });
});

describe("free-entry request codes", () => {
  it("are read back from what an operator types off a card", () => {
    const code = formatFreeEntryCode(new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7]));
    expect(code).toMatch(/^VX-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(normaliseFreeEntryCode(code.toLowerCase().replaceAll("-", " "))).toBe(code);
    expect(normaliseFreeEntryCode(code.slice(3).replace("-", ""))).toBe(code);
    expect(normaliseFreeEntryCode("VX-0000-0000")).toBeNull();
    expect(normaliseFreeEntryCode("hello")).toBeNull();
  });
});
