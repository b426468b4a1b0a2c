// The public page "Where Vantage Cash is offered" and the Official Sweepstakes Rules are
// written from one dated table: the regions the page shows limited today are exactly the
// ones the rules' "where void" clause names, each with its law and day.
import { describe, expect, it } from "vitest";
import { RegionOffersSchema, SweepstakesRulesSchema } from "../../src/shared/schemas/sweepstakes";
import { api } from "./helpers";

describe("GET /api/public/region-rules", () => {
  it("lists the table with what each entry means today, and agrees with the rules' where-void clause", async () => {
    const res = await api("/api/public/region-rules");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("public");
    const offers = RegionOffersSchema.parse(await res.json());
    const california = offers.entries.find((e) => e.region === "US-CA")!;
    expect(california).toMatchObject({ mode: "coins-only", modeToday: "coins-only", from: "2026-01-01", upcoming: false });
    expect(california.source.url).toMatch(/^https:\/\//);
    const limited = new Set([
      ...offers.entries.filter((e) => e.covers === "sweepstakes-sports" && e.modeToday !== "full").map((e) => e.region),
      ...offers.operatorLists.coinsOnly,
    ]);
    const rules = SweepstakesRulesSchema.parse(await (await api("/api/public/sweepstakes-rules")).json());
    const whereVoid = rules.sections.find((s) => s.id === "where-void")!.paragraphs[0]!;
    const named = new Set(whereVoid.match(/\b[A-Z]{2}-[A-Z0-9]{1,3}\b/g));
    expect(named).toEqual(limited);
    // Casino-only entries are listed for the record but limit nothing by themselves.
    expect(offers.entries.find((e) => e.region === "US-MD")).toMatchObject({ covers: "casino-only" });
    expect(named.has("US-MD")).toBe(false);
  });
});
