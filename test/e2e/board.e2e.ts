// Journey 2: the board — pick a sport, switch Sports / Live / Favorites, star a team,
// search for a team, and switch to Decimal, then Fractional odds in /settings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPlayerContext, screenshot, axeProblems, signInToBoard, uniqueEmail } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the board", () => {
  it("lets a player browse sports, tabs, favorites, search and decimal and fractional odds", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("journey2"));
    expect(await axeProblems(page)).toEqual([]);

    const sports = page.getByRole("navigation", { name: "Sports" });
    await sports.getByRole("button", { name: "NHL" }).click();
    await expect.poll(() => sports.getByRole("button", { name: "NHL" }).getAttribute("aria-current")).toBe("true");
    await page.locator(".event-card .event-league").first().waitFor();
    expect(await page.locator(".event-card .event-league").allTextContents()).toEqual(expect.arrayContaining(["NHL"]));

    const panel = page.getByRole("tabpanel");
    await page.getByRole("tab", { name: "Live" }).click();
    await expect
      .poll(async () => (await panel.locator(".event-card").count()) > 0 || (await panel.getByText("No live games right now.").count()) > 0)
      .toBe(true);
    await page.getByRole("tab", { name: "Favorites" }).click();
    await panel.getByText("Add favorites to see games here.").waitFor();

    await page.getByRole("tab", { name: "Sports" }).click();
    const firstCard = panel.locator(".event-card").first();
    const star = firstCard.getByRole("button", { name: /Add .+ to favorites$/ }).first();
    const team = /Add (.+) to favorites$/.exec((await star.textContent()) ?? "")![1]!;
    await star.click();
    await firstCard.getByRole("button", { name: `Remove ${team} from favorites`, pressed: true }).waitFor();
    await page.getByRole("tab", { name: "Favorites" }).click();
    await panel.locator(".event-card", { hasText: team }).first().waitFor();

    await page.getByRole("tab", { name: "Sports" }).click();
    const word = team.split(" ").at(-1)!;
    await page.getByRole("searchbox", { name: "Search teams" }).fill(word);
    await expect
      .poll(async () => {
        const cards = await panel.locator(".event-card").allTextContents();
        return cards.length > 0 && cards.every((text) => text.toLowerCase().includes(word.toLowerCase()));
      })
      .toBe(true);
    await screenshot(page, "2-board-search");

    await page.goto("/settings");
    await page.getByRole("radio", { name: /Decimal/ }).check();
    await page.goto("/");
    await page.locator(".event-card .price-btn:not(.is-locked) .price-value").first().waitFor();
    const prices = await page.locator(".event-card .price-btn:not(.is-locked):not(.is-missing) .price-value").allTextContents();
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toMatch(/^\d+\.\d{2}$/);
    await screenshot(page, "2-board-decimal");

    await page.goto("/settings");
    await page.getByRole("radio", { name: /Fractional/ }).check();
    await page.goto("/");
    await page.locator(".event-card .price-btn:not(.is-locked) .price-value").first().waitFor();
    const fractions = await page.locator(".event-card .price-btn:not(.is-locked):not(.is-missing) .price-value").allTextContents();
    expect(fractions.length).toBeGreaterThan(0);
    for (const price of fractions) expect(price).toMatch(/^[1-9]\d*\/[1-9]\d*$/);
    await screenshot(page, "2-board-fractional");
    await context.close();
  });
});
