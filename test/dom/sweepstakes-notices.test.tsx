// "No purchase necessary. Void where prohibited." beside the existing notices wherever
// Vantage Cash is bought, redeemed or held, linking free entry and the rules.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authValue, harness, player, resetHarness, walletValue } from "./wallet-money-harness";

vi.mock("../../src/session/auth-provider", () => ({ useAuth: () => authValue(), useApi: () => authValue().api }));
vi.mock("../../src/session/wallet-provider", () => ({ useWallet: () => walletValue() }));
vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: (url: string) => harness.redirectTo(url), reloadPage: () => undefined }));

const { ShopPage } = await import("../../src/features/shop/components/shop-page");
const { RedeemPage } = await import("../../src/features/redeem/components/redeem-page");
const { WalletButton } = await import("../../src/features/wallet/components/wallet-button");
const { AppFooter } = await import("../../src/app/layout/app-footer");

const NOTICE = "No purchase necessary. Void where prohibited.";

function expectNotice(scope: HTMLElement) {
  const notice = within(scope).getByText((_, el) => el?.classList.contains("sweeps-notice") === true && el.textContent!.startsWith(NOTICE));
  expect(within(notice).getByRole("link", { name: "Free entry" }).getAttribute("href")).toBe("/free-entry");
  expect(within(notice).getByRole("link", { name: "Official rules" }).getAttribute("href")).toBe("/sweepstakes-rules");
}

const inRouter = (node: ReactNode) => render(<MemoryRouter>{node}</MemoryRouter>);

describe("the sweepstakes notice", () => {
  beforeEach(() => {
    resetHarness();
    harness.user = player({ vantageCash: 2_500, redeemableCash: 2_500 });
    harness.replies.set("GET /api/connect/status", {
      body: { payouts_enabled: false, hasAccount: false, requirements: { currently_due: [] } },
    });
    harness.replies.set("GET /api/withdrawals", { body: { redemptions: [] } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is on the coin shop, beside the no-monetary-value notice", () => {
    const { container } = inRouter(<ShopPage />);
    expect(container.textContent).toContain("have no monetary value");
    expectNotice(container);
  });

  it("is on the redeem page", () => {
    const { container } = inRouter(<RedeemPage />);
    expectNotice(container);
  });

  it("is in the wallet panel", async () => {
    inRouter(<WalletButton />);
    await userEvent.click(screen.getByRole("button", { name: /^Wallet:/ }));
    expectNotice(screen.getByRole("dialog", { name: "Wallet" }));
  });

  it("is in the footer, beside the entertainment-only statement", () => {
    inRouter(<AppFooter />);
    const footer = screen.getByRole("contentinfo");
    expect(footer.textContent).toContain("is for entertainment only");
    expectNotice(footer);
  });
});
