// Operators keep the region rules current without a deploy: one asks for a new entry (a
// law's day, its mode, its source), a second approves it, and from its day the region's
// money actions follow it, the Official Sweepstakes Rules name it and the public page lists
// it. Nothing changes before the approval, and nobody approves their own request.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import { RegionOffersSchema, SweepstakesRulesSchema } from "../../src/shared/schemas/sweepstakes";
import { createApp } from "../../worker/app";
import { api, BASE, postJson, signIn, type SignedIn } from "./helpers";

const cfEnv = { ...env, DEV_REGION: "-" } as Env;
let admin: SignedIn;
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn("admin@vantage.test", "Operator");
  ops = await signIn("ops@vantage.test", "Ops");
});

async function fromOhio(path: string, player: SignedIn, body: unknown) {
  const ctx = createExecutionContext();
  const res = await createApp().fetch(
    new Request(`${BASE}${path}`, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { Authorization: `Bearer ${player.token}`, "Content-Type": "application/json" },
      cf: { country: "US", regionCode: "OH" },
    }),
    cfEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

const entry = (from: string) => ({
  region: "us-oh",
  mode: "coins-only",
  from,
  covers: "sweepstakes-sports",
  source: { title: "Ohio HB 298 (2026)", url: "https://example.org/oh-hb-298" },
});

describe("region rules in the console", () => {
  it("a new entry waits for a second operator, then takes effect on its day, in the rules and on the public page", async () => {
    const player = await signIn();
    const today = etDayKey(Date.now());
    expect((await fromOhio("/api/checkout/session", player, { amountCents: 999 })).status).toBe(200);
    const rulesBefore = SweepstakesRulesSchema.parse(await (await api("/api/public/sweepstakes-rules")).json());

    const asked = await postJson("/api/admin/region-rules", { entry: entry(today), reason: "signed today" }, admin.token);
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: { id: string; kind: string; payload: { region: string } } };
    expect(request).toMatchObject({ kind: "region-rule", payload: { region: "US-OH" } });
    // Nothing yet, and the requester cannot approve it.
    expect((await fromOhio("/api/checkout/session", player, { amountCents: 999 })).status).toBe(200);
    expect((await postJson(`/api/admin/approvals/${request.id}/approve`, {}, admin.token)).status).toBe(403);

    expect((await postJson(`/api/admin/approvals/${request.id}/approve`, { reason: "checked the act" }, ops.token)).status).toBe(200);
    const refused = await fromOhio("/api/checkout/session", player, { amountCents: 999 });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      `Vantage Cash is not offered in US-OH since ${today} (Ohio HB 298 (2026)): Coins play only.`,
    );
    const rulesAfter = SweepstakesRulesSchema.parse(await (await api("/api/public/sweepstakes-rules")).json());
    expect(rulesAfter.version).toBe(rulesBefore.version + 1);
    expect(rulesAfter.sections.find((s) => s.id === "where-void")!.paragraphs[0]).toContain("US-OH");
    const offers = RegionOffersSchema.parse(await (await api("/api/public/region-rules")).json());
    expect(offers.entries.find((e) => e.region === "US-OH")).toMatchObject({ modeToday: "coins-only", from: today });
    const view = (await (await api("/api/admin/region-rules", { token: ops.token })).json()) as {
      added: { entry: { region: string }; requestedBy: string; approvedBy: string }[];
    };
    expect(view.added).toEqual([
      expect.objectContaining({
        entry: expect.objectContaining({ region: "US-OH" }),
        requestedBy: "admin@vantage.test",
        approvedBy: "ops@vantage.test",
      }),
    ]);
    const audit = (await (await api("/api/admin/audit?target=US-OH", { token: admin.token })).json()) as { entries: { action: string }[] };
    expect(audit.entries.map((e) => e.action)).toEqual(["region-rule", "approve", "request"]);
  });

  it("refuses a malformed entry with its sentence, and one dated later leaves today alone", async () => {
    const bad = await postJson("/api/admin/region-rules", { entry: { ...entry("2026-13-01") }, reason: "typo" }, admin.token);
    expect(bad.status).toBe(400);
    const noEnd = await postJson(
      "/api/admin/region-rules",
      { entry: { ...entry("2030-01-01"), mode: "redeem-only" }, reason: "window forgotten" },
      admin.token,
    );
    expect(((await noEnd.json()) as { error: { message: string } }).error.message).toBe(
      "US-OH: a redeem-only entry needs its last day (until).",
    );
    const later = await postJson(
      "/api/admin/region-rules",
      { entry: { ...entry("2030-01-01"), region: "US-PA" }, reason: "passed" },
      admin.token,
    );
    const { request } = (await later.json()) as { request: { id: string } };
    expect((await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token)).status).toBe(200);
    const offers = RegionOffersSchema.parse(await (await api("/api/public/region-rules")).json());
    expect(offers.entries.find((e) => e.region === "US-PA")).toMatchObject({ upcoming: true, modeToday: "full" });
  });
});
