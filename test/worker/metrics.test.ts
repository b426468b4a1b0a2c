// Metrics through one port that never delays a request: placements (latency and outcome,
// refusals by code), settlement messages and their lag, payouts and feed calls land in the
// embedded store in development and tests, and the console's Health view reads them back
// as the last 24 hours in buckets. Production writes Workers Analytics Engine data points
// and reads them through its SQL API with the account id and token; without those the
// Health view is 503 not-configured, and beside a live Stripe key the embedded store is
// refused like every other stand-in.
import { createExecutionContext, createMessageBatch, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { HealthResponseSchema, type HealthResponse } from "../../src/shared/schemas/health";
import { Hono } from "hono";
import { healthRoutes } from "../../worker/admin/health-view";
import { handleError } from "../../worker/http/api-error";
import type { AppEnv } from "../../worker/http/app-types";
import { analyticsEngineMetrics, analyticsEngineReader, lastDayQuery } from "../../worker/metrics/analytics-engine";
import { metricsFor } from "../../worker/metrics/metrics";
import { healthFromRows, HEALTH_BUCKET_MS } from "../../worker/metrics/metrics-port";
import worker from "../../worker/index";
import { SETTLEMENT_QUEUE_NAME, type SettlementMessage } from "../../worker/settlement/settlement-message";
import { createApp } from "../../worker/app";
import { isWalletError } from "../../worker/wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { leg, newEventId, newUserId, openBet, seedBets } from "./settlement-fixtures";
import { api, BASE, signIn, type SignedIn } from "./helpers";

let operator: SignedIn;
let player: SignedIn;

beforeAll(async () => {
  operator = await signIn("admin@vantage.test");
  player = await signIn();
}, 60_000);

async function health(): Promise<HealthResponse> {
  const res = await api("/api/admin/health", { token: operator.token });
  expect(res.status).toBe(200);
  return HealthResponseSchema.parse(await res.json());
}

const total = (h: HealthResponse, metric: string, outcome: string) =>
  h.series.filter((s) => s.metric === metric && s.outcome === outcome).reduce((n, s) => n + s.points.reduce((m, p) => m + p.count, 0), 0);

describe("the Health view over the embedded store", () => {
  it("counts placements by outcome, with their latency, and shows them in the last day's buckets", async () => {
    const before = await health();
    const [event] = await openEvents(1);
    const pick = pickOf(event!, "Moneyline", "Home");
    expect((await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [pick] })).status).toBe(200);
    const moved = { ...pick, priceAm: pick.priceAm + (pick.priceAm > 0 ? 37 : -37) };
    const refused = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [moved] });
    expect(refused.status).toBe(409);
    const code = ((await refused.json()) as { error: { code: string } }).error.code;
    expect(code).toBe("price-changed");

    const after = await health();
    expect(after.source).toBe("embedded");
    expect(after.bucketMs).toBe(HEALTH_BUCKET_MS);
    expect(after.to - after.from).toBe(24 * 60 * 60 * 1000 - HEALTH_BUCKET_MS);
    expect(total(after, "placement", "ok") - total(before, "placement", "ok")).toBe(1);
    expect(total(after, "placement", "price-changed") - total(before, "placement", "price-changed")).toBe(1);
    const ok = after.series.find((s) => s.metric === "placement" && s.outcome === "ok")!;
    expect(ok.points).toHaveLength(96);
    const last = ok.points.at(-1)!;
    expect(last.count).toBeGreaterThanOrEqual(1);
    expect(last.max).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it("counts settlement messages and their lag from enqueue to settled", async () => {
    const before = await health();
    const user = newUserId();
    const eventId = newEventId();
    await seedBets(user, [openBet([leg({ eventId, league: "icehockey_nhl", side: "Away", priceAm: 150 })], { stake: 100 })]);
    const message: SettlementMessage = { v: 1, userId: user, outcomes: [{ eventId, homeScore: 1, awayScore: 3 }], runId: null };
    const enqueued = new Date(Date.now() - 4_000);
    const batch = createMessageBatch<unknown>(SETTLEMENT_QUEUE_NAME, [
      { id: crypto.randomUUID(), timestamp: enqueued, attempts: 1, body: message },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    await waitOnExecutionContext(ctx);
    const after = await health();
    expect(total(after, "settlement", "settled") - total(before, "settlement", "settled")).toBe(1);
    const lag = after.series.find((s) => s.metric === "settlement-lag")!.points.at(-1)!;
    expect(lag.max).toBeGreaterThanOrEqual(4_000);
  });

  it("counts a request whose player's wallet failed as a wallet failure of that route, beside its 500", async () => {
    const before = await health();
    const victim = await signIn();
    const walletId = env.USER_WALLET.idFromName(victim.userId).toString();
    // The wallet's storage gives out under the bets list: the call rejects the way a Durable
    // Object's error reaches the Worker (remote, carrying the object's id).
    const failing = {
      ...env,
      USER_WALLET: {
        idFromName: (name: string) => env.USER_WALLET.idFromName(name),
        get: () => ({
          listBets: async () => {
            throw Object.assign(new Error("storage unavailable"), { remote: true, durableObjectId: walletId });
          },
        }),
      },
    } as unknown as Env;
    const ctx = createExecutionContext();
    const res = await createApp().fetch(
      new Request(`${BASE}/api/bets`, { headers: { Authorization: `Bearer ${victim.token}` } }),
      failing,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    const after = await health();
    const moved = (metric: string) => total(after, metric, "GET /api/bets") - total(before, metric, "GET /api/bets");
    expect([moved("request-error"), moved("wallet-failure")]).toEqual([1, 1]);
    // Only the player's own wallet counts: another object's error, or one from no object at all, does not.
    const fromWallet = Object.assign(new Error("x"), { durableObjectId: walletId });
    expect([
      isWalletError(env, victim.userId, fromWallet),
      isWalletError(env, player.userId, fromWallet),
      isWalletError(env, victim.userId, new Error("x")),
    ]).toEqual([true, false, false]);
  });

  it("is for operators only (404 to players, as the whole console API)", async () => {
    expect((await api("/api/admin/health", { token: player.token })).status).toBe(404);
  });

  it("recording never waits: the port returns nothing to await, and a store that hangs delays no request", async () => {
    const hanging = { prepare: env.DB.prepare.bind(env.DB), batch: () => new Promise<never>(() => undefined) } as unknown as D1Database;
    const kept: Promise<unknown>[] = [];
    let clock = Date.now();
    const metrics = metricsFor(
      { ...env, DB: hanging } as Env,
      (p) => kept.push(p),
      () => (clock += 400),
    );
    for (let i = 0; i < 10; i += 1) expect(metrics.record({ metric: "feed-call", outcome: "ok" })).toBeUndefined();
    expect(kept.length).toBeGreaterThan(0); // the write went to waitUntil, not to the caller
  });
});

describe("the Health view's configuration", () => {
  const call = async (overrides: Partial<Env>) => {
    const app = new Hono<AppEnv>().route(
      "/",
      healthRoutes(async () => new Response("{}")),
    );
    app.onError(handleError);
    const ctx = createExecutionContext();
    const res = await app.fetch(new Request("http://localhost/health"), { ...env, ...overrides }, ctx);
    await waitOnExecutionContext(ctx);
    return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } };
  };

  it("answers 503 not-configured in production without the account id and token", async () => {
    const res = await call({ APP_ENV: "production" });
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({
      code: "not-configured",
      message: "Metrics are not configured: set METRICS_ACCOUNT_ID and METRICS_API_TOKEN.",
    });
  });

  it("refuses the embedded store beside a live Stripe key, like every stand-in", async () => {
    const res = await call({ STRIPE_SECRET_KEY: "sk_live_51Hxyz" });
    expect(res.status).toBe(503);
    expect(res.body.error?.code).toBe("not-configured");
    expect(metricsFor({ ...env, STRIPE_SECRET_KEY: "sk_live_51Hxyz" } as Env).record({ metric: "alert", outcome: "x" })).toBeUndefined();
  });
});

describe("Workers Analytics Engine", () => {
  it("writes one data point per event, synchronously", () => {
    const writeDataPoint = vi.fn();
    const metrics = analyticsEngineMetrics({ writeDataPoint } as unknown as AnalyticsEngineDataset);
    expect(metrics.record({ metric: "placement", outcome: "price-changed", value: 41 })).toBeUndefined();
    expect(writeDataPoint).toHaveBeenCalledWith({ indexes: ["placement"], blobs: ["placement", "price-changed"], doubles: [41, 1] });
  });

  it("is written to in production through the METRICS binding", () => {
    const writeDataPoint = vi.fn();
    metricsFor({ ...env, APP_ENV: "production", METRICS: { writeDataPoint } } as unknown as Env).record({
      metric: "payout",
      outcome: "paid",
      value: 2500,
    });
    expect(writeDataPoint).toHaveBeenCalledTimes(1);
  });

  it("is read through the SQL API with the account id and token, into the same Health answer", async () => {
    const now = Date.parse("2026-11-25T12:07:00Z");
    const bucket = Math.floor(now / HEALTH_BUCKET_MS) * (HEALTH_BUCKET_MS / 1000);
    const fetcher = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({
        data: [
          { bucket: String(bucket), metric: "placement", outcome: "ok", count: "4", sum: 200, max: 90 },
          { bucket: bucket - 900, metric: "placement", outcome: "market-suspended", count: 1, sum: 30, max: 30 },
        ],
      }),
    );
    const reader = analyticsEngineReader({ accountId: "acc123", apiToken: "tok", dataset: "vantage_metrics" }, fetcher as typeof fetch);
    const answer = healthFromRows(await reader.rows(now, HEALTH_BUCKET_MS), now, reader.source);
    const [url, init] = fetcher.mock.calls[0]!;
    expect(String(url)).toBe("https://api.cloudflare.com/client/v4/accounts/acc123/analytics_engine/sql");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer tok");
    expect(String(init?.body)).toContain("FROM vantage_metrics");
    expect(answer.source).toBe("analytics-engine");
    const ok = answer.series.find((s) => s.outcome === "ok")!;
    expect(ok.points.at(-1)).toEqual({ at: bucket * 1000, count: 4, sum: 200, max: 90 });
    expect(answer.series.find((s) => s.outcome === "market-suspended")!.points.at(-2)!.count).toBe(1);
    expect(() => lastDayQuery("x; DROP TABLE y", HEALTH_BUCKET_MS)).toThrow(/not a dataset name/);
  });
});
