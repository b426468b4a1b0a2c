// Payouts reach only the bank account that was checked (simulated provider): a redemption's
// transfer lands in the player's connected account, and Vantage then pays it out from there
// to the one bank account whose fingerprint and holder were checked, by its id. A bank
// account swapped in after the transfer receives nothing; a payout to the bank that did not
// start waits, shown on the timeline, and is tried again later without a second transfer.
// With Stripe, the connected accounts pay out only when Vantage says: their payout schedule
// is manual, and one on any other schedule is switched whenever it is read, payouts enabled or not.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import { freshPayoutAccount } from "../../worker/payments/payout-destination";
import { simulatedFingerprint } from "../../worker/payments/payout-identity";
import type { Payouts } from "../../worker/payments/payout-port";
import { listRedemptionsWithRetry, submitRedemption } from "../../worker/payments/redemption-service";
import { simPayoutDestination } from "../../worker/payments/simulated-ids";
import { createSimulatedProvider } from "../../worker/payments/simulated-provider";
import { createStripeProvider } from "../../worker/payments/stripe-provider";
import { getUserWallet } from "../../worker/user-wallet";
import { signIn, type SignedIn } from "./helpers";
import { buyCash, completeOnboarding, eventually, history, withdraw } from "./payout-helpers";

const MINUTE = 60_000;
const ORIGIN = "http://localhost";
const bank = (account_number: string) => ({ routing_number: "110000000", account_number });
const accountNumber = (prefix: string) => `${prefix}${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 1e4)}`;
/** The simulated external account a bank account number becomes (another number, another id). */
const destinationOf = async (number: string) => simPayoutDestination(await simulatedFingerprint("110000000", number));

/** The bank accounts the simulator's connected accounts paid a redemption out to. */
async function paidOutTo(redemptionId: string): Promise<string[]> {
  const rows = await env.DB.prepare("SELECT destination FROM sim_payouts WHERE redemption_id = ?")
    .bind(redemptionId)
    .all<{ destination: string }>();
  return rows.results.map((row) => row.destination);
}

async function transfersOf(redemptionId: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM sim_transfers WHERE redemption_id = ?")
    .bind(redemptionId)
    .first<{ n: number }>();
  return row!.n;
}

/** Onboards the player's payout account with `number`; answers the account's id. */
async function onboard(player: SignedIn, number: string): Promise<string> {
  const { path, done } = await completeOnboarding(player, bank(number));
  expect(done.status).toBe(303);
  return path.split("/").pop()!;
}

const newRedemptionId = () => `rd_${crypto.randomUUID().replaceAll("-", "")}`;
const sentStep = (redemption: Redemption) => redemption.timeline.find((s) => s.step === "sent");

describe("a payout goes to the bank account that was checked (simulated provider)", () => {
  it("pays a withdrawal out to the bank account checked, and marks it paid when that payout arrives", async () => {
    const player = await signIn();
    await buyCash(player);
    const number = accountNumber("31");
    const accountId = await onboard(player, number);

    const res = await withdraw(player, 20);
    expect(res.status).toBe(200);
    const { redemption } = (await res.json()) as { redemption: Redemption };
    expect(redemption.status).toBe("paid");
    expect(await paidOutTo(redemption.id)).toEqual([await destinationOf(number)]);
    const payout = await env.DB.prepare("SELECT account_id, user_id, amount_cents FROM sim_payouts WHERE redemption_id = ?")
      .bind(redemption.id)
      .first();
    expect(payout).toEqual({ account_id: accountId, user_id: player.userId, amount_cents: 2_000 });
    const after = await eventually(
      async () => (await history(player)).find((r) => r.id === redemption.id)!,
      (r) => r.timeline.some((s) => s.step === "paid"),
    );
    expect(after.timeline.map((s) => s.step)).toEqual(["requested", "identity-checked", "sent", "paid"]);
  });

  it("pays nothing to a bank account swapped in after the transfer, and never transfers twice", async () => {
    const [owner, player] = [await signIn(), await signIn()];
    for (const p of [owner, player]) await buyCash(p);
    const ownersBank = accountNumber("41");
    const playersBank = accountNumber("42");
    // The owner has redeemed to their bank account: it is theirs.
    await onboard(owner, ownersBank);
    expect((await withdraw(owner, 20)).status).toBe(200);
    const accountId = await onboard(player, playersBank);

    const redemptionId = newRedemptionId();
    const t0 = Date.now();
    const wallet = getUserWallet(env, player.userId);
    expect((await wallet.requestRedemption(player.userId, { amountCents: 2_000, redemptionId, cashPlaythrough: 0 }, t0)).ok).toBe(true);
    const sim = createSimulatedProvider(env, ORIGIN);
    // The moment the transfer lands, the player swaps their payout account's bank account for
    // the owner's, as Stripe's Express Dashboard lets them.
    const swapping: Payouts = {
      ...sim,
      async transfer(input) {
        const sent = await sim.transfer(input);
        await completeOnboarding(player, bank(ownersBank));
        return sent;
      },
    };
    const look = (payouts: Payouts, at: number) =>
      listRedemptionsWithRetry(
        env,
        payouts,
        { userId: player.userId, accountId, destination: () => freshPayoutAccount(env, sim, player.userId, at) },
        () => at,
      );

    const [first] = await look(swapping, t0);
    expect(first).toMatchObject({ id: redemptionId, status: "pending" });
    expect(sentStep(first!)?.note).toMatch(/^Reached your payout account; the payout from there to your bank did not start/);
    expect(first!.next).toMatch(/tried again automatically/);
    expect(await paidOutTo(redemptionId)).toEqual([]);

    // Tried again later: the payout account now shows the owner's bank account, so nothing goes out.
    const [held] = await look(sim, t0 + 10 * MINUTE);
    expect(held).toMatchObject({ id: redemptionId, status: "pending" });
    expect(await paidOutTo(redemptionId)).toEqual([]);
    const refused = await env.DB.prepare("SELECT owner_user_id FROM payout_identity_refusals WHERE user_id = ?").bind(player.userId).all();
    expect(refused.results).toEqual([{ owner_user_id: owner.userId }]);
    expect(await transfersOf(redemptionId)).toBe(1);

    // Swapped back to the player's own: the next try pays it out there, from the one transfer.
    await completeOnboarding(player, bank(playersBank));
    const [paid] = await look(sim, t0 + 60 * MINUTE);
    expect(paid).toMatchObject({ id: redemptionId, status: "paid" });
    expect(sentStep(paid!)?.note).toMatch(/started on a later try/);
    expect(await paidOutTo(redemptionId)).toEqual([await destinationOf(playersBank)]);
    expect(await transfersOf(redemptionId)).toBe(1);
  });

  it("tries a payout to the bank that did not start again on the wallet's alarm, without a second transfer", async () => {
    const player = await signIn();
    await buyCash(player);
    const number = accountNumber("51");
    const accountId = await onboard(player, number);
    const sim = createSimulatedProvider(env, ORIGIN);
    const keys: string[] = [];
    // The provider does not answer the request's payout to the bank; its transfer went.
    const unanswered: Payouts = {
      ...sim,
      async payout(input) {
        keys.push(input.idempotencyKey);
        return { ok: false, definitive: false, reason: "The provider did not answer." };
      },
    };
    const redemptionId = newRedemptionId();
    const asked = Date.now() - 2 * MINUTE; // its retry is due now
    const pending = await submitRedemption(
      env,
      unanswered,
      { userId: player.userId, accountId, destination: await destinationOf(number), amountCents: 2_000, redemptionId },
      asked,
    );
    expect(pending.status).toBe("pending");
    expect(sentStep(pending)?.note).toMatch(/did not start/);
    expect(keys).toEqual([`redemption-${player.userId}-${redemptionId}-bank`]);
    expect(await paidOutTo(redemptionId)).toEqual([]);

    // Nobody looks at the history: the alarm that attempt armed pays it out.
    const stub = getUserWallet(env, player.userId);
    const after = await eventually(
      async () => (await stub.listRedemptions(player.userId, Date.now())).find((r) => r.id === redemptionId)!,
      (r) => r.timeline.some((s) => s.step === "paid"),
    );
    expect(after.status).toBe("paid");
    expect(await paidOutTo(redemptionId)).toEqual([await destinationOf(number)]);
    expect(await transfersOf(redemptionId)).toBe(1);
  });
});

describe("connected accounts pay out only when Vantage says (Stripe faked at the network edge)", () => {
  afterEach(() => vi.unstubAllGlobals());

  /**
   * Connect accounts on api.stripe.com: `acct_new` made with the form's schedule, `acct_old` and
   * `acct_onboarding` (its payouts not enabled yet) on a daily one until changed.
   */
  function fakeConnect() {
    const schedules = new Map([
      ["acct_old", "daily"],
      ["acct_onboarding", "daily"],
    ]);
    const posts: { path: string; interval: string | null }[] = [];
    const original = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.hostname !== "api.stripe.com") return original(input, init);
      const form = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
      const id = url.pathname === "/v1/accounts" ? "acct_new" : url.pathname.split("/").pop()!;
      if (init?.method === "POST") {
        const interval = form.get("settings[payouts][schedule][interval]");
        posts.push({ path: url.pathname, interval });
        if (interval) schedules.set(id, interval);
      }
      const account = {
        id,
        object: "account",
        payouts_enabled: id !== "acct_onboarding",
        requirements: { currently_due: [] },
        external_accounts: { object: "list", data: [{ id: `ba_${id}`, object: "bank_account", fingerprint: `fp_${id}`, currency: "usd" }] },
        settings: { payouts: { schedule: { interval: schedules.get(id) ?? "daily" } } },
      };
      return new Response(JSON.stringify(account), { status: 200, headers: { "Content-Type": "application/json", "Request-Id": "req_1" } });
    });
    return { posts, schedules };
  }

  it("creates Express accounts with a manual payout schedule, and switches one on an automatic schedule when it is read", async () => {
    const stripe = fakeConnect();
    const provider = createStripeProvider("sk_test_vantage");
    const created = await provider.createPayoutAccount({ userId: "user_manual", email: "manual@example.com" });
    expect(created.payoutDestination).toBe("ba_acct_new");
    expect(stripe.posts).toEqual([{ path: "/v1/accounts", interval: "manual" }]);

    const old = await provider.payoutAccountState("acct_old");
    expect(old?.payoutDestination).toBe("ba_acct_old");
    expect(stripe.posts.at(-1)).toEqual({ path: "/v1/accounts/acct_old", interval: "manual" });
    expect(stripe.schedules.get("acct_old")).toBe("manual");
    expect(old?.manualPayouts).toBe("now");
    // Manual already: read without changing anything.
    expect((await provider.payoutAccountState("acct_old"))?.manualPayouts).toBe("already");
    expect(stripe.posts).toHaveLength(2);

    // Payouts not enabled yet (onboarding unfinished, or disabled by Stripe): switched all the
    // same, so none can go out automatically once they are.
    const onboarding = await provider.payoutAccountState("acct_onboarding");
    expect(onboarding).toMatchObject({ payoutsEnabled: false, manualPayouts: "now" });
    expect(stripe.posts.at(-1)).toEqual({ path: "/v1/accounts/acct_onboarding", interval: "manual" });
    expect(stripe.schedules.get("acct_onboarding")).toBe("manual");
  });
});
