// Journey: the operator console. A player bets on a simulated game that then
// runs past its due time with no result; an operator finds it under Settlement at /admin,
// asks to void it with a reason, a second operator approves in the Approvals tab (a started
// game's void needs four eyes), and the player's stake comes back. The operator then freezes a
// player from Players, who sees betting refused with the neutral message. A player who
// opens /admin gets the not-found page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import {
  apiCall,
  axeProblems,
  closeReceipt,
  launchBrowser,
  newPlayerContext,
  openPlayerInConsole,
  openSlip,
  screenshot,
  signInOperator,
  signInToBoard,
  uniqueEmail,
  confirmWager,
} from "./support";

const OPERATOR_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR_EMAIL = "ops@vantage.test"; // also in ADMIN_EMAILS: a started game's void needs someone else
const FROZEN_MESSAGE = "Your account is on hold. Please contact support.";

let browser: Browser;
let operator: BrowserContext;
let console_: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  operator = await newPlayerContext(browser);
  console_ = await operator.newPage();
  await signInOperator(console_, OPERATOR_EMAIL);
});
afterAll(async () => {
  await browser?.close();
});

const walletLabel = (page: Page) => page.getByRole("button", { name: /^Wallet:/ }).getAttribute("aria-label");

/** Bets 25 Coins on the first open price of an upcoming game; returns the card's teams and start. */
async function betOnUpcomingGame(page: Page): Promise<{ home: string; away: string; start: number }> {
  const cards = page.getByRole("tabpanel").locator(".event-card:not(:has(.badge-live))");
  await cards.first().waitFor();
  const card = cards.first();
  const names = card.locator(".event-row .team-name");
  const teams = [await names.nth(0).getAttribute("title"), await names.nth(1).getAttribute("title")];
  const start = Date.parse((await card.locator("time").getAttribute("datetime"))!);
  await card.locator(".price-btn:not(.is-locked):not(.is-missing)").first().click();
  const slip = page.locator(".betslip");
  await slip.getByRole("button", { name: "+25" }).click();
  await slip.getByRole("button", { name: "Place bet" }).click();
  await confirmWager(page.getByRole("dialog", { name: "Confirm wager" }));
  await page.locator(".toast-region").getByText("Singles placed!").waitFor();
  await closeReceipt(page);
  return { away: teams[0]!.trim(), home: teams[1]!.trim(), start };
}

describe("the operator console", () => {
  it("is the not-found page for a player", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("console-player"));
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(await page.getByText("Operator console").count()).toBe(0);
    await context.close();
  });

  it("voids a past-due simulated game from Settlement, and the player's stake returns", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("console-void"));
    const game = await betOnUpcomingGame(page);
    await expect.poll(() => walletLabel(page)).toBe("Wallet: 4,975 Coins");

    // The game starts and runs well past its due time; no settlement run has seen it.
    const clock = (await (await apiCall("/api/dev/sim/clock")).json()) as { simNow: number };
    const minutes = Math.ceil((game.start - clock.simNow) / 60_000) + 45;
    const advanced = await apiCall("/api/dev/sim/advance", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ minutes }),
    });
    expect(advanced.status).toBe(200);

    // The bet reaches D1 (where the console looks) within a second of placing it: refresh until it shows.
    await console_.goto("/admin?tab=settlement");
    const row = console_.locator("tr", { hasText: `${game.away} @ ${game.home}` });
    await expect
      .poll(
        async () => {
          await console_.getByRole("button", { name: "Refresh" }).click();
          await console_.getByRole("button", { name: "Refresh" }).waitFor();
          return row.count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);
    expect(await axeProblems(console_)).toEqual([]);
    await screenshot(console_, "15-console-past-due");
    await row.getByRole("button", { name: "Void" }).click();
    const dialog = console_.getByRole("dialog", { name: `Void ${game.away} @ ${game.home}?` });
    await dialog.getByLabel(/Reason/).fill("The feed never sent a final score.");
    await dialog.getByRole("button", { name: "Void and refund stakes" }).click();
    // The game has started: its void waits for a second operator, who approves it in another browser.
    await console_
      .getByText(`${game.away} @ ${game.home} has started: voiding it waits for another operator's approval (Approvals tab).`)
      .waitFor();
    const approver = await (await newPlayerContext(browser)).newPage();
    await signInOperator(approver, SECOND_OPERATOR_EMAIL);
    await approver.goto("/admin?tab=approvals");
    const request = approver.locator("tr", { hasText: "The feed never sent a final score." });
    await request.getByText("Void: stakes returned, parlays go on without the leg").waitFor();
    await request.getByRole("button", { name: "Approve" }).click();
    const approve = approver.getByRole("dialog", { name: /^Approve: void / });
    await approve.getByLabel(/Reason/).fill("Checked: the game was abandoned.");
    await approve.getByRole("button", { name: "Approve" }).click();
    await approver.locator("tr", { hasText: "The feed never sent a final score." }).getByText("Applied").waitFor();
    await approver.context().close();

    await expect.poll(() => walletLabel(page), { timeout: 20_000 }).toBe("Wallet: 5,000 Coins");
    await page.getByRole("link", { name: "My Picks" }).click();
    await page.getByRole("tab", { name: "Settled" }).click();
    await expect.poll(() => page.locator(".picks-list > li").first().textContent(), { timeout: 20_000 }).toMatch(/Void/i);

    await console_.getByRole("tab", { name: "Audit" }).click();
    await console_.getByRole("cell", { name: "The feed never sent a final score." }).first().waitFor();
    await screenshot(console_, "15-console-audit");
    await context.close();
  });

  it("freezes a player from Players, who then sees betting refused", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    const email = uniqueEmail("console-freeze");
    await signInToBoard(page, email);

    await openPlayerInConsole(console_, email);
    await console_.getByRole("button", { name: "Freeze", exact: true }).click();
    const dialog = console_.getByRole("dialog", { name: `Freeze ${email}?` });
    await dialog.getByLabel(/Reason/).fill("Chargeback ring under review");
    await dialog.getByRole("button", { name: "Freeze account" }).click();
    await console_.getByText(/Frozen by admin@vantage.test .*: Chargeback ring under review/).waitFor();
    expect(await axeProblems(console_)).toEqual([]);
    await screenshot(console_, "15-console-player-frozen");
    await console_.setViewportSize({ width: 390, height: 844 });
    expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(console_, "15-console-player-390");
    await console_.setViewportSize({ width: 1280, height: 900 });

    await page.reload();
    await page.getByRole("tabpanel").locator(".event-card .price-btn:not(.is-locked):not(.is-missing)").first().click();
    const slip = await openSlip(page);
    await slip.getByRole("button", { name: "+25" }).click();
    await slip.getByRole("button", { name: "Place bet" }).click();
    await confirmWager(page.getByRole("dialog", { name: "Confirm wager" }));
    await page.locator(".toast-region").getByText(FROZEN_MESSAGE).waitFor();
    expect(await walletLabel(page)).toBe("Wallet: 5,000 Coins");
    expect(await page.content()).not.toContain("Chargeback");
    await screenshot(page, "15-frozen-player-refused");
    await context.close();
  });
});
