import { describe, expect, it } from "vitest";
import { api, postJson } from "./helpers";

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
  });
});
