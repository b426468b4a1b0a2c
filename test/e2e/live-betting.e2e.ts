// Journey: betting in play. A player opens the Live tab, picks a price on a simulated
// game under way, confirms, watches the Place bet button count the live-bet delay down
// ("Placing… 5", "4", …), and then sees the usual success toast and the balance drop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import {
  axeProblems,
  closeReceipt,
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

/** The first open price on a live card of any sport (sports tried in menu order). */
async function liveOpenPrice(page: Page): Promise<Locator> {
  const sports = page.getByRole("navigation", { name: "Sports" }).getByRole("button");
  await page.getByRole("tab", { name: "Live" }).click();
  for (let i = 0; i < (await sports.count()); i++) {
    const sport = sports.nth(i);
    if (await sport.isDisabled()) continue;
    const label = (await sport.textContent())!.trim();
    await sport.click();
    const panel = page.getByRole("tabpanel");
    // This sport's answer, not the loading line (also an .empty-state) or the previous sport's cards.
    await panel
      .locator(".event-card", { has: page.locator(".event-league", { hasText: label }) })
      .or(panel.locator("p.empty-state:not([role=status])"))
      .first()
      .waitFor();
    const prices = panel.locator(".event-card .price-btn:not(.is-locked):not(.is-missing)");
    if ((await prices.count()) > 0) return prices.first();
  }
  throw new Error("no simulated game under way offers an open price");
}

describe("live betting", () => {
  it("bets on a game under way: the button counts the delay down, then the success toast", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("live"));
    const price = await liveOpenPrice(page);
    expect(await price.locator("xpath=ancestor::article").locator(".badge-live").textContent()).toBe("LIVE");
    await price.click();

    const slip = page.locator(".betslip");
    await slip.getByRole("button", { name: "+10", exact: true }).click();
    await slip.getByRole("button", { name: "Place bet" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm wager" });
    await confirmWager(dialog);

    // The Worker holds the bet for 5 s; the buttons count it down.
    await dialog.getByRole("button", { name: /^Placing… [1-5]$/ }).waitFor({ timeout: 3_000 });
    await slip.locator("button.btn-block", { hasText: /^Placing… [1-5]$/ }).waitFor({ timeout: 3_000 });
    expect(await axeProblems(page, ".betslip-dialog")).toEqual([]);
    await screenshot(page, "live-1-countdown");

    // A live price can move during the delay: then the slip takes the new price and the
    // player confirms again, as every bettor would.
    for (let attempt = 0; attempt < 3; attempt++) {
      const outcome = await Promise.race([
        page
          .getByRole("status")
          .getByText("Singles placed!")
          .waitFor({ timeout: 20_000 })
          .then(() => "placed" as const),
        slip
          .getByRole("alert")
          .waitFor({ timeout: 20_000 })
          .then(() => "refused" as const),
      ]);
      if (outcome === "placed") break;
      await dialog.waitFor({ state: "detached" });
      // A market the live rules suspended meanwhile (a score change, the close window) stays
      // locked: the player takes another live price instead.
      if (!(await slip.getByRole("alert").textContent())?.startsWith("Odds changed")) {
        await slip
          .getByRole("button", { name: /^Remove / })
          .first()
          .click();
        await (await liveOpenPrice(page)).click();
      }
      await slip.getByRole("button", { name: "Place bet" }).click();
      await confirmWager(dialog);
    }
    await page.getByRole("status").getByText("Singles placed!").waitFor();
    await dialog.waitFor({ state: "detached" });
    await closeReceipt(page);
    await expect.poll(() => page.getByRole("button", { name: /^Wallet:/ }).getAttribute("aria-label")).toBe("Wallet: 4,990 Coins");
    await screenshot(page, "live-2-placed");
    await context.close();
  });
});
