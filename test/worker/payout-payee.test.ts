// Payouts go only to the verified person: a withdrawal is refused (403
// payee-not-verified-person) unless the payout account's holder, keyed by name and the
// player's verified date of birth, is the person the player's verified document showed, and
// so is the name the bank account it pays out to is held in, when Stripe gives one; a
// redemption sent later is held back the same way when the holder changed meanwhile. Where
// the holder lives is read from the same Express individual (payout-address.test.ts has the rest).
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sentenceFor } from "../../src/shared/refusals";
import type { ConnectStatus, Redemption } from "../../src/shared/schemas/redemptions";
import { createApp } from "../../worker/app";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import {
  ADULT_DATE_OF_BIRTH,
  api,
  BASE,
  randomDocument,
  signIn,
  type SignedIn,
  startVerification,
  submitPage,
  testLegalName,
} from "./helpers";
import { approveReview, askedInReview, buyCash, completeOnboarding, eventually, history, vantageCashOf, withdraw } from "./payout-helpers";
import { ringAlarm } from "./ring-alarm";

const NAME_DIFFERS = sentenceFor("payee-not-verified-person", { problem: "name-differs" });
const NO_VERIFIED_NAME = sentenceFor("payee-not-verified-person", { problem: "no-verified-name" });

const status = async (player: SignedIn) => (await (await api("/api/connect/status", { token: player.token })).json()) as ConnectStatus;
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const accountNumber = () => `${Date.now() % 1e9}${Math.floor(Math.random() * 1e6)}`;
/** Verifies the player on the simulated page with a driving licence that shows `legalName` (and the confirmed date of birth). */
async function verifyAs(player: SignedIn, legalName: string): Promise<void> {
  const verified = await submitPage(await startVerification(player), {
    outcome: "verified",
    document_type: "driving_license",
    issuing_country: "US",
    document_number: randomDocument(),
    date_of_birth: ADULT_DATE_OF_BIRTH,
    residence: "US-TX",
    legal_name: legalName,
  });
  expect(verified.status).toBe(303);
  expect(((await (await api("/api/identity", { token: player.token })).json()) as { status: string }).status).toBe("verified");
}
const sentCount = async (redemptionId: string) =>
  (await env.DB.prepare("SELECT COUNT(*) AS n FROM sim_transfers WHERE redemption_id = ?").bind(redemptionId).first<{ n: number }>())!.n;

describe("payouts go only to the verified person (simulated provider)", () => {
  it("refuses a withdrawal to a bank account in another person's name, holding nothing, and the Connect status says so", async () => {
    const player = await signIn();
    await buyCash(player);
    expect((await completeOnboarding(player, { account_number: accountNumber(), holder_name: "Jordan Someone Else" })).done.status).toBe(
      303,
    );
    expect(await status(player)).toEqual({
      payouts_enabled: true,
      hasAccount: true,
      requirements: { currently_due: [] },
      payeeNotVerifiedPerson: true,
    });

    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: "payee-not-verified-person", message: NAME_DIFFERS });
    expect(await vantageCashOf(player)).toBe(4_900);
    expect(await history(player)).toEqual([]);
    // Only a key of the holder is kept beside the account, never the name on a Stripe account; the simulator keeps its own.
    const row = await env.DB.prepare("SELECT holder_person_hash FROM payout_accounts WHERE user_id = ?").bind(player.userId).first();
    expect(row).toEqual({ holder_person_hash: expect.stringMatching(/^idp_[0-9a-f]{64}$/) });
  });

  it("accepts the verified name however it is cased, spaced or accented, and pays it", async () => {
    const player = await signIn();
    await buyCash(player);
    const account_number = accountNumber();
    await completeOnboarding(player, { account_number, holder_name: "Tess Nobody" });
    expect((await withdraw(player, 20)).status).toBe(403);

    const [first, last] = testLegalName(player.userId).split(" ");
    const { done } = await completeOnboarding(player, {
      account_number,
      holder_name: `  ${first!.toUpperCase().replace("E", "É")}   ${last!.toUpperCase()} `,
    });
    expect(done.headers.get("Location")).toBe("/redeem?onboarding=return");
    expect(await status(player)).not.toHaveProperty("payeeNotVerifiedPerson");
    const paid = await withdraw(player, 20);
    expect(paid.status).toBe(200);
    const { redemption } = (await paid.json()) as { redemption: Redemption };
    expect(redemption.status).toBe("paid");
    expect(await sentCount(redemption.id)).toBe(1);
    expect(await vantageCashOf(player)).toBe(4_900 - 2_000);
  });

  it("does not send a redemption that waited for review once its payout account's holder was renamed to someone else", async () => {
    const player = await signIn();
    await buyCash(player);
    const account_number = accountNumber();
    await completeOnboarding(player, { account_number });
    // A new account's first redemption waits for an operator, asked for in the player's own name.
    const redemption = await askedInReview(player);

    // Meanwhile the payout account's holder becomes another person; then the operator approves.
    await completeOnboarding(player, { account_number, holder_name: "Jordan Someone Else" });
    await approveReview(redemption.id);

    // Neither the wallet's own retry nor the history look sends it: it stays pending, held, with nothing sent.
    await ringAlarm(getUserWallet(env, player.userId) as unknown as DurableObjectStub<UserWallet>);
    const after = await eventually(
      async () => (await history(player)).find((r) => r.id === redemption.id)!,
      (r) => r.timeline.some((s) => s.step === "approved"),
    );
    expect(after.status).toBe("pending");
    expect(after.timeline.map((s) => s.step)).toEqual(["requested", "identity-checked", "in-review", "approved"]);
    expect(await sentCount(redemption.id)).toBe(0);
    expect(await vantageCashOf(player)).toBe(4_900 - 2_000);
  });

  it("refuses a player whose verified document showed no readable name, with a sentence that fits them", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    await verifyAs(player, "");
    await buyCash(player);
    await completeOnboarding(player, { account_number: accountNumber() });

    const refused = await withdraw(player, 20);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: "payee-not-verified-person", message: NO_VERIFIED_NAME });
    expect(await vantageCashOf(player)).toBe(4_900);
    expect(await history(player)).toEqual([]);
    // Not a name to change on the payout account: the status does not ask for one.
    expect(await status(player)).not.toHaveProperty("payeeNotVerifiedPerson");
  });

  it("sends the player back to the onboarding page when the holder's name is missing or too long, and offers their name", async () => {
    const player = await signIn(undefined, "Tess Page");
    for (const holder_name of ["", "   ", "x".repeat(101)]) {
      const { path, done } = await completeOnboarding(player, { account_number: accountNumber(), holder_name });
      expect(done.status).toBe(303);
      expect(done.headers.get("Location")).toBe(`${path}?error=name`);
      const page = await (await api(done.headers.get("Location")!)).text();
      expect(page).toContain("Enter the account holder's full legal name (at most 100 characters).");
      expect(page).toContain('name="holder_name" value="Tess Page"');
    }
    expect((await status(player)).payouts_enabled).toBe(false);
  });
});

/** The Express account a faked Stripe answers with, as the test sets it at each call. */
type FakeAccount = {
  id: string;
  bank: { id: string; fingerprint: string; holderName?: string | null };
  /** Bank accounts beside the default one, listed before it. */
  otherBanks?: { id: string; fingerprint: string }[];
  individual: {
    first_name: string | null;
    last_name: string | null;
    /** Where the holder lives, as Express onboarding collects it. */
    address?: { country: string | null; state: string | null };
  };
};

/**
 * Stripe faked at the network edge for one player's Express account (`account()` is read at
 * every call, so a test changes it between withdrawals): the transfers' and payouts'
 * destinations it was asked for, and the player's calls to the Worker with a test Stripe key.
 */
function fakeStripeConnect(player: SignedIn, account: () => FakeAccount) {
  const transfers: string[] = [];
  const payouts: (string | null)[] = [];
  const original = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.hostname !== "api.stripe.com") return original(input, init);
    const { id, bank, otherBanks = [], individual } = account();
    let body: unknown = {
      id,
      object: "account",
      payouts_enabled: true,
      requirements: { currently_due: [] },
      external_accounts: {
        object: "list",
        data: [
          ...otherBanks.map((other) => ({ ...other, object: "bank_account", currency: "usd", default_for_currency: false })),
          {
            id: bank.id,
            object: "bank_account",
            fingerprint: bank.fingerprint,
            currency: "usd",
            default_for_currency: true,
            ...(bank.holderName !== undefined && { account_holder_name: bank.holderName }),
          },
        ],
      },
      individual: { id: `person_${id}`, object: "person", ...individual },
      settings: { payouts: { schedule: { interval: "manual" } } },
    };
    if (url.pathname === "/v1/transfers") {
      transfers.push(new URLSearchParams(String(init?.body)).get("destination")!);
      body = { id: `tr_${transfers.length}`, object: "transfer" };
    } else if (url.pathname === "/v1/payouts") {
      payouts.push(new URLSearchParams(String(init?.body)).get("destination"));
      body = { id: `po_${payouts.length}`, object: "payout" };
    } else if (url.pathname === "/v1/account_links") body = { object: "account_link", url: "https://connect.stripe.com/setup/x" };
    return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json", "Request-Id": "req_1" } });
  });
  const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_vantage", STRIPE_WEBHOOK_SECRET: "whsec_test_vantage" };
  const call = async (path: string, body?: unknown) => {
    const ctx = createExecutionContext();
    const headers = { Authorization: `Bearer ${player.token}`, "Content-Type": "application/json" };
    const init = body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) };
    const res = await createApp().fetch(new Request(`${BASE}${path}`, init), stripeEnv, ctx);
    await waitOnExecutionContext(ctx);
    return res;
  };
  return { transfers, payouts, call };
}

describe("payouts go only to the verified person (Stripe Connect, faked at the network edge)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads the holder's name from the Express account's individual, and pays only once it is the verified person's", async () => {
    const player = await signIn();
    await buyCash(player);
    const [first, last] = testLegalName(player.userId).split(" ");
    let individual: { first_name: string | null; last_name: string | null } = { first_name: "Jordan", last_name: "Else" };
    const { transfers, payouts, call } = fakeStripeConnect(player, () => ({
      id: "acct_payee",
      bank: { id: "ba_payee", fingerprint: `fp_${player.userId}` },
      individual,
    }));

    expect((await call("/api/connect/onboarding-link", {})).status).toBe(200);
    expect(await (await call("/api/connect/status")).json()).toMatchObject({ payeeNotVerifiedPerson: true });
    const refused = await call("/api/withdrawals", { amount: 20 });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: "payee-not-verified-person", message: NAME_DIFFERS });
    // Without a last name Stripe has no full name to compare: refused too.
    individual = { first_name: first!, last_name: null };
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(403);
    expect(transfers).toEqual([]);
    expect(await vantageCashOf(player)).toBe(4_900);

    // The holder's name updated at Stripe to the player's own: read again on the next withdrawal, and paid.
    individual = { first_name: first!.toLowerCase(), last_name: last! };
    const paid = await call("/api/withdrawals", { amount: 20 });
    expect(paid.status).toBe(200);
    expect(transfers).toEqual(["acct_payee"]);
    expect(payouts).toEqual(["ba_payee"]);
  });

  it("pays an Express holder named without the middle name the player's verified document shows, and still refuses another name", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    const [first, last] = testLegalName(player.userId).split(" ");
    await verifyAs(player, `${first} Michael ${last}`);
    await buyCash(player);
    let individual: { first_name: string | null; last_name: string | null } = { first_name: "Jordan", last_name: last! };
    let bankHolder: string | null = null;
    const { transfers, call } = fakeStripeConnect(player, () => ({
      id: "acct_middle_name",
      bank: { id: "ba_middle_name", fingerprint: `fp_middle_${player.userId}`, holderName: bankHolder },
      individual,
    }));

    // Someone else: another first name with the player's last name, or the player's first name with another's.
    expect((await call("/api/connect/onboarding-link", {})).status).toBe(200);
    expect(await errorOf(await call("/api/withdrawals", { amount: 20 }))).toEqual({
      code: "payee-not-verified-person",
      message: NAME_DIFFERS,
    });
    individual = { first_name: first!, last_name: `${last}x` };
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(403);
    expect(transfers).toEqual([]);

    // The player as their bank knows them, without the middle name: paid.
    individual = { first_name: first!, last_name: last! };
    const paid = await call("/api/withdrawals", { amount: 20 });
    expect(paid.status).toBe(200);
    expect(transfers).toEqual(["acct_middle_name"]);
    expect(await (await call("/api/connect/status")).json()).not.toHaveProperty("payeeNotVerifiedPerson");
    const row = await env.DB.prepare("SELECT holder_person_hash FROM payout_accounts WHERE user_id = ?").bind(player.userId).first();
    expect(row).toEqual({ holder_person_hash: expect.stringMatching(/^idt_[0-9a-f]{64}$/) });
    // A bank account held in another name is still refused beside an Express holder that matches.
    bankHolder = `Jordan ${last}`;
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(403);
    bankHolder = `${first} M. ${last}`;
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(200);
    expect(transfers).toHaveLength(2);
  });

  it("reads where the holder lives from the Express individual's address: refuses a Washington address, pays a Texas one and one without a state", async () => {
    const player = await signIn();
    await buyCash(player);
    const [first, last] = testLegalName(player.userId).split(" ");
    let address: { country: string | null; state: string | null } = { country: "US", state: "WA" };
    const { transfers, call } = fakeStripeConnect(player, () => ({
      id: "acct_address",
      bank: { id: "ba_address", fingerprint: `fp_address_${player.userId}` },
      individual: { first_name: first!, last_name: last!, address },
    }));

    expect((await call("/api/connect/onboarding-link", {})).status).toBe(200);
    expect(await (await call("/api/connect/status")).json()).toMatchObject({ payoutAddressNotRedeemable: true });
    const refused = await call("/api/withdrawals", { amount: 20 });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: "payout-address-restricted",
      message: sentenceFor("payout-address-restricted", { region: "US-WA" }),
    });
    expect(transfers).toEqual([]);
    expect(await vantageCashOf(player)).toBe(4_900);

    // Moved to Texas at Stripe: read again on the next withdrawal, and paid.
    address = { country: "us", state: " tx " };
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(200);
    // A US address without its state places nobody: nothing refused on it.
    address = { country: "US", state: null };
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(200);
    expect(transfers).toEqual(["acct_address", "acct_address"]);
    const row = await env.DB.prepare("SELECT holder_region FROM payout_accounts WHERE user_id = ?").bind(player.userId).first();
    expect(row).toEqual({ holder_region: null });
  });

  it("reads a state the Express address spells out by name as that state, and one it cannot read as no state, never as the whole country", async () => {
    const player = await signIn();
    await buyCash(player);
    const [first, last] = testLegalName(player.userId).split(" ");
    let address: { country: string | null; state: string | null } = { country: "US", state: "Washington" };
    const { transfers, call } = fakeStripeConnect(player, () => ({
      id: "acct_state_name",
      bank: { id: "ba_state_name", fingerprint: `fp_state_name_${player.userId}` },
      individual: { first_name: first!, last_name: last!, address },
    }));
    const holderRegion = async () =>
      (await env.DB.prepare("SELECT holder_region FROM payout_accounts WHERE user_id = ?").bind(player.userId).first())?.holder_region;

    expect((await call("/api/connect/onboarding-link", {})).status).toBe(200);
    const refused = await call("/api/withdrawals", { amount: 20 });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({
      code: "payout-address-restricted",
      message: sentenceFor("payout-address-restricted", { region: "US-WA" }),
    });
    expect(await holderRegion()).toBe("US-WA");

    // "Texas" is Texas, not "US" (a place not confirmed, closed to redemptions): paid.
    address = { country: "US", state: "Texas" };
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(200);
    expect(await holderRegion()).toBe("US-TX");
    expect(await (await call("/api/connect/status")).json()).not.toHaveProperty("payoutAddressNotRedeemable");
    // A state it cannot read places nobody: the verified residence governs, and it is paid.
    address = { country: "US", state: "Tex." };
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(200);
    expect(await holderRegion()).toBeNull();
    expect(transfers).toEqual(["acct_state_name", "acct_state_name"]);
    expect(await vantageCashOf(player)).toBe(4_900 - 4_000);
  });

  it("claims only the bank account it pays out to, never another the player listed beside it", async () => {
    const player = await signIn();
    await buyCash(player);
    const [first, last] = testLegalName(player.userId).split(" ");
    const stranger = `fp_stranger_${crypto.randomUUID()}`;
    const { payouts, call } = fakeStripeConnect(player, () => ({
      id: "acct_two_banks",
      bank: { id: "ba_own", fingerprint: `fp_own_${player.userId}` },
      otherBanks: [{ id: "ba_stranger", fingerprint: stranger }],
      individual: { first_name: first!, last_name: last! },
    }));
    expect((await call("/api/connect/onboarding-link", {})).status).toBe(200);
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(200);
    expect(payouts).toEqual(["ba_own"]);
    const claimed = await env.DB.prepare("SELECT fingerprint FROM payout_identities WHERE user_id = ?").bind(player.userId).all();
    expect(claimed.results).toEqual([{ fingerprint: `fp_own_${player.userId}` }]);
  });

  it("claims no other bank account in place of a payout destination Stripe gives no fingerprint", async () => {
    const player = await signIn();
    await buyCash(player);
    const [first, last] = testLegalName(player.userId).split(" ");
    const stranger = `fp_stranger_${crypto.randomUUID()}`;
    const { payouts, call } = fakeStripeConnect(player, () => ({
      id: "acct_unprinted",
      bank: { id: "ba_unprinted", fingerprint: "" },
      otherBanks: [{ id: "ba_stranger", fingerprint: stranger }],
      individual: { first_name: first!, last_name: last! },
    }));
    expect((await call("/api/connect/onboarding-link", {})).status).toBe(200);
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(200);
    expect(payouts).toEqual(["ba_unprinted"]);
    const claimed = await env.DB.prepare("SELECT fingerprint FROM payout_identities WHERE user_id = ?").bind(player.userId).all();
    expect(claimed.results).toEqual([{ fingerprint: "external:ba_unprinted" }]);
  });

  it("reads the name the bank account itself is held in too: an account in the player's name pays out only to a bank account in it", async () => {
    const player = await signIn();
    await buyCash(player);
    const [first, last] = testLegalName(player.userId).split(" ");
    let bankHolder: string | null = "Jordan Else";
    // An honest Express account in the player's own name, with someone else's bank account numbers entered.
    const { transfers, payouts, call } = fakeStripeConnect(player, () => ({
      id: "acct_bank_holder",
      bank: { id: "ba_bank_holder", fingerprint: `fp_holder_${player.userId}`, holderName: bankHolder },
      individual: { first_name: first!, last_name: last! },
    }));

    expect((await call("/api/connect/onboarding-link", {})).status).toBe(200);
    expect(await (await call("/api/connect/status")).json()).toMatchObject({ payeeNotVerifiedPerson: true });
    const refused = await call("/api/withdrawals", { amount: 20 });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({ code: "payee-not-verified-person", message: NAME_DIFFERS });
    // A holder name with no letters to key is no person's either.
    bankHolder = "-";
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(403);
    expect(transfers).toEqual([]);
    expect(await vantageCashOf(player)).toBe(4_900);
    const claims = await env.DB.prepare("SELECT COUNT(*) AS n FROM payout_identities WHERE user_id = ?").bind(player.userId).first();
    expect(claims).toEqual({ n: 0 });

    // The bank account in the player's own name: paid, to it.
    bankHolder = `${first!.toUpperCase()} ${last}`;
    const paid = await call("/api/withdrawals", { amount: 20 });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { redemption: Redemption }).redemption.status).toBe("paid");
    expect(transfers).toEqual(["acct_bank_holder"]);
    expect(payouts).toEqual(["ba_bank_holder"]);
    // Stripe naming no holder for the bank account: the Express individual's name is the one checked.
    bankHolder = null;
    expect((await call("/api/withdrawals", { amount: 20 })).status).toBe(200);
    expect(transfers).toHaveLength(2);
  });
});
