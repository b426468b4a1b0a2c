// The public winners list: a redemption confirmed paid appears with its day, amount and
// region, under the player's handle only when their profile is public and shows Vantage
// Cash results, otherwise as "a player in US-TX"; never a name or an e-mail address.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import { WinnersSchema } from "../../src/shared/schemas/sweepstakes";
import { playContextFor } from "../../worker/protection/request-region";
import { getUserWallet } from "../../worker/user-wallet";
import { api, signIn, type SignedIn } from "./helpers";

/** A player who redeemed `amountCents` from `region`, the payout confirmed paid. */
async function paidRedemption(player: SignedIn, amountCents: number, region: string): Promise<string> {
  const wallet = getUserWallet(env, player.userId);
  const now = Date.now();
  const credited = await wallet.adjustBalance(
    player.userId,
    { adjustmentId: crypto.randomUUID(), wallet: "cash", amount: amountCents },
    { actor: "ops@vantage.test", reason: "winnings" },
    now,
  );
  if (!credited.ok) throw new Error(credited.code);
  const redemptionId = `rd_${crypto.randomUUID().replaceAll("-", "")}`;
  const held = await wallet.requestRedemption(
    player.userId,
    { amountCents, redemptionId, cashPlaythrough: 0, purchaseHoldDays: 0 },
    now,
    playContextFor(env, region),
  );
  if (!held.ok) throw new Error(held.code);
  const paid = await wallet.completeRedemption(player.userId, { redemptionId, payoutReference: `tr_${redemptionId}` }, now);
  if (!paid.ok) throw new Error(paid.code);
  await wallet.flushOutbox();
  return redemptionId;
}

async function winners() {
  const res = await api("/api/public/winners");
  expect(res.status).toBe(200);
  const text = await res.text();
  return { text, list: WinnersSchema.parse(JSON.parse(text)).winners };
}

describe("GET /api/public/winners", () => {
  it("shows a paid redemption with its day, amount and region, and no name or e-mail", async () => {
    const player = await signIn(`winner-${crypto.randomUUID().slice(0, 8)}@example.com`, "Wanda Winner");
    await paidRedemption(player, 2_345, "US-TX");
    const { text, list } = await winners();
    expect(list[0]).toEqual({ paidOn: etDayKey(Date.now()), amountCents: 2_345, region: "US-TX", winner: "a player in US-TX" });
    expect(text).not.toContain(player.email);
    expect(text).not.toContain(player.email.split("@")[0]);
    expect(text).not.toContain("Wanda");
    expect(text).not.toContain(player.userId);
  });

  it("uses the handle only of a public profile that shows Vantage Cash results", async () => {
    const handle = `champ_${crypto.randomUUID().slice(0, 6)}`;
    const player = await signIn(undefined, "Chris Champ");
    expect((await api("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify({ handle }) })).status).toBe(200);
    await paidRedemption(player, 5_000, "US-OH");
    // A handle alone is not consent: profiles keep Vantage Cash results private by default.
    expect((await winners()).list[0]).toMatchObject({ amountCents: 5_000, winner: "a player in US-OH" });
    expect((await api("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify({ showCashResults: true }) })).status).toBe(
      200,
    );
    // Shown by handle, without the state: the handle is never tied to where the player lives.
    expect((await winners()).list[0]).toEqual(expect.objectContaining({ amountCents: 5_000, region: null, winner: `@${handle}` }));
    // On a break the player is promoted to nobody, on this list neither.
    expect((await api("/api/me/break", { method: "POST", token: player.token, body: JSON.stringify({ period: "24h" }) })).status).toBe(200);
    expect((await winners()).list[0]).toMatchObject({ amountCents: 5_000, winner: "a player in US-OH" });
    expect((await api("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify({ profileHidden: true }) })).status).toBe(
      200,
    );
    expect((await winners()).list[0]).toMatchObject({ winner: "a player in US-OH" });
  });

  it("lists only redemptions that were paid", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const credited = await wallet.adjustBalance(
      player.userId,
      { adjustmentId: crypto.randomUUID(), wallet: "cash", amount: 3_333 },
      { actor: "ops@vantage.test", reason: "winnings" },
      Date.now(),
    );
    expect(credited.ok).toBe(true);
    const pending = await wallet.requestRedemption(
      player.userId,
      { amountCents: 3_333, redemptionId: `rd_${crypto.randomUUID().replaceAll("-", "")}`, cashPlaythrough: 0, purchaseHoldDays: 0 },
      Date.now(),
      playContextFor(env, "US-TX"),
    );
    expect(pending.ok).toBe(true);
    await wallet.flushOutbox();
    expect((await winners()).list.map((w) => w.amountCents)).not.toContain(3_333);
  });
});
