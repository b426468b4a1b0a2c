// Changes of the account and its public profile (PATCH /api/me) are limited per player: each
// may purge the edge's copies of the public pages, so one account cannot flood those purges.
// The budget is the sign-in binding's (AUTH_RATE_LIMITER, 100 a minute), under a key of its own.
import { describe, expect, it } from "vitest";
import { api, signIn, startOfWindow } from "./helpers";

describe("profile changes", () => {
  it("answer a clear 429 past 100 in a minute for one player, and leave another player's alone", async () => {
    const player = await signIn();
    await startOfWindow(60_000, 15_000); // 101 changes one after another: a few seconds
    const patch = (token: string, showCashResults: boolean) =>
      api("/api/me", { method: "PATCH", token, body: JSON.stringify({ showCashResults }) });
    for (let i = 0; i < 100; i++) expect({ i, status: (await patch(player.token, i % 2 === 0)).status }).toEqual({ i, status: 200 });
    const refused = await patch(player.token, true);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(await refused.json()).toEqual({
      error: { code: "rate-limited", message: "Too many changes in a short time. Please wait a minute and try again." },
    });
    const other = await signIn();
    expect((await patch(other.token, true)).status).toBe(200);
  }, 30_000); // it may wait up to 15 s for room in the limiter's window
});
