// Journey: a game's own page on a phone (390×844). From the board, a card's "All markets"
// link opens the game's page, titled in the tab, with the game's header and every market
// in its own row; a price picked there goes on the same slip, whose bar at the bottom
// then counts 1 pick.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { axeProblems, launchBrowser, newPlayerContext, screenshot, signInToBoard, uniqueEmail } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a game's page", () => {
  it("opens from a card's link on a phone, and a price picked there shows in the slip bar", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("game-page"));

    // The last upcoming game starts latest: its prices stay open while the journey runs.
    const card = page.getByRole("tabpanel").locator(".event-card").last();
    const matchup = (await card.getAttribute("aria-label")) ?? "";
    await card.getByRole("link", { name: `All markets for ${matchup}` }).click();

    await page.waitForURL(/\/game\/[^/?]+\?sport=/);
    await page.getByRole("heading", { level: 1, name: matchup }).waitFor();
    for (const name of ["Moneyline", "Spread", "Total", "Same-game parlay"]) {
      await page.getByRole("region", { name, exact: true }).waitFor();
    }
    expect(await page.title()).toBe("Game · Vantage");
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "game-page-phone");

    const bar = page.getByRole("region", { name: "Betslip bar" });
    expect(await bar.count()).toBe(0);
    await page.locator(".game-market .price-btn:not(.is-locked):not(.is-missing)").first().click();
    await bar.getByText("1 pick").waitFor();
    await screenshot(page, "game-page-slip-bar");
    await context.close();
  });
});
