import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { REDEMPTION_MIN_CENTS, REDEMPTION_MIN_MESSAGE, type ConnectStatus, type Redemption } from "../../src/shared/schemas/redemptions";
import type { PaymentsProvider, TransferResult } from "../../worker/payments/payments-provider";
import { listRedemptionsWithRetry, submitRedemption } from "../../worker/payments/redemption-service";
import { tunables } from "../../worker/tunables";
import { getUserWallet } from "../../worker/user-wallet";
import { api, postJson, sent, signIn } from "./helpers";
import { buyCash, onboardPayouts, vantageCashOf, withdraw } from "./payout-helpers";

describe("Connect status and onboarding (simulated provider)", () => {
  it("starts with no account, creates one that needs onboarding, and enables payouts once onboarded", async () => {
    const player = await signIn();
    const status = async () => (await (await api("/api/connect/status", { token: player.token })).json()) as ConnectStatus;
    expect(await status()).toEqual({ payouts_enabled: false, hasAccount: false, requirements: { currently_due: [] } });

    const created = await postJson("/api/connect/create-or-link", {}, player.token);
    expect(created.status).toBe(200);
    const after = await status();
    expect(after).toMatchObject({ payouts_enabled: false, hasAccount: true });
    expect(after.requirements.currently_due.length).toBeGreaterThan(0);

    // Linking again keeps the same account.
    await postJson("/api/connect/create-or-link", {}, player.token);
    const link = (await (await postJson("/api/connect/onboarding-link", {}, player.token)).json()) as { url: string };
    const page = await api(new URL(link.url).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Complete onboarding");

    await onboardPayouts(player);
    expect(await status()).toEqual({ payouts_enabled: true, hasAccount: true, requirements: { currently_due: [] } });
  });

  it("needs a signed-in player", async () => {
    expect((await api("/api/connect/status")).status).toBe(401);
    expect((await postJson("/api/connect/onboarding-link", {})).status).toBe(401);
    expect((await withdraw({ token: "", userId: "", email: "" }, 20)).status).toBe(401);
  });
});

describe("POST /api/withdrawals", () => {
  it("refuses while payouts are not enabled, changing nothing", async () => {
    const player = await signIn();
    await buyCash(player, "cs_w_1");
    const res = await withdraw(player, 20);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe("Finish onboarding to enable payouts.");
    expect(await vantageCashOf(player)).toBe(4_900);
  });

  it("enforces the 20 minimum and the balance, then pays a valid request", async () => {
    const player = await signIn();
    await buyCash(player, "cs_w_2");
    await onboardPayouts(player);
    for (const amount of [19.99, 0, -20, "20", 20.001, 49.01]) {
      const res = await withdraw(player, amount);
      expect(res.status).toBe(400);
    }
    // The refusal names the minimum as the spec does, from REDEMPTION_MIN_CENTS, at the
    // route and inside the wallet alike.
    const below = (await (await withdraw(player, 19.99)).json()) as { error: { message: string } };
    expect(below.error.message).toContain("The minimum redemption is $20.");
    const inWallet = await getUserWallet(env, player.userId).requestRedemption(
      player.userId,
      { amountCents: REDEMPTION_MIN_CENTS - 1, redemptionId: "rd_below_minimum" },
      Date.now(),
    );
    expect(sent(inWallet)).toMatchObject({ status: 400, message: REDEMPTION_MIN_MESSAGE });
    expect(REDEMPTION_MIN_MESSAGE).toBe("The minimum redemption is $20.");
    expect(await vantageCashOf(player)).toBe(4_900);

    const ok = await withdraw(player, 20.5);
    expect(ok.status).toBe(200);
    const { redemption } = (await ok.json()) as { redemption: Redemption };
    expect(redemption).toMatchObject({ amountCents: 2_050, status: "paid", payoutReference: `tr_sim_${redemption.id}` });
    expect(await vantageCashOf(player)).toBe(2_850);

    const list = (await (await api("/api/withdrawals", { token: player.token })).json()) as { redemptions: Redemption[] };
    expect(list.redemptions.map((r) => [r.amountCents, r.status])).toEqual([[2_050, "paid"]]);
    expect((await withdraw(player, 28.51)).status).toBe(400);
    expect((await withdraw(player, 28.5)).status).toBe(200);
    expect(await vantageCashOf(player)).toBe(0);
  });

  it("never overdraws when withdrawals race: of five 20s against 49, exactly two succeed", async () => {
    const player = await signIn();
    await buyCash(player, "cs_w_3");
    await onboardPayouts(player);
    const results = await Promise.all(Array.from({ length: 5 }, () => withdraw(player, 20)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400, 400, 400]);
    expect(await vantageCashOf(player)).toBe(900);
    const audit = await getUserWallet(env, player.userId).auditLedger(player.userId, Date.now());
    expect(audit.cash).toEqual({ balance: 900, ledgerSum: 900 });
  });

  it("treats a repeated Idempotency-Key as the same request", async () => {
    const player = await signIn();
    await buyCash(player, "cs_w_4");
    await onboardPayouts(player);
    const headers = { "Idempotency-Key": "redeem-key-0001" };
    const first = await postJson("/api/withdrawals", { amount: 20 }, player.token, headers);
    const second = await postJson("/api/withdrawals", { amount: 20 }, player.token, headers);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await vantageCashOf(player)).toBe(2_900);
  });
});

describe("redemption ids are the server's", () => {
  it("gives two players who send one Idempotency-Key distinct redemption ids and transfer references", async () => {
    const [ada, bob] = [await signIn(), await signIn()];
    await buyCash(ada, "cs_ids_ada");
    await buyCash(bob, "cs_ids_bob");
    await onboardPayouts(ada);
    await onboardPayouts(bob);
    const headers = { "Idempotency-Key": "shared-key-0001" };
    const first = await postJson("/api/withdrawals", { amount: 20 }, ada.token, headers);
    const second = await postJson("/api/withdrawals", { amount: 25 }, bob.token, headers);
    expect([first.status, second.status]).toEqual([200, 200]);
    const a = ((await first.json()) as { redemption: Redemption }).redemption;
    const b = ((await second.json()) as { redemption: Redemption }).redemption;
    expect(a.id).not.toBe(b.id);
    for (const r of [a, b]) {
      expect(r.id).toMatch(/^rd_[0-9a-f]{32}$/);
      expect(r.id).not.toContain("shared-key");
      expect(r.payoutReference).toBe(`tr_sim_${r.id}`);
    }
    expect([a.amountCents, b.amountCents]).toEqual([2_000, 2_500]);
    // Each player's retry still names their own redemption, and moves nothing again.
    const again = await postJson("/api/withdrawals", { amount: 20 }, ada.token, headers);
    expect(((await again.json()) as { redemption: Redemption }).redemption.id).toBe(a.id);
    expect([await vantageCashOf(ada), await vantageCashOf(bob)]).toEqual([2_900, 2_400]);
  });
});

describe("a payout that fails", () => {
  const provider = (result: TransferResult | Error): Pick<PaymentsProvider, "transfer" | "findTransfer"> & { calls: string[] } => {
    const calls: string[] = [];
    return {
      calls,
      async transfer(input) {
        calls.push(input.redemptionId);
        if (result instanceof Error) throw result;
        return result;
      },
      async findTransfer() {
        return null;
      },
    };
  };

  it("returns the held amount to the balance and shows the redemption as failed", async () => {
    const player = await signIn();
    await buyCash(player, "cs_f_1");
    const refused = provider({ ok: false, definitive: true, reason: "Account closed" });
    const redemption = await submitRedemption(
      env,
      refused,
      { userId: player.userId, accountId: "acct_x", amountCents: 3_000, redemptionId: "rd_fail_1" },
      Date.now(),
    );
    expect(redemption).toMatchObject({ status: "failed", failureReason: "Account closed" });
    expect(await vantageCashOf(player)).toBe(4_900);
    const ledger = await getUserWallet(env, player.userId).getLedger(player.userId, Date.now());
    expect(ledger.filter((r) => r.reference === "rd_fail_1").map((r) => [r.reason, r.amount])).toEqual([
      ["redemption_refund", 3_000],
      ["redemption_hold", -3_000],
    ]);
    // Reporting the failure again (a retry) refunds nothing more.
    const again = await getUserWallet(env, player.userId).failRedemption(
      player.userId,
      { redemptionId: "rd_fail_1", reason: "x" },
      Date.now(),
    );
    expect(again.ok).toBe(true);
    expect(await vantageCashOf(player)).toBe(4_900);
  });

  it("keeps an unknown outcome held, then settles it with the same idempotency key on a later look", async () => {
    const player = await signIn();
    await buyCash(player, "cs_f_2");
    const lost = provider(new Error("network down"));
    const t0 = Date.now();
    const pending = await submitRedemption(
      env,
      lost,
      { userId: player.userId, accountId: "acct_x", amountCents: 2_000, redemptionId: "rd_lost_1" },
      t0,
    );
    expect(pending.status).toBe("pending");
    expect(await vantageCashOf(player)).toBe(2_900);

    const answers = provider({ ok: true, transferId: "tr_1" });
    const soon = await listRedemptionsWithRetry(env, answers, { userId: player.userId, accountId: "acct_x" }, () => t0 + 1_000);
    expect(soon[0]?.status).toBe("pending");
    expect(answers.calls).toEqual([]);
    const later = await listRedemptionsWithRetry(
      env,
      answers,
      { userId: player.userId, accountId: "acct_x" },
      () => t0 + tunables(env).PAYOUT_RETRY_AFTER_MS,
    );
    expect(answers.calls).toEqual(["rd_lost_1"]);
    expect(later[0]).toMatchObject({ id: "rd_lost_1", status: "paid", payoutReference: "tr_1" });
    expect(await vantageCashOf(player)).toBe(2_900);
  });
});
