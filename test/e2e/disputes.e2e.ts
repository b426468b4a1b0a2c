// Journey: money that comes back. A player buys the $49.99 and $9.99 packs
// through the simulated checkout, then disputes the $9.99 card payment from the
// simulator's page for that checkout (the same signed `charge.dispute.created` Stripe
// would send, through the real webhook). The balances fall by that pack at once, and
// /redeem refuses any redemption while the dispute is open, with the message that says
// why (nothing is redeemable; the Worker refuses a request the same way).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { axeProblems, launchBrowser, newPlayerContext, screenshot, signInToBoard, uniqueEmail } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const walletButton = (page: Page) => page.getByRole("button", { name: /^Wallet:/ });

/** Buys one pack from the shop; returns the simulated checkout page's path. */
async function buy(page: Page, label: string, price: string): Promise<string> {
  await page.goto("/shop");
  await page.getByRole("heading", { name: "Coin Shop" }).waitFor();
  await page.getByRole("button", { name: label }).click();
  await page.getByRole("button", { name: `Pay ${price}` }).waitFor();
  const checkout = new URL(page.url()).pathname;
  await page.getByRole("button", { name: `Pay ${price}` }).click();
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toMatch(/^\/shop\?checkout=success&session=cs_sim_/);
  return checkout;
}

describe("a disputed coin pack", () => {
  it("takes the pack back when the payment is disputed, and refuses redemptions while it is under review", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("journey8"));

    await buy(page, "Buy 50,000 Coins for $49.99", "$49.99");
    const disputed = await buy(page, "Buy 10,000 Coins for $9.99", "$9.99");
    await expect.poll(() => walletButton(page).getAttribute("aria-label"), { timeout: 15_000 }).toBe("Wallet: 65,000 Coins");

    // Payouts enabled first, so the only thing standing in the way is the dispute.
    await page.goto("/redeem");
    await page.getByRole("button", { name: "Set up payouts" }).click();
    await page.getByLabel("Account number").fill(`${Date.now() % 1e9}`);
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/redeem");

    // The card holder disputes the $9.99 payment (the simulator's page for that checkout).
    await page.goto(disputed);
    await page.getByText("This checkout is completed.").waitFor();
    await page.getByRole("button", { name: "Dispute", exact: true }).click();
    await page.getByText("needs_response (open)").waitFor();
    await page.getByRole("definition").filter({ hasText: "10,000 Coins + 9 Vantage Cash" }).waitFor();
    await screenshot(page, "8-sim-dispute");

    await page.goto("/redeem");
    await page.getByRole("heading", { name: "Redeem Vantage Cash" }).waitFor();
    await expect.poll(() => walletButton(page).getAttribute("aria-label"), { timeout: 15_000 }).toBe("Wallet: 55,000 Coins");
    await walletButton(page).click();
    const panel = page.getByRole("dialog", { name: "Wallet" });
    await expect.poll(() => panel.locator(".balance-tile-cash dd").textContent()).toBe("49");
    await page.keyboard.press("Escape");

    const message = "Redemptions are paused while a payment on your account is under review.";
    await page.getByRole("alert").filter({ hasText: message }).waitFor();
    const figure = (label: string) => page.locator(".redeem-playthrough div", { hasText: label }).locator("dd");
    expect(await figure("Redeemable now").textContent()).toBe("0 Vantage Cash");
    await page.getByLabel("Amount (minimum $20)").fill("20");
    await expect.poll(() => page.getByRole("button", { name: "Request redemption" }).isDisabled()).toBe(true);
    expect(await page.locator(".redeem-history-row").count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "8-redeem-paused");
    await context.close();
  });
});
