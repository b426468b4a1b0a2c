// Journey 5: the daily bonus ('Daily bonus claimed! 🎁', then 'Already claimed today ✅'),
// a coin pack bought through the simulated checkout ('Purchase complete! Credits will
// appear shortly.'), payout onboarding with a bank account, and redemption held back by
// play-through: the bought and bonus Vantage Cash shows as still to play, and neither an
// amount under 20 nor one above what is redeemable can be submitted.
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

describe("money in and out", () => {
  it("claims the daily bonus once, buys a pack, and holds its Vantage Cash back from redemption until played", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("journey5"));
    await expect.poll(() => walletButton(page).getAttribute("aria-label")).toBe("Wallet: 5,000 Coins");

    await walletButton(page).click();
    const panel = page.getByRole("dialog", { name: "Wallet" });
    await panel.getByRole("button", { name: "Claim daily bonus" }).click();
    await panel.getByText("Daily bonus claimed! 🎁").waitFor();
    await expect.poll(() => walletButton(page).getAttribute("aria-label")).toBe("Wallet: 6,000 Coins");
    expect(await axeProblems(page, ".wallet-panel")).toEqual([]);
    await panel.getByRole("button", { name: "Claimed today" }).click();
    await panel.getByText("Already claimed today ✅").waitFor();
    await screenshot(page, "5-daily-bonus");
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "Shop" }).click();
    await page.getByRole("heading", { name: "Coin Shop" }).waitFor();
    await page.getByRole("button", { name: "Buy 50,000 Coins for $49.99" }).click();
    await page.getByRole("button", { name: "Pay $49.99" }).click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toMatch(/^\/shop\?checkout=success&session=cs_sim_/);
    await page.getByText("Purchase complete! Credits will appear shortly.").waitFor();
    await expect.poll(() => walletButton(page).getAttribute("aria-label"), { timeout: 15_000 }).toBe("Wallet: 56,000 Coins");
    await screenshot(page, "5-shop-success");

    await page.goto("/redeem");
    await page.getByRole("heading", { name: "Redeem Vantage Cash" }).waitFor();
    await page
      .getByText("Finish onboarding to enable payouts.")
      .or(page.getByText(/^Action needed: /))
      .first()
      .waitFor();
    await page.getByRole("button", { name: "Set up payouts" }).click();
    await page.getByLabel("Account number").fill("000123456789");
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/redeem");
    const figure = (label: string) => page.locator(".redeem-playthrough div", { hasText: label }).locator("dd");
    await expect.poll(() => figure("Still to play").textContent()).toBe("50 Vantage Cash");
    expect(await figure("Redeemable now").textContent()).toBe("0 Vantage Cash");
    const amount = page.getByLabel("Amount (minimum $20)");
    const submit = page.getByRole("button", { name: "Request redemption" });
    await amount.fill("10");
    await expect.poll(() => submit.isDisabled()).toBe(true);
    await amount.fill("20");
    await page.getByText("Nothing is redeemable yet: play 50 more Vantage Cash in bets first.").waitFor();
    expect(await submit.isDisabled()).toBe(true);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "5-redeem");
    await context.close();
  });
});
