import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
// The panel links free entry and the sweepstakes rules, so it renders in a router.
import { MemoryRouter } from "react-router";
import { ToastProvider } from "../../src/components/toast";
import { etDayKey } from "../../src/shared/bonus";
import { authValue, harness, player, resetHarness, walletValue } from "./wallet-money-harness";

vi.mock("../../src/session/auth-provider", () => ({ useAuth: () => authValue(), useApi: () => authValue().api }));
vi.mock("../../src/session/wallet-provider", () => ({ useWallet: () => walletValue() }));

const { WalletButton } = await import("../../src/features/wallet/components/wallet-button");

async function openPanel() {
  const user = userEvent.setup();
  render(<WalletButton />, { wrapper: MemoryRouter });
  await user.click(screen.getByRole("button", { name: /^Wallet:/ }));
  return { user, panel: screen.getByRole("dialog", { name: "Wallet" }) };
}

const claimReply = (body: unknown, status = 200) => harness.replies.set("POST /api/grantDailyBonus", { status, body });

describe("wallet button and panel", () => {
  beforeEach(resetHarness);
  afterEach(() => vi.unstubAllGlobals());

  it("shows the selected wallet's balance on the button and both balances in the panel", async () => {
    harness.user = player({ coinBalance: 12_345, vantageCash: 1_250 });
    harness.mode = "cash";
    render(<WalletButton />, { wrapper: MemoryRouter });
    const button = screen.getByRole("button", { name: "Wallet: 12.50 Vantage Cash" });
    expect(button).toHaveProperty("textContent", expect.stringContaining("12.50"));
    await userEvent.setup().click(button);
    const panel = screen.getByRole("dialog", { name: "Wallet" });
    expect(within(panel).getByText("12,345")).toBeTruthy();
    expect(within(panel).getByText("12.50")).toBeTruthy();
  });

  it("switches the wallet mode with the Coins/Cash toggle", async () => {
    harness.user = player();
    const { user, panel } = await openPanel();
    expect(within(panel).getByRole("button", { name: "Coins" }).getAttribute("aria-pressed")).toBe("true");
    await user.click(within(panel).getByRole("button", { name: "Cash" }));
    expect(harness.setMode).toHaveBeenCalledWith("cash");
  });

  it("shows what a reversed payment left owed", async () => {
    harness.user = player({ owedCash: 110_000, owedCoins: 0 });
    const { panel } = await openPanel();
    expect(within(panel).getByText("Owed: 1,100 Vantage Cash")).toBeTruthy();
    expect(within(panel).queryByText(/^Owed: .* Coins$/)).toBeNull();
    expect(within(panel).getByRole("note", { name: "Owed" })).toBeTruthy();
  });

  it("shows no owed line when nothing is owed", async () => {
    harness.user = player({ owedCash: 0, owedCoins: 0 });
    const { panel } = await openPanel();
    expect(within(panel).queryByText(/^Owed:/)).toBeNull();
  });

  it("shows the streak as n/7", async () => {
    harness.user = player({ lastBonusDayET: etDayKey(Date.now()), bonusStreak: 3 });
    const { panel } = await openPanel();
    expect(within(panel).getByText("3/7")).toBeTruthy();
    expect(within(panel).getByRole("progressbar", { name: "Daily streak" }).getAttribute("aria-valuenow")).toBe("3");
  });

  it("asks a signed-out visitor to log in, without calling the server", async () => {
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole("button", { name: "Claim daily bonus" }));
    expect(panel.querySelector(".wallet-message")?.textContent).toBe("You must be logged in to claim.");
    expect(harness.requests).toHaveLength(0);
  });

  it("asks for a login, not 'Error claiming bonus', when the session expired while the page was open", async () => {
    harness.user = player();
    claimReply({ error: { code: "unauthenticated", message: "Please log in again." } }, 401);
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole("button", { name: "Claim daily bonus" }));
    expect(await within(panel).findByText("You must be logged in to claim.")).toBeTruthy();
    expect(within(panel).queryByText("Error claiming bonus")).toBeNull();
    expect(harness.requests.some((r) => r.method === "POST" && r.path.startsWith("/api/grantDailyBonus"))).toBe(true);
  });

  it("tells a player who left the panel how the claim ended, in the app-wide toast", async () => {
    harness.user = player();
    let answer: (r: Response) => void = () => undefined;
    harness.replies.set("POST /api/grantDailyBonus", () => new Promise<Response>((r) => (answer = r)));
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <WalletButton />
        <button type="button">Elsewhere</button>
      </ToastProvider>,
      { wrapper: MemoryRouter },
    );
    await user.click(screen.getByRole("button", { name: /^Wallet:/ }));
    await user.click(screen.getByRole("button", { name: "Claim daily bonus" }));
    // The player walks away before the answer comes back: the panel closes.
    await user.click(screen.getByRole("button", { name: "Elsewhere" }));
    expect(screen.queryByRole("dialog", { name: "Wallet" })).toBeNull();
    answer(Response.json({ ok: true, alreadyClaimed: false, milestone: false, streak: 1 }));
    await waitFor(() => expect(within(screen.getByRole("status")).getByText("Daily bonus claimed! 🎁")).toBeTruthy());
  });

  it("draws the messages' emoji as SVG while the text keeps them", async () => {
    harness.user = player();
    claimReply({ ok: true, alreadyClaimed: false, milestone: true, streak: 7 });
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole("button", { name: "Claim daily bonus" }));
    const text = await within(panel).findByText("Daily bonus + streak bonus claimed! 🎉");
    expect(text.className).toBe("visually-hidden");
    const drawn = text.nextElementSibling as HTMLElement;
    expect(drawn.getAttribute("aria-hidden")).toBe("true");
    expect(drawn.querySelector("svg.emoji")).toBeTruthy();
    expect(drawn.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it("draws the wallet symbol inline, never as an emoji a font may lack", async () => {
    harness.user = player();
    harness.mode = "coins";
    const view = render(<WalletButton />, { wrapper: MemoryRouter });
    const button = screen.getByRole("button", { name: /^Wallet:/ });
    expect(button.querySelector("svg.wallet-icon-coins")).toBeTruthy();
    expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
    view.unmount();
    harness.mode = "cash";
    render(<WalletButton />, { wrapper: MemoryRouter });
    expect(screen.getByRole("button", { name: /^Wallet:/ }).querySelector("svg.wallet-icon-cash")).toBeTruthy();
  });

  it("announces a normal claim and merges the new balances", async () => {
    harness.user = player();
    const balances = { coinBalance: 6000, vantageCash: 100, lastBonusDayET: "2025-01-01", bonusStreak: 1 };
    claimReply({ ok: true, alreadyClaimed: false, milestone: false, streak: 1, balances });
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole("button", { name: "Claim daily bonus" }));
    expect(await within(panel).findByText("Daily bonus claimed! 🎁")).toBeTruthy();
    expect(harness.applyBalances).toHaveBeenCalledWith(balances);
    expect(harness.requests[0]).toMatchObject({ method: "POST", path: "/api/grantDailyBonus" });
  });

  it("announces the milestone claim", async () => {
    harness.user = player();
    claimReply({ ok: true, alreadyClaimed: false, milestone: true, streak: 7 });
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole("button", { name: "Claim daily bonus" }));
    expect(await within(panel).findByText("Daily bonus + streak bonus claimed! 🎉")).toBeTruthy();
  });

  it("says when today's bonus was already claimed", async () => {
    harness.user = player();
    claimReply({ ok: true, alreadyClaimed: true, milestone: false });
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole("button", { name: "Claim daily bonus" }));
    expect(await within(panel).findByText("Already claimed today ✅")).toBeTruthy();
  });

  it("says already claimed when a racing second claim of the day is refused as aborted", async () => {
    harness.user = player();
    claimReply({ error: { code: "aborted", message: "Already claimed today ✅" } }, 409);
    const { user, panel } = await openPanel();
    await user.click(within(panel).getByRole("button", { name: "Claim daily bonus" }));
    expect(await within(panel).findByText("Already claimed today ✅")).toBeTruthy();
    expect(within(panel).queryByText("Error claiming bonus")).toBeNull();
  });

  it("shows 'Error claiming bonus' when the server refuses and 'Failed to claim bonus' when it cannot be reached", async () => {
    harness.user = player();
    claimReply({ error: { code: "internal", message: "boom" } }, 409);
    const { user, panel } = await openPanel();
    const claim = within(panel).getByRole("button", { name: "Claim daily bonus" });
    await user.click(claim);
    expect(await within(panel).findByText("Error claiming bonus")).toBeTruthy();

    claimReply({ ok: false, alreadyClaimed: false, milestone: false, error: "nope" });
    await user.click(claim);
    expect(await within(panel).findByText("Error claiming bonus")).toBeTruthy();

    harness.replies.set("POST /api/grantDailyBonus", "network-error");
    await user.click(claim);
    expect(await within(panel).findByText("Failed to claim bonus")).toBeTruthy();
  });

  it("closes on Escape and returns focus to the wallet button", async () => {
    harness.user = player();
    const { user } = await openPanel();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Wallet:/ }));
  });
});
