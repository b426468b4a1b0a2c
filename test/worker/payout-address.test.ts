// Where the payout account's holder lives, as the provider has their address, is a second
// witness beside the verified document: a player whose document places them in an open state
// (a still-valid Texas licence) but whose payout account's address is in a state that offers
// no redemptions is refused up front (403 payout-address-restricted), and a transfer whose
// account's address moved there after the request is held (pending, nothing sent, nothing
// returned) until it is back where redemptions are offered. An address without a state
// places nobody and refuses nothing: the verified residence still governs.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { sentenceFor } from "../../src/shared/refusals";
import type { ConnectStatus, Redemption } from "../../src/shared/schemas/redemptions";
import { ADDRESS_HELD_REASON, checkedPayoutRoute, freshPayoutAccount } from "../../worker/payments/payout-destination";
import { findPayoutAccount } from "../../worker/payments/payout-accounts";
import { payoutRoute } from "../../worker/payments/payout-port";
import { listRedemptionsWithRetry } from "../../worker/payments/redemption-service";
import { createSimulatedProvider } from "../../worker/payments/simulated-provider";
import { getDb } from "../../worker/db/database";
import { rulesInForce } from "../../worker/protection/request-region";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { api, BASE, postJson, signIn, type SignedIn } from "./helpers";
import { buyCash, completeOnboarding, eventually, history, vantageCashOf, withdraw, withReview } from "./payout-helpers";
import { ringAlarm } from "./ring-alarm";
import { HOUR } from "./settlement-fixtures";

/** Washington: Coins play only since 2018 in the shipped table, so no redemptions there. */
const CLOSED_STATE = "WA";
const CLOSED_SENTENCE = sentenceFor("payout-address-restricted", { region: "US-WA" });

const status = async (player: SignedIn) => (await (await api("/api/connect/status", { token: player.token })).json()) as ConnectStatus;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;
const accountNumber = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e6)}`;
const sentCount = async (redemptionId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM sim_transfers WHERE redemption_id = ?").bind(redemptionId).first<{ n: number }>())!.n;
const claims = async (player: SignedIn) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM payout_identities WHERE user_id = ?").bind(player.userId).first<{ n: number }>())!.n;

/** Onboards (or updates) the player's simulated payout account with its holder's address in `state` ("" for none). */
async function onboardWithAddress(player: SignedIn, account_number: string, address_state: string): Promise<void> {
  const { done } = await completeOnboarding(player, { account_number, address_state });
  expect(done.status).toBe(303);
  expect(done.headers.get("Location")).toBe("/redeem?onboarding=return");
}

describe("the payout account's address is a second witness of where the payee lives (simulated provider)", () => {
  it("refuses a verified Texas player's withdrawal up front when their payout account's address is in Washington, holding and claiming nothing", async () => {
    // The player's document (a still-valid Texas licence) says Texas; the payout account's address says Washington.
    const player = await signIn();
    await buyCash(player);
    await onboardWithAddress(player, accountNumber(), CLOSED_STATE);

    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: "payout-address-restricted", message: CLOSED_SENTENCE, details: { region: "US-WA" } });
    expect(CLOSED_SENTENCE).toMatch(/^Vantage Cash is not redeemable where your payout account's address is \(US-WA\)\./);
    expect(await vantageCashOf(player)).toBe(4_900);
    expect(await history(player)).toEqual([]);
    expect(await claims(player)).toBe(0);
    // Kept beside the account as read, and the player is told before asking again.
    expect((await findPayoutAccount(getDb(env), player.userId))?.holderRegion).toBe("US-WA");
    expect(await status(player)).toMatchObject({ payouts_enabled: true, payoutAddressNotRedeemable: true });
  });

  it("pays to an address in a state that offers redemptions, and to one without a state, which places nobody", async () => {
    const player = await signIn();
    await buyCash(player);
    const account_number = accountNumber();
    // Florida offers Vantage Cash and redemptions: the address need not be the document's state.
    await onboardWithAddress(player, account_number, "FL");
    expect(await status(player)).not.toHaveProperty("payoutAddressNotRedeemable");
    const paid = await withdraw(player, 20);
    expect(paid.status).toBe(200);
    const { redemption } = (await paid.json()) as { redemption: Redemption };
    expect(redemption.status).toBe("paid");
    expect(await sentCount(redemption.id)).toBe(1);

    // No state: no region, so nothing is refused on the address (the Texas document still governs).
    await onboardWithAddress(player, account_number, "");
    expect((await findPayoutAccount(getDb(env), player.userId))?.holderRegion).toBeNull();
    expect(await status(player)).not.toHaveProperty("payoutAddressNotRedeemable");
    expect((await withdraw(player, 20)).status).toBe(200);
    expect(await vantageCashOf(player)).toBe(4_900 - 4_000);
  });

  it("defaults the onboarding page's state, so a form that sends none keeps Texas, and refuses a state that is not two letters", async () => {
    const player = await signIn();
    const link = await postJson("/api/connect/onboarding-link", {}, player.token);
    const path = new URL(((await link.json()) as { url: string }).url).pathname;
    const page = await (await api(path)).text();
    expect(page).toContain('name="address_state" value="TX"');

    // The form as older clients send it, without the field: Texas, as the page would have offered.
    await completeOnboarding(player, { account_number: accountNumber() });
    expect((await findPayoutAccount(getDb(env), player.userId))?.holderRegion).toBe("US-TX");
    const { done } = await completeOnboarding(player, { account_number: accountNumber(), address_state: "Washington" });
    expect(done.headers.get("Location")).toBe(`${path}?error=state`);
    expect(await (await api(done.headers.get("Location")!)).text()).toContain("Enter the state of the account holder's address");
    expect((await findPayoutAccount(getDb(env), player.userId))?.holderRegion).toBe("US-TX");
  });

  it("holds a transfer whose account's address moved to Washington after the request, sending nothing twice and losing nothing, and pays it once the address is back", async () => {
    const player = await signIn();
    await buyCash(player);
    const account_number = accountNumber();
    await onboardWithAddress(player, account_number, "TX");
    // A new account's first redemption waits for an operator, asked from a Texas address.
    const asked = await withReview({ cents: "50000", days: "30" }, "/api/withdrawals", {
      method: "POST",
      token: player.token,
      body: JSON.stringify({ amount: 20 }),
    });
    expect(asked.status).toBe(200);
    const { redemption } = (await asked.json()) as { redemption: Redemption };
    expect(redemption.status).toBe("pending");

    // Meanwhile the payout account's address moves to Washington; then the operator approves.
    await onboardWithAddress(player, account_number, CLOSED_STATE);
    const admin = await signIn("admin@vantage.test", "Operator");
    expect((await postJson(`/api/admin/approvals/review-${redemption.id}/approve`, {}, admin.token)).status).toBe(200);

    // Neither the wallet's own retry nor the history look sends it: held, pending, the amount still held for it.
    await ringAlarm(getUserWallet(env, player.userId) as unknown as DurableObjectStub<UserWallet>);
    const held = await eventually(
      async () => (await history(player)).find((r) => r.id === redemption.id)!,
      (r) => r.timeline.some((s) => s.step === "approved"),
    );
    expect(held.status).toBe("pending");
    expect(held.timeline.map((s) => s.step)).toEqual(["requested", "identity-checked", "in-review", "approved"]);
    expect(await sentCount(redemption.id)).toBe(0);
    expect(await claims(player)).toBe(0);
    expect(await vantageCashOf(player)).toBe(4_900 - 2_000);
    // The player is told why on /redeem.
    expect(await status(player)).toMatchObject({ payoutAddressNotRedeemable: true });

    // Back at a Texas address: the next try, once due, sends it, once.
    await onboardWithAddress(player, account_number, "TX");
    const sim = createSimulatedProvider(env, BASE);
    const accountId = (await findPayoutAccount(getDb(env), player.userId))!.accountId;
    const look = (at: number) =>
      listRedemptionsWithRetry(
        env,
        sim,
        { userId: player.userId, accountId, destination: () => freshPayoutAccount(env, sim, player.userId, at) },
        () => at,
      );
    const later = Date.now() + 2 * HOUR;
    expect((await look(later)).find((r) => r.id === redemption.id)).toMatchObject({ status: "paid" });
    expect((await look(later + HOUR)).find((r) => r.id === redemption.id)).toMatchObject({ status: "paid" });
    expect(await sentCount(redemption.id)).toBe(1);
    expect(await vantageCashOf(player)).toBe(4_900 - 2_000);
  });

  it("says why a transfer was held: the wallet judges the address by the rules in force, and the route holds it with the reason", async () => {
    const player = await signIn();
    await buyCash(player);
    await onboardWithAddress(player, accountNumber(), "TX");
    const now = Date.now();
    const wallet = getUserWallet(env, player.userId);
    const redemptionId = `rd_address_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    expect((await wallet.requestRedemption(player.userId, { amountCents: 2_000, redemptionId, cashPlaythrough: 0 }, now)).ok).toBe(true);
    const play = await rulesInForce(env, now);
    expect(await wallet.payoutAddressHold(player.userId, { redemptionId, region: "US-WA", play }, now)).toEqual({
      ok: false,
      code: "payout-address-restricted",
      details: { region: "US-WA" },
    });
    expect(await wallet.payoutAddressHold(player.userId, { redemptionId, region: "US-TX", play }, now)).toBeNull();

    // The account as read before the transfer, its address moved to Washington: the route holds it, sending nothing.
    await onboardWithAddress(player, accountNumber(), CLOSED_STATE);
    const sim = createSimulatedProvider(env, BASE);
    const sent: string[] = [];
    const recording = {
      ...sim,
      transfer: async (input: Parameters<typeof sim.transfer>[0]) => {
        sent.push(input.redemptionId);
        return sim.transfer(input);
      },
    };
    const route = checkedPayoutRoute(
      env,
      (checked) => payoutRoute(recording, { accountId: checked?.accountId ?? "", destination: checked?.payoutDestination ?? null }),
      () => freshPayoutAccount(env, sim, player.userId, now),
      now,
    );
    const [redemption] = await wallet.listRedemptions(player.userId, now);
    const outcome = await route.send({
      userId: player.userId,
      redemption: redemption!,
      idempotencyKey: `redemption-${player.userId}-${redemptionId}`,
      listFirst: false,
      addressHold: (region) => wallet.payoutAddressHold(player.userId, { redemptionId, region, play }, now),
    });
    expect(outcome).toEqual({ kind: "unknown", reason: ADDRESS_HELD_REASON });
    expect(ADDRESS_HELD_REASON).toBe("Not sent: Vantage Cash is not redeemable where your payout account's address is.");
    expect(sent).toEqual([]);
    expect(await claims(player)).toBe(0);
  });
});
