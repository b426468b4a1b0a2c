// Security review finding 2: no request body limit. Every route read whole bodies,
// unauthenticated ones too — a 50 MB POST to the Stripe webhook was read before its
// signature header was even looked at. Now every route refuses bodies above 64 KB (the
// webhook above 256 KB) with a 413 in the app's error shape, without reading them, and
// a webhook without a Stripe-Signature header is refused before its body is touched.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { DEV_STRIPE_WEBHOOK_SECRET } from "../../worker/payments/payments-config";
import { stripeSignatureHeader } from "../../worker/payments/stripe-webhook";
import { api, BASE, signIn } from "./helpers";
import { checkoutCompletedEvent } from "./stripe-events";

const KB = 1024;
const app = createApp();

async function call(request: Request): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A body that counts what was read of it and never ends on its own (up to `totalBytes`). */
function countingBody(totalBytes: number, chunkBytes = 16 * KB) {
  const stats = { pulledBytes: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (stats.pulledBytes >= totalBytes) return controller.close();
        const chunk = new Uint8Array(Math.min(chunkBytes, totalBytes - stats.pulledBytes)).fill(0x20);
        stats.pulledBytes += chunk.length;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, stats };
}

async function expectTooLarge(res: Response, limitKb: number) {
  expect(res.status).toBe(413);
  expect(await res.json()).toEqual({
    error: { code: "payload-too-large", message: `The request body is too large (at most ${limitKb} KB).` },
  });
}

describe("request body limits", () => {
  it("refuses a declared body above 64 KB on any route with 413 payload-too-large, reading none of it", async () => {
    const player = await signIn();
    for (const path of ["/api/placeBet", "/api/auth/session", "/api/auth/refresh", "/api/grantDailyBonus", "/api/nowhere"]) {
      const { stream, stats } = countingBody(50 * KB * KB);
      const request = new Request(`${BASE}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(50 * KB * KB), Authorization: `Bearer ${player.token}` },
        body: stream,
      });
      await expectTooLarge(await call(request), 64);
      expect({ path, pulled: stats.pulledBytes }).toEqual({ path, pulled: 0 });
    }
  });

  it("stops reading a chunked body once it passes 64 KB", async () => {
    const player = await signIn();
    const { stream, stats } = countingBody(50 * KB * KB);
    const request = new Request(`${BASE}/api/placeBet`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${player.token}`, "Idempotency-Key": "body-limit-chunked" },
      body: stream,
    });
    await expectTooLarge(await call(request), 64);
    expect(stats.pulledBytes).toBeLessThanOrEqual(128 * KB);
  });

  it("still serves bodies under the limit", async () => {
    const player = await signIn();
    const name = `Limit ${crypto.randomUUID().slice(0, 6)}`;
    const padded = JSON.stringify({ displayName: name }).replace("{", `{${" ".repeat(60 * KB)}`);
    const res = await api("/api/me", { method: "PATCH", token: player.token, body: padded });
    expect(res.status).toBe(200);
  });
});

describe("the Stripe webhook", () => {
  it("refuses a request without Stripe-Signature before reading its body", async () => {
    const { stream, stats } = countingBody(50 * KB * KB);
    const request = new Request(`${BASE}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: stream,
    });
    const res = await call(request);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("invalid-signature");
    expect(stats.pulledBytes).toBe(0);
  });

  it("refuses a declared body above 256 KB with 413 before anything else, reading none of it", async () => {
    const { stream, stats } = countingBody(50 * KB * KB);
    const request = new Request(`${BASE}/api/stripe/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(50 * KB * KB) },
      body: stream,
    });
    await expectTooLarge(await call(request), 256);
    expect(stats.pulledBytes).toBe(0);
  });

  it("accepts a signed event up to 256 KB and refuses a larger one with 413", async () => {
    const player = await signIn();
    const pad = (bytes: number, sessionId: string) => {
      const event = JSON.parse(checkoutCompletedEvent({ userId: player.userId, sessionId, amountTotal: 499 })) as Record<string, unknown>;
      const base = JSON.stringify({ ...event, padding: "" }).length;
      return JSON.stringify({ ...event, padding: "x".repeat(bytes - base) });
    };
    const send = async (payload: string) =>
      api("/api/stripe/webhook", {
        method: "POST",
        body: payload,
        headers: { "Stripe-Signature": await stripeSignatureHeader(payload, DEV_STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000)) },
      });
    const fits = await send(pad(200 * KB, `cs_limit_ok_${crypto.randomUUID()}`));
    expect(fits.status).toBe(200);
    expect(await fits.json()).toEqual({ received: true, credited: true });
    await expectTooLarge(await send(pad(300 * KB, `cs_limit_big_${crypto.randomUUID()}`)), 256);
  });
});
