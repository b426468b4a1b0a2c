// Security review finding 7, the live socket: the access token is never taken from the
// query string (bets-live.test.ts), and a socket lives no longer than the token it was
// opened with — it closes when that token expires, and at once when its sign-in logs out
// (other sign-ins' sockets of the same player stay open).
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_TTL_S, issueAccessToken } from "../../worker/auth/access-tokens";
import { LIVE_CLOSE_SIGNED_OUT, LIVE_CLOSE_TOKEN_EXPIRED } from "../../src/shared/live-protocol";
import { getUserWallet } from "../../worker/user-wallet";
import { LIVE_SESSION_HEADER, LIVE_TOKEN_EXPIRES_HEADER, LIVE_USER_HEADER } from "../../worker/wallet/live-sockets";
import { api, BASE, mintIdToken, postJson, sessionIdOf, signIn } from "./helpers";

/** The player an access token names: its `sub` claim. */
function userIdOf(accessToken: string): string {
  const payload = accessToken.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
  return (JSON.parse(atob(payload)) as { sub: string }).sub;
}

async function connect(token: string) {
  const res = await exports.default.fetch(
    new Request(`${BASE}/api/live`, {
      headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `vantage.live.v1, vantage.token.${token}` },
    }),
  );
  expect(res.status).toBe(101);
  const socket = res.webSocket!;
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, at: Date.now() })),
  );
  socket.accept();
  return { socket, closed };
}

function within<T>(promise: Promise<T>, ms: number): Promise<T | "still open"> {
  return Promise.race([promise, new Promise<"still open">((resolve) => setTimeout(() => resolve("still open"), ms))]);
}

describe("the live socket's life", () => {
  it("closes when the access token it was opened with expires", async () => {
    const player = await signIn();
    const lifeMs = 1500;
    const { accessToken, expiresAt } = await issueAccessToken(
      env,
      { id: player.userId, email: player.email, sessionId: sessionIdOf(player.token) },
      Date.now() - ACCESS_TOKEN_TTL_S * 1000 + lifeMs,
    );
    const { closed } = await connect(accessToken);
    const result = await within(closed, lifeMs + 4000);
    expect(result).not.toBe("still open");
    if (result === "still open") return;
    expect(result.code).toBe(LIVE_CLOSE_TOKEN_EXPIRED);
    expect(result.at).toBeGreaterThanOrEqual(expiresAt - 50);
  });

  it("closes that sign-in's sockets at logout, and only those", async () => {
    const email = `live-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const signInWithCookie = async () => {
      const res = await postJson("/api/auth/session", { idToken: await mintIdToken(email) });
      const cookie = res.headers
        .getSetCookie()
        .find((c) => c.startsWith("__Host-vantage_rt="))!
        .split(";")[0]!;
      return { cookie, token: ((await res.json()) as { accessToken: string }).accessToken };
    };
    const phone = await signInWithCookie();
    const laptop = await signInWithCookie();
    const phoneTabs = [await connect(phone.token), await connect(phone.token)];
    const laptopTab = await connect(laptop.token);

    expect((await api("/api/auth/logout", { method: "POST", headers: { Cookie: phone.cookie } })).status).toBe(200);
    for (const tab of phoneTabs) {
      const result = await within(tab.closed, 3000);
      expect(result !== "still open" && result.code).toBe(LIVE_CLOSE_SIGNED_OUT);
    }
    expect(await within(laptopTab.closed, 300)).toBe("still open");
    // The logged-out token cannot open a new one either.
    const again = await exports.default.fetch(
      new Request(`${BASE}/api/live`, {
        headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `vantage.live.v1, vantage.token.${phone.token}` },
      }),
    );
    expect(again.status).toBe(401);
    // Nor does the wallet take one for that sign-in should a Worker's check of it be a few
    // seconds stale: the object remembers the logout until its last access token expires.
    const direct = await getUserWallet(env, userIdOf(phone.token)).fetch(
      new Request(`${BASE}/api/live`, {
        headers: {
          Upgrade: "websocket",
          [LIVE_USER_HEADER]: userIdOf(phone.token),
          [LIVE_SESSION_HEADER]: sessionIdOf(phone.token),
          [LIVE_TOKEN_EXPIRES_HEADER]: String(Date.now() + 60_000),
        },
      }),
    );
    expect(direct.status).toBe(401);
    expect(direct.webSocket).toBeNull();
    laptopTab.socket.close(1000, "done");
  });
});
