// Glass-box pricing in the browser: the board shows fair prices under the offered ones, the
// slip shows the margin; a single is placed, half of it cashed out at the fair price less
// the fee, and the rest settled after the game ends; /pricing renders the method. Screens
// at 1280 and 390 px wide.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import {
  apiCall,
  axeProblems,
  closeReceipt,
  fireCron,
  launchBrowser,
  newPlayerContext,
  screenshot,
  signInToBoard,
  uniqueEmail,
  confirmWager,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const walletLabel = (page: import("playwright-core").Page) => page.getByRole("button", { name: /^Wallet:/ }).getAttribute("aria-label");

describe("glass-box pricing", () => {
  it("bets, cashes out half, settles the rest; shows fair prices, margins and /pricing", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("pricing"));
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NBA" }).click();
    const cards = page.getByRole("tabpanel").locator(".event-card");
    await cards.first().waitFor();
    // The first upcoming card with an open home moneyline that shows a fair price.
    let chosen = -1;
    for (let i = 0; i < (await cards.count()) && chosen < 0; i++) {
      const button = cards.nth(i).locator(".event-row").nth(1).locator(".price-btn").first();
      if ((await cards.nth(i).locator(".badge-live").count()) === 0 && (await button.locator(".price-fair").count()) === 1) chosen = i;
    }
    expect(chosen).toBeGreaterThanOrEqual(0);
    const card = cards.nth(chosen);
    const start = await card.locator("time").getAttribute("datetime");
    await screenshot(page, "pricing-1-board-fair-odds");
    await card.locator(".event-row").nth(1).locator(".price-btn").first().click();

    const slip = page.locator(".betslip");
    await slip.getByText(/House margin \d+\.\d%/).waitFor();
    await slip.getByLabel("Amount").fill("100");
    await slip.getByRole("button", { name: "Place bet" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm wager" });
    await confirmWager(confirm);
    await page.getByRole("status").getByText("Singles placed!").waitFor();
    await closeReceipt(page);
    await expect.poll(() => walletLabel(page)).toBe("Wallet: 4,900 Coins");

    await page.getByRole("link", { name: "My Picks" }).click();
    await page.getByRole("tab", { name: "Open" }).click();
    const row = page.locator(".picks-list > li").first();
    await row.getByRole("button", { name: "Cash out" }).click();
    const dialog = page.getByRole("dialog", { name: "Cash out" });
    await dialog.waitFor();
    await dialog.getByRole("radio", { name: "50%" }).click();
    expect(await dialog.locator("dt", { hasText: "Stake cashed out" }).locator("xpath=following-sibling::dd[1]").textContent()).toBe(
      "50 Coins",
    );
    const gets = (await dialog.locator(".cash-out-amount").textContent())!;
    expect(gets).toMatch(/^\d+ Coins$/);
    expect(await axeProblems(page, ".cash-out-dialog")).toEqual([]);
    await screenshot(page, "pricing-2-cash-out-dialog");
    await dialog.getByRole("button", { name: `Cash out ${gets}` }).click();
    await page
      .getByRole("status")
      .getByText(/Cashed out!/)
      .waitFor();
    const paid = Number.parseInt(gets, 10);
    await expect.poll(() => walletLabel(page)).toBe(`Wallet: ${(4900 + paid).toLocaleString("en-US")} Coins`);
    await expect.poll(() => row.textContent()).toContain("50 Coins still riding");
    await screenshot(page, "pricing-3-my-picks-partial");

    // The game ends; the cron settles the 50 still riding.
    const clock = (await (await apiCall("/api/dev/sim/clock")).json()) as { simNow: number };
    const minutes = Math.ceil((Date.parse(start!) - clock.simNow) / 60_000) + 6 * 60;
    const advanced = await apiCall("/api/dev/sim/advance", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ minutes }),
    });
    expect(advanced.status).toBe(200);
    await fireCron();
    await page.getByRole("tab", { name: "Settled" }).click();
    await expect.poll(async () => page.locator(".picks-list > li").count(), { timeout: 20_000 }).toBe(1);
    const settled = page.locator(".picks-list > li").first();
    expect(await settled.textContent()).toMatch(/Won|Lost|Push|Void/);
    expect(await settled.textContent()).toContain(`${paid} Coins for 50 Coins of the stake`);
    await screenshot(page, "pricing-4-my-picks-settled");

    await page.goto("/pricing");
    await page.getByRole("heading", { name: "How we price", level: 1 }).waitFor();
    await page.getByText(/at least 5 bookmakers quote that line/).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "pricing-5-page-1280");
    await context.close();

    // The same pages on a phone.
    const phone = await newPlayerContext(browser, { width: 390, height: 844 });
    const small = await phone.newPage();
    await signInToBoard(small, uniqueEmail("pricing-phone"));
    await small.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "Soccer" }).click();
    await small.getByRole("tabpanel").locator(".event-card").first().waitFor();
    await screenshot(small, "pricing-6-soccer-draw-390");
    await small.goto("/pricing");
    await small.getByRole("heading", { name: "How we price", level: 1 }).waitFor();
    await screenshot(small, "pricing-7-page-390");
    await phone.close();
  });
});
