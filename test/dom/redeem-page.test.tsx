import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authValue, harness, player, resetHarness, walletValue } from "./wallet-money-harness";

vi.mock("../../src/features/auth/auth-provider", () => ({ useAuth: () => authValue(), useApi: () => authValue().api }));
vi.mock("../../src/features/wallet/wallet-provider", () => ({ useWallet: () => walletValue() }));
vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: (url: string) => harness.redirectTo(url), reloadPage: () => undefined }));

const { RedeemPage, sanitizeAmount } = await import("../../src/features/redeem/components/redeem-page");

const enabledStatus = { payouts_enabled: true, hasAccount: true, requirements: { currently_due: [] } };
const paidRedemption = { id: "rd_1", amountCents: 2500, status: "paid", failureReason: null, payoutReference: "tr_1", createdAt: 1, updatedAt: 1 };

function renderRedeem() {
  render(<RedeemPage />);
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
    harness.replies.set("GET /api/connect/status", { body: { payouts_enabled: false, hasAccount: false, requirements: { currently_due: [] } } });
    renderRedeem();
    expect(await screen.findByText("Finish onboarding to enable payouts.")).toBeTruthy();
  });

  it("accepts only digits and one point in the amount", async () => {
    expect(sanitizeAmount("2a0.5.0$")).toBe("20.50");
    harness.user = player({ vantageCash: 5_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const user = renderRedeem();
    await user.type(amountInput(), "-2x1.5.");
    expect(amountInput().value).toBe("21.5");
  });

  it("enables submit only for 20 ≤ amount ≤ balance", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    const user = renderRedeem();
    await screen.findByText("Vantage Cash balance:", { exact: false });
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    const check = async (text: string, enabled: boolean) => {
      await user.clear(amountInput());
      if (text) await user.type(amountInput(), text);
      await waitFor(() => expect(submitButton().disabled).toBe(!enabled));
    };
    await check("", false);
    await check("19.99", false);
    await check("20", true);
    await check("30", true);
    await check("30.01", false);
  });

  it("submits, disables while submitting, reports success and shows the history", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    let answer!: (r: Response) => void;
    harness.replies.set("POST /api/withdrawals", () => new Promise<Response>((resolve) => (answer = resolve)));
    harness.replies.set("GET /api/me", { body: player({ vantageCash: 500 }) });
    const user = renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "25");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
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
    await waitFor(() => expect(harness.applyBalances).toHaveBeenCalledWith(expect.objectContaining({ coinBalance: 5000, vantageCash: 500 })));
  });

  it("reports 'Failed to submit redemption' when the request fails", async () => {
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    harness.replies.set("POST /api/withdrawals", { status: 400, body: { error: { code: "insufficient-funds", message: "Not enough balance." } } });
    const user = renderRedeem();
    await waitFor(() => expect(harness.requests.some((r) => r.path === "/api/connect/status")).toBe(true));
    await user.type(amountInput(), "20");
    await waitFor(() => expect(submitButton().disabled).toBe(false));
    await user.click(submitButton());
    expect(await screen.findByText("Failed to submit redemption")).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
  });

  it("keeps submit disabled for a signed-out visitor", async () => {
    const user = renderRedeem();
    await user.type(amountInput(), "20");
    expect(submitButton().disabled).toBe(true);
  });
});
