import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECEIPT_FORMAT } from "../../src/shared/schemas/receipts";
import { authValue, harness, player, resetHarness, walletValue } from "./wallet-money-harness";

vi.mock("../../src/session/auth-provider", () => ({ useAuth: () => authValue(), useApi: () => authValue().api }));
vi.mock("../../src/session/wallet-provider", () => ({ useWallet: () => walletValue() }));
vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: (url: string) => harness.redirectTo(url), reloadPage: () => undefined }));

const { RedeemPage, sanitizeAmount } = await import("../../src/features/redeem/components/redeem-page");
const { RedeemRoute } = await import("../../src/app/routes/redeem-route");

const enabledStatus = { payouts_enabled: true, hasAccount: true, requirements: { currently_due: [] } };
const paidRedemption = {
  id: "rd_1",
  amountCents: 2500,
  status: "paid",
  failureReason: null,
  payoutReference: "tr_1",
  createdAt: 1,
  updatedAt: 1,
  timeline: [
    { step: "requested", at: 1, note: null },
    { step: "sent", at: 1, note: null },
    { step: "paid", at: 1, note: null },
  ],
  hold: null,
  next: null,
};

/** Another redemption, not (yet) paid: `paidRedemption` with its own id and no payout reference. */
const unpaidRedemption = (id: string, fields: Record<string, unknown>) => ({ ...paidRedemption, id, payoutReference: null, ...fields });

function renderRedeem() {
  // In a router: the page links free entry and the sweepstakes rules.
  render(
    <MemoryRouter>
      <RedeemPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const submitButton = () => screen.getByRole("button", { name: /Request redemption|Submitting/ }) as HTMLButtonElement;
const amountInput = () => screen.getByLabelText(/Amount/) as HTMLInputElement;

describe("/redeem", () => {
  beforeEach(() => {
    resetHarness();
    harness.replies.set("GET /api/withdrawals", { body: { redemptions: [] } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("offers onboarding with the fields still due, and leaves for the onboarding page", async () => {
    harness.user = player({ vantageCash: 5_000 });
    harness.replies.set("GET /api/connect/status", {
      body: { payouts_enabled: false, hasAccount: true, requirements: { currently_due: ["external_account", "individual.dob.day"] } },
    });
    harness.replies.set("POST /api/connect/create-or-link", { body: enabledStatus });
    harness.replies.set("POST /api/connect/onboarding-link", { body: { url: "https://connect.example/onboard" } });
    const user = renderRedeem();
    expect(await screen.findByText("Action needed: external_account, individual.dob.day")).toBeTruthy();
    await user.type(amountInput(), "25");
    expect(submitButton().disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Continue onboarding" }));
    await waitFor(() => expect(harness.redirectTo).toHaveBeenCalledWith("https://connect.example/onboard"));
  });

  it("states the minimum as the spec does, '$20', and keeps 19.99 from being sent", async () => {
    harness.user = player({ vantageCash: 5_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const user = renderRedeem();
    expect(screen.getByLabelText("Amount (minimum $20)")).toBe(amountInput());
    await waitFor(() => expect(screen.queryByText("Finish onboarding to enable payouts.")).toBeNull());
    await user.type(amountInput(), "19.99");
    expect(submitButton().disabled).toBe(true);
    await user.clear(amountInput());
    await user.type(amountInput(), "20");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it("says 'Finish onboarding to enable payouts.' when nothing specific is due", async () => {
    harness.user = player();
    harness.replies.set("GET /api/connect/status", {
      body: { payouts_enabled: false, hasAccount: false, requirements: { currently_due: [] } },
    });
    renderRedeem();
    expect(await screen.findByText("Finish onboarding to enable payouts.")).toBeTruthy();
  });

  it("says the payout account's address is where Vantage Cash is not redeemable, keeps the request from being sent, and offers to update it", async () => {
    harness.user = player({ vantageCash: 5_000 });
    harness.replies.set("GET /api/connect/status", { body: { ...enabledStatus, payoutAddressNotRedeemable: true } });
    harness.replies.set("POST /api/connect/create-or-link", { body: enabledStatus });
    harness.replies.set("POST /api/connect/onboarding-link", { body: { url: "https://connect.example/update" } });
    const user = renderRedeem();
    expect(await screen.findByText(/Vantage Cash is not redeemable where your payout account's address is/)).toBeTruthy();
    expect(screen.getByText(/one already asked for comes back to your balance/)).toBeTruthy();
    await user.type(amountInput(), "25");
    expect(submitButton().disabled).toBe(true);
    // The account is set up: what it needs is an update, not onboarding.
    expect(screen.getByText("Update your payout account above first.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Update payout account" }));
    await waitFor(() => expect(harness.redirectTo).toHaveBeenCalledWith("https://connect.example/update"));
  });

  it("says so, with a retry, when the payout account or the history cannot be read, rather than 'not set up' or 'none'", async () => {
    harness.user = player({ vantageCash: 5_000 });
    harness.replies.set("GET /api/connect/status", { status: 503, body: { error: { code: "unavailable", message: "Try again later." } } });
    harness.replies.set("GET /api/withdrawals", { status: 503, body: { error: { code: "unavailable", message: "Try again later." } } });
    const user = renderRedeem();
    await waitFor(() => expect(screen.getAllByRole("button", { name: "Try again" })).toHaveLength(2));
    expect(screen.queryByText("No redemptions yet.")).toBeNull();
    expect(screen.queryByRole("button", { name: "Set up payouts" })).toBeNull();
    expect(screen.getByText("Your payout account could not be checked (see above).")).toBeTruthy();

    // Both answer again: the account is set up and the history is empty.
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    harness.replies.set("GET /api/withdrawals", { body: { redemptions: [] } });
    for (const retry of screen.getAllByRole("button", { name: "Try again" })) await user.click(retry);
    expect(await screen.findByText("No redemptions yet.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Try again" })).toBeNull());
    await user.type(amountInput(), "25");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
  });

  it("accepts only digits and one point in the amount", async () => {
    expect(sanitizeAmount("2a0.5.0$")).toBe("20.50");
    harness.user = player({ vantageCash: 5_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const user = renderRedeem();
    await user.type(amountInput(), "-2x1.5.");
    expect(amountInput().value).toBe("21.5");
  });

  it("enables submit only for 20 ≤ amount ≤ balance, and says why beside it when not", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const user = renderRedeem();
    await screen.findByText("Vantage Cash balance:", { exact: false });
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    // A disabled button says why beside it; an enabled one says nothing.
    const check = async (text: string, enabled: boolean, why: string | null = null) => {
      await user.clear(amountInput());
      if (text) await user.type(amountInput(), text);
      await waitFor(() => expect(submitButton().disabled).toBe(!enabled));
      expect(document.getElementById("redeem-why-not")?.textContent ?? null).toBe(why);
      expect(submitButton().getAttribute("aria-describedby")).toBe(why ? "redeem-why-not" : null);
    };
    await check("", false, "Enter an amount of at least $20.");
    await check("19.99", false, "The minimum redemption is $20.");
    await check("20", true);
    await check("30", true);
    await check("30.01", false, "Not enough balance.");
  });

  it("submits, disables while submitting, reports success and shows the history", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    let answer!: (r: Response) => void;
    harness.replies.set("POST /api/withdrawals", () => new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "25");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    harness.replies.set("GET /api/me", { body: player({ vantageCash: 500 }) });
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    const post = harness.requests.find((r) => r.method === "POST" && r.path === "/api/withdrawals");
    expect(post?.body).toEqual({ amount: 25 });
    expect(post?.headers.get("Idempotency-Key")).toMatch(/^[0-9a-f]{32}$/);

    harness.replies.set("GET /api/withdrawals", { body: { redemptions: [paidRedemption] } });
    answer(new Response(JSON.stringify({ redemption: paidRedemption }), { status: 200 }));
    expect(await screen.findByText("Redemption request submitted! You can track it in your history.")).toBeTruthy();
    expect(await screen.findByText("25 Vantage Cash")).toBeTruthy();
    expect(screen.getByText("Paid")).toBeTruthy();
    await waitFor(() =>
      expect(harness.applyBalances).toHaveBeenCalledWith(expect.objectContaining({ coinBalance: 5000, vantageCash: 500 })),
    );
  });

  it("reports 'Failed to submit redemption' when the request fails", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    harness.replies.set("POST /api/withdrawals", {
      status: 400,
      body: { error: { code: "insufficient-funds", message: "Not enough balance." } },
    });
    const user = renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "20");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    expect(await screen.findByText("Failed to submit redemption")).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
  });

  it("says redemptions wait where the player's location cannot be confirmed, never '(null)'", async () => {
    const notice = "Vantage Cash is not offered where your location cannot be confirmed: Coins play only.";
    harness.user = player({
      vantageCash: 5_000,
      region: null,
      unavailable: ["purchase", "redeem"],
      regionMode: "coins-only",
      regionNotice: notice,
    });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    renderRedeem();
    expect(await screen.findByText(notice)).toBeTruthy();
    expect(screen.queryByText(/\(null\)/)).toBeNull();
  });

  it("says why when redemptions are paused (a payment under review)", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const message = "Redemptions are paused while a payment on your account is under review.";
    harness.replies.set("POST /api/withdrawals", { status: 409, body: { error: { code: "redemptions-paused", message } } });
    const user = renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "20");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText("Failed to submit redemption")).toBeTruthy();
  });

  it("shows why redemptions are paused before anything is submitted, with nothing redeemable", async () => {
    const message = "Redemptions are paused while a payment on your account is under review.";
    harness.user = player({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 0, redemptionPause: message });
    harness.replies.set("GET /api/me", {
      body: player({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 0, redemptionPause: message }),
    });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const user = renderRedeem();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    await user.type(amountInput(), "20");
    expect(submitButton().disabled).toBe(true);
    expect(screen.queryByText(/^Nothing is redeemable yet/)).toBeNull();
  });

  it("shows what is owed and that redemptions wait for it", async () => {
    harness.user = player({ vantageCash: 0, owedCash: 4_000, owedCoins: 49_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    renderRedeem();
    const note = await screen.findByRole("note");
    expect(note.textContent).toContain("Owed: 49,000 Coins and 40 Vantage Cash.");
    expect(note.textContent).toContain("new credits repay it first");
  });

  it("keeps submit disabled for a signed-out visitor", async () => {
    const user = renderRedeem();
    await user.type(amountInput(), "20");
    expect(submitButton().disabled).toBe(true);
  });

  it("shows what is redeemable now and what is still to play, and limits submit to the redeemable amount", async () => {
    const figures = { vantageCash: 7_800, redeemableCash: 5_800, cashToPlay: 2_000 };
    harness.user = player(figures);
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    harness.replies.set("GET /api/me", { body: player(figures) });
    const user = renderRedeem();
    const figure = (label: string) => screen.getByText(label).closest("div")?.querySelector("dd")?.textContent;
    expect(figure("Redeemable now")).toBe("58 Vantage Cash");
    expect(figure("Still to play")).toBe("20 Vantage Cash");
    expect(screen.getByText(/must be played through in settled bets/)).toBeTruthy();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));

    await user.type(amountInput(), "58");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    expect(screen.queryByText(/is redeemable now/)).toBeNull();
    await user.type(amountInput(), ".01");
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(screen.getByText("Only 58 Vantage Cash is redeemable now. Play 20 more in bets to redeem the rest.")).toBeTruthy();
    expect(amountInput().getAttribute("aria-describedby")).toBe("redeem-amount-hint");
    await user.clear(amountInput());
    await user.type(amountInput(), "78");
    expect(submitButton().disabled).toBe(true);
    await user.clear(amountInput());
    await user.type(amountInput(), "78.01");
    expect(screen.queryByText(/is redeemable now/)).toBeNull();
  });

  it("re-reads the figures from /api/me rather than trusting the signed-in document", async () => {
    harness.user = player({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 4_900 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    harness.replies.set("GET /api/me", { body: player({ vantageCash: 4_900, redeemableCash: 2_500, cashToPlay: 2_400 }) });
    const user = renderRedeem();
    await waitFor(() => expect(screen.getByText("Still to play").closest("div")?.querySelector("dd")?.textContent).toBe("24 Vantage Cash"));
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "25");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.type(amountInput(), "1");
    await waitFor(() => expect(submitButton().disabled).toBe(true));
  });

  it("leaves the play-through rule out when nothing is left to play", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    expect(screen.getByText("Redeemable now").closest("div")?.querySelector("dd")?.textContent).toBe("30 Vantage Cash");
    expect(screen.getByText("Still to play").closest("div")?.querySelector("dd")?.textContent).toBe("0 Vantage Cash");
    expect(screen.queryByText(/must be played through/)).toBeNull();
  });

  it("says nothing is redeemable yet when all of the balance is still to play", async () => {
    harness.user = player({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 4_900 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const user = renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "20");
    expect(screen.getByText("Nothing is redeemable yet: play 49 more Vantage Cash in bets first.")).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it("explains a play-through refusal under 'Failed to submit redemption'", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const refusal =
      "Play 30 more Vantage Cash in bets first: bought and bonus Vantage Cash must be played through before it can be redeemed. You can redeem 0 now.";
    harness.replies.set("POST /api/withdrawals", { status: 403, body: { error: { code: "playthrough-required", message: refusal } } });
    const user = renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "20");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe(`Failed to submit redemption${refusal}`);
  });

  it("states the risk rule next to 'Still to play': bets on one game count what they could lose together", async () => {
    harness.user = player({ vantageCash: 4_900, redeemableCash: 0, cashToPlay: 4_718 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    renderRedeem();
    const rule = screen.getByText(/must be played through in settled bets/);
    expect(rule.textContent).toContain("Bets on one game count only what they could lose together at worst");
    expect(rule.previousElementSibling?.textContent).toContain("Still to play");
  });

  it("shows each held purchase with the date it frees up, and why the amount cannot be sent yet", async () => {
    const soon = Date.UTC(2026, 5, 12, 19, 4);
    const later = Date.UTC(2026, 5, 14, 16, 30);
    const figures = {
      vantageCash: 9_800,
      redeemableCash: 2_900,
      cashToPlay: 0,
      purchaseHolds: [
        { amountCents: 4_900, freesAt: soon },
        { amountCents: 2_000, freesAt: later },
      ],
      purchaseHoldDays: 7,
    };
    harness.user = player(figures);
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    harness.replies.set("GET /api/me", { body: player(figures) });
    const user = renderRedeem();
    expect(
      screen.getByText("Vantage Cash bought with a card is held for 7 days before it can be redeemed, however it was played."),
    ).toBeTruthy();
    const rows = screen.getByRole("list", { name: "Held purchases" }).querySelectorAll("li");
    expect([...rows].map((li) => li.textContent)).toEqual([
      "49 Vantage Cash held until Jun 12, 2026, 3:04 PM ET",
      "20 Vantage Cash held until Jun 14, 2026, 12:30 PM ET",
    ]);
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "29");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.type(amountInput(), ".5");
    await waitFor(() => expect(submitButton().disabled).toBe(true));
    expect(
      screen.getByText(
        "Only 29 Vantage Cash is redeemable now: 69 Vantage Cash bought recently is held until Jun 14, 2026, 12:30 PM ET at the latest.",
      ),
    ).toBeTruthy();
  });

  it("explains a purchase-hold refusal under 'Failed to submit redemption'", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const refusal =
      "Vantage Cash bought in the last 7 days is held before it can be redeemed: 30 until Jun 12, 2026, 3:04 PM ET. You can redeem 0 now.";
    harness.replies.set("POST /api/withdrawals", { status: 403, body: { error: { code: "purchase-held", message: refusal } } });
    const user = renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "20");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    expect(await screen.findByText(refusal)).toBeTruthy();
  });

  it("shows a redemption held back by a payment under review as 'returned: payment disputed'", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const returned = unpaidRedemption("rd_2", { status: "failed", failureReason: "returned: payment disputed" });
    const bounced = unpaidRedemption("rd_3", { status: "failed", failureReason: "Account closed" });
    harness.replies.set("GET /api/withdrawals", { body: { redemptions: [returned, bounced] } });
    renderRedeem();
    expect(await screen.findByText("Failed (returned: payment disputed)")).toBeTruthy();
    expect(screen.getByText("Failed (returned)")).toBeTruthy();
  });

  it("says when the bank account belongs to another player, keeps submit off and offers to change it", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: { ...enabledStatus, payoutIdentityInUse: true } });
    harness.replies.set("POST /api/connect/create-or-link", { body: enabledStatus });
    harness.replies.set("POST /api/connect/onboarding-link", { body: { url: "https://connect.example/onboard" } });
    const user = renderRedeem();
    expect((await screen.findByRole("alert")).textContent).toContain("already used for payouts by another Vantage account");
    await user.type(amountInput(), "20");
    expect(submitButton().disabled).toBe(true);
    await user.click(screen.getByRole("button", { name: "Change bank account" }));
    await waitFor(() => expect(harness.redirectTo).toHaveBeenCalledWith("https://connect.example/onboard"));
  });

  it("offers a paid redemption's signed receipt in the history, and none for one still pending", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const pending = unpaidRedemption("rd_2", { status: "pending", timeline: [{ step: "requested", at: 2, note: null }] });
    harness.replies.set("GET /api/withdrawals", { body: { redemptions: [pending, paidRedemption] } });
    const receipt = {
      record: {
        format: RECEIPT_FORMAT,
        id: "payout-rd_1",
        kind: "payout",
        subjectId: "rd_1",
        userId: "u1",
        issuedAt: "2026-11-28T12:00:00.000Z",
        day: "2026-11-28",
        keyId: "development-1",
        payout: { amountCents: 2500, paidAt: "2026-11-28T12:00:00.000Z" },
      },
      signature: "c2ln",
      salt: "0".repeat(32),
      proof: null,
    };
    harness.replies.set("GET /api/receipts/payout-rd_1", { body: receipt });
    const saved: string[] = [];
    const created = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:receipt");
    const revoked = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render(
      <MemoryRouter>
        <RedeemRoute />
      </MemoryRouter>,
    );
    const paidRow = (await screen.findByText("Paid")).closest("li")!;
    const pendingRow = screen.getByText("Pending").closest("li")!;
    expect(within(pendingRow).queryByRole("button", { name: "Receipt" })).toBeNull();
    await userEvent.setup().click(within(paidRow).getByRole("button", { name: "Receipt" }));
    expect(await within(paidRow).findByRole("link", { name: "Verify it" })).toBeTruthy();
    expect(saved).toEqual(["vantage-receipt-payout-rd_1.json"]);
    for (const spy of [clicked, created, revoked]) spy.mockRestore();
  });
});
