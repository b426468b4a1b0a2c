// Journey: responsible play's second step. The journeys' server runs with
// REALITY_CHECK_INTERVAL_SECONDS=15 (scripts/e2e.mjs), so a reality check chosen as "every
// 30 minutes" falls due 15 seconds into the session. A player turns reality checks on,
// sees the check open with the session's figures, keeps playing and bets, then at the next
// check takes a 24-hour break; My statement shows the stake and the limit change.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
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

async function betOnFirstOpenPrice(page: Page): Promise<void> {
  await page.getByRole("tabpanel").locator(".event-card .price-btn:not(.is-locked):not(.is-missing)").first().click();
  const slip = page.locator(".betslip");
  await slip.getByRole("button", { name: "+25" }).click();
  await slip.getByRole("button", { name: "Place bet" }).click();
  await confirmWager(page.getByRole("dialog", { name: "Confirm wager" }));
}

describe("reality checks and My statement", () => {
  it("a check falls due, is answered, and the statement shows the session", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("journey-play"));

    await page.goto("/account?section=limits");
    const card = page.locator("section#play-limits");
    await card.getByLabel("Reality check").selectOption({ label: "Every 30 minutes" });
    await card.getByRole("button", { name: "Save loss and time limits" }).click();
    await card.getByText("Loss and time limits saved.").waitFor();
    await page.goto("/");
    await page.locator(".event-card").first().waitFor();

    const dialog = page.getByRole("alertdialog", { name: "Reality check" });
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toMatch(/You have been playing for \d+ minutes? this session\./);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "play-reality-check");
    await dialog.getByRole("button", { name: "Keep playing" }).click();
    await dialog.waitFor({ state: "detached" });

    await betOnFirstOpenPrice(page);
    await page.locator(".toast-region").getByText("Singles placed!").waitFor();
    await closeReceipt(page);

    // The next check: its figures include the stake; "Take a break" starts a 24-hour break.
    await dialog.waitFor({ timeout: 30_000 });
    expect(await dialog.textContent()).toContain("25 Coins");
    await dialog.getByRole("button", { name: "Take a break (24 hours)" }).click();
    await dialog.waitFor({ state: "detached" });
    await page
      .locator(".play-status-banner")
      .getByText(/You are taking a break until .+ ET\./)
      .waitFor();

    await page.goto("/statement");
    const month = page.getByRole("region", { name: /^This month/ });
    await month.waitFor();
    expect(await month.getByRole("row", { name: /^Stakes/ }).textContent()).toContain("−25");
    const history = page.getByRole("region", { name: "Limit and break history" });
    expect(await history.getByRole("row", { name: /^Reality check/ }).textContent()).toContain("Every 30 minutes");
    expect(await history.getByRole("row", { name: /^Break/ }).textContent()).toContain("24 hours");
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "play-statement");
    await context.close();
  });
});
