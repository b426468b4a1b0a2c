import { describe, expect, it } from "vitest";
import { api, postJson, startOfWindow } from "./helpers";

describe("API hardening", () => {
  it("sends security headers on success and on errors", async () => {
    for (const res of [await api("/api/health"), await api("/api/me"), await api("/api/nope")]) {
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d+/);
      expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });

  it("refuses a state-changing request sent by a browser from another site", async () => {
    const res = await postJson("/api/auth/dev/id-token", { email: "x@example.com" }, undefined, {
      Origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: { code: "forbidden-origin", message: "Requests from other sites are not allowed." },
    });
    const crossSite = await postJson("/api/auth/dev/id-token", { email: "x@example.com" }, undefined, {
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
  });

  it("accepts the same request from our own origin", async () => {
    const res = await postJson("/api/auth/dev/id-token", { email: "x@example.com" }, undefined, {
      Origin: "http://localhost",
    });
    expect(res.status).toBe(200);
  });

  it("limits sign-in attempts per client address with a clear 429", async () => {
    await startOfWindow(60_000, 6_000); // 110 requests one after another: about 1.3 s
    const statuses: number[] = [];
    for (let i = 0; i < 110; i++) {
      const res = await postJson("/api/auth/session", { idToken: "not-a-token" }, undefined, {
        "CF-Connecting-IP": "203.0.113.7",
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get("Retry-After")).toBeTruthy();
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe("rate-limited");
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 401).length).toBe(100);
    const other = await postJson("/api/auth/session", { idToken: "not-a-token" }, undefined, {
      "CF-Connecting-IP": "203.0.113.8",
    });
    expect(other.status).toBe(401);
  }, 90_000);
});

describe("bet placement rate limit", () => {
  it("answers a clear 429 once a player exceeds 200 placements in 10 seconds", async () => {
    const { signIn } = await import("./helpers");
    const player = await signIn();
    await startOfWindow(10_000, 3_000); // 230 requests at once: about 0.4 s
    const statuses = await Promise.all(
      Array.from({ length: 230 }, () =>
        postJson("/api/placeBet", { kind: "Singles", wallet: "coins", amount: 0, picks: [] }, player.token, {
          "Idempotency-Key": crypto.randomUUID(),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as { error: { code: string } } })),
      ),
    );
    const limited = statuses.filter((s) => s.status === 429);
    expect(limited.length).toBe(30);
    expect(limited.every((s) => s.body.error.code === "rate-limited")).toBe(true);
    expect(statuses.filter((s) => s.status === 400).length).toBe(200);
    const other = await signIn();
    const fresh = await postJson("/api/placeBet", { kind: "Singles", wallet: "coins", amount: 0, picks: [] }, other.token, {
      "Idempotency-Key": crypto.randomUUID(),
    });
    expect(fresh.status).toBe(400);
  }, 30_000);
});

describe("cash-out quote rate limit", () => {
  it("counts quotes toward the player's 200 betting actions in 10 seconds, as each one writes a quote", async () => {
    const { signIn, api } = await import("./helpers");
    const player = await signIn();
    await startOfWindow(10_000, 3_000);
    const statuses = await Promise.all(
      Array.from({ length: 230 }, () => api("/api/bets/no-such-bet/cash-out", { token: player.token }).then((res) => res.status)),
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(statuses.filter((s) => s === 404)).toHaveLength(200);
  }, 30_000);
});
