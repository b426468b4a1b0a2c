// A fake /api for DOM tests, answering like the Worker (no router or pages imported,
// so session tests don't depend on other features' components).
import { vi } from "vitest";
import type { ProtectionView } from "../../src/shared/schemas/protection";
import type { UserDocument } from "../../src/shared/schemas/user";
import { SPORT_KEYS } from "../../src/shared/sports";

export type FakeCall = { method: string; path: string; body: unknown; authorization: string | null };
export type FakeHandler = (call: FakeCall) => Response | Promise<Response> | undefined;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

export const UNAUTHENTICATED = () => jsonResponse(401, { error: { code: "unauthenticated", message: "Please log in again." } });

/**
 * The protection fields of a player who already confirmed an adult date of birth, with no
 * break and no limits: what every DOM test's signed-in player has unless it says otherwise
 * (the first-sign-in date-of-birth form is tested on its own).
 */
export function adultProtection(overrides: Partial<ProtectionView> = {}): ProtectionView {
  return {
    dateOfBirth: "1990-04-25",
    breakUntil: null,
    closed: null,
    minAge: 18,
    region: null,
    unavailable: [],
    regionMode: "full",
    regionNotice: null,
    limits: {
      dailyStakeCoins: null,
      dailyStakeCash: null,
      dailyPurchaseDollars: null,
      weeklyPurchaseDollars: null,
      monthlyPurchaseDollars: null,
    },
    pendingLimits: {},
    purchaseAllowance: null,
    stakedToday: { coins: 0, cash: 0 },
    ...overrides,
  };
}

export function userDoc(overrides: Partial<UserDocument> = {}): UserDocument {
  return {
    ...adultProtection(),
    uid: "dev-1",
    displayName: "Ada",
    email: "ada@example.com",
    photoURL: null,
    coinBalance: 5000,
    vantageCash: 0,
    lastBonusDayET: "",
    bonusStreak: 0,
    redeemableCash: overrides.vantageCash ?? 0,
    cashToPlay: 0,
    ...overrides,
  };
}

/** GET /api/sports as the Worker answers it: these sports, the clock now, live boards every 30 s and no live-bet delay. */
export function sportsBody(sports: Array<{ key: string; label: string; mapped: boolean }> = []) {
  return { feedNow: Date.now(), sports, live: { refreshSeconds: 30, betDelaySeconds: Object.fromEntries(SPORT_KEYS.map((k) => [k, 0])) } };
}

export function sessionBody(user: UserDocument = userDoc(), lifetimeMs = 15 * 60_000, token = "access-1") {
  return { accessToken: token, expiresAt: Date.now() + lifetimeMs, user };
}

/** Replaces fetch with `handler`; unanswered calls are a 404 JSON error. */
export function fakeApi(handler: FakeHandler) {
  const calls: FakeCall[] = [];
  vi.stubGlobal("fetch", async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, "http://localhost");
    const headers = (init.headers ?? {}) as Record<string, string>;
    const call: FakeCall = {
      method: init.method ?? "GET",
      path: `${url.pathname}${url.search}`,
      body: typeof init.body === "string" ? JSON.parse(init.body) : null,
      authorization: headers.Authorization ?? null,
    };
    calls.push(call);
    const answer = await handler(call);
    return answer ?? jsonResponse(404, { error: { code: "not-found", message: "No such API route." } });
  });
  return calls;
}
