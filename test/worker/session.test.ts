import { describe, expect, it } from "vitest";
import { api, signIn } from "./helpers";

describe("sign-in with a development ID token", () => {
  it("starts a session and opens a wallet with 5000 Coins and 0 Vantage Cash", async () => {
    const player = await signIn("ada@example.com", "Ada");
    const res = await api("/api/me", { token: player.token });
    expect(res.status).toBe(200);
    const me = (await res.json()) as Record<string, unknown>;
    expect(me).toMatchObject({ displayName: "Ada", email: "ada@example.com", coinBalance: 5000, vantageCash: 0 });
  });

  it("refuses /api/me without a token with the JSON error shape", async () => {
    const res = await api("/api/me");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthenticated", message: "Please log in again." } });
  });
});
