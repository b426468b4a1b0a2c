// Security review finding 10, sessions:
// - a sign-in (refresh-token family) has an absolute lifetime, REFRESH_FAMILY_MAX_AGE_DAYS
//   (90 by default): rotating it every few weeks no longer keeps it alive for ever;
// - a SESSION_SIGNING_KEY shorter than 32 bytes stops the Worker at start-up with a
//   clear 503 instead of signing sessions with a guessable key;
// - logout also ends the access token (15 minutes of life otherwise), for that sign-in
//   only; a replayed (stolen) refresh token does the same.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { rotateRefreshToken, startRefreshFamily } from "../../worker/auth/refresh-tokens";
import { getDb } from "../../worker/db/database";
import worker from "../../worker/index";
import { api, BASE, mintIdToken, postJson, sessionIdOf, signIn } from "./helpers";

const DAY = 24 * 60 * 60 * 1000;

function refreshCookieOf(res: Response): string | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-vantage_rt="));
  return cookie ? cookie.slice("__Host-vantage_rt=".length).split(";")[0]! || null : null;
}

async function refreshWith(cookie: string, overrides: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const headers = { Cookie: `__Host-vantage_rt=${cookie}`, "CF-Connecting-IP": "10.55.0.1" };
  const res = await createApp().fetch(new Request(`${BASE}/api/auth/refresh`, { method: "POST", headers }), { ...env, ...overrides }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A sign-in started `ageMs` ago and rotated every 29 days since, as an always-open tab would. */
async function agedSignIn(ageMs: number) {
  const player = await signIn();
  const db = getDb(env);
  const startedAt = Date.now() - ageMs;
  let { token } = await startRefreshFamily(db, player.userId, startedAt);
  for (let at = startedAt + 29 * DAY; at < Date.now() - DAY; at += 29 * DAY) {
    const rotated = await rotateRefreshToken(db, token, at);
    if (!rotated.ok || !rotated.token) throw new Error(`rotation at ${new Date(at).toISOString()} failed`);
    token = rotated.token;
  }
  return token;
}

describe("a sign-in's absolute lifetime", () => {
  it("ends 90 days after sign-in however often it was rotated", async () => {
    expect((await refreshWith(await agedSignIn(89 * DAY))).status).toBe(200);
    const old = await refreshWith(await agedSignIn(90 * DAY + 60_000));
    expect(old.status).toBe(401);
    expect(await old.json()).toEqual({ error: { code: "unauthenticated", message: "Please log in again." } });
  });

  it("follows REFRESH_FAMILY_MAX_AGE_DAYS", async () => {
    const token = await agedSignIn(31 * DAY);
    expect((await refreshWith(token, { REFRESH_FAMILY_MAX_AGE_DAYS: "30" } as Partial<Env>)).status).toBe(401);
    const fresh = await agedSignIn(31 * DAY);
    expect((await refreshWith(fresh)).status).toBe(200);
  });

  it("never hands out a refresh cookie that outlives the sign-in", async () => {
    const token = await agedSignIn(80 * DAY);
    const res = await refreshWith(token);
    expect(res.status).toBe(200);
    const header = res.headers.getSetCookie().find((c) => c.startsWith("__Host-vantage_rt="))!;
    const maxAge = Number(/Max-Age=(\d+)/.exec(header)![1]);
    expect(maxAge).toBeLessThanOrEqual(10 * 24 * 3600 + 60);
    expect(maxAge).toBeGreaterThan(9 * 24 * 3600);
  });
});

describe("SESSION_SIGNING_KEY strength", () => {
  async function fetchWith(key: string) {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const res = await worker.fetch(
        new Request("http://x/api/health"),
        { ...env, SESSION_SIGNING_KEY: key } as Env,
        {} as ExecutionContext,
      );
      return { res, errors };
    } finally {
      console.error = original;
    }
  }

  it("a key shorter than 32 bytes stops the Worker with 503 not-configured, naming the key", async () => {
    const { res, errors } = await fetchWith("x".repeat(31));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: { code: "not-configured", message: "The service is misconfigured." } });
    expect(String(errors[0])).toContain("SESSION_SIGNING_KEY");
  });

  it("a 32-byte key is accepted", async () => {
    const { res, errors } = await fetchWith("x".repeat(32));
    expect(res.status).toBe(200);
    expect(errors).toEqual([]);
  });
});

describe("logout ends the access token", () => {
  async function session(email = `lo-${crypto.randomUUID().slice(0, 8)}@example.com`) {
    const res = await postJson("/api/auth/session", { idToken: await mintIdToken(email) });
    expect(res.status).toBe(200);
    return { cookie: refreshCookieOf(res)!, token: ((await res.json()) as { accessToken: string }).accessToken, email };
  }
  const me = (token: string) => api("/api/me", { token });

  it("of that sign-in at once, and leaves the player's other sign-ins working", async () => {
    const phone = await session();
    const laptop = await session(phone.email);
    expect((await me(phone.token)).status).toBe(200);
    expect((await api("/api/auth/logout", { method: "POST", headers: { Cookie: `__Host-vantage_rt=${phone.cookie}` } })).status).toBe(200);
    const after = await me(phone.token);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: { code: "unauthenticated", message: "Please log in again." } });
    expect((await postJson("/api/grantDailyBonus", {}, phone.token)).status).toBe(401);
    expect((await me(laptop.token)).status).toBe(200);
  });

  it("when a replayed refresh token revokes the sign-in", async () => {
    const victim = await session();
    expect((await refreshWith(victim.cookie)).status).toBe(200);
    expect((await refreshWith(victim.cookie, {})).status).toBe(200); // within the two-tab grace window
    await env.DB.prepare("UPDATE refresh_tokens SET used_at = used_at - 60000 WHERE family_id = ? AND used_at IS NOT NULL")
      .bind(sessionIdOf(victim.token))
      .run();
    expect((await refreshWith(victim.cookie)).status).toBe(401);
    expect((await me(victim.token)).status).toBe(401);
  });

  it("in other isolates within SESSION_CHECK_CACHE_MS (0 = at once)", async () => {
    const tab = await session();
    expect((await me(tab.token)).status).toBe(200);
    // Another isolate's logout: the family is revoked in D1, this isolate has not seen it.
    await env.DB.prepare("UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ?").bind(Date.now(), sessionIdOf(tab.token)).run();
    const call = async (overrides: Partial<Env>) => {
      const ctx = createExecutionContext();
      const headers = { Authorization: `Bearer ${tab.token}`, "CF-Connecting-IP": "10.55.0.2" };
      const res = await createApp().fetch(new Request(`${BASE}/api/me`, { headers }), { ...env, ...overrides }, ctx);
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    expect(await call({})).toBe(200);
    expect(await call({ SESSION_CHECK_CACHE_MS: "0" } as Partial<Env>)).toBe(401);
    expect(await call({})).toBe(401);
  });
});
