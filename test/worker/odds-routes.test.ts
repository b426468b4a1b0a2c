// GET /api/events, /api/sports, the operator's feed status and the dev simulator clock,
// as a signed-in player, an operator and a stranger see them.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { EventSchema } from "../../src/shared/schemas/events";
import { readyWorkPage } from "../../worker/settlement/settlement-store";
import { api, postJson, signIn } from "./helpers";

const QUERY = "markets=h2h,spreads,totals&regions=us,us2&oddsFormat=american";

describe("GET /api/events", () => {
  it("needs a signed-in player", async () => {
    const res = await api(`/api/events?sport=basketball_nba&${QUERY}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: "unauthenticated" } });
  });

  it("answers 400 JSON for any query outside the spec", async () => {
    const { token } = await signIn();
    const bad = [
      "",
      `sport=curling&${QUERY}`,
      `sport=basketball_nba&markets=h2h&regions=us,us2&oddsFormat=american`,
      `sport=basketball_nba&markets=h2h,spreads,totals&regions=eu&oddsFormat=american`,
      `sport=basketball_nba&markets=h2h,spreads,totals&regions=us,us2&oddsFormat=decimal`,
      `sport=basketball_nba&${QUERY}&apiKey=steal`,
      `sport=basketball_nba&sport=baseball_mlb&${QUERY}`,
    ];
    for (const q of bad) {
      const res = await api(`/api/events?${q}`, { token });
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid-argument");
    }
  });

  it("lists the sport's upcoming and live games, none finished, then serves the same copy from the cache", async () => {
    const { token } = await signIn();
    const res = await api(`/api/events?sport=icehockey_nhl&${QUERY}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Odds-Stale")).toBeNull();
    const feedNow = Number(res.headers.get("X-Feed-Now"));
    expect(Math.abs(feedNow - Date.now())).toBeLessThan(60_000);
    const events = EventSchema.array().parse(await res.json());
    expect(events.length).toBeGreaterThan(5);
    expect(events.every((e) => e.sport === "icehockey_nhl" && e.status !== "final")).toBe(true);

    const again = await api(`/api/events?sport=icehockey_nhl&${QUERY}`, { token });
    expect(again.headers.get("X-Odds-Fetched-At")).toBe(res.headers.get("X-Odds-Fetched-At"));
    expect(await again.json()).toEqual(events);
  });
});

describe("GET /api/sports", () => {
  it("lists the eight sports in board order, mapped by the simulator", async () => {
    const res = await api("/api/sports");
    const body = (await res.json()) as { feedNow: number; sports: Array<{ key: string; label: string; mapped: boolean }> };
    expect(Math.abs(body.feedNow - Date.now())).toBeLessThan(60_000);
    const sports = body.sports;
    expect(sports.map((s) => s.label)).toEqual(["NFL", "NBA", "MLB", "NHL", "NCAAF", "NCAAB", "Soccer", "MMA"]);
    expect(sports.every((s) => s.mapped)).toBe(true);
  });
});

describe("GET /api/admin/feed-status", () => {
  it("is for operators only", async () => {
    const player = await signIn();
    expect((await api("/api/admin/feed-status", { token: player.token })).status).toBe(404);
    const admin = await signIn("admin@vantage.test");
    const res = await api("/api/admin/feed-status", { token: admin.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ provider: "simulator", sports: expect.any(Array) });
  });
});

describe("POST /api/dev/sim/advance", () => {
  it("moves the simulated clock and the board with it (the cache does not hide the change)", async () => {
    const { token } = await signIn();
    const before = await api(`/api/events?sport=basketball_nba&${QUERY}`, { token });
    const beforeNow = Number(before.headers.get("X-Feed-Now"));
    const beforeEvents = EventSchema.array().parse(await before.json());
    const upcoming = beforeEvents.find((e) => e.status === "scheduled" && Date.parse(e.startTime) - beforeNow < 4 * 3600_000)!;
    expect(upcoming).toBeDefined();

    expect((await postJson("/api/dev/sim/advance", { minutes: 0 })).status).toBe(400);
    expect((await postJson("/api/dev/sim/advance", { minutes: "60" })).status).toBe(400);
    const minutes = Math.ceil((Date.parse(upcoming.startTime) - beforeNow) / 60_000) + 5;
    const adv = await postJson("/api/dev/sim/advance", { minutes });
    expect(adv.status).toBe(200);
    const { simNow } = (await adv.json()) as { simNow: number };
    expect(simNow - Date.now()).toBeGreaterThanOrEqual(minutes * 60_000 - 120_000);

    const after = await api(`/api/events?sport=basketball_nba&${QUERY}`, { token });
    expect(Number(after.headers.get("X-Feed-Now")) - beforeNow).toBeGreaterThanOrEqual(minutes * 60_000 - 1000);
    const same = EventSchema.array()
      .parse(await after.json())
      .find((e) => e.eventId === upcoming.eventId);
    expect(same).toMatchObject({ status: "live", live: { periodLabel: "Q1" } });
    // Games the jump took past their end went to the settlement queue from the desk: the file
    // ends once that work is done, so no delivery runs on into the next file's fresh storage.
    await vi.waitUntil(async () => (await readyWorkPage(env.DB, null, 100, null, 0)).rows.length === 0, { timeout: 20_000, interval: 50 });
  });
});

describe("sports the real feed carries", () => {
  it("reads ODDS_API_SPORTS, ignoring unknown keys; empty means all eight", async () => {
    const { mappedSports } = await import("../../worker/odds/odds-service");
    expect(mappedSports("basketball_nba, icehockey_nhl,curling_world")).toEqual(["basketball_nba", "icehockey_nhl"]);
    expect(mappedSports("")).toBeUndefined();
    expect(mappedSports(undefined)).toBeUndefined();
  });
});
