// Players accept the Official Sweepstakes Rules in force before any Vantage Cash play:
// a cash bet, a purchase, a withdrawal and a daily bonus claim are refused with 403
// rules-not-accepted until they do (checked in the wallet's transaction), Coins play
// never needs it, and a changed tunable makes a new version that asks again.
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Event } from "../../src/shared/schemas/events";
import type { UserDocument } from "../../src/shared/schemas/user";
import { createApp } from "../../worker/app";
import { currentRules } from "../../worker/sweepstakes/rules-versions";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, BASE, postJson, signIn, type SignedIn } from "./helpers";

let events: Event[];
beforeAll(async () => {
  events = await openEvents(1);
});

async function codeOf(res: Response): Promise<string> {
  return ((await res.json()) as { error: { code: string } }).error.code;
}

async function me(player: SignedIn): Promise<UserDocument> {
  return (await (await api("/api/me", { token: player.token })).json()) as UserDocument;
}

/** A new player with 10 Vantage Cash from an operator, who has not accepted the rules. */
async function newPlayerWithCash(): Promise<SignedIn> {
  const player = await signIn(undefined, undefined, { acceptRules: false });
  const adjusted = await getUserWallet(env, player.userId).adjustBalance(
    player.userId,
    { adjustmentId: crypto.randomUUID(), wallet: "cash", amount: 1000 },
    { actor: "ops@vantage.test", reason: "test float" },
    Date.now(),
  );
  if (!adjusted.ok) throw new Error(adjusted.code);
  return player;
}

const cashBet = (player: SignedIn) =>
  placeBet(player.token, { kind: "Singles", wallet: "cash", amount: 1, picks: [pickOf(events[0]!, "Moneyline", "Home")] });
const coinBet = (player: SignedIn) =>
  placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(events[0]!, "Moneyline", "Home")] });

describe("accepting the Official Sweepstakes Rules", () => {
  it("refuses cash bets, purchases, withdrawals and bonus claims before acceptance, and allows them after", async () => {
    const player = await newPlayerWithCash();
    const { version } = await currentRules(env);
    const before = await me(player);
    expect(before.rulesVersion).toBe(version);
    expect(before.rulesAcceptedVersion).toBeNull();

    for (const res of [
      await cashBet(player),
      await postJson("/api/checkout/session", { amountCents: 499 }, player.token),
      await postJson("/api/withdrawals", { amount: 20 }, player.token),
      await postJson("/api/grantDailyBonus", {}, player.token),
    ]) {
      expect(res.status).toBe(403);
      expect(await codeOf(res)).toBe("rules-not-accepted");
    }
    // Coins play needs no acceptance.
    expect((await coinBet(player)).status).toBe(200);
    expect((await me(player)).vantageCash).toBe(1000);

    const accepted = await postJson("/api/me/rules-acceptance", { version }, player.token);
    expect(accepted.status).toBe(200);
    expect(((await accepted.json()) as UserDocument).rulesAcceptedVersion).toBe(version);
    expect((await me(player)).rulesAcceptedVersion).toBe(version);

    expect((await cashBet(player)).status).toBe(200);
    expect((await postJson("/api/checkout/session", { amountCents: 499 }, player.token)).status).toBe(200);
    expect((await postJson("/api/grantDailyBonus", {}, player.token)).status).toBe(200);
    // Past the rules gate, a withdrawal meets the next rule: no payout account yet.
    const withdrawal = await postJson("/api/withdrawals", { amount: 20 }, player.token);
    expect(await codeOf(withdrawal)).not.toBe("rules-not-accepted");
  });

  it("accepts only the version in force, and accepting twice changes nothing", async () => {
    const player = await signIn(undefined, undefined, { acceptRules: false });
    const { version } = await currentRules(env);
    const stale = await postJson("/api/me/rules-acceptance", { version: version + 7 }, player.token);
    expect(stale.status).toBe(409);
    expect(await codeOf(stale)).toBe("rules-changed");
    expect((await postJson("/api/me/rules-acceptance", { version: "1" }, player.token)).status).toBe(400);
    expect((await postJson("/api/me/rules-acceptance", { version }, player.token)).status).toBe(200);
    expect((await postJson("/api/me/rules-acceptance", { version }, player.token)).status).toBe(200);
    expect((await me(player)).rulesAcceptedVersion).toBe(version);
    expect((await postJson("/api/me/rules-acceptance", { version })).status).toBe(401);
  });

  it("asks again when a tunable change makes a new version", async () => {
    const player = await newPlayerWithCash();
    const { version } = await currentRules(env);
    expect((await postJson("/api/me/rules-acceptance", { version }, player.token)).status).toBe(200);

    // The operator changes a tunable the rules mention: the next request serves a new version.
    const changedEnv = { ...env, PURCHASE_HOLD_DAYS: "3" } as Env;
    const app = createApp();
    const call = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${player.token}`);
      if (init.body !== undefined) headers.set("Content-Type", "application/json");
      return app.fetch(new Request(`${BASE}${path}`, { ...init, headers }), changedEnv, createExecutionContext());
    };
    const doc = (await (await call("/api/me")).json()) as UserDocument;
    expect(doc.rulesVersion).toBeGreaterThan(version);
    expect(doc.rulesAcceptedVersion).toBe(version);
    const claim = await call("/api/grantDailyBonus", { method: "POST", body: "{}" });
    expect(claim.status).toBe(403);
    expect(await codeOf(claim)).toBe("rules-not-accepted");

    const again = await call("/api/me/rules-acceptance", { method: "POST", body: JSON.stringify({ version: doc.rulesVersion }) });
    expect(again.status).toBe(200);
    expect((await call("/api/grantDailyBonus", { method: "POST", body: "{}" })).status).toBe(200);
  });

  it("takes a text in force again under its old version as accepted, for a player who accepted both", async () => {
    const player = await newPlayerWithCash();
    const { version: first } = await currentRules(env);
    expect((await postJson("/api/me/rules-acceptance", { version: first }, player.token)).status).toBe(200);
    // A newer text for a while (an operator's tunable), accepted too.
    const changedEnv = { ...env, PURCHASE_HOLD_DAYS: "5" } as Env;
    const app = createApp();
    const callUnder = (callEnv: Env, path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${player.token}`);
      if (init.body !== undefined) headers.set("Content-Type", "application/json");
      return app.fetch(new Request(`${BASE}${path}`, { ...init, headers }), callEnv, createExecutionContext());
    };
    const newer = ((await (await callUnder(changedEnv, "/api/me")).json()) as UserDocument).rulesVersion;
    expect(newer).toBeGreaterThan(first);
    expect(
      (await callUnder(changedEnv, "/api/me/rules-acceptance", { method: "POST", body: JSON.stringify({ version: newer }) })).status,
    ).toBe(200);
    // The tunable goes back: the first text is in force again, under its own number, and it was accepted.
    const doc = (await (await callUnder(env, "/api/me")).json()) as UserDocument;
    expect(doc.rulesVersion).toBe(first);
    expect(doc.rulesAcceptedVersion).toBe(first);
    expect((await callUnder(env, "/api/grantDailyBonus", { method: "POST", body: "{}" })).status).toBe(200);
  });
});
