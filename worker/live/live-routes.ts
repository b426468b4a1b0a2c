// GET /api/live: the player's live feed (balances and changed bets) as a WebSocket held
// by their wallet Durable Object with the hibernation API. Browsers cannot set an
// Authorization header on a WebSocket, so the SPA offers its access token as a
// sub-protocol (src/shared/live-protocol.ts: LIVE_TOKEN_PREFIX + the token, beside
// LIVE_PROTOCOL, which is echoed back).
// Never in the query string (security review finding 7): URLs end up in logs, history
// and Referer headers. The Worker verifies the token (and that its sign-in has not been
// logged out) and forwards only the verified user id, sign-in and token expiry — nothing
// the client sends reaches the object unchecked; the object closes the socket when that
// token expires or the sign-in logs out.
import { Hono } from "hono";
import { authenticate } from "../auth/require-user";
import { ApiError } from "../http/api-error";
import type { AppEnv } from "../http/app-types";
import {
  type KernelWallet,
  walletOf,
  LIVE_PROTOCOL,
  LIVE_SESSION_HEADER,
  LIVE_TOKEN_EXPIRES_HEADER,
  LIVE_TOKEN_PREFIX,
  LIVE_USER_HEADER,
} from "../wallet";

export function tokenFromProtocols(header: string | undefined): string | null {
  for (const part of (header ?? "").split(",")) {
    const protocol = part.trim();
    if (protocol.startsWith(LIVE_TOKEN_PREFIX)) return protocol.slice(LIVE_TOKEN_PREFIX.length) || null;
  }
  return null;
}

export function liveRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      throw new ApiError(426, "upgrade-required", "Connect to /api/live with a WebSocket.");
    }
    const user = await authenticate(c.env, tokenFromProtocols(c.req.header("Sec-WebSocket-Protocol")), Date.now());
    if (!user) throw new ApiError(401, "unauthenticated", "Please log in again.");

    const headers = new Headers({
      Upgrade: "websocket",
      [LIVE_USER_HEADER]: user.id,
      [LIVE_SESSION_HEADER]: user.sessionId,
      [LIVE_TOKEN_EXPIRES_HEADER]: String(user.expiresAt),
    });
    const offered = (c.req.header("Sec-WebSocket-Protocol") ?? "").split(",").map((p) => p.trim());
    if (offered.includes(LIVE_PROTOCOL)) headers.set("Sec-WebSocket-Protocol", LIVE_PROTOCOL);
    const upgraded = await walletOf<KernelWallet & Pick<DurableObjectStub, "fetch">>(c.env, user.id).fetch(
      new Request(c.req.url, { headers }),
    );
    // Re-wrapped so the response headers are mutable for the app's security middleware.
    return new Response(upgraded.body, { status: upgraded.status, webSocket: upgraded.webSocket, headers: upgraded.headers });
  });

  return app;
}
