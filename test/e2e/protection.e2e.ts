// Journey: player protection. A new player confirms a date of birth before
// the board (seeing nothing else until then), meets the board's one-time tip and bets; a
// player under age sees only that the account is closed; another takes a 24-hour break
// from /account and sees the board with the break's end time, and betting refused with it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  axeProblems,
  closeReceipt,
  confirmDateOfBirth,
  launchBrowser,
  newPlayerContext,
  openSlip,
  screenshot,
  signInThroughChooser,
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

/** Puts the first open price of the board on the slip, stakes 25 and confirms. */
async function betOnFirstOpenPrice(page: Page): Promise<void> {
  await page.getByRole("tabpanel").locator(".event-card .price-btn:not(.is-locked):not(.is-missing)").first().click();
  const slip = await openSlip(page);
  await slip.getByRole("button", { name: "+25" }).click();
  await slip.getByRole("button", { name: "Place bet" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm wager" });
  await confirmWager(dialog);
}

describe("player protection", () => {
  it("a new player confirms a date of birth before the board, then bets", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await page.goto("/");
    await signInThroughChooser(page, uniqueEmail("journey8a"), { confirmAge: false });
    await page.getByRole("heading", { name: "Confirm your age" }).waitFor();
    expect(await page.locator(".event-card").count()).toBe(0);
    // Nothing but the step: the header has the title and Sign out, no balances or Shop.
    const header = page.getByRole("banner");
    await header.getByRole("button", { name: "Sign out" }).waitFor();
    expect(await header.getByRole("button", { name: /^Wallet:/ }).count()).toBe(0);
    expect(await header.getByRole("link", { name: "Shop" }).count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "8-date-of-birth");

    await confirmDateOfBirth(page);
    await page.locator(".event-card").first().waitFor();
    // The board's one-time tip on favorites and the slip, until the player hides it.
    const tip = page.getByRole("complementary", { name: "Two tips to start" });
    await tip.waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "8-board-tip");
    await tip.getByRole("button", { name: "Hide tips" }).click();
    await tip.waitFor({ state: "detached" });
    await betOnFirstOpenPrice(page);
    await page.locator(".toast-region").getByText("Singles placed!").waitFor();
    await closeReceipt(page);
    await expect.poll(() => walletLabel(page)).toBe("Wallet: 4,975 Coins");

    // Signing in again does not ask again, nor show the tip.
    await page.reload();
    await page.locator(".event-card").first().waitFor();
    expect(await page.getByLabel("Date of birth").count()).toBe(0);
    expect(await tip.count()).toBe(0);
    await context.close();
  });

  it("a player under age sees only that the account is closed: no rules dialog, balances, Shop or board", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto("/");
    await signInThroughChooser(page, uniqueEmail("journey8c"), { confirmAge: false });
    await confirmDateOfBirth(page, `${new Date().getFullYear() - 12}-01-01`, { acceptRules: false });
    await page.getByRole("heading", { name: "Account closed" }).waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    const header = page.getByRole("banner");
    expect(await header.getByRole("button", { name: /^Wallet:/ }).count()).toBe(0);
    expect(await header.getByRole("link", { name: "Shop" }).count()).toBe(0);
    expect(await page.locator(".event-card").count()).toBe(0);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "8-account-closed");
    await context.close();
  });

  it("another takes a 24-hour break and sees the board with betting refused and the break's end time", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("journey8b"));
    await page.goto("/account?section=limits");
    const card = page.locator("section", { has: page.getByRole("heading", { name: "Take a break" }) });
    await card.getByLabel("24 hours").check();
    await card.getByRole("button", { name: "Take a break" }).click();
    const confirm = card.getByRole("group", { name: "Confirm your break" });
    expect(await confirm.textContent()).toMatch(/Take a break for 24 hours, until .+ ET\?/);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "8-confirm-break");
    await confirm.getByRole("button", { name: "Yes, start my break" }).click();
    const state = card.getByText(/You are on a break until .+ ET\./);
    await state.waitFor();
    const until = /until (.+ ET)\./.exec((await state.textContent()) ?? "")?.[1];
    expect(until).toBeTruthy();

    await page.goto("/");
    await page.locator(".event-card").first().waitFor();
    const banner = page.locator(".play-status-banner");
    expect(await banner.textContent()).toContain(`You are taking a break until ${until}.`);
    await betOnFirstOpenPrice(page);
    await page.locator(".toast-region").getByText(`You are taking a break until ${until}.`, { exact: false }).waitFor();
    expect(await walletLabel(page)).toBe("Wallet: 5,000 Coins");
    await screenshot(page, "8-break-refused");
    await context.close();
  });
});
