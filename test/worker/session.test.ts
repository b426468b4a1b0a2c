// Sign-in with development ID tokens, the user document at /api/me and changing the
// username: what a new and a returning player see.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DISPLAY_NAME_MAX_LENGTH } from "../../src/shared/display-name";
import { checkDisplayName } from "../../src/shared/schemas/user";
import { getUserWallet } from "../../worker/user-wallet";
import { api, mintIdToken, postJson, signIn } from "./helpers";

function patchMe(token: string, body: unknown) {
  return api("/api/me", { method: "PATCH", token, body: typeof body === "string" ? body : JSON.stringify(body) });
}

describe("sign-in with a development ID token", () => {
  it("starts a session and opens a wallet with 5000 Coins and 0 Vantage Cash", async () => {
    const player = await signIn("ada@example.com", "Ada");
    const res = await api("/api/me", { token: player.token });
    expect(res.status).toBe(200);
    const me = (await res.json()) as Record<string, unknown>;
    expect(me).toMatchObject({
      uid: player.userId,
      displayName: "Ada",
      email: "ada@example.com",
      coinBalance: 5000,
      vantageCash: 0,
      bonusStreak: 0,
    });
    expect(me).toHaveProperty("photoURL");
    expect(me).toHaveProperty("lastBonusDayET");
  });

  it("answers the session with an access token, its expiry and the user", async () => {
    const res = await postJson("/api/auth/session", { idToken: await mintIdToken("session-shape@example.com", "Shape") });
    const body = (await res.json()) as { accessToken: string; expiresAt: number; user: { displayName: string } };
    expect(body.accessToken.split(".")).toHaveLength(3);
    expect(body.expiresAt - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(body.expiresAt - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect(body.user.displayName).toBe("Shape");
  });

  it("records the opening balance as the wallet's first ledger row", async () => {
    const player = await signIn();
    const ledger = await getUserWallet(env, player.userId).getLedger(player.userId, Date.now());
    const first = ledger.at(-1)!;
    expect(first).toMatchObject({ currency: "coins", amount: 5000, balanceAfter: 5000, reason: "opening_balance" });
    expect(ledger.filter((r) => r.reason === "opening_balance" && r.currency === "coins")).toHaveLength(1);
  });

  it("does not open a second opening balance when the player signs in again", async () => {
    const email = `again-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const first = await signIn(email);
    const second = await signIn(email);
    expect(second.userId).toBe(first.userId);
    const me = (await (await api("/api/me", { token: second.token })).json()) as { coinBalance: number };
    expect(me.coinBalance).toBe(5000);
  });

  it("names a player without a Google name after their e-mail's local part", async () => {
    const player = await signIn("no.name@example.com", "   ");
    const me = (await (await api("/api/me", { token: player.token })).json()) as { displayName: string };
    expect(me.displayName).toBe("no.name");
  });

  it("refuses /api/me without a token with the JSON error shape", async () => {
    const res = await api("/api/me");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthenticated", message: "Please log in again." } });
  });
});

describe("PATCH /api/me {displayName}", () => {
  it("saves a trimmed username, and a returning player keeps it", async () => {
    const email = `rename-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const player = await signIn(email, "Original");
    const res = await patchMe(player.token, { displayName: "  Lucky Lou  " });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { displayName: string }).displayName).toBe("Lucky Lou");
    const again = await signIn(email, "Original");
    const me = (await (await api("/api/me", { token: again.token })).json()) as { displayName: string };
    expect(me.displayName).toBe("Lucky Lou");
  });

  it("refuses 33 characters with the shared limit's sentence, the same the account page shows", async () => {
    const player = await signIn(undefined, "Keeper");
    const res = await patchMe(player.token, { displayName: "x".repeat(DISPLAY_NAME_MAX_LENGTH + 1) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: { code: "invalid-argument", message: "Username must be at most 32 characters." } });
    expect(checkDisplayName("x".repeat(33))).toEqual({ ok: false, message: "Username must be at most 32 characters." });
  });

  it("cuts a long Google name to the limit at sign-in, so it can be saved unchanged", async () => {
    const longName = "Maximilian Alexander Featherstonehaugh-Worthington";
    const player = await signIn(undefined, longName);
    const me = (await (await api("/api/me", { token: player.token })).json()) as { displayName: string };
    expect(me.displayName).toBe(longName.slice(0, DISPLAY_NAME_MAX_LENGTH).trim());
    expect(me.displayName.length).toBeLessThanOrEqual(DISPLAY_NAME_MAX_LENGTH);
    expect((await patchMe(player.token, { displayName: me.displayName })).status).toBe(200);
  });

  it("accepts exactly 32 characters and letters of any script, and stores the name NFKC-normalised", async () => {
    const player = await signIn();
    expect((await patchMe(player.token, { displayName: "x".repeat(32) })).status).toBe(200);
    expect((await patchMe(player.token, { displayName: "Zoë 李 O'Brien-Núñez" })).status).toBe(200);
    const fullwidth = await patchMe(player.token, { displayName: "Ｊｏｈｎ  Rene\u0301e" });
    expect(fullwidth.status).toBe(200);
    expect(((await fullwidth.json()) as { displayName: string }).displayName).toBe("John Ren\u00e9e");
    const me = (await (await api("/api/me", { token: player.token })).json()) as { displayName: string };
    expect(me.displayName).toBe("John Ren\u00e9e");
  });

  it("refuses emoji and other symbols with the allow-list's sentence", async () => {
    const player = await signIn();
    for (const displayName of ["Ace 🎯", "Ada\u2800"]) {
      const res = await patchMe(player.token, { displayName });
      expect(res.status, displayName).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "invalid-argument", message: "Username can use letters, digits, spaces and . - _ ' only." },
      });
    }
  });

  it("refuses empty, blank, too long, control characters, wrong types and bad JSON, changing nothing", async () => {
    const player = await signIn(undefined, "Keeper");
    const bad: unknown[] = [
      { displayName: "" },
      { displayName: "    " },
      { displayName: "x".repeat(33) },
      { displayName: "tab\there" },
      { displayName: "bell\u0007" },
      { displayName: 42 },
      {},
      "{not json",
    ];
    for (const body of bad) {
      const res = await patchMe(player.token, body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      const error = ((await res.json()) as { error: { code: string; message: string } }).error;
      expect(error.message.length).toBeGreaterThan(0);
      // A player's sentence, never a field path like "displayName: …".
      expect(error.message).not.toMatch(/displayName|:/);
    }
    const me = (await (await api("/api/me", { token: player.token })).json()) as { displayName: string };
    expect(me.displayName).toBe("Keeper");
  });

  it("gives the reason a username is refused", async () => {
    const player = await signIn();
    const res = await patchMe(player.token, { displayName: "x".repeat(33) });
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("at most 32 characters");
  });

  it("requires sign-in", async () => {
    const res = await api("/api/me", { method: "PATCH", body: JSON.stringify({ displayName: "Nope" }) });
    expect(res.status).toBe(401);
  });
});
