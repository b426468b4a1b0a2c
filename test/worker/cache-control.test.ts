// Workers Cache is on in production and staging, and it is keyed by path and query, not
// by who asks: an answer a cache kept for one player would be served to the next. This
// walks every route of the generated route table (the one docs/api.md is built from) as
// a stranger, a player and an operator, and finds no answer that a cache may keep except
// the social surface's public reads, which say `public`, vary only on Accept-Encoding and
// carry the Cache-Tag a settlement purges.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../worker/app";
import worker from "../../worker/index";
import { PUBLIC_READS_TAG } from "../../worker/http/cache-control";
import { SETTLEMENT_QUEUE_NAME, type SettlementMessage } from "../../worker/settlement/settlement-message";
import { listEndpoints } from "./docs/reference-docs";
import { api, signIn, type SignedIn } from "./helpers";
import { leg, newEventId, newUserId, openBet, seedBets } from "./settlement-fixtures";

/** The public reads: the same answer for every reader (worker/social/social-routes.ts). */
const PUBLIC_READS = new Set([
  "GET /api/social/leaderboard",
  "GET /api/public/profiles/:handle",
  "GET /api/public/picks/:shareId",
  "GET /api/pricing",
  "GET /api/public/sweepstakes-rules",
  "GET /api/public/winners",
  "GET /api/public/redemption-times",
  "GET /api/public/region-rules",
]);

const endpoints = listEndpoints(createApp());

let player: SignedIn;
let operator: SignedIn;
let handle: string;
let shareId: string;

beforeAll(async () => {
  operator = await signIn("admin@vantage.test");
  player = await signIn();
  handle = `walker_${crypto.randomUUID().slice(0, 6)}`;
  const patched = await api("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify({ handle }) });
  expect(patched.status).toBe(200);
  const bet = openBet([leg({ eventId: newEventId(), league: "icehockey_nhl", side: "Home", priceAm: 120 })], { stake: 100 });
  await seedBets(player.userId, [bet]);
  const shared = await api(`/api/bets/${bet.id}/share`, { method: "POST", token: player.token, body: "{}" });
  expect(shared.status).toBe(200);
  shareId = ((await shared.json()) as { shareId: string }).shareId;
}, 60_000);

function concretePath(path: string): string {
  return path
    .replace(":handle", handle)
    .replace(":shareId", shareId)
    .replace(/:[A-Za-z]+/g, "walk-x");
}

describe("Cache-Control on every route", () => {
  it("lists the routes it walks from the live app", () => {
    expect(endpoints.length).toBeGreaterThan(40);
    for (const key of PUBLIC_READS) expect(endpoints.map((e) => e.key)).toContain(key);
  });

  it("every answer that is not a public read says no-store, as a stranger, a player and an operator", async () => {
    const cacheable: string[] = [];
    const statuses = new Map<number, number>();
    for (const endpoint of endpoints) {
      for (const who of [undefined, player, operator]) {
        const method = endpoint.method;
        const init: RequestInit & { token?: string } = { method, token: who?.token, redirect: "manual" };
        if (method !== "GET" && method !== "HEAD") init.body = "{}";
        const res = await api(concretePath(endpoint.path), init);
        await res.body?.cancel();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const control = res.headers.get("Cache-Control") ?? "(none)";
        if (control.split(",").some((d) => d.trim() === "no-store")) continue;
        if (PUBLIC_READS.has(endpoint.key) && res.status === 200) {
          expect(control, endpoint.key).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
          expect(res.headers.get("Vary"), endpoint.key).toBe("Accept-Encoding");
          expect(res.headers.get("Cache-Tag")?.split(",")[0], endpoint.key).toBe(PUBLIC_READS_TAG);
          continue;
        }
        cacheable.push(
          `${endpoint.key} as ${who === undefined ? "stranger" : who === player ? "player" : "operator"}: ${res.status} ${control}`,
        );
      }
    }
    expect(cacheable).toEqual([]);
    // The walk reached handlers, not just the front door.
    expect(statuses.get(200)).toBeGreaterThan(20);
  }, 120_000);

  it("the public reads answer the same for everyone, and a refusal of one is never kept", async () => {
    for (const path of ["/api/social/leaderboard", `/api/public/profiles/${handle}`, `/api/public/picks/${shareId}`]) {
      const res = await api(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("Cache-Control"), path).toMatch(/^public/);
    }
    const missing = await api("/api/public/profiles/nobody_here_at_all");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("purging public reads", () => {
  it("a settlement that settles bets purges every public read from Workers Cache", async () => {
    const user = newUserId();
    const eventId = newEventId();
    await seedBets(user, [openBet([leg({ eventId, league: "icehockey_nhl", side: "Away", priceAm: 150 })], { stake: 100 })]);
    const message: SettlementMessage = { v: 1, userId: user, outcomes: [{ eventId, homeScore: 1, awayScore: 3 }], runId: null };
    const purge = vi.fn(async () => ({ success: true, errors: [] }));
    const ctx = Object.assign(createExecutionContext(), { cache: { purge, invalidate: purge } });
    const batch = createMessageBatch<unknown>(SETTLEMENT_QUEUE_NAME, [
      { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: message },
    ]);
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toHaveLength(1);
    expect(purge).toHaveBeenCalledWith({ tags: [PUBLIC_READS_TAG] });

    // A batch that settles nothing (the same message again) purges nothing.
    purge.mockClear();
    const again = createMessageBatch<unknown>(SETTLEMENT_QUEUE_NAME, [
      { id: crypto.randomUUID(), timestamp: new Date(), attempts: 1, body: message },
    ]);
    await worker.queue(again, env, ctx);
    expect(purge).not.toHaveBeenCalled();
  });
});
