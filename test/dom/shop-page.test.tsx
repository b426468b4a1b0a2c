import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authValue, harness, player, resetHarness, walletValue } from "./wallet-money-harness";

vi.mock("../../src/session/auth-provider", () => ({ useAuth: () => authValue(), useApi: () => authValue().api }));
vi.mock("../../src/session/wallet-provider", () => ({ useWallet: () => walletValue() }));
vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: (url: string) => harness.redirectTo(url), reloadPage: () => undefined }));

const { DECLINED_MESSAGES, ShopPage } = await import("../../src/features/shop/components/shop-page");

function renderShop(url = "/shop") {
  render(
    <MemoryRouter initialEntries={[url]}>
      <ShopPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const status = () => screen.getByRole("status");

describe("/shop", () => {
  beforeEach(resetHarness);
  afterEach(() => vi.unstubAllGlobals());

  it("lists the eight packs with what each gives, and the balances", () => {
    harness.user = player({ coinBalance: 7_500, vantageCash: 2_300 });
    renderShop();
    const buttons = screen.getAllByRole("button", { name: /^Buy / });
    expect(buttons.map((b) => b.textContent)).toEqual(["$0.99", "$4.99", "$9.99", "$19.99", "$49.99", "$99.99", "$249.99", "$499.99"]);
    expect(screen.getByRole("button", { name: "Buy 500,000 Coins for $499.99" })).toBeTruthy();
    expect(screen.getByText("+ 499 Vantage Cash")).toBeTruthy();
    expect(screen.getByText("Coins only")).toBeTruthy();
    expect(screen.getByText("7,500")).toBeTruthy();
    expect(screen.getByText("23")).toBeTruthy();
  });

  it("reads the checkout result from ?checkout=", () => {
    harness.user = player();
    renderShop("/shop?checkout=success");
    expect(status().textContent).toBe("Purchase complete! Credits will appear shortly.");
  });

  it("re-reads the balances after a successful checkout so the credited pack shows up", async () => {
    vi.useFakeTimers();
    try {
      harness.user = player();
      harness.replies.set("GET /api/me", { body: player({ coinBalance: 15_000, vantageCash: 900 }) });
      renderShop("/shop?checkout=success");
      expect(harness.requests).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1_500);
      await vi.waitFor(() =>
        expect(harness.applyBalances).toHaveBeenCalledWith({ coinBalance: 15_000, vantageCash: 900, lastBonusDayET: "", bonusStreak: 0 }),
      );
      expect(harness.requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /api/me"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says a pack the Worker declined is refunded, and why, instead of waiting for credits", async () => {
    vi.useFakeTimers();
    try {
      harness.user = player();
      harness.replies.set("GET /api/me", { body: player() });
      harness.replies.set("GET /api/checkout/sessions/cs_sim_declined", { body: { state: "declined", reason: "withdrawn" } });
      renderShop("/shop?checkout=success&session=cs_sim_declined");
      expect(status().textContent).toBe("Purchase complete! Credits will appear shortly.");
      await vi.advanceTimersByTimeAsync(1_500);
      await vi.waitFor(() => expect(status().textContent).toBe(DECLINED_MESSAGES.withdrawn));
      // Told once: the later re-reads ask for the balances only.
      await vi.advanceTimersByTimeAsync(8_000);
      expect(harness.requests.filter((r) => r.path.startsWith("/api/checkout/")).length).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says 'Checkout canceled.' after a cancel", () => {
    harness.user = player();
    renderShop("/shop?checkout=cancel");
    expect(status().textContent).toBe("Checkout canceled.");
  });

  it("asks for sign-in first", async () => {
    const user = renderShop();
    await user.click(screen.getByRole("button", { name: /\$4\.99/ }));
    expect(status().textContent).toBe("Please sign in first.");
    expect(harness.requests).toHaveLength(0);
  });

  it("shows 'Starting Checkout...' while the session is created, names the pack by cents, then redirects", async () => {
    harness.user = player();
    let answer!: (r: Response) => void;
    harness.replies.set("POST /api/checkout/session", () => new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderShop();
    await user.click(screen.getByRole("button", { name: /\$9\.99/ }));
    expect(await screen.findByText("Starting Checkout...")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Buy / }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(harness.requests[0]).toMatchObject({ method: "POST", path: "/api/checkout/session", body: { amountCents: 999 } });
    answer(new Response(JSON.stringify({ url: "https://checkout.example/cs_1" }), { status: 200 }));
    await waitFor(() => expect(harness.redirectTo).toHaveBeenCalledWith("https://checkout.example/cs_1"));
  });

  it("shows 'Failed to create checkout session' when the server refuses", async () => {
    harness.user = player();
    harness.replies.set("POST /api/checkout/session", { status: 502, body: { error: { code: "checkout-failed", message: "x" } } });
    const user = renderShop();
    await user.click(screen.getByRole("button", { name: /\$4\.99/ }));
    await waitFor(() => expect(status().textContent).toBe("Failed to create checkout session"));
    expect(screen.getByRole("button", { name: /\$4\.99/ })).toHaveProperty("disabled", false);
  });

  it("shows 'Could not start checkout.' when the server cannot be reached", async () => {
    harness.user = player();
    harness.replies.set("POST /api/checkout/session", "network-error");
    const user = renderShop();
    await user.click(screen.getByRole("button", { name: /\$4\.99/ }));
    await waitFor(() => expect(status().textContent).toBe("Could not start checkout."));
    expect(harness.redirectTo).not.toHaveBeenCalled();
  });
});
