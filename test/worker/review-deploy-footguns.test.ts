// Security review finding 8, deploy footguns (Worker side): the embedded identity
// provider signs anyone in as anyone, operators included. It was refused only by
// APP_ENV, so a development configuration deployed with a live Stripe key — real money
// in and out — still let anyone in. It is now refused whenever a live key (`sk_live_`,
// or a restricted `rk_live_`) is configured, whatever APP_ENV says; so is the public
// development session key that stands beside it. So is every other embedded stand-in —
// the odds simulator and its /api/dev controls, the simulated payment pages — all
// answering 503 not-configured. (The deploy script's own guard is
// test/unit/deploy-guard.test.ts.)
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { loadEvents } from "../../worker/odds/odds-service";
import { api, BASE, mintIdToken, postJson, signIn } from "./helpers";

async function call(path: string, overrides: Partial<Env>, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", "10.44.0.1");
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const ctx = createExecutionContext();
  const res = await createApp().fetch(
    new Request(`${BASE}${path}`, { redirect: "manual", ...init, headers }),
    { ...env, APP_ENV: "development", ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}

describe("the embedded identity provider beside a live Stripe key", () => {
  for (const key of ["sk_live_51Hxyz", "rk_live_51Hxyz"]) {
    it(`is refused with ${key.slice(0, 8)}… even when APP_ENV is development`, async () => {
      const live = { STRIPE_SECRET_KEY: key, STRIPE_WEBHOOK_SECRET: "whsec_live_secret" };
      expect((await call("/api/auth/dev/jwks", live)).status).toBe(503);
      const minted = await call("/api/auth/dev/id-token", live, { method: "POST", body: JSON.stringify({ email: "admin@vantage.test" }) });
      expect(minted.status).toBe(503);
      const session = await call("/api/auth/session", live, {
        method: "POST",
        body: JSON.stringify({ idToken: await mintIdToken("admin@vantage.test") }),
      });
      expect(session.status).toBe(503);
      expect(await session.json()).toEqual({
        error: { code: "not-configured", message: "Development stand-ins are off: this server holds a live Stripe key." },
      });
      const start = await call("/api/auth/google/start?from=/", live);
      expect(start.headers.get("Location")).toBe("/?login_error=not-configured");
      // Tokens signed with the public development key are worthless there too.
      const player = await signIn();
      const me = await call("/api/me", live, { headers: { Authorization: `Bearer ${player.token}` } });
      expect(me.status).not.toBe(200);
      expect(me.status).toBeGreaterThanOrEqual(400);
    });
  }

  it("stays available with a Stripe test key in development", async () => {
    expect((await call("/api/auth/dev/jwks", { STRIPE_SECRET_KEY: "sk_test_51Hxyz", STRIPE_WEBHOOK_SECRET: "whsec_test" })).status).toBe(
      200,
    );
  });
});

describe("every other embedded stand-in beside a live Stripe key", () => {
  const live = { STRIPE_SECRET_KEY: "sk_live_51Hxyz", STRIPE_WEBHOOK_SECRET: "whsec_live_secret" };
  const notConfigured = async (res: Response) => {
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not-configured");
  };

  it("refuses /api/dev/sim/advance and the simulator's board with 503, and the simulator's clock does not move", async () => {
    const before = (await (await api("/api/dev/sim/clock")).json()) as { offsetMs: number };
    await notConfigured(await call("/api/dev/sim/advance", live, { method: "POST", body: JSON.stringify({ minutes: 60 }) }));
    await notConfigured(await call("/api/dev/sim/clock", live));
    // The board (GET /api/events and placement read it here) refuses the simulator too.
    const board = loadEvents({ ...env, APP_ENV: "development", ...live } as Env, "icehockey_nhl", Date.now());
    await expect(board).rejects.toMatchObject({ status: 503, code: "not-configured" });
    expect(((await (await api("/api/dev/sim/clock")).json()) as { offsetMs: number }).offsetMs).toBe(before.offsetMs);
    // Without the live key the same development configuration still serves them.
    expect((await call("/api/dev/sim/advance", { STRIPE_SECRET_KEY: "sk_test_51Hxyz" }, { method: "POST", body: "{}" })).status).toBe(400);
  });

  it("refuses the simulated checkout with 503, and paying it credits nothing", async () => {
    const player = await signIn();
    const { url } = (await (await postJson("/api/checkout/session", { amountCents: 999 }, player.token)).json()) as { url: string };
    const path = new URL(url).pathname;
    await notConfigured(await call(path, live));
    await notConfigured(await call(`${path}/pay`, live, { method: "POST", headers: { Origin: BASE } }));
    const me = (await (await api("/api/me", { token: player.token })).json()) as { coinBalance: number; vantageCash: number };
    expect({ coins: me.coinBalance, cash: me.vantageCash }).toEqual({ coins: 5_000, cash: 0 });
    // In production the simulator's pages do not exist at all.
    expect((await call(path, { ...live, APP_ENV: "production" })).status).toBe(404);
  });
});
