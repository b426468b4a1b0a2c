// Payouts that never pay twice, with Stripe faked at the network edge as a
// small stateful Stripe: transfers and connected accounts' payouts it created, idempotency
// keys it remembers for 24 h, and answers that can be lost after the transfer was made. A
// lost answer, a retry after the key's 24 h window and concurrent retries must all end with
// exactly one transfer and one payout to the bank account checked; a payout to the bank that
// did not start is retried without a second transfer; a payout made whose answer was lost is
// adopted by the next retry; a transfer made before the account's payouts were manual is not
// paid out again (its automatic schedule did); and a payout left unknown is retried by the
// wallet's alarm without the player looking.
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Redemption } from "../../src/shared/schemas/redemptions";
import type { PaymentsProvider } from "../../worker/payments/payments-provider";
import { insertPayoutAccount, type PayoutAccountRow } from "../../worker/payments/payout-accounts";
import { freshPayoutAccount } from "../../worker/payments/payout-destination";
import { AUTOMATIC_PAYOUT_NOTE, type Payouts } from "../../worker/payments/payout-port";
import { getDb } from "../../worker/db/database";
import { holderPersonHash } from "../../worker/payments/payout-payee";
import { listRedemptionsWithRetry, submitRedemption } from "../../worker/payments/redemption-service";
import { createStripeProvider } from "../../worker/payments/stripe-provider";
import { tunables } from "../../worker/tunables";
import { getUserWallet } from "../../worker/user-wallet";
import { api, postJson, signIn, type SignedIn, testLegalName } from "./helpers";

const HOUR = 3_600_000;

type FakeTransfer = {
  id: string;
  object: "transfer";
  created: number;
  amount: number;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
};
type FakePayout = {
  id: string;
  object: "payout";
  created: number;
  amount: number;
  destination: string;
  account: string;
  status: "pending" | "paid";
  metadata: Record<string, string>;
};
/** A connected account as GET /v1/accounts/:id answers it, on the payout schedule `interval`. */
type FakeAccount = { id: string; fingerprint: string; interval: string; holder: string };
type Call = { method: string; path: string; key: string | null; transferGroup: string | null; account: string | null };

/**
 * api.stripe.com's transfers and connected accounts' payouts, with idempotency keys kept 24 h
 * of the fake clock (a key sent again with other parameters is refused, as Stripe does), and
 * the connected accounts put in `accounts`.
 */
function fakeStripe(clock: { now: number }) {
  const transfers: FakeTransfer[] = [];
  const payouts: FakePayout[] = [];
  const keys = new Map<string, { at: number; transfer: FakeTransfer }>();
  const payoutKeys = new Map<string, { at: number; payout: FakePayout }>();
  const calls: Call[] = [];
  const accounts = new Map<string, FakeAccount>();
  const state = { loseAnswers: false, failBeforeCreating: false, payoutsFailBeforeCreating: false, losePayoutAnswers: false };
  const original = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    if (url.origin !== "https://api.stripe.com") return original(input, init);
    const headers = new Headers(init?.headers);
    const method = init?.method ?? "GET";
    const form = new URLSearchParams(typeof init?.body === "string" ? init.body : "");
    const key = headers.get("Idempotency-Key");
    const account = headers.get("Stripe-Account");
    const transferGroup = form.get("transfer_group") ?? url.searchParams.get("transfer_group");
    calls.push({ method, path: url.pathname, key, transferGroup, account });
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json", "Request-Id": "req_fake" } });
    if (method === "POST" && url.pathname === "/v1/transfers") {
      if (state.failBeforeCreating) throw new TypeError("network connection lost");
      const remembered = key ? keys.get(key) : undefined;
      let transfer = remembered && clock.now - remembered.at < 24 * HOUR ? remembered.transfer : undefined;
      if (!transfer) {
        transfer = {
          id: `tr_fake_${transfers.length + 1}`,
          object: "transfer",
          created: Math.floor(clock.now / 1000),
          amount: Number(form.get("amount")),
          destination: form.get("destination") ?? "",
          transfer_group: form.get("transfer_group"),
          metadata: { redemptionId: form.get("metadata[redemptionId]") ?? "", userId: form.get("metadata[userId]") ?? "" },
        };
        transfers.push(transfer);
        if (key) keys.set(key, { at: clock.now, transfer });
      }
      if (state.loseAnswers) throw new TypeError("network connection lost");
      return json(transfer);
    }
    if (method === "GET" && url.pathname === "/v1/transfers") {
      const group = url.searchParams.get("transfer_group");
      return json({ object: "list", url: "/v1/transfers", has_more: false, data: transfers.filter((t) => t.transfer_group === group) });
    }
    // A connected account's payout to its bank: made on that account (Stripe-Account), to the destination named.
    if (method === "POST" && url.pathname === "/v1/payouts") {
      if (state.payoutsFailBeforeCreating) throw new TypeError("network connection lost");
      const remembered = key ? payoutKeys.get(key) : undefined;
      let payout = remembered && clock.now - remembered.at < 24 * HOUR ? remembered.payout : undefined;
      if (payout && (payout.destination !== form.get("destination") || payout.amount !== Number(form.get("amount")))) {
        const message = "Keys for idempotent requests can only be used with the same parameters they were first used with.";
        return new Response(JSON.stringify({ error: { type: "idempotency_error", message } }), { status: 400 });
      }
      if (!payout) {
        payout = {
          id: `po_fake_${payouts.length + 1}`,
          object: "payout",
          created: Math.floor(clock.now / 1000),
          amount: Number(form.get("amount")),
          destination: form.get("destination") ?? "(the account's default)",
          account: account ?? "(the platform)",
          status: "pending",
          metadata: { redemptionId: form.get("metadata[redemptionId]") ?? "", userId: form.get("metadata[userId]") ?? "" },
        };
        payouts.push(payout);
        if (key) payoutKeys.set(key, { at: clock.now, payout });
      }
      if (state.losePayoutAnswers) throw new TypeError("network connection lost");
      return json(payout);
    }
    if (method === "GET" && url.pathname === "/v1/payouts") {
      return json({ object: "list", url: "/v1/payouts", has_more: false, data: payouts.filter((p) => p.account === account) });
    }
    const connected = url.pathname.startsWith("/v1/accounts/") ? accounts.get(url.pathname.slice("/v1/accounts/".length)) : undefined;
    if (connected) {
      const interval = form.get("settings[payouts][schedule][interval]");
      if (method === "POST" && interval) connected.interval = interval;
      return json({
        id: connected.id,
        object: "account",
        payouts_enabled: true,
        requirements: { currently_due: [] },
        external_accounts: {
          object: "list",
          data: [
            { id: "ba_dest", object: "bank_account", fingerprint: connected.fingerprint, currency: "usd", default_for_currency: true },
          ],
        },
        individual: {
          id: `person_${connected.id}`,
          object: "person",
          first_name: connected.holder.split(" ")[0],
          last_name: connected.holder.split(" ").slice(1).join(" "),
        },
        settings: { payouts: { schedule: { interval: connected.interval } } },
      });
    }
    return new Response(JSON.stringify({ error: { type: "invalid_request_error", message: "unexpected call" } }), { status: 404 });
  });
  return {
    transfers,
    payouts,
    accounts,
    calls,
    state,
    creates: () => calls.filter((c) => c.method === "POST" && c.path === "/v1/transfers"),
    lists: () => calls.filter((c) => c.method === "GET" && c.path === "/v1/transfers"),
    payoutCreates: () => calls.filter((c) => c.method === "POST" && c.path === "/v1/payouts"),
    payoutLists: () => calls.filter((c) => c.method === "GET" && c.path === "/v1/payouts"),
  };
}

async function playerWithCash(sessionId: string): Promise<SignedIn> {
  const player = await signIn();
  const res = await getUserWallet(env, player.userId).creditPurchase(
    player.userId,
    { checkoutSessionId: sessionId, amountCents: 4999, cashPlaythrough: 0 },
    Date.now(),
  );
  expect(res.ok).toBe(true);
  return player;
}

const provider = () => createStripeProvider("sk_test_vantage");

/**
 * The player's Connect account as a fresh read gives it: held in their verified name, paying
 * out to its bank account `ba_dest`, whose fingerprint nobody else holds.
 */
async function checkedAccount(player: SignedIn, overrides: Partial<PayoutAccountRow> = {}): Promise<PayoutAccountRow> {
  const now = Date.now();
  return {
    userId: player.userId,
    provider: "stripe",
    accountId: "acct_dest",
    payoutsEnabled: true,
    currentlyDueJson: "[]",
    createdAt: now,
    updatedAt: now,
    destinationFingerprintsJson: JSON.stringify([`fp_dest_${player.userId}`]),
    holderPersonHash: await holderPersonHash(env, player.userId, testLegalName(player.userId), now),
    simHolderName: null,
    payoutDestination: "ba_dest",
    destinationHolderPersonHash: null,
    manualSince: now - 30 * 24 * HOUR,
    holderRegion: "US-TX",
    ...overrides,
  };
}

const history = (player: SignedIn, payouts: Payouts, now: number, account: Partial<PayoutAccountRow> = {}) =>
  listRedemptionsWithRetry(
    env,
    payouts,
    { userId: player.userId, accountId: "acct_dest", destination: () => checkedAccount(player, account) },
    () => now,
  );

/**
 * Stripe's SDK retries a lost request itself, after waiting 0.5–1 s each time; with
 * fake timers that move on to the next timer whenever nothing else is running, those
 * waits pass at once and the retries still happen, in order.
 */
function retryWaitsPassAtOnce(): void {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.setTimerTickMode("nextTimerAsync");
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a transfer whose answer is lost (Stripe faked at the network edge)", () => {
  beforeEach(retryWaitsPassAtOnce);

  it("a retry within 24 h looks for the transfer first and adopts it: one transfer, carried by the redemption's transfer group", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_never_1");
    stripe.state.loseAnswers = true;
    const operatorLog = { ...env, LOG_LEVEL: "warn" }; // silent elsewhere in this file
    const first = await submitRedemption(
      operatorLog,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_000,
        redemptionId: "rd_lost_a",
      },
      t0,
    );
    expect(first.status).toBe("pending");
    expect(stripe.transfers).toHaveLength(1);
    expect(warn).toHaveBeenCalledWith("payout outcome unknown; will retry", "rd_lost_a", expect.any(String));

    stripe.state.loseAnswers = false;
    clock.now = t0 + 5 * 60_000;
    const [after] = await history(player, provider(), clock.now);
    expect(after).toMatchObject({ id: "rd_lost_a", status: "paid", payoutReference: "tr_fake_1" });
    expect(stripe.transfers).toHaveLength(1);
    expect(new Set(stripe.creates().map((c) => c.key))).toEqual(new Set([`redemption-${player.userId}-rd_lost_a`]));
    expect(new Set(stripe.creates().map((c) => c.transferGroup))).toEqual(new Set(["rd_lost_a"]));
    expect(stripe.lists().map((c) => c.transferGroup)).toEqual(["rd_lost_a"]);
    warn.mockRestore();
  });

  it("after the key's 24 h window, lists the redemption's transfers first and adopts the one it finds", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_never_2");
    stripe.state.loseAnswers = true;
    await submitRedemption(
      env,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_000,
        redemptionId: "rd_lost_b",
      },
      t0,
    );
    const createsBefore = stripe.creates().length;
    stripe.state.loseAnswers = false;

    clock.now = t0 + 25 * HOUR;
    const [after] = await history(player, provider(), clock.now);
    expect(after).toMatchObject({ status: "paid", payoutReference: "tr_fake_1" });
    expect(stripe.lists().map((c) => c.transferGroup)).toEqual(["rd_lost_b"]);
    expect(stripe.creates().length, "nothing sent after the window: the old key would no longer protect it").toBe(createsBefore);
    expect(stripe.transfers).toHaveLength(1);
    expect(await cashOf(player)).toBe(2_900);
  });

  it("after the window, a retry stopped before it looked is followed by one that looks: still one transfer", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_never_keys");
    stripe.state.loseAnswers = true;
    const first = await submitRedemption(
      env,
      provider(),
      { userId: player.userId, accountId: "acct_dest", account: () => checkedAccount(player), amountCents: 2_000, redemptionId: "rd_keys" },
      t0,
    );
    expect(first.status).toBe("pending");
    expect(stripe.transfers).toHaveLength(1);
    stripe.state.loseAnswers = false;

    // A day and an hour on, the first retry switches to a fresh key but stops before it looks:
    // the payout account cannot receive payouts just then.
    clock.now = t0 + 25 * HOUR;
    const [stopped] = await history(player, provider(), clock.now, { payoutsEnabled: false });
    expect(stopped).toMatchObject({ status: "pending" });
    expect(stripe.lists()).toEqual([]);

    // The next retry, under that fresh key, looks before it sends and adopts the first transfer.
    clock.now = t0 + 25 * HOUR + 10 * 60_000;
    const [after] = await history(player, provider(), clock.now);
    expect(after).toMatchObject({ status: "paid", payoutReference: "tr_fake_1" });
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.lists().map((c) => c.transferGroup)).toEqual(["rd_keys"]);
  });

  it("after the window, adopts only a transfer of this redemption, player and destination", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_never_foreign");
    stripe.state.failBeforeCreating = true;
    await submitRedemption(
      env,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_000,
        redemptionId: "rd_shared_group",
      },
      t0,
    );
    stripe.state.failBeforeCreating = false;
    // Transfers in the same group that are not this player's own: another player's (an id
    // once taken from a client key), and one of this redemption sent elsewhere.
    const foreign = (id: string, destination: string, userId: string) => ({
      id,
      object: "transfer" as const,
      created: Math.floor(t0 / 1000),
      amount: 2_000,
      destination,
      transfer_group: "rd_shared_group",
      metadata: { redemptionId: "rd_shared_group", userId },
    });
    stripe.transfers.push(foreign("tr_other_player", "acct_other", "someone-else"), foreign("tr_elsewhere", "acct_other", player.userId));

    clock.now = t0 + 25 * HOUR;
    const [after] = await history(player, provider(), clock.now);
    expect(after).toMatchObject({ id: "rd_shared_group", status: "paid", payoutReference: "tr_fake_3" });
    expect(stripe.lists().map((c) => c.transferGroup)).toEqual(["rd_shared_group"]);
    expect(stripe.transfers.at(-1)).toMatchObject({ destination: "acct_dest", metadata: { userId: player.userId } });
  });

  it("after the window, sends under a fresh key when the first request never reached Stripe", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_never_3");
    stripe.state.failBeforeCreating = true;
    await submitRedemption(
      env,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_500,
        redemptionId: "rd_lost_c",
      },
      t0,
    );
    expect(stripe.transfers).toHaveLength(0);
    stripe.state.failBeforeCreating = false;
    clock.now = t0 + 30 * HOUR;
    const [after] = await history(player, provider(), clock.now);
    expect(after).toMatchObject({ status: "paid", payoutReference: "tr_fake_1" });
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.creates().at(-1)!.key).toBe(`redemption-${player.userId}-rd_lost_c-2`);
  });

  it("two concurrent retries (and the wallet's own) send one transfer, within the window and after it", async () => {
    for (const [label, later] of [
      ["within 24 h", 10 * 60_000],
      ["after 24 h", 26 * HOUR],
    ] as const) {
      const t0 = Date.now();
      const clock = { now: t0 };
      vi.unstubAllGlobals();
      const stripe = fakeStripe(clock);
      const player = await playerWithCash(`cs_never_4_${later}`);
      const redemptionId = `rd_race_${later}`;
      stripe.state.loseAnswers = true;
      await submitRedemption(
        env,
        provider(),
        { userId: player.userId, accountId: "acct_dest", account: () => checkedAccount(player), amountCents: 2_000, redemptionId },
        t0,
      );
      stripe.state.loseAnswers = false;
      const createsBefore = stripe.creates().length;

      clock.now = t0 + later;
      await Promise.all([
        history(player, provider(), clock.now),
        history(player, provider(), clock.now),
        history(player, provider(), clock.now),
      ]);
      const [after] = await getUserWallet(env, player.userId).listRedemptions(player.userId, clock.now);
      expect(after, label).toMatchObject({ id: redemptionId, status: "paid", payoutReference: "tr_fake_1" });
      expect(stripe.transfers, label).toHaveLength(1);
      expect(stripe.creates().length + stripe.lists().length - createsBefore, `${label}: one retry reached Stripe`).toBe(1);
    }
  });
});

describe("a payout to the bank that did not start (Stripe faked at the network edge)", () => {
  beforeEach(retryWaitsPassAtOnce);

  it("is tried again later under the same key, to the bank account checked, from the one transfer", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_bank_1");
    stripe.state.payoutsFailBeforeCreating = true;
    const first = await submitRedemption(
      env,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_000,
        redemptionId: "rd_bank_a",
      },
      t0,
    );
    // The transfer went; the payout from the connected account to the bank did not: it waits, and says so.
    expect(first).toMatchObject({ id: "rd_bank_a", status: "pending" });
    expect(first.timeline.map((s) => s.step)).toEqual(["requested", "identity-checked", "sent"]);
    expect(first.next).toMatch(/tried again automatically/);
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.payouts).toEqual([]);

    stripe.state.payoutsFailBeforeCreating = false;
    clock.now = t0 + 5 * 60_000;
    const [after] = await history(player, provider(), clock.now);
    expect(after).toMatchObject({ id: "rd_bank_a", status: "paid", payoutReference: "tr_fake_1" });
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.payouts).toEqual([
      expect.objectContaining({
        amount: 2_000,
        account: "acct_dest",
        destination: "ba_dest",
        metadata: { redemptionId: "rd_bank_a", userId: player.userId },
      }),
    ]);
    expect(new Set(stripe.payoutCreates().map((c) => c.key))).toEqual(new Set([`redemption-${player.userId}-rd_bank_a-bank`]));
    // The retry looked for a payout made already (none was) before making it.
    expect(stripe.payoutLists().map((c) => c.account)).toEqual(["acct_dest"]);
    warn.mockRestore();
  });

  it("after the key's 24 h window, lists the account's payouts first and adopts the one it finds", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_bank_2");
    // The payout is made, but its answer is lost: the wallet cannot know it was.
    stripe.state.losePayoutAnswers = true;
    const first = await submitRedemption(
      env,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_000,
        redemptionId: "rd_bank_b",
      },
      t0,
    );
    expect(first.status).toBe("pending");
    expect(stripe.payouts).toHaveLength(1);
    stripe.state.losePayoutAnswers = false;
    const payoutsBefore = stripe.payoutCreates().length;

    clock.now = t0 + 25 * HOUR;
    const [after] = await history(player, provider(), clock.now);
    expect(after).toMatchObject({ id: "rd_bank_b", status: "paid", payoutReference: "tr_fake_1" });
    expect(stripe.payoutLists().map((c) => c.account)).toEqual(["acct_dest"]);
    expect(stripe.payoutCreates().length, "nothing paid out after the window: the old key would no longer protect it").toBe(payoutsBefore);
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.payouts).toHaveLength(1);
  });
});

describe("a retry after a payout to the bank whose answer was lost (Stripe faked at the network edge)", () => {
  beforeEach(retryWaitsPassAtOnce);

  it("adopts the payout made, within the key's window too, even when the bank account checked has changed since", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_bank_lost_moved");
    stripe.state.losePayoutAnswers = true;
    const first = await submitRedemption(
      env,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_000,
        redemptionId: "rd_bank_moved",
      },
      t0,
    );
    expect(first.status).toBe("pending");
    expect(stripe.payouts).toMatchObject([{ destination: "ba_dest", metadata: { redemptionId: "rd_bank_moved" } }]);
    stripe.state.losePayoutAnswers = false;
    const createsBefore = stripe.payoutCreates().length;

    // The player's payout account now pays out to another bank account of their own: the
    // payout's key, sent again, would name it and be refused; the payout made is adopted instead.
    clock.now = t0 + 5 * 60_000;
    const [after] = await history(player, provider(), clock.now, { payoutDestination: "ba_moved" });
    expect(after).toMatchObject({ id: "rd_bank_moved", status: "paid", payoutReference: "tr_fake_1" });
    expect(stripe.payouts).toHaveLength(1);
    expect(stripe.payoutCreates().length, "looked for, not made again").toBe(createsBefore);
    expect(stripe.payoutLists().map((c) => c.account)).toEqual(["acct_dest"]);
    expect(stripe.transfers).toHaveLength(1);
  });
});

describe("a transfer made before the account's payouts were manual (Stripe faked at the network edge)", () => {
  beforeEach(retryWaitsPassAtOnce);

  /** The automatic payout that carried the account's balance (no metadata: Stripe made it on its schedule). */
  const automaticPayout = (at: number) => ({
    id: "po_automatic",
    object: "payout" as const,
    created: Math.floor(at / 1000),
    amount: 2_000,
    destination: "ba_dest",
    account: "acct_dest",
    status: "paid" as const,
    metadata: {},
  });

  it("answered again under its key after the switch: paid, with no second payout of its money", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_before_manual_key");
    stripe.state.loseAnswers = true;
    await submitRedemption(
      env,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_000,
        redemptionId: "rd_before_key",
      },
      t0,
    );
    expect(stripe.transfers).toHaveLength(1);
    stripe.state.loseAnswers = false;
    // Its automatic payout went; then the account was switched to manual.
    stripe.payouts.push(automaticPayout(t0 + 60_000));

    clock.now = t0 + 10 * 60_000;
    const [after] = await history(player, provider(), clock.now, { manualSince: t0 + 3 * 60_000 });
    expect(after).toMatchObject({ id: "rd_before_key", status: "paid", payoutReference: "tr_fake_1" });
    expect(after!.timeline.find((s) => s.step === "sent")?.note).toBe(AUTOMATIC_PAYOUT_NOTE);
    expect(stripe.payoutCreates()).toEqual([]);
    expect(stripe.payouts.map((p) => p.id)).toEqual(["po_automatic"]);
    expect(stripe.transfers).toHaveLength(1);
  });

  it("adopted from the listing once the account is read and switched: paid, with no payout made", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_before_manual_list");
    // An account from before payouts were manual, on a daily schedule: its row knows no time they became so.
    const fingerprint = `fp_dest_${player.userId}`;
    stripe.accounts.set("acct_dest", { id: "acct_dest", fingerprint, interval: "daily", holder: testLegalName(player.userId) });
    await insertPayoutAccount(getDb(env), {
      userId: player.userId,
      provider: "stripe",
      state: {
        accountId: "acct_dest",
        payoutsEnabled: true,
        currentlyDue: [],
        destinationFingerprints: [fingerprint],
        holderName: null,
        holderRegion: null,
        payoutDestination: "ba_dest",
        destinationHolderName: null,
        manualPayouts: "already",
      },
      keys: { holderPersonHash: null, destinationHolderPersonHash: null },
      now: t0,
    });
    const manualSince = async () =>
      (await env.DB.prepare("SELECT manual_since FROM payout_accounts WHERE user_id = ?").bind(player.userId).first())?.manual_since;
    expect(await manualSince()).toBeNull();

    // Its transfer went before the deploy; the answer was lost, and the payout was then held.
    stripe.state.loseAnswers = true;
    await submitRedemption(
      env,
      provider(),
      { userId: player.userId, accountId: "acct_dest", destination: "ba_dest", amountCents: 2_000, redemptionId: "rd_before_list" },
      t0,
    );
    stripe.state.loseAnswers = false;
    stripe.payouts.push(automaticPayout(t0 + HOUR));

    // A day on, the look reads the account (switching it to manual) and lists the transfers.
    clock.now = t0 + 25 * HOUR;
    const [after] = await listRedemptionsWithRetry(
      env,
      provider(),
      { userId: player.userId, accountId: "acct_dest", destination: () => freshPayoutAccount(env, provider(), player.userId, clock.now) },
      () => clock.now,
    );
    expect(stripe.accounts.get("acct_dest")!.interval).toBe("manual");
    expect(await manualSince()).toBe(clock.now);
    expect(after).toMatchObject({ id: "rd_before_list", status: "paid", payoutReference: "tr_fake_1" });
    expect(after!.timeline.find((s) => s.step === "sent")?.note).toBe(AUTOMATIC_PAYOUT_NOTE);
    expect(stripe.lists().map((c) => c.transferGroup)).toEqual(["rd_before_list"]);
    expect(stripe.payoutCreates()).toEqual([]);
    expect(stripe.transfers).toHaveLength(1);

    // A redemption asked for after the switch is paid out to the bank by Vantage, once.
    clock.now += 60_000;
    const account = () => freshPayoutAccount(env, provider(), player.userId, clock.now);
    const next = await submitRedemption(
      env,
      provider(),
      { userId: player.userId, accountId: "acct_dest", account, amountCents: 2_000, redemptionId: "rd_after_switch" },
      clock.now,
    );
    expect(next).toMatchObject({ id: "rd_after_switch", status: "paid", payoutReference: "tr_fake_2" });
    expect(stripe.payouts.filter((p) => p.metadata.redemptionId === "rd_after_switch")).toMatchObject([{ destination: "ba_dest" }]);
    expect(await manualSince()).toBe(clock.now - 60_000);
  });
});

describe("a payout account whose payouts are not enabled (Stripe faked at the network edge)", () => {
  beforeEach(retryWaitsPassAtOnce);

  it("sends nothing, claims nothing and keeps the redemption pending until they are", async () => {
    const t0 = Date.now();
    const clock = { now: t0 };
    const stripe = fakeStripe(clock);
    const player = await playerWithCash("cs_payouts_disabled");
    const claims = () => env.DB.prepare("SELECT COUNT(*) AS n FROM payout_identities WHERE user_id = ?").bind(player.userId).first();
    // Stripe disabled the account's payouts after the request's checks (a requirement came due).
    const disabled = await submitRedemption(
      env,
      provider(),
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player, { payoutsEnabled: false }),
        amountCents: 2_000,
        redemptionId: "rd_disabled",
      },
      t0,
    );
    expect(disabled).toMatchObject({ id: "rd_disabled", status: "pending" });
    expect(stripe.creates()).toEqual([]);
    expect(await claims()).toEqual({ n: 0 });
    expect(await cashOf(player)).toBe(2_900);

    // Enabled again: the next look sends it, once, and claims the bank account then.
    clock.now = t0 + 10 * 60_000;
    const [after] = await history(player, provider(), clock.now);
    expect(after).toMatchObject({ id: "rd_disabled", status: "paid", payoutReference: "tr_fake_1" });
    expect(stripe.transfers).toHaveLength(1);
    expect(stripe.payouts).toHaveLength(1);
    expect(await claims()).toEqual({ n: 1 });
  });
});

describe("one look at the history that retries several payouts", () => {
  it("judges each attempt when it begins: a slow transfer before it leaves its lease running, so no other look sends it again", async () => {
    const lease = tunables(env).PAYOUT_ATTEMPT_LEASE_MS;
    const player = await playerWithCash("cs_never_slow");
    const lost: Pick<PaymentsProvider, "transfer" | "findTransfer"> = {
      transfer: async () => ({ ok: false, definitive: false, reason: "answer lost" }),
      findTransfer: async () => null,
    };
    const t0 = Date.now();
    for (const redemptionId of ["rd_slow_a", "rd_slow_b"]) {
      await submitRedemption(
        env,
        lost,
        { userId: player.userId, accountId: "acct_dest", account: () => checkedAccount(player), amountCents: 2_000, redemptionId },
        t0,
      );
    }

    const clock = { now: t0 + 10 * 60_000 };
    const sent: string[] = [];
    const look = () => listRedemptionsWithRetry(env, slow, { userId: player.userId, accountId: "acct_dest" }, () => clock.now);
    const slow: Pick<PaymentsProvider, "transfer" | "findTransfer"> = {
      async transfer(input) {
        sent.push(input.redemptionId);
        // The look's first transfer takes longer than a lease; while its second is in
        // flight, the player opens the history again and that look runs to its end.
        if (sent.length === 1) clock.now += lease + 60_000;
        else if (sent.length === 2) await look();
        return { ok: true, transferId: `tr_${input.redemptionId}_${sent.length}` };
      },
      findTransfer: async () => null,
    };
    await look();
    expect(sent).toHaveLength(2);
    expect(new Set(sent)).toEqual(new Set(["rd_slow_a", "rd_slow_b"]));
    const after = await getUserWallet(env, player.userId).listRedemptions(player.userId, clock.now);
    expect(after.map((r) => r.status)).toEqual(["paid", "paid"]);
  });
});

describe("a slow transfer whose outcome is unknown", () => {
  it("waits the whole retry delay from when its answer came, not from when it began", async () => {
    const { PAYOUT_RETRY_AFTER_MS: retryAfter, PAYOUT_RETRY_MAX_MS: retryMax } = tunables(env);
    // The second attempt's failure waits twice the first delay (doubling, capped).
    const secondWait = Math.min(retryMax, retryAfter * 2);
    const player = await playerWithCash("cs_never_slow_unknown");
    const lost: Pick<PaymentsProvider, "transfer" | "findTransfer"> = {
      transfer: async () => ({ ok: false, definitive: false, reason: "answer lost" }),
      findTransfer: async () => null,
    };
    const t0 = Date.now();
    await submitRedemption(
      env,
      lost,
      {
        userId: player.userId,
        accountId: "acct_dest",
        account: () => checkedAccount(player),
        amountCents: 2_000,
        redemptionId: "rd_slow_unknown",
      },
      t0,
    );
    const clock = { now: t0 + retryAfter };
    const sent: number[] = [];
    const slowLost: Pick<PaymentsProvider, "transfer" | "findTransfer"> = {
      async transfer() {
        sent.push(clock.now);
        clock.now += 10 * 60_000; // its answer (lost again) comes ten minutes later
        return { ok: false, definitive: false, reason: "answer lost" };
      },
      findTransfer: async () => null,
    };
    const look = () => listRedemptionsWithRetry(env, slowLost, { userId: player.userId, accountId: "acct_dest" }, () => clock.now);
    await look();
    expect(sent).toHaveLength(1);
    // Just short of the retry delay after the answer: not yet.
    clock.now += secondWait - 1_000;
    await look();
    expect(sent).toHaveLength(1);
    clock.now += 2_000;
    await look();
    expect(sent).toHaveLength(2);
  });
});

async function cashOf(player: SignedIn): Promise<number> {
  return ((await (await api("/api/me", { token: player.token })).json()) as { vantageCash: number }).vantageCash;
}

describe("background retry", () => {
  it("the wallet's alarm retries a payout left unknown, without the player opening the history", async () => {
    const player = await playerWithCash("cs_alarm_1");
    const link = (await (await postJson("/api/connect/onboarding-link", {}, player.token)).json()) as { url: string };
    const form = new URLSearchParams({
      holder_name: testLegalName(player.userId),
      routing_number: "110000000",
      account_number: `${Date.now() % 1e9}${Math.floor(Math.random() * 1e6)}`,
    });
    const done = await api(`${new URL(link.url).pathname}/complete`, {
      method: "POST",
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    const accountId = new URL(link.url).pathname.split("/").pop()!;

    // The request's own attempt is lost (it ran over a minute ago, so its retry is due now).
    const lost = { transfer: async () => Promise.reject(new Error("network down")), findTransfer: async () => null };
    const pending = await submitRedemption(
      env,
      lost,
      { userId: player.userId, accountId, amountCents: 2_000, redemptionId: "rd_alarm_1" },
      Date.now() - 2 * 60_000,
    );
    expect(pending.status).toBe("pending");
    // Nobody looks at the history: the alarm armed by the lost attempt pays it.
    const stub = getUserWallet(env, player.userId);
    await expect.poll(async () => (await stub.listRedemptions(player.userId, Date.now()))[0]?.status, { timeout: 10_000 }).toBe("paid");
    const [after] = await stub.listRedemptions(player.userId, Date.now());
    expect(after).toMatchObject<Partial<Redemption>>({ id: "rd_alarm_1", status: "paid", payoutReference: "tr_sim_rd_alarm_1" });
    expect(await cashOf(player)).toBe(2_900);
  });
});
