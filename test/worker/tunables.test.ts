// The tunables table: defaults validate, set values are read, a bad value is named and
// stops the Worker with a clear 503 instead of misbehaving.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { parseTunables, TUNABLES } from "../../worker/tunables";

describe("tunables", () => {
  it("every default passes its own rule", () => {
    const result = parseTunables({});
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const name of Object.keys(TUNABLES) as (keyof typeof TUNABLES)[]) expect(result.value[name]).toBeDefined();
    expect(result.value.ODDS_API_TIMEOUT_MS).toBe(8000);
  });

  it("reads a set value and treats an empty one as unset", () => {
    const set = parseTunables({ ODDS_API_TIMEOUT_MS: " 2500 " });
    expect(set.ok && set.value.ODDS_API_TIMEOUT_MS).toBe(2500);
    const empty = parseTunables({ ODDS_API_TIMEOUT_MS: "" });
    expect(empty.ok && empty.value.ODDS_API_TIMEOUT_MS).toBe(8000);
  });

  it("names each invalid value", () => {
    const result = parseTunables({ ODDS_API_TIMEOUT_MS: "soon" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toContain("ODDS_API_TIMEOUT_MS");
  });

  it("a Worker with an invalid tunable answers 503 not-configured and runs nothing", async () => {
    const bad = { ...env, ODDS_API_TIMEOUT_MS: "-1" } as Env;
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const res = await worker.fetch(new Request("http://x/api/health"), bad, {} as ExecutionContext);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: { code: "not-configured", message: "The service is misconfigured." } });
    } finally {
      console.error = original;
    }
    expect(String(errors[0])).toContain("ODDS_API_TIMEOUT_MS");
  });

  it("validates the live-price rows with their defaults", () => {
    const defaults = parseTunables({});
    expect(defaults.ok && defaults.value).toMatchObject({
      LIVE_REFRESH_SECONDS: 30,
      // Re-chosen from a recorded in-play payload's book clock (docs/live-betting.md).
      LIVE_PRICE_MAX_AGE_SECONDS: 45,
      LIVE_BET_DELAY_SECONDS: 5,
      LIVE_BET_DELAY_BY_SPORT: {},
      LIVE_BET_REFRESH_SECONDS: 3,
      LIVE_BET_MAX_WAIT_SECONDS: 10,
      FEED_CREDIT_RESERVE: 5040,
    });
    expect(defaults.ok && defaults.value.LIVE_CLOSE_AFTER_MINUTES).toMatchObject({ basketball_nba: 125, soccer_usa_mls: 100 });
    const set = parseTunables({ LIVE_BET_DELAY_BY_SPORT: "soccer_usa_mls:8" });
    expect(set.ok && set.value.LIVE_BET_DELAY_BY_SPORT).toEqual({ soccer_usa_mls: 8 });
    const bad = parseTunables({ LIVE_BET_DELAY_BY_SPORT: "soccer:8", LIVE_REFRESH_SECONDS: "1" });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.problems.map((p) => p.split("=")[0])).toEqual(["LIVE_REFRESH_SECONDS", "LIVE_BET_DELAY_BY_SPORT"]);
  });

  it("reads live close windows over the defaults, and refuses a live cadence that would let every live price age out", () => {
    const set = parseTunables({ LIVE_CLOSE_AFTER_MINUTES: "basketball_nba:135" });
    expect(set.ok && set.value.LIVE_CLOSE_AFTER_MINUTES).toMatchObject({ basketball_nba: 135, americanfootball_nfl: 170 });
    for (const text of ["basketball_nba:0", "basketball_nba:135,basketball_nba:130", "curling:10", "basketball_nba"]) {
      const bad = parseTunables({ LIVE_CLOSE_AFTER_MINUTES: text });
      expect(bad.ok, text).toBe(false);
      if (!bad.ok) expect(bad.problems[0]).toContain("LIVE_CLOSE_AFTER_MINUTES");
    }
    const slow = parseTunables({ LIVE_REFRESH_SECONDS: "60", LIVE_PRICE_MAX_AGE_SECONDS: "45" });
    expect(slow.ok).toBe(false);
    if (!slow.ok)
      expect(slow.problems).toEqual([expect.stringContaining("LIVE_REFRESH_SECONDS=60: must be below LIVE_PRICE_MAX_AGE_SECONDS")]);
    expect(parseTunables({ LIVE_REFRESH_SECONDS: "60", LIVE_PRICE_MAX_AGE_SECONDS: "90" }).ok).toBe(true);
  });

  it("refuses live holds longer than the platform keeps a hung-up request's work", () => {
    expect(parseTunables({ LIVE_BET_DELAY_SECONDS: "15", LIVE_BET_MAX_WAIT_SECONDS: "10" }).ok).toBe(true);
    const long = parseTunables({ LIVE_BET_DELAY_BY_SPORT: "soccer_usa_mls:20", LIVE_BET_MAX_WAIT_SECONDS: "10" });
    expect(long.ok).toBe(false);
    if (!long.ok)
      expect(long.problems).toEqual([expect.stringContaining("LIVE_BET_MAX_WAIT_SECONDS=10: with the longest live-bet delay (20 s)")]);
  });
});
