// The refresh cookie: set at sign-in, rotated on every refresh, a reused (stolen)
// token revokes the whole family, two tabs refreshing together both stay signed in,
// and logout ends the session.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REFRESH_GRACE_MS, REFRESH_TOKEN_TTL_MS, rotateRefreshToken, startRefreshFamily } from "../../worker/auth/refresh-tokens";
import { getDb } from "../../worker/db/database";
import { api, mintIdToken, postJson } from "./helpers";

type Session = { accessToken: string; expiresAt: number; user: { uid: string; email: string; coinBalance: number } };

function refreshCookieOf(res: Response): string | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__Host-vantage_rt="));
  return cookie ? cookie.slice("__Host-vantage_rt=".length).split(";")[0]! : null;
}

function hintHeader(res: Response): string {
  return res.headers.getSetCookie().find((c) => c.startsWith("vantage_session=")) ?? "";
}

function setCookieHeader(res: Response): string {
  return res.headers.getSetCookie().find((c) => c.startsWith("__Host-vantage_rt=")) ?? "";
}

async function startSession(email = `r-${crypto.randomUUID().slice(0, 8)}@example.com`) {
  const res = await postJson("/api/auth/session", { idToken: await mintIdToken(email) });
  expect(res.status).toBe(200);
  const cookie = refreshCookieOf(res);
  expect(cookie).toBeTruthy();
  return { res, cookie: cookie!, body: (await res.json()) as Session, email };
}

function refresh(cookie: string) {
  return api("/api/auth/refresh", { method: "POST", headers: { Cookie: `__Host-vantage_rt=${cookie}` } });
}

describe("refresh cookie", () => {
  it("is HttpOnly, SameSite=Strict and __Host-: Secure, Path=/ and no Domain, so no other host (a staging subdomain) can set it", async () => {
    const { res } = await startSession();
    const header = setCookieHeader(res);
    expect(header).toMatch(/^__Host-vantage_rt=/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Path=\/;/);
    expect(header).not.toMatch(/Domain=/i);
    expect(header).toMatch(/; Max-Age=\d{6,}/);
  });

  it("comes with a session hint the SPA can read (no secret, same lifetime), cleared with it when refused", async () => {
    const { res, cookie } = await startSession();
    const refreshAge = setCookieHeader(res).match(/Max-Age=(\d+)/)![1];
    const hint = hintHeader(res);
    expect(hint).toMatch(/^vantage_session=1;/);
    expect(hint).not.toMatch(/HttpOnly/);
    expect(hint).toMatch(/; Path=\/;/);
    expect(hint).toMatch(/; Secure/);
    expect(hint).toContain(`Max-Age=${refreshAge}`);
    expect(hintHeader(await refresh(cookie))).toMatch(/^vantage_session=1;/);
    expect(hintHeader(await api("/api/auth/refresh", { method: "POST" }))).toMatch(/^vantage_session=;.*Max-Age=0/);
  });

  it("is stored only as a hash", async () => {
    const { cookie, body } = await startSession();
    const rows = await env.DB.prepare("SELECT id FROM refresh_tokens WHERE user_id = ?").bind(body.user.uid).all<{ id: string }>();
    expect(rows.results.length).toBe(1);
    expect(rows.results[0]!.id).not.toBe(cookie);
    expect(rows.results[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("POST /api/auth/refresh", () => {
  it("rotates the token and answers a working access token with the user", async () => {
    const { cookie, email } = await startSession();
    const res = await refresh(cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Session;
    expect(body.user).toMatchObject({ email, coinBalance: 5000 });
    expect(body.expiresAt).toBeGreaterThan(Date.now());
    const next = refreshCookieOf(res);
    expect(next).toBeTruthy();
    expect(next).not.toBe(cookie);
    const me = await api("/api/me", { token: body.accessToken });
    expect(me.status).toBe(200);
    // The successor keeps rotating.
    const again = await refresh(next!);
    expect(again.status).toBe(200);
    expect(refreshCookieOf(again)).not.toBe(next);
  });

  it("without a cookie, or with an unknown one, is 401 JSON", async () => {
    const none = await api("/api/auth/refresh", { method: "POST" });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: { code: "unauthenticated", message: "Please log in again." } });
    const unknown = await refresh("made-up-token");
    expect(unknown.status).toBe(401);
    expect(setCookieHeader(unknown)).toMatch(/Max-Age=0/);
  });

  it("lets two tabs refreshing at the same moment both stay signed in", async () => {
    const { cookie } = await startSession();
    const [a, b] = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    // Exactly one of them rotates the cookie; the other leaves the browser's new one alone.
    const rotated = [refreshCookieOf(a), refreshCookieOf(b)].filter(Boolean);
    expect(rotated.length).toBe(1);
    expect((await refresh(rotated[0]!)).status).toBe(200);
  });

  it("treats a spent token presented after its successor was used as theft: the whole family is revoked", async () => {
    const { cookie: t1 } = await startSession();
    const r2 = await refresh(t1);
    const t2 = refreshCookieOf(r2)!;
    // Right after rotation the previous token still gets an access token (other tab)…
    const grace = await refresh(t1);
    expect(grace.status).toBe(200);
    expect(refreshCookieOf(grace)).toBeNull();
    // …but once the successor has been used, the old token is a replay.
    const r3 = await refresh(t2);
    const t3 = refreshCookieOf(r3)!;
    expect(r3.status).toBe(200);
    const replay = await refresh(t1);
    expect(replay.status).toBe(401);
    // The thief's replay also ends the legitimate holder's session.
    expect((await refresh(t3)).status).toBe(401);
    expect((await refresh(t2)).status).toBe(401);
  });

  it("after the grace window a reused token revokes the family even if the successor is unused", async () => {
    const db = getDb(env);
    const userId = `grace-${crypto.randomUUID()}`;
    const now = Date.now();
    const first = await startRefreshFamily(db, userId, now);
    const rotated = await rotateRefreshToken(db, first.token, now);
    expect(rotated.ok && rotated.token).toBeTruthy();
    const withinGrace = await rotateRefreshToken(db, first.token, now + REFRESH_GRACE_MS);
    expect(withinGrace).toMatchObject({ ok: true, token: null, userId });
    const late = await rotateRefreshToken(db, first.token, now + REFRESH_GRACE_MS + 1);
    expect(late).toMatchObject({ ok: false, reason: "reused", userId });
    const successor = rotated.ok ? rotated.token! : "";
    expect(await rotateRefreshToken(db, successor, now + REFRESH_GRACE_MS + 2)).toEqual({ ok: false, reason: "revoked" });
  });

  it("drops a player's expired tokens when they sign in again", async () => {
    const db = getDb(env);
    const now = Date.now();
    const old = await startRefreshFamily(db, "returning-user", now - REFRESH_TOKEN_TTL_MS - 1);
    const fresh = await startRefreshFamily(db, "returning-user", now);
    const rows = await env.DB.prepare("SELECT family_id FROM refresh_tokens WHERE user_id = ?")
      .bind("returning-user")
      .all<{ family_id: string }>();
    expect(rows.results.map((r) => r.family_id)).toEqual([fresh.familyId]);
    expect(old.familyId).not.toBe(fresh.familyId);
  });

  it("refuses an expired refresh token", async () => {
    const db = getDb(env);
    const now = Date.now();
    const family = await startRefreshFamily(db, "expiring-user", now);
    expect(await rotateRefreshToken(db, family.token, family.expiresAt)).toEqual({ ok: false, reason: "expired" });
  });
});

describe("POST /api/auth/logout", () => {
  it("revokes the session and clears the cookie", async () => {
    const { cookie } = await startSession();
    const res = await api("/api/auth/logout", { method: "POST", headers: { Cookie: `__Host-vantage_rt=${cookie}` } });
    expect(res.status).toBe(200);
    expect(setCookieHeader(res)).toMatch(/^__Host-vantage_rt=;.*Max-Age=0/);
    expect(hintHeader(res)).toMatch(/^vantage_session=;.*Max-Age=0/);
    expect((await refresh(cookie)).status).toBe(401);
  });

  it("also clears the cookies a browser kept from before they were __Host- (their old path)", async () => {
    const { cookie } = await startSession();
    const res = await api("/api/auth/logout", {
      method: "POST",
      headers: { Cookie: `__Host-vantage_rt=${cookie}; vantage_rt=old-token; vantage_signin=old-flow` },
    });
    expect(res.status).toBe(200);
    const cleared = res.headers.getSetCookie().filter((c) => /^vantage_(rt|signin)=;/.test(c));
    expect(cleared).toHaveLength(2);
    for (const header of cleared) {
      expect(header).toMatch(/Max-Age=0/);
      expect(header).toMatch(/Path=\/api\/auth/);
    }
  });

  it("also revokes tokens already rotated from the same sign-in", async () => {
    const { cookie: t1 } = await startSession();
    const t2 = refreshCookieOf(await refresh(t1))!;
    await api("/api/auth/logout", { method: "POST", headers: { Cookie: `__Host-vantage_rt=${t2}` } });
    expect((await refresh(t2)).status).toBe(401);
    expect((await refresh(t1)).status).toBe(401);
  });

  it("leaves other sign-ins of the same player alone", async () => {
    const email = `two-devices-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const phone = await startSession(email);
    const laptop = await startSession(email);
    await api("/api/auth/logout", { method: "POST", headers: { Cookie: `__Host-vantage_rt=${phone.cookie}` } });
    expect((await refresh(laptop.cookie)).status).toBe(200);
  });

  it("succeeds without a cookie", async () => {
    expect((await api("/api/auth/logout", { method: "POST" })).status).toBe(200);
  });

  it("is refused from another site", async () => {
    const { cookie } = await startSession();
    const res = await api("/api/auth/refresh", {
      method: "POST",
      headers: { Cookie: `__Host-vantage_rt=${cookie}`, Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await refresh(cookie)).status).toBe(200);
  });
});
