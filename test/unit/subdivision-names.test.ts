// A provider's address is read as a region whichever way its state was typed: a US state or
// Canadian province by its code or its name, and one that names none this can read places
// nobody, never the whole country (which the region rules treat as a place not confirmed,
// closed to money). src/shared/subdivision-names.ts and play-regions.ts addressRegionOf.
import { describe, expect, it } from "vitest";
import { addressRegionOf, checkRegion } from "../../src/shared/play-regions";
import { REGION_RULES } from "../../src/shared/region-rules-table";
import { subdivisionCodeOf } from "../../src/shared/subdivision-names";

describe("a US state or Canadian province, by code or by name", () => {
  it("reads codes and names, whatever their case, accents, punctuation or spacing", () => {
    for (const [text, code] of [
      ["TX", "TX"],
      [" tx ", "TX"],
      ["Texas", "TX"],
      ["TEXAS", "TX"],
      ["  new   york ", "NY"],
      ["Washington", "WA"],
      ["District of Columbia", "DC"],
      ["Washington, D.C.", "DC"],
      ["D.C.", "DC"],
      ["Hawaiʻi", "HI"],
      ["Puerto Rico", "PR"],
      ["U.S. Virgin Islands", "VI"],
    ] as const) {
      expect(subdivisionCodeOf("US", text), text).toBe(code);
    }
    for (const [text, code] of [
      ["ON", "ON"],
      ["Ontario", "ON"],
      ["Québec", "QC"],
      ["Quebec", "QC"],
      ["Nouvelle-Écosse", "NS"],
      ["Newfoundland & Labrador", "NL"],
      ["Île-du-Prince-Édouard", "PE"],
    ] as const) {
      expect(subdivisionCodeOf("CA", text), text).toBe(code);
    }
  });

  it("reads nothing else: empty, a code or a name it is not, another country's", () => {
    for (const text of [null, undefined, "", "   ", "Tex.", "ZZ", "XX", "Texass", "US-TX", "Ontario"]) {
      expect(subdivisionCodeOf("US", text), String(text)).toBeNull();
    }
    expect(subdivisionCodeOf("CA", "Texas")).toBeNull();
    expect(subdivisionCodeOf("FR", "Paris")).toBeNull();
  });

  it("knows the 50 states, DC and the territories, and the 13 provinces and territories, each by its name", () => {
    const states =
      "AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY";
    for (const code of [...states.split(" "), "DC", "AS", "GU", "MP", "PR", "UM", "VI"]) expect(subdivisionCodeOf("US", code)).toBe(code);
    for (const code of "AB BC MB NB NL NS NT NU ON PE QC SK YT".split(" ")) expect(subdivisionCodeOf("CA", code)).toBe(code);
    // Every subdivision the shipped region table names is read by its name too.
    expect(subdivisionCodeOf("US", "Alabama")).toBe("AL");
    expect(subdivisionCodeOf("US", "Mississippi")).toBe("MS");
    expect(subdivisionCodeOf("US", "Nebraska")).toBe("NE");
    for (const entry of REGION_RULES) {
      const [country, code] = entry.region.split("-");
      expect(subdivisionCodeOf(country!, code), entry.region).toBe(code);
    }
  });
});

describe("an address's region (addressRegionOf)", () => {
  it("places a US or Canadian address in its state or province, named or coded", () => {
    expect(addressRegionOf({ country: "US", state: "Texas" })).toBe("US-TX");
    expect(addressRegionOf({ country: "us", state: " wa " })).toBe("US-WA");
    expect(addressRegionOf({ country: "US", state: "Washington" })).toBe("US-WA");
    expect(addressRegionOf({ country: "CA", state: "Ontario" })).toBe("CA-ON");
  });

  it("places nobody where a US or Canadian address names no state it can read, rather than the whole country", () => {
    for (const state of [null, undefined, "", "Tex.", "ZZ", "Lone Star State"]) {
      expect(addressRegionOf({ country: "US", state }), String(state)).toBeNull();
      expect(addressRegionOf({ country: "CA", state }), String(state)).toBeNull();
    }
    expect(addressRegionOf(null)).toBeNull();
    expect(addressRegionOf({ country: null, state: "TX" })).toBeNull();
    // What "US" alone would have been: a place not confirmed, closed to redemptions.
    const rules = { entries: REGION_RULES, restricted: [], blocked: [] };
    expect(checkRegion("US", rules, "redeem", Date.parse("2026-11-28T17:00:00Z"))).toMatchObject({ ok: false });
  });

  it("reads another country's address as before: its subdivision code, else the country", () => {
    expect(addressRegionOf({ country: "GB", state: "LND" })).toBe("GB-LND");
    expect(addressRegionOf({ country: "fr", state: "Île-de-France" })).toBe("FR");
    expect(addressRegionOf({ country: "FR", state: null })).toBe("FR");
  });
});
