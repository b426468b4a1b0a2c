// The redirect sign-in flow end to end against the embedded provider (the same code
// path as Google): start → account chooser → callback → session cookie → back to the
// page the player wanted; and every way the callback must refuse.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { s256Challenge } from "../../worker/auth/pkce";
import { createApp } from "../../worker/app";
import { api, BASE } from "./helpers";

function cookieValue(res: Response, name: string): string | null {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return cookie ? cookie.slice(name.length + 1).split(";")[0]! : null;
}

async function start(from?: string) {
  const res = await api(`/api/auth/google/start${from === undefined ? "" : `?from=${encodeURIComponent(from)}`}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("Location")!);
  const flowCookie = cookieValue(res, "__Host-vantage_signin");
  expect(flowCookie).toBeTruthy();
  return { res, location, params: location.searchParams, flowCookie: flowCookie! };
}

/** What the account chooser's form posts; `overrides` lets a test tamper with it. */
async function choose(params: URLSearchParams, email: string, overrides: Record<string, string> = {}) {
  const form = new URLSearchParams();
  for (const key of [
    "client_id",
    "redirect_uri",
    "response_type",
    "scope",
    "state",
    "nonce",
    "code_challenge",
    "code_challenge_method",
    "prompt",
  ]) {
    const value = params.get(key);
    if (value !== null) form.set(key, value);
  }
  form.set("email", email);
  for (const [k, v] of Object.entries(overrides)) form.set(k, v);
  const res = await api("/api/auth/dev/authorize", {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
    body: form.toString(),
  });
  return res;
}

async function callback(location: string, flowCookie: string | null) {
  const url = new URL(location, BASE);
  return api(`${url.pathname}${url.search}`, {
    redirect: "manual",
    headers: flowCookie ? { Cookie: `__Host-vantage_signin=${flowCookie}` } : {},
  });
}

async function signInThroughRedirect(email: string, from?: string) {
  const s = await start(from);
  const chosen = await choose(s.params, email);
  expect(chosen.status).toBe(302);
  return { start: s, done: await callback(chosen.headers.get("Location")!, s.flowCookie) };
}

describe("GET /api/auth/google/start", () => {
  it("redirects to the provider's account chooser with state, nonce and an S256 PKCE challenge", async () => {
    const { location, params, res } = await start("/picks");
    expect(`${location.origin}${location.pathname}`).toBe(`${BASE}/api/auth/dev/authorize`);
    expect(params.get("prompt")).toBe("select_account");
    expect(params.get("response_type")).toBe("code");
    expect(params.get("client_id")).toBe("vantage-local-dev");
    expect(params.get("redirect_uri")).toBe(`${BASE}/api/auth/google/callback`);
    expect(params.get("scope")).toBe("openid email profile");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get("state")!.length).toBeGreaterThanOrEqual(32);
    expect(params.get("nonce")!.length).toBeGreaterThanOrEqual(32);
    expect(params.get("state")).not.toBe(params.get("nonce"));
    const flowHeader = res.headers.getSetCookie().find((c) => c.startsWith("__Host-vantage_signin="))!;
    expect(flowHeader).toMatch(/HttpOnly/);
    expect(flowHeader).toMatch(/Secure/);
    expect(flowHeader).toMatch(/SameSite=Lax/);
    expect(flowHeader).toMatch(/; Path=\/;/);
    expect(flowHeader).not.toMatch(/Domain=/i);
    expect(flowHeader).toMatch(/Max-Age=600/);
  });

  it("makes a fresh state and nonce for every attempt", async () => {
    const a = await start();
    const b = await start();
    expect(a.params.get("state")).not.toBe(b.params.get("state"));
    expect(a.params.get("code_challenge")).not.toBe(b.params.get("code_challenge"));
  });
});

describe("the embedded account chooser", () => {
  it("shows ready accounts and 'use another e-mail' with its own CSP", async () => {
    const { location } = await start();
    const res = await api(`${location.pathname}${location.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/html");
    expect(res.headers.get("Content-Security-Policy")).toContain("form-action 'self'");
    const html = await res.text();
    expect(html).toContain("Choose an account");
    expect(html).toContain("ada@vantage.test");
    expect(html).toContain("Use another e-mail");
  });

  it("refuses an unknown client, a foreign redirect URI or a missing PKCE challenge", async () => {
    const { params } = await start();
    const variants: Record<string, string | null> = {
      client_id: "someone-else",
      redirect_uri: "https://evil.example/callback",
      code_challenge: null,
    };
    for (const [key, value] of Object.entries(variants)) {
      const p = new URLSearchParams(params);
      if (value === null) p.delete(key);
      else p.set(key, value);
      const res = await api(`/api/auth/dev/authorize?${p}`);
      expect({ key, status: res.status }).toEqual({ key, status: 400 });
    }
  });
});

describe("GET /api/auth/google/callback", () => {
  it("signs the player in, sets the refresh cookie and returns to the remembered path and query", async () => {
    const email = `redirect-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const { done } = await signInThroughRedirect(email, "/picks?filter=open");
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/picks?filter=open");
    const refreshCookie = cookieValue(done, "__Host-vantage_rt");
    expect(refreshCookie).toBeTruthy();
    expect(cookieValue(done, "__Host-vantage_signin")).toBe("");
    const refreshed = await api("/api/auth/refresh", { method: "POST", headers: { Cookie: `__Host-vantage_rt=${refreshCookie}` } });
    expect(refreshed.status).toBe(200);
    const body = (await refreshed.json()) as { user: { email: string; displayName: string; coinBalance: number; vantageCash: number } };
    expect(body.user).toMatchObject({ email, displayName: email.split("@")[0], coinBalance: 5000, vantageCash: 0 });
  });

  it("never redirects off-site: foreign or odd 'from' values land on '/'", async () => {
    const offSite = ["//evil.example/x", "https://evil.example", "/\\evil.example", "javascript:alert(1)", "/api/me"];
    // Security review: paths that only become scheme-relative once normalised.
    const normalisedOffSite = ["/.//evil.example/x", "/%2e//evil.example/x", "/a/..//evil.example/x", "/./%2e/..//evil.example"];
    for (const from of [...offSite, ...normalisedOffSite]) {
      const { done } = await signInThroughRedirect(`from-${crypto.randomUUID().slice(0, 6)}@example.com`, from);
      expect({ from, location: done.headers.get("Location") }).toEqual({ from, location: "/" });
    }
  });

  it("refuses a state that does not match this browser's flow", async () => {
    const s = await start();
    const chosen = await choose(s.params, "state@example.com", { state: "x".repeat(43) });
    const done = await callback(chosen.headers.get("Location")!, s.flowCookie);
    expect(done.headers.get("Location")).toBe("/?auth_error=invalid-state");
    expect(cookieValue(done, "__Host-vantage_rt")).toBeNull();
  });

  it("refuses a callback without the flow cookie (another browser)", async () => {
    const s = await start();
    const chosen = await choose(s.params, "nocookie@example.com");
    const done = await callback(chosen.headers.get("Location")!, null);
    expect(done.headers.get("Location")).toBe("/?auth_error=invalid-state");
    expect(cookieValue(done, "__Host-vantage_rt")).toBeNull();
  });

  it("refuses a code bound to another PKCE challenge (an injected code)", async () => {
    const s = await start();
    const attackerChallenge = await s256Challenge("attacker-verifier-attacker-verifier-attacker-verifier");
    const chosen = await choose(s.params, "pkce@example.com", { code_challenge: attackerChallenge });
    const done = await callback(chosen.headers.get("Location")!, s.flowCookie);
    expect(done.headers.get("Location")).toBe("/?auth_error=token-exchange-failed");
    expect(cookieValue(done, "__Host-vantage_rt")).toBeNull();
  });

  it("refuses an ID token whose nonce is not this flow's", async () => {
    const s = await start();
    const chosen = await choose(s.params, "nonce@example.com", { nonce: "n".repeat(43) });
    const done = await callback(chosen.headers.get("Location")!, s.flowCookie);
    expect(done.headers.get("Location")).toBe("/?auth_error=invalid-id-token");
    expect(cookieValue(done, "__Host-vantage_rt")).toBeNull();
  });

  it("reports a cancelled sign-in and a tampered flow cookie", async () => {
    const s = await start();
    const cancelled = await callback(`/api/auth/google/callback?error=access_denied&state=${s.params.get("state")}`, s.flowCookie);
    expect(cancelled.headers.get("Location")).toBe("/?auth_error=access-denied");
    const chosen = await choose(s.params, "tamper@example.com");
    const tampered = await callback(chosen.headers.get("Location")!, `${s.flowCookie.slice(0, -4)}AAAA`);
    expect(tampered.headers.get("Location")).toBe("/?auth_error=invalid-state");
  });
});

describe("POST /api/auth/dev/token", () => {
  async function code(verifier: string) {
    const s = await start();
    const chosen = await choose(s.params, "token@example.com", { code_challenge: await s256Challenge(verifier) });
    return new URL(chosen.headers.get("Location")!).searchParams.get("code")!;
  }
  const verifier = "v".repeat(43);

  function exchange(fields: Record<string, string>) {
    return api("/api/auth/dev/token", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        redirect_uri: `${BASE}/api/auth/google/callback`,
        client_id: "vantage-local-dev",
        client_secret: "vantage-local-dev-secret",
        ...fields,
      }).toString(),
    });
  }

  it("exchanges a code for an ID token only with the matching code_verifier", async () => {
    const good = await exchange({ code: await code(verifier), code_verifier: verifier });
    expect(good.status).toBe(200);
    expect(((await good.json()) as { id_token: string }).id_token.split(".")).toHaveLength(3);
    const bad = await exchange({ code: await code(verifier), code_verifier: "w".repeat(43) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("invalid_grant");
    const wrongSecret = await exchange({ code: await code(verifier), code_verifier: verifier, client_secret: "nope" });
    expect(wrongSecret.status).toBe(401);
  });
});

describe("configuration", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const call = (path: string, overrides: Partial<Env>) =>
    createApp().fetch(
      new Request(`${BASE}${path}`, { redirect: "manual", headers: { "CF-Connecting-IP": "10.9.9.9" } }),
      { ...env, ...overrides },
      ctx,
    );

  it("sends the same flow to Google when a Google client is configured, and unmounts the dev provider", async () => {
    // Real Google sign-in needs a real session key (the public development one is refused).
    const res = await call("/api/auth/google/start?from=/shop", {
      GOOGLE_CLIENT_ID: "client-123.apps.googleusercontent.com",
      SESSION_SIGNING_KEY: "k".repeat(40),
    });
    const location = new URL(res.headers.get("Location")!);
    expect(`${location.origin}${location.pathname}`).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(location.searchParams.get("client_id")).toBe("client-123.apps.googleusercontent.com");
    expect(location.searchParams.get("prompt")).toBe("select_account");
    expect((await call("/api/auth/dev/jwks", { GOOGLE_CLIENT_ID: "client-123" })).status).toBe(404);
  });

  it("refuses the dev provider in production", async () => {
    expect((await call("/api/auth/dev/jwks", { APP_ENV: "production", SESSION_SIGNING_KEY: "k".repeat(40) })).status).toBe(404);
    expect((await call("/api/auth/dev/jwks", {})).status).toBe(200);
  });
});
