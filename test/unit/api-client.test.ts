// The SPA's one HTTP client (spec §7 "Shared request behaviour"), timed with fake
// timers: the /api prefix, bearer token and query, the 15 s timeout, 429 retries after
// 1 s then 2 s (at most 2, capped at 5 s), errors carrying status, path and body, and
// answers checked by their schema.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, apiRequest, apiRequestParsed, createApiClient, errorMessage, retryDelayMs } from "../../src/lib/api-client";

type Call = { url: string; init: RequestInit };
let calls: Call[];
let responder: (call: Call) => Promise<Response>;

beforeEach(() => {
  vi.useFakeTimers();
  calls = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    return responder(call);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const OkSchema = z.object({ ok: z.boolean() });

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));

/** Settles a promise we expect to reject, so fake-timer advances don't leave it unhandled. */
function outcome<T>(p: Promise<T>) {
  const result: { value?: T; error?: unknown; done: boolean } = { done: false };
  p.then(
    (value) => Object.assign(result, { value, done: true }),
    (error: unknown) => Object.assign(result, { error, done: true }),
  );
  return result;
}

describe("requests", () => {
  it("prefixes /api, adds the bearer token and query params, and sends JSON", async () => {
    responder = () => json(200, { ok: true });
    const body = await apiRequest("/events", {
      token: "tok",
      query: { sport: "basketball_nba", markets: "h2h,spreads,totals", skip: undefined, none: null, n: 2 },
      method: "POST",
      body: { a: 1 },
    });
    expect(body).toEqual({ ok: true });
    const [call] = calls;
    expect(call!.url).toBe("/api/events?sport=basketball_nba&markets=h2h%2Cspreads%2Ctotals&n=2");
    const headers = call!.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer tok");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(call!.init.body).toBe('{"a":1}');
  });

  it("parses a text answer as text and an empty one as null", async () => {
    responder = () => Promise.resolve(new Response("plain words", { status: 200 }));
    expect(await apiRequest("/x")).toBe("plain words");
    responder = () => Promise.resolve(new Response(null, { status: 204 }));
    expect(await apiRequest("/x")).toBeNull();
  });
});

describe("errors", () => {
  it("carry status, path and the parsed JSON body, with the server's message", async () => {
    responder = () => json(400, { error: { code: "invalid-argument", message: "Enter a valid amount." } });
    const err = (await apiRequest("/placeBet", { query: { a: 1 } }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(400);
    expect(err.path).toBe("/api/placeBet?a=1");
    expect(err.body).toEqual({ error: { code: "invalid-argument", message: "Enter a valid amount." } });
    expect(err.code).toBe("invalid-argument");
    expect(err.message).toBe("Enter a valid amount.");
    expect(errorMessage(err, "Failed to place bet")).toBe("Enter a valid amount.");
  });

  it("carry a text body as the message, and fall back when there is none", async () => {
    responder = () => Promise.resolve(new Response("Stake too high", { status: 422 }));
    const err = (await apiRequest("/x").catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.body, err.message]).toEqual([422, "Stake too high", "Stake too high"]);
    responder = () => Promise.resolve(new Response("", { status: 500 }));
    const bare = (await apiRequest("/x").catch((e: unknown) => e)) as ApiError;
    expect(errorMessage(bare, "Failed to place bet")).toBe("Failed to place bet");
  });

  it("report a network failure as status 0", async () => {
    responder = () => Promise.reject(new TypeError("Failed to fetch"));
    const err = (await apiRequest("/x").catch((e: unknown) => e)) as ApiError;
    expect([err.status, err.code]).toEqual([0, "network"]);
    expect(errorMessage(err, "Failed to load events")).toBe("Failed to load events");
  });
});

describe("timeout", () => {
  it("aborts after 15 s, not before", async () => {
    responder = ({ init }) =>
      new Promise((_, reject) => init.signal!.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const result = outcome(apiRequest("/slow"));
    await vi.advanceTimersByTimeAsync(14_999);
    expect(result.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result.done).toBe(true);
    const err = result.error as ApiError;
    expect([err.status, err.code, err.path]).toEqual([0, "timeout", "/api/slow"]);
  });
});

describe("429 retries", () => {
  it("retries after 1 s, then after 2 s more, and succeeds", async () => {
    let n = 0;
    responder = () => (++n <= 2 ? json(429, { error: { code: "rate-limited", message: "slow down" } }) : json(200, { ok: n }));
    const result = outcome(apiRequest("/placeBet"));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    expect(result).toMatchObject({ done: true, value: { ok: 3 } });
  });

  it("gives up after 2 retries with the 429 error", async () => {
    responder = () => json(429, { error: { code: "rate-limited", message: "Too many bets." } });
    const result = outcome(apiRequest("/placeBet"));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
    const err = result.error as ApiError;
    expect([err.status, err.code, err.message]).toEqual([429, "rate-limited", "Too many bets."]);
  });

  it("caps the delay at 5 s", () => {
    expect([0, 1, 2, 3, 10].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 5_000, 5_000]);
  });

  it("does not retry other failures", async () => {
    responder = () => json(503, { error: { code: "unavailable", message: "down" } });
    await expect(apiRequest("/x")).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(1);
  });
});

describe("token-bound client", () => {
  it("asks for the token on every request", async () => {
    responder = () => json(200, {});
    let n = 0;
    const client = createApiClient(async () => `t${++n}`);
    await client.get("/me", z.object({}));
    await client.patch("/me", z.object({}), { displayName: "x" });
    expect(calls.map((c) => (c.init.headers as Record<string, string>).Authorization)).toEqual(["Bearer t1", "Bearer t2"]);
    expect(calls[1]!.init.method).toBe("PATCH");
  });

  it("after a 401 retries once with a fresh token", async () => {
    responder = ({ init }) =>
      (init.headers as Record<string, string>).Authorization === "Bearer fresh"
        ? json(200, { ok: true })
        : json(401, { error: { code: "unauthenticated", message: "Please log in again." } });
    const refreshed = vi.fn(async () => "fresh");
    const client = createApiClient(async () => "stale", { onUnauthorized: refreshed });
    expect(await client.get("/me", OkSchema)).toEqual({ ok: true });
    expect(refreshed).toHaveBeenCalledTimes(1);
    const stuck = createApiClient(async () => "stale", { onUnauthorized: async () => null });
    await expect(stuck.get("/me", OkSchema)).rejects.toMatchObject({ status: 401 });
  });
});

describe("answers checked by their schema", () => {
  it("answers the parsed body, with the schema loaded while the request runs", async () => {
    responder = () => json(200, { ok: true, extra: "dropped" });
    let loaded = false;
    const loader = async () => {
      loaded = true;
      return OkSchema;
    };
    expect(await apiRequestParsed("/x", loader)).toEqual({ ok: true });
    expect(loaded).toBe(true);
  });

  it("turns an answer that does not match into an invalid-response error, shown as the caller's fallback", async () => {
    responder = () => json(200, { ok: "yes" });
    const err = (await apiRequestParsed("/x", OkSchema).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect([err.status, err.code, err.body]).toEqual([200, "invalid-response", { ok: "yes" }]);
    expect(errorMessage(err, "Could not load this right now.")).toBe("Could not load this right now.");
  });

  it("reports a schema that could not be loaded as a network failure", async () => {
    responder = () => json(200, { ok: true });
    const err = (await apiRequestParsed("/x", () => Promise.reject(new TypeError("Failed to fetch module"))).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect([err.status, err.code]).toEqual([0, "network"]);
  });

  it("sends a call whose answer is not read, and still reports its failure", async () => {
    responder = () => json(200, { anything: 1 });
    const client = createApiClient(async () => "t");
    await expect(client.send("/connect/create-or-link", { method: "POST", body: {} })).resolves.toBeUndefined();
    responder = () => json(403, { error: { code: "permission-denied", message: "No." } });
    await expect(client.send("/connect/create-or-link", { method: "POST", body: {} })).rejects.toMatchObject({ status: 403 });
  });
});
