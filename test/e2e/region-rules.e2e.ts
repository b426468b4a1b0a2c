// Journey: a new player in California, where a 2026 law forbids the sweepstakes. The shop,
// the wallet's Cash side and the betslip each say, in one sentence, that Vantage Cash is not
// offered there since the law took effect; the daily bonus pays Coins only; a Coins bet goes
// through as anywhere else. (Development places the browser with an X-Dev-Region header;
// production reads Cloudflare's location.) Screens at 390 and 1280 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { axeProblems, BASE_URL, launchBrowser, openSlip, placeHomeMoneyline, screenshot, signInToBoard, uniqueEmail } from "./support";

const CALIFORNIA = "Vantage Cash is not offered in US-CA since 2026-01-01 (California AB 831 (2025)): Coins play only.";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a player where Vantage Cash is not offered", () => {
  it("is told why on the shop, the wallet and the betslip, gets a Coins-only bonus, and bets Coins", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: BASE_URL,
      extraHTTPHeaders: { "X-Dev-Region": "US-CA", "CF-Connecting-IP": `203.0.113.${1 + Math.floor(Math.random() * 254)}` },
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("california"));
    // Told once, under the header, until dismissed.
    const notice = page.getByRole("status", { name: "Where you are" });
    await notice.getByText(CALIFORNIA).waitFor();
    await screenshot(page, "region-0-notice-390");
    await notice.getByRole("button", { name: "Got it" }).click();
    await notice.waitFor({ state: "detached" });

    // The wallet: Coins-only bonus, and the Cash side says why.
    const walletButton = page.getByRole("button", { name: /^Wallet:/ });
    await walletButton.click();
    const panel = page.getByRole("dialog", { name: "Wallet" });
    await panel.getByText("+1,000 Coins daily; day 7 adds +5,000 Coins (no Vantage Cash where you are).").waitFor();
    await panel.getByRole("button", { name: "Claim daily bonus" }).click();
    await panel.getByRole("button", { name: "Claimed today" }).waitFor();
    await panel.getByRole("button", { name: "Cash" }).click();
    await panel.getByText(CALIFORNIA).waitFor();
    await expect.poll(() => walletButton.getAttribute("aria-label")).toBe("Wallet: 0 Vantage Cash");
    expect(await axeProblems(page, ".wallet-panel")).toEqual([]);
    await screenshot(page, "region-1-wallet-390");

    // The betslip from Vantage Cash: the sentence, and no way to place.
    await page.keyboard.press("Escape");
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NBA" }).click();
    const price = page.getByRole("tabpanel").locator(".event-card:not(:has(.badge-live)) .price-btn:not(.is-locked)").first();
    await price.click();
    const slip = await openSlip(page);
    await slip.getByText(CALIFORNIA).waitFor();
    expect(await slip.getByRole("button", { name: "Place bet" }).isDisabled()).toBe(true);
    await screenshot(page, "region-2-betslip-cash-390");
    await slip.getByRole("button", { name: "Clear" }).click(); // off the slip again: the sheet closes

    // Coins: the same bet goes through.
    await walletButton.click();
    await panel.getByRole("button", { name: "Coins" }).click();
    await page.keyboard.press("Escape");
    await expect.poll(() => walletButton.getAttribute("aria-label")).toBe("Wallet: 6,000 Coins");
    await placeHomeMoneyline(page, "100");

    // The shop.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/shop");
    await page.getByText(CALIFORNIA).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "region-3-shop-1280");
    await context.close();
  });
});
