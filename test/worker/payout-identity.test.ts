// One payout identity per person: a bank account (its provider fingerprint)
// belongs to the first player who redeemed to it, verified and paying their own verified
// person; another player redeeming to it is refused with 403 payout-identity-in-use, and the
// attempt is recorded for operators. Onboarding a bank account or opening /redeem claims
// nothing, so nobody can reserve someone else's bank account without redeeming to it.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConnectStatus, Redemption } from "../../src/shared/schemas/redemptions";
import { createApp } from "../../worker/app";
import { PAYOUT_IDENTITY_IN_USE_MESSAGE, simulatedFingerprint } from "../../worker/payments/payout-identity";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { api, BASE, postJson, signIn, type SignedIn, testLegalName } from "./helpers";
import { approveReview, askedInReview, buyCash, completeOnboarding, history, vantageCashOf, withdraw } from "./payout-helpers";

const status = async (player: SignedIn) => (await (await api("/api/connect/status", { token: player.token })).json()) as ConnectStatus;

describe("one payout identity per person (simulated provider)", () => {
  it("refuses a second player redeeming to a bank account another player already uses, and records it", async () => {
    const [first, second, third] = [await signIn(), await signIn(), await signIn()];
    for (const p of [first, second, third]) await buyCash(p);
    const shared = { routing_number: "110000000", account_number: "000123456789" };
    expect((await completeOnboarding(first, shared)).done.status).toBe(303);
    expect((await completeOnboarding(second, { ...shared, account_number: "0001-2345 6789" })).done.status).toBe(303);
    expect((await completeOnboarding(third, { ...shared, account_number: "000987654321" })).done.status).toBe(303);

    expect((await withdraw(first, 20)).status).toBe(200);
    expect(await status(second)).toEqual({
      payouts_enabled: true,
      hasAccount: true,
      requirements: { currently_due: [] },
      payoutIdentityInUse: true,
    });
    const refused = await withdraw(second, 20);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "payout-identity-in-use", message: PAYOUT_IDENTITY_IN_USE_MESSAGE } });
    expect(await vantageCashOf(second)).toBe(4_900);
    expect((await withdraw(third, 20)).status).toBe(200);
    expect(await status(third)).not.toHaveProperty("payoutIdentityInUse");

    // Operators see who holds the account and who tried to use it.
    const fingerprint = await simulatedFingerprint("110000000", "000123456789");
    const owner = await env.DB.prepare("SELECT user_id, provider FROM payout_identities WHERE fingerprint = ?").bind(fingerprint).first();
    expect(owner).toEqual({ user_id: first.userId, provider: "simulated" });
    const refusals = await env.DB.prepare("SELECT fingerprint, owner_user_id, amount_cents FROM payout_identity_refusals WHERE user_id = ?")
      .bind(second.userId)
      .all();
    expect(refusals.results).toEqual([{ fingerprint, owner_user_id: first.userId, amount_cents: 2_000 }]);

    // The first player keeps redeeming; the second can switch to their own account.
    expect((await withdraw(first, 20)).status).toBe(200);
    expect((await completeOnboarding(second, { ...shared, account_number: "000555555555" })).done.status).toBe(303);
    expect((await withdraw(second, 20)).status).toBe(200);
  });

  it("does not send a redemption that waited for review once its bank account has become another player's", async () => {
    const [first, second] = [await signIn(), await signIn()];
    for (const p of [first, second]) await buyCash(p);
    const shared = { routing_number: "110000000", account_number: `7${String(Date.now()).slice(-9)}` };
    expect((await completeOnboarding(first, shared)).done.status).toBe(303);
    expect((await withdraw(first, 20)).status).toBe(200);
    expect((await completeOnboarding(second, { ...shared, account_number: `8${String(Date.now()).slice(-9)}` })).done.status).toBe(303);

    // Asked for with the second player's own bank account: a new account's first redemption waits for an operator.
    const redemption = await askedInReview(second);
    // Meanwhile the payout account is pointed at the first player's bank account, then the operator approves.
    expect((await completeOnboarding(second, shared)).done.status).toBe(303);
    await approveReview(redemption.id);

    // Neither the history look nor the wallet's own retry sends it: the attempt is recorded for operators.
    const wallet = getUserWallet(env, second.userId) as unknown as DurableObjectStub<UserWallet>;
    await ringAlarm(wallet);
    const after = (await history(second)).find((r) => r.id === redemption.id)!;
    expect(after.status).toBe("pending");
    expect(after.timeline.map((s) => s.step)).toEqual(["requested", "identity-checked", "in-review", "approved"]);
    const sent = await env.DB.prepare("SELECT COUNT(*) AS n FROM sim_transfers WHERE redemption_id = ?").bind(redemption.id).first();
    expect(sent).toEqual({ n: 0 });
    const refusals = await env.DB.prepare("SELECT owner_user_id, amount_cents FROM payout_identity_refusals WHERE user_id = ?")
      .bind(second.userId)
      .all();
    expect(refusals.results.length).toBeGreaterThan(0);
    expect(new Set(refusals.results.map((r) => JSON.stringify(r)))).toEqual(
      new Set([JSON.stringify({ owner_user_id: first.userId, amount_cents: 2_000 })]),
    );
    expect(await vantageCashOf(second)).toBe(4_900 - 2_000);
  });

  it("lets nobody reserve a bank account by onboarding it unverified and opening /redeem: its owner's withdrawal claims it", async () => {
    const attacker = await signIn(undefined, undefined, { verifyIdentity: false });
    const victim = await signIn();
    await buyCash(victim);
    const victimsBank = { routing_number: "110000000", account_number: `6${String(Date.now()).slice(-9)}` };
    expect((await completeOnboarding(attacker, victimsBank)).done.status).toBe(303);
    expect(await status(attacker)).toMatchObject({ payouts_enabled: true });
    const fingerprint = await simulatedFingerprint(victimsBank.routing_number, victimsBank.account_number);
    const ownerOf = () => env.DB.prepare("SELECT user_id FROM payout_identities WHERE fingerprint = ?").bind(fingerprint).first();
    expect(await ownerOf()).toBeNull();

    expect((await completeOnboarding(victim, victimsBank)).done.status).toBe(303);
    expect(await status(victim)).not.toHaveProperty("payoutIdentityInUse");
    expect((await withdraw(victim, 20)).status).toBe(200);
    expect(await ownerOf()).toEqual({ user_id: victim.userId });
    expect(await status(attacker)).toMatchObject({ payoutIdentityInUse: true });
  });

  it("claims nothing for a withdrawal the wallet refuses or an operator rejects; only a paid one claims", async () => {
    const [attacker, reviewed, owner] = [await signIn(), await signIn(), await signIn()];
    for (const p of [reviewed, owner]) await buyCash(p);
    const ownersBank = { routing_number: "110000000", account_number: `4${String(Date.now()).slice(-9)}` };
    const fingerprint = await simulatedFingerprint(ownersBank.routing_number, ownersBank.account_number);
    const ownerOf = () => env.DB.prepare("SELECT user_id FROM payout_identities WHERE fingerprint = ?").bind(fingerprint).first();

    // A verified player with no balance enters another person's bank account numbers and asks: refused, nothing claimed.
    expect((await completeOnboarding(attacker, ownersBank)).done.status).toBe(303);
    const broke = await withdraw(attacker, 20);
    expect(broke.status).toBe(400);
    expect(((await broke.json()) as { error: { code: string } }).error.code).toBe("insufficient-funds");
    expect(await ownerOf()).toBeNull();

    // One held for review claims nothing while it waits, nor once an operator rejects it.
    expect((await completeOnboarding(reviewed, ownersBank)).done.status).toBe(303);
    const redemption = await askedInReview(reviewed);
    expect(await ownerOf()).toBeNull();
    const admin = await signIn("admin@vantage.test", "Operator");
    expect((await postJson(`/api/admin/approvals/review-${redemption.id}/reject`, { reason: "not theirs" }, admin.token)).status).toBe(200);
    expect((await history(reviewed)).find((r) => r.id === redemption.id)?.status).toBe("failed");
    expect(await ownerOf()).toBeNull();

    // The bank account's owner redeems to it: paid, and only that claims it.
    expect((await completeOnboarding(owner, ownersBank)).done.status).toBe(303);
    const paid = await withdraw(owner, 20);
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { redemption: Redemption }).redemption.status).toBe("paid");
    expect(await ownerOf()).toEqual({ user_id: owner.userId });
  });

  it("claims nothing for a verified player whose withdrawal is refused because the account is in another person's name", async () => {
    const [impostor, owner] = [await signIn(), await signIn()];
    for (const p of [impostor, owner]) await buyCash(p);
    const ownersBank = { routing_number: "110000000", account_number: `5${String(Date.now()).slice(-9)}` };
    expect((await completeOnboarding(impostor, { ...ownersBank, holder_name: "Jordan Someone Else" })).done.status).toBe(303);
    const refused = await withdraw(impostor, 20);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("payee-not-verified-person");
    const fingerprint = await simulatedFingerprint(ownersBank.routing_number, ownersBank.account_number);
    expect(await env.DB.prepare("SELECT user_id FROM payout_identities WHERE fingerprint = ?").bind(fingerprint).first()).toBeNull();

    expect((await completeOnboarding(owner, ownersBank)).done.status).toBe(303);
    expect((await withdraw(owner, 20)).status).toBe(200);
  });

  it("keeps only a keyed fingerprint of the account number, never the number", async () => {
    const a = await simulatedFingerprint("110000000", "000123456789");
    expect(a).toMatch(/^fp_sim_[0-9a-f]{24}$/);
    expect(a).toBe(await simulatedFingerprint("110000000", "000123456789"));
    expect(a).not.toBe(await simulatedFingerprint("110000000", "000123456780"));
    expect(a).not.toBe(await simulatedFingerprint("021000021", "000123456789"));
    const player = await signIn();
    await completeOnboarding(player, { account_number: "000111222333" });
    const row = await env.DB.prepare("SELECT * FROM payout_accounts WHERE user_id = ?").bind(player.userId).first();
    expect(JSON.stringify(row)).not.toContain("000111222333");
  });

  it("sends the player back to the onboarding page when the bank account is missing or malformed", async () => {
    const player = await signIn();
    const attempts: Record<string, string>[] = [
      {},
      { account_number: "12" },
      { account_number: "12ab5678" },
      { routing_number: "12345", account_number: "123456789" },
    ];
    for (const fields of attempts) {
      const { path, done } = await completeOnboarding(player, fields);
      expect(done.status).toBe(303);
      expect(done.headers.get("Location")).toBe(`${path}?error=bank`);
      const page = await api(done.headers.get("Location")!);
      expect(await page.text()).toContain("Enter a 9-digit routing number and a 4–17 digit account number.");
    }
    expect((await status(player)).payouts_enabled).toBe(false);
  });
});

describe("one payout identity per person (Stripe Connect, faked at the network edge)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("claims the external account's fingerprint with the first player's withdrawal, not the status, and refuses a second player's", async () => {
    const [first, second] = [await signIn(), await signIn()];
    for (const p of [first, second]) await buyCash(p);
    const accounts = new Map([
      [first.userId, "acct_first"],
      [second.userId, "acct_second"],
    ]);
    const transfers: string[] = [];
    const payouts: { account: string | null; destination: string | null }[] = [];
    let stripeCalls = 0;
    const original = globalThis.fetch;
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input));
      if (url.hostname !== "api.stripe.com") return original(input, init);
      stripeCalls++;
      const form = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
      // Each account is held in its own player's verified name (payouts go only to the verified person).
      const account = (id: string) => {
        const holder = [...accounts].find(([, accountId]) => accountId === id)![0];
        const [firstName, ...lastNames] = testLegalName(holder).split(" ");
        return {
          id,
          object: "account",
          payouts_enabled: true,
          requirements: { currently_due: [] },
          external_accounts: {
            object: "list",
            data: [{ id: `ba_${id}`, object: "bank_account", fingerprint: "fp_shared_bank", currency: "usd", default_for_currency: true }],
          },
          individual: { id: `person_${id}`, object: "person", first_name: firstName, last_name: lastNames.join(" ") },
          settings: { payouts: { schedule: { interval: "manual" } } },
        };
      };
      let body: unknown;
      if (url.pathname === "/v1/accounts") {
        expect(form.get("business_type")).toBe("individual");
        body = account(accounts.get(form.get("metadata[userId]")!)!);
      } else if (url.pathname.startsWith("/v1/accounts/")) body = account(url.pathname.split("/").pop()!);
      else if (url.pathname === "/v1/transfers") {
        transfers.push(form.get("destination")!);
        body = { id: `tr_${transfers.length}`, object: "transfer" };
      } else if (url.pathname === "/v1/payouts") {
        payouts.push({ account: new Headers(init?.headers).get("Stripe-Account"), destination: form.get("destination") });
        body = { id: `po_${payouts.length}`, object: "payout" };
      } else body = { object: "account_link", url: "https://connect.stripe.com/setup/x" };
      return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json", "Request-Id": "req_1" } });
    });
    const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_vantage", STRIPE_WEBHOOK_SECRET: "whsec_test_vantage" };
    const call = async (path: string, player: SignedIn, body?: unknown, extra: Record<string, string> = {}) => {
      const ctx = createExecutionContext();
      const headers = { Authorization: `Bearer ${player.token}`, "Content-Type": "application/json", ...extra };
      const init = body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) };
      const res = await createApp().fetch(new Request(`${BASE}${path}`, init), stripeEnv, ctx);
      await waitOnExecutionContext(ctx);
      return res;
    };

    for (const p of [first, second]) expect((await call("/api/connect/onboarding-link", p, {})).status).toBe(200);
    // Returning from onboarding, both status refreshes read the bank account; neither claims it.
    const onboarded = { payouts_enabled: true, hasAccount: true, requirements: { currently_due: [] } };
    expect(await (await call("/api/connect/status", first)).json()).toEqual(onboarded);
    expect(await (await call("/api/connect/status", second)).json()).toEqual(onboarded);
    const claims = await env.DB.prepare("SELECT COUNT(*) AS n FROM payout_identities WHERE fingerprint = 'fp_shared_bank'").first();
    expect(claims).toEqual({ n: 0 });

    // A malformed Idempotency-Key is refused before Stripe is asked anything.
    const asked = stripeCalls;
    const badKey = await call("/api/withdrawals", first, { amount: 20 }, { "Idempotency-Key": "bad key!" });
    expect(badKey.status).toBe(400);
    expect(stripeCalls).toBe(asked);
    // The first player's withdrawal claims the bank account, and is paid out to it.
    const ok = await call("/api/withdrawals", first, { amount: 20 });
    expect(ok.status).toBe(200);
    expect(transfers).toEqual(["acct_first"]);
    expect(payouts).toEqual([{ account: "acct_first", destination: "ba_acct_first" }]);
    expect(await (await call("/api/connect/status", second)).json()).toMatchObject({ payoutIdentityInUse: true });
    const refused = await call("/api/withdrawals", second, { amount: 20 });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("payout-identity-in-use");
    expect(transfers).toEqual(["acct_first"]);
    const owner = await env.DB.prepare(
      "SELECT user_id, provider, account_id FROM payout_identities WHERE fingerprint = 'fp_shared_bank'",
    ).first();
    expect(owner).toEqual({ user_id: first.userId, provider: "stripe", account_id: "acct_first" });
  });
});
