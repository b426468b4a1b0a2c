// Journeys 3 and 4: building a parlay on the betslip (with the Moneyline + Spread
// conflict toast, quick-add and the confirm dialog), seeing the balance drop and the
// bet under My Picks → Open; then advancing the simulator, firing the cron, and seeing
// the bet settled with its payout and the Statistics card updated.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
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

const walletLabel = (page: Page) => page.getByRole("button", { name: /^Wallet:/ }).getAttribute("aria-label");
const statValue = (page: Page, label: string) =>
  page
    .locator(".stats-row", { has: page.locator("dt", { hasText: label }) })
    .locator("dd")
    .textContent();

/** The first card (in board order) whose Moneyline and Spread prices are both open. */
async function openCards(page: Page): Promise<Locator[]> {
  const cards = page.getByRole("tabpanel").locator(".event-card");
  await cards.first().waitFor();
  const usable: Locator[] = [];
  for (let i = 0; i < (await cards.count()) && usable.length < 2; i++) {
    const card = cards.nth(i);
    const prices = card.locator(".event-row").nth(1).locator(".price-btn");
    // A book may hold one market back before the start: the Moneyline and the Spread themselves must be open.
    const isOpen = async (i: number) => !/\bis-(locked|missing)\b/.test((await prices.nth(i).getAttribute("class")) ?? "is-missing");
    if ((await isOpen(0)) && (await isOpen(1))) usable.push(card);
  }
  return usable;
}

describe("betting", () => {
  it("places a parlay, sees it open, then settled with its payout after the games end", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("journey3"));
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NBA" }).click();
    const [first, second] = await openCards(page);
    expect(second).toBeDefined();

    const homeRow = first!.locator(".event-row").nth(1);
    await homeRow.locator(".price-btn").nth(0).click();
    // Picked, the price is filled with the accent, and stays so under the pointer that picked it.
    const background = (i: number) =>
      homeRow
        .locator(".price-btn")
        .nth(i)
        .evaluate((b) => getComputedStyle(b).backgroundColor);
    await expect.poll(() => background(0), { timeout: 10_000 }).toBe("rgb(90, 231, 154)");
    expect(await background(1)).not.toMatch(/^rgb\((61, 220, 132|90, 231, 154)\)$/);
    await homeRow.locator(".price-btn").nth(1).click();
    await page.getByRole("status").getByText("Can’t add Moneyline and Spread for the same team.").waitFor();
    expect(await homeRow.locator(".price-btn").nth(1).getAttribute("aria-pressed")).toBe("false");

    await second!.locator(".event-row").nth(0).locator(".price-btn:not(.is-locked):not(.is-missing)").first().click();
    const slip = page.locator(".betslip");
    await expect.poll(() => slip.getByRole("radio", { name: "Parlay" }).getAttribute("aria-checked")).toBe("true");
    expect(await slip.getByRole("list", { name: "Selections" }).getByRole("listitem").count()).toBe(2);

    await slip.getByRole("button", { name: "+25" }).click();
    await slip.getByRole("button", { name: "+25" }).click();
    expect(await slip.getByLabel("Amount").inputValue()).toBe("50");
    await slip.getByRole("button", { name: "Place parlay" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm wager" });
    await dialog.waitFor();
    expect(await dialog.getByRole("listitem").count()).toBe(2);
    expect(await axeProblems(page, ".betslip-dialog")).toEqual([]);
    await screenshot(page, "3-confirm-dialog");
    await confirmWager(dialog);
    await page.getByRole("status").getByText("Parlay placed!").waitFor();
    await closeReceipt(page);
    await dialog.waitFor({ state: "detached" });
    await slip.getByText("Pick a price on the board to add it here.").waitFor();
    await expect.poll(() => walletLabel(page)).toBe("Wallet: 4,950 Coins");
    expect(await statValue(page, "Settled")).toBe("0");

    const starts = await Promise.all([first!, second!].map((card) => card.locator("time").getAttribute("datetime")));
    await page.getByRole("link", { name: "My Picks" }).click();
    await page.getByRole("heading", { name: "My Picks" }).waitFor();
    await page.getByRole("tab", { name: "Open" }).click();
    await page.locator(".picks-list > li").first().waitFor();
    expect(await page.locator(".picks-list > li").count()).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "3-my-picks-open");

    // Journey 4: the games finish, the cron settles, the player sees it.
    const clock = (await (await apiCall("/api/dev/sim/clock")).json()) as { simNow: number };
    const lastStart = Math.max(...starts.map((s) => Date.parse(s!)));
    const minutes = Math.ceil((lastStart - clock.simNow) / 60_000) + 6 * 60;
    const advanced = await apiCall("/api/dev/sim/advance", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ minutes }),
    });
    expect(advanced.status).toBe(200);
    await fireCron();
    await page.getByRole("tab", { name: "Settled" }).click();
    await expect.poll(async () => page.locator(".picks-list > li").count(), { timeout: 20_000 }).toBe(1);
    const row = page.locator(".picks-list > li").first();
    expect(await row.textContent()).toMatch(/Won|Lost|Push|Void|win|loss|push|void/);
    await screenshot(page, "4-my-picks-settled");

    await page.goto("/");
    await page.locator(".stats-card dl:not(.stats-clv)").waitFor();
    await expect.poll(() => statValue(page, "Settled")).toBe("1");
    await screenshot(page, "4-statistics");
    await context.close();
  });
});
