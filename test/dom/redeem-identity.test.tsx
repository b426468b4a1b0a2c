import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authValue, harness, player, resetHarness, walletValue } from "./wallet-money-harness";

vi.mock("../../src/session/auth-provider", () => ({ useAuth: () => authValue(), useApi: () => authValue().api }));
vi.mock("../../src/session/wallet-provider", () => ({ useWallet: () => walletValue() }));
vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: (url: string) => harness.redirectTo(url), reloadPage: () => undefined }));

const { RedeemPage } = await import("../../src/features/redeem/components/redeem-page");

/** In a router: the page links free entry and the sweepstakes rules. */
function renderRedeem() {
  render(
    <MemoryRouter>
      <RedeemPage />
    </MemoryRouter>,
  );
}

const enabledStatus = { payouts_enabled: true, hasAccount: true, requirements: { currently_due: [] } };
const submitButton = () => screen.getByRole("button", { name: /Request redemption|Submitting/ }) as HTMLButtonElement;

describe("/redeem: identity and the redemption timeline", () => {
  beforeEach(() => {
    resetHarness();
    harness.user = player({ vantageCash: 3_000 });
    harness.replies.set("GET /api/connect/status", { body: enabledStatus });
    harness.replies.set("GET /api/withdrawals", { body: { redemptions: [] } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("offers 'Verify your identity' before the first redemption, keeps submit off, and leaves for the verification page", async () => {
    harness.replies.set("GET /api/identity", { body: { status: "none", reason: null, updatedAt: null } });
    harness.replies.set("POST /api/identity/session", { body: { url: "https://verify.example/vs_1" } });
    const user = userEvent.setup();
    renderRedeem();
    const verify = await screen.findByRole("button", { name: "Verify your identity" });
    expect(screen.getByText(/Verify your identity before your first redemption/)).toBeTruthy();
    await user.type(screen.getByLabelText(/Amount/), "20");
    expect(submitButton().disabled).toBe(true);
    await user.click(verify);
    await waitFor(() => expect(harness.redirectTo).toHaveBeenCalledWith("https://verify.example/vs_1"));
  });

  it("looks again while a verification is being processed, and shows it verified once decided", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      harness.replies.set("GET /api/identity", { body: { status: "pending", reason: null, updatedAt: 1 } });
      renderRedeem();
      await screen.findByText(/Your identity check is still being processed/);
      expect(screen.getByRole("button", { name: "Continue verification" })).toBeTruthy();
      harness.replies.set("GET /api/identity", { body: { status: "verified", reason: null, updatedAt: 2 } });
      // Each look moves the page's clock on by one interval, so a look that came before the page
      // started following (or whose answer is still on its way) is followed by another.
      const verified = () => screen.queryByText("Identity verified: redemptions are paid to you.");
      for (let look = 0; look < 200 && !verified(); look++) {
        vi.advanceTimersByTime(4_000);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(verified()).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says a mismatched identity blocks redemptions, with no way around it but support", async () => {
    harness.replies.set("GET /api/identity", { body: { status: "mismatch", reason: "differs", updatedAt: 1 } });
    renderRedeem();
    expect((await screen.findByRole("alert")).textContent).toContain("redemptions are blocked until support has reviewed your account");
    expect(screen.queryByRole("button", { name: "Verify your identity" })).toBeNull();
  });

  it("shows a redemption in review as a timeline with each step's time, why it is held and what comes next", async () => {
    harness.replies.set("GET /api/identity", { body: { status: "verified", reason: null, updatedAt: 1 } });
    const at = Date.UTC(2026, 10, 25, 14, 0);
    harness.replies.set("GET /api/withdrawals", {
      body: {
        redemptions: [
          {
            id: "rd_review",
            amountCents: 2_000,
            status: "pending",
            failureReason: null,
            payoutReference: null,
            createdAt: at,
            updatedAt: at,
            timeline: [
              { step: "requested", at, note: null },
              { step: "identity-checked", at, note: "Your identity is verified." },
              { step: "in-review", at, note: "A new account's first redemption is reviewed by our team before it is sent." },
            ],
            hold: "A new account's first redemption is reviewed by our team before it is sent.",
            next: "An operator approves or rejects it, usually within one business day; on approval it is sent.",
          },
        ],
      },
    });
    renderRedeem();
    expect(await screen.findByText("Identity verified: redemptions are paid to you.")).toBeTruthy();
    const timeline = await screen.findByRole("list", { name: /Timeline of the 20 Vantage Cash redemption/ });
    const steps = within(timeline)
      .getAllByRole("listitem")
      .map((li) => li.querySelector(".redeem-step-name")?.textContent);
    expect(steps).toEqual(["Requested", "Identity checked", "In review", "Approved", "Sent to your payout account", "Paid to your bank"]);
    expect(within(timeline).getAllByRole("listitem")[0]!.querySelector("time")?.getAttribute("dateTime")).toBe(new Date(at).toISOString());
    expect(screen.getByText("In review", { selector: ".redeem-status" })).toBeTruthy();
    expect(screen.getByText(/^On hold: A new account's first redemption/)).toBeTruthy();
    expect(screen.getByText(/^Next: An operator approves or rejects it/)).toBeTruthy();
  });

  it("shows a payout the bank sent back, its reason, and that the amount is on its way back to the balance", async () => {
    harness.replies.set("GET /api/identity", { body: { status: "verified", reason: null, updatedAt: 1 } });
    const at = Date.UTC(2026, 10, 25, 14, 0);
    const note =
      "Your bank sent the payout back (The bank account has been closed). The amount is being returned to your Vantage Cash balance.";
    harness.replies.set("GET /api/withdrawals", {
      body: {
        redemptions: [
          {
            id: "rd_bank_back",
            amountCents: 2_000,
            status: "paid",
            failureReason: null,
            payoutReference: "tr_1",
            createdAt: at,
            updatedAt: at,
            timeline: [
              { step: "requested", at, note: null },
              { step: "identity-checked", at, note: "Your identity is verified." },
              { step: "sent", at, note: null },
              { step: "paid", at, note: null },
              { step: "bank-returned", at: at + 86_400_000, note },
            ],
            hold: null,
            next: "The amount comes back to your Vantage Cash balance as soon as it is taken back from your payout account.",
          },
        ],
      },
    });
    renderRedeem();
    const timeline = await screen.findByRole("list", { name: /Timeline of the 20 Vantage Cash redemption/ });
    const steps = within(timeline)
      .getAllByRole("listitem")
      .map((li) => li.querySelector(".redeem-step-name")?.textContent);
    expect(steps).toEqual([
      "Requested",
      "Identity checked",
      "Sent to your payout account",
      "Paid to your bank",
      "Returned by your bank",
      "Returned to your balance",
    ]);
    expect(within(timeline).getByText(note)).toBeTruthy();
    expect(screen.getByText("Coming back from your bank", { selector: ".redeem-status" })).toBeTruthy();
    expect(screen.getByText("Coming back from your bank").closest("li")?.className).toContain("redeem-status-pending");
    expect(screen.getByText(/^Next: The amount comes back to your Vantage Cash balance/)).toBeTruthy();
  });
});
