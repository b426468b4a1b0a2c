// The Official Sweepstakes Rules as the Worker serves them: generated from this Worker's
// tunables, versioned in D1 by their content (any change is the next version), and
// refused outside development while no sponsor is configured.
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SweepstakesRulesSchema } from "../../src/shared/schemas/sweepstakes";
import { buildSweepstakesRules } from "../../src/shared/sweepstakes-rules";
import { createApp } from "../../worker/app";
import { currentRules, rulesConfigOf } from "../../worker/sweepstakes/rules-versions";
import { parseTunables } from "../../worker/tunables";
import { api, BASE } from "./helpers";

const app = createApp();
const fetchWith = (testEnv: Env, path: string) => app.fetch(new Request(`${BASE}${path}`), testEnv, createExecutionContext());

describe("GET /api/public/sweepstakes-rules", () => {
  it("answers the rules in force, naming the sponsor, every restricted region and the minimum ages from the tunables", async () => {
    const res = await api("/api/public/sweepstakes-rules");
    expect(res.status).toBe(200);
    const rules = SweepstakesRulesSchema.parse(await res.json());
    const text = rules.sections.flatMap((s) => s.paragraphs).join("\n");
    const parsed = parseTunables(env as unknown as Record<string, unknown>);
    if (!parsed.ok) throw new Error(parsed.problems.join());
    const t = parsed.value;
    expect(text).toContain(`${t.SPONSOR_NAME}, ${t.SPONSOR_ADDRESS}`);
    expect(t.RESTRICTED_REGIONS.length).toBeGreaterThan(0);
    for (const region of t.RESTRICTED_REGIONS) expect(text).toContain(region);
    // The dated region table's laws in force are in the rules too; one not yet in force is not.
    for (const region of ["US-CA", "US-NY", "US-NJ", "US-WA"]) expect(text).toContain(region);
    expect(text).toContain(`at least ${t.MIN_AGE} years old`);
    for (const [region, age] of Object.entries(t.REGION_MIN_AGE)) expect(text).toContain(`${region} (${age})`);
    expect(rules.sections).toEqual(buildSweepstakesRules(rulesConfigOf(t, Date.now())));
  });

  it("keeps one version while the configuration stays, and a tunable change makes the next one", async () => {
    const first = SweepstakesRulesSchema.parse(await (await api("/api/public/sweepstakes-rules")).json());
    const again = SweepstakesRulesSchema.parse(await (await api("/api/public/sweepstakes-rules")).json());
    expect(again.version).toBe(first.version);
    const changedEnv = { ...env, RESTRICTED_REGIONS: "US-WA,US-ID,US-TX" } as Env;
    const changed = SweepstakesRulesSchema.parse(await (await fetchWith(changedEnv, "/api/public/sweepstakes-rules")).json());
    expect(changed.version).toBe(first.version + 1);
    expect(changed.sections.flatMap((s) => s.paragraphs).join()).toContain("US-TX");
    // Another isolate with the same configuration names the same version.
    expect((await currentRules({ ...env, RESTRICTED_REGIONS: "US-WA,US-ID,US-TX" } as Env)).version).toBe(changed.version);
    const sameAsFirst = { ...env } as Env;
    expect((await currentRules(sameAsFirst)).version).toBe(first.version);
  });

  it("refuses outside development while the sponsor or its address is missing", async () => {
    const production = { ...env, APP_ENV: "production", SPONSOR_NAME: "", SPONSOR_ADDRESS: "PO Box 1" } as Env;
    const res = await fetchWith(production, "/api/public/sweepstakes-rules");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not-configured");
  });
});
