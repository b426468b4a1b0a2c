// The session provider's token lifecycle (spec §4/§9) with fake timers: a reload keeps
// the player signed in through the refresh cookie, the token counts as expired 30 s
// early, it is refreshed 5 minutes before expiry, network failures retry with back-off
// from 30 s doubling to 960 s, refreshes hold a cross-tab lock, and logout forgets the
// stored username.
import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthProvider, REFRESH_LOCK_NAME, useAuth, type AuthContextValue } from "../../src/session/auth-provider";
import { isTokenExpired, proactiveRefreshDelayMs, refreshBackoffMs } from "../../src/session/token-lifecycle";
import { USERNAME_KEY } from "../../src/session/username";
import { hasSessionHint, SESSION_HINT_COOKIE } from "../../src/shared/session-hint";
import { UserDocumentSchema } from "../../src/shared/schemas/user";
// The provider loads the session schema lazily (its own chunk in the app); loading it here
// first keeps a cold module load out of the fake-timer steps that count refreshes.
import "../../src/shared/schemas/session";
import { fakeApi, jsonResponse, sessionBody, UNAUTHENTICATED, userDoc } from "./app-fake-api";

let auth: AuthContextValue;
function Probe() {
  auth = useAuth();
  return <p>{auth.status}</p>;
}

async function mount(beforeSignOut?: (api: AuthContextValue["api"]) => Promise<void>) {
  const view = render(
    <AuthProvider beforeSignOut={beforeSignOut}>
      <Probe />
    </AuthProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(0));
  return view;
}

const refreshes = (calls: { path: string }[]) => calls.filter((c) => c.path === "/api/auth/refresh").length;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("token lifecycle rules", () => {
  it("counts a token as expired 30 s before its expiry", () => {
    expect(isTokenExpired(100_000, 69_999)).toBe(false);
    expect(isTokenExpired(100_000, 70_000)).toBe(true);
  });
  it("refreshes 5 minutes before expiry", () => {
    expect(proactiveRefreshDelayMs(15 * 60_000, 0)).toBe(10 * 60_000);
  });
  it("refreshes a token shorter-lived than 5 minutes when it counts as expired, never in a tight loop", () => {
    expect(proactiveRefreshDelayMs(60_000, 0)).toBe(30_000);
    expect(proactiveRefreshDelayMs(20_000, 0)).toBe(10_000);
    expect(proactiveRefreshDelayMs(0, 50_000)).toBe(10_000);
  });
  it("backs off from 30 s doubling to 960 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 9].map(refreshBackoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 960_000, 960_000]);
  });
});

describe("session provider", () => {
  it("restores the session on startup and stores the username", async () => {
    fakeApi(({ path }) =>
      path === "/api/auth/refresh" ? jsonResponse(200, sessionBody(userDoc({ displayName: "Lucky Lou" }))) : undefined,
    );
    await mount();
    expect(auth.status).toBe("signed-in");
    expect(auth.user?.displayName).toBe("Lucky Lou");
    expect(localStorage.getItem(USERNAME_KEY)).toBe("Lucky Lou");
    expect(await auth.getAccessToken()).toBe("access-1");
  });

  it("stores the e-mail's local part when the display name is blank", async () => {
    fakeApi(({ path }) =>
      path === "/api/auth/refresh" ? jsonResponse(200, sessionBody(userDoc({ displayName: " ", email: "sam.k@example.com" }))) : undefined,
    );
    await mount();
    expect(localStorage.getItem(USERNAME_KEY)).toBe("sam.k");
  });

  it("is signed out when the refresh cookie is refused, and drops the session hint", async () => {
    const calls = fakeApi(({ path }) => (path === "/api/auth/refresh" ? UNAUTHENTICATED() : undefined));
    await mount();
    expect(auth.status).toBe("signed-out");
    expect(await auth.getAccessToken()).toBeNull();
    expect(refreshes(calls)).toBe(1);
    expect(hasSessionHint(document.cookie)).toBe(false);
  });

  it("asks the server nothing on a visit without the session hint (no 401 to log)", async () => {
    document.cookie = `${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/`;
    const calls = fakeApi(() => undefined);
    await mount();
    expect(auth.status).toBe("signed-out");
    expect(await auth.getAccessToken()).toBeNull();
    expect(calls).toEqual([]);
  });

  it("refreshes proactively 5 minutes before the token expires", async () => {
    let n = 0;
    const calls = fakeApi(({ path }) =>
      path === "/api/auth/refresh" ? jsonResponse(200, sessionBody(userDoc(), 15 * 60_000, `access-${++n}`)) : undefined,
    );
    await mount();
    expect(refreshes(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000 - 1_000));
    expect(refreshes(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(refreshes(calls)).toBe(2);
    expect(await auth.getAccessToken()).toBe("access-2");
  });

  it("treats the token as expired 30 s early and refreshes before handing it out", async () => {
    let n = 0;
    const calls = fakeApi(({ path }) =>
      path === "/api/auth/refresh" ? jsonResponse(200, sessionBody(userDoc(), 15 * 60_000, `access-${++n}`)) : undefined,
    );
    const start = Date.now();
    await mount();
    // Move the clock without running timers (as when a laptop wakes from sleep).
    vi.setSystemTime(start + 15 * 60_000 - 30_001);
    expect(await act(() => auth.getAccessToken())).toBe("access-1");
    expect(refreshes(calls)).toBe(1);
    vi.setSystemTime(start + 15 * 60_000 - 30_000);
    expect(await act(() => auth.getAccessToken())).toBe("access-2");
    expect(refreshes(calls)).toBe(2);
  });

  it("after a network failure keeps trying: 30 s, then 60 s, then 120 s", async () => {
    let failing = true;
    const calls = fakeApi(({ path }) => {
      if (path !== "/api/auth/refresh") return undefined;
      if (failing) throw new TypeError("Failed to fetch");
      return jsonResponse(200, sessionBody());
    });
    await mount();
    expect(auth.status).toBe("loading");
    expect(refreshes(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(29_999));
    expect(refreshes(calls)).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(refreshes(calls)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(59_999));
    expect(refreshes(calls)).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(refreshes(calls)).toBe(3);
    failing = false;
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(refreshes(calls)).toBe(4);
    expect(auth.status).toBe("signed-in");
  });

  it("shares one refresh between simultaneous callers and holds the cross-tab lock", async () => {
    const request = vi.fn((_name: string, fn: () => Promise<unknown>) => fn());
    vi.stubGlobal("navigator", { ...navigator, locks: { request } });
    let n = 0;
    const calls = fakeApi(({ path }) =>
      path === "/api/auth/refresh" ? jsonResponse(200, sessionBody(userDoc(), 15 * 60_000, `access-${++n}`)) : undefined,
    );
    const start = Date.now();
    await mount();
    expect(request).toHaveBeenCalledWith(REFRESH_LOCK_NAME, expect.any(Function));
    vi.setSystemTime(start + 15 * 60_000);
    const before = refreshes(calls);
    const tokens = await act(() => Promise.all([auth.getAccessToken(), auth.getAccessToken(), auth.getAccessToken()]));
    expect(refreshes(calls)).toBe(before + 1);
    expect(new Set(tokens).size).toBe(1);
  });

  it("logs out: revokes the cookie, forgets the username and is signed out", async () => {
    const calls = fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
      if (path === "/api/auth/logout") return jsonResponse(200, { ok: true });
      return undefined;
    });
    await mount();
    expect(localStorage.getItem(USERNAME_KEY)).toBe("Ada");
    await act(() => auth.signOut());
    expect(calls.some((c) => c.path === "/api/auth/logout" && c.method === "POST")).toBe(true);
    expect(localStorage.getItem(USERNAME_KEY)).toBeNull();
    expect(auth.status).toBe("signed-out");
    expect(auth.user).toBeNull();
    expect(await auth.getAccessToken()).toBeNull();
  });

  it("signs out within seconds even when what must be undone first never answers", async () => {
    const calls = fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
      if (path === "/api/auth/logout") return jsonResponse(200, { ok: true });
      return undefined;
    });
    let asked = false;
    await mount(async () => {
      asked = true;
      await new Promise(() => undefined);
    });
    const signingOut = auth.signOut();
    await act(() => vi.advanceTimersByTimeAsync(2_999));
    expect(asked).toBe(true);
    expect(auth.status).toBe("signed-in");
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => signingOut);
    expect(calls.some((c) => c.path === "/api/auth/logout")).toBe(true);
    expect(auth.status).toBe("signed-out");
  });

  it("sends the access token on API calls", async () => {
    const calls = fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
      if (path === "/api/me") return jsonResponse(200, userDoc());
      return undefined;
    });
    await mount();
    await act(() => auth.api.get("/me", UserDocumentSchema));
    expect(calls.find((c) => c.path === "/api/me")?.authorization).toBe("Bearer access-1");
  });
});
