// Journey: a player picks a handle in Account, wins a bet the operator
// settles, and appears on this week's leaderboard on /social; another player opens that
// player's shared pick signed out on a phone (390×844), signs in from it, and "Tail"
// fills their betslip.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  axeProblems,
  confirmDateOfBirth,
  launchBrowser,
  newPlayerContext,
  placeHomeMoneyline,
  screenshot,
  signInToBoard,
  startAndRecordHomeWin,
  uniqueEmail,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function chooseHandle(page: Page, handle: string): Promise<void> {
  await page.goto("/account");
  await page.getByLabel("Handle").fill(handle);
  await page.getByRole("button", { name: "Save handle" }).click();
  await page.getByText("✅ Handle saved.").waitFor();
}

describe("social", () => {
  it("a shared pick opens signed out on a phone and Tail fills the betslip after sign-in", async () => {
    const owner = await newPlayerContext(browser);
    const ownerPage = await owner.newPage();
    await signInToBoard(ownerPage, uniqueEmail("journey8-owner"));
    const handle = `tipster_${Date.now().toString(36).slice(-6)}`;
    await chooseHandle(ownerPage, handle);
    await ownerPage.goto("/");
    await ownerPage.locator(".event-card").first().waitFor();
    const game = await placeHomeMoneyline(ownerPage, "25");

    await ownerPage.getByRole("link", { name: "My Picks" }).click();
    await ownerPage.locator(".picks-list > li").first().waitFor();
    await ownerPage.locator(".picks-list > li").first().getByRole("button", { name: "Share" }).click();
    const link = ownerPage.locator(".share-pick-link").first();
    await link.waitFor();
    const url = new URL((await link.getAttribute("href"))!);
    expect(url.pathname).toMatch(/^\/p\/[A-Za-z0-9_-]{22}$/);

    // The viewer is new to Vantage: the link is their first visit.
    const viewerEmail = uniqueEmail("journey8-viewer");
    const viewer = await newPlayerContext(browser, { width: 390, height: 844 });
    const phone = await viewer.newPage();
    await phone.goto(url.pathname);
    await phone.getByRole("heading", { name: "Shared pick" }).waitFor();
    expect(await phone.locator(".social-owner").first().textContent()).toContain(`@${handle}`);
    expect(await phone.locator(".picks-amounts").textContent()).toContain("25 Coins");
    expect(await axeProblems(phone)).toEqual([]);
    await screenshot(phone, "8-shared-pick-signed-out-390");

    await phone.getByRole("button", { name: "Sign in to tail" }).click();
    await phone.getByRole("heading", { name: "Choose an account" }).waitFor();
    await phone.getByLabel("E-mail", { exact: true }).fill(viewerEmail);
    await phone.getByRole("button", { name: "Continue", exact: true }).click();
    // Back on the link, signed in: the open leg lands on the betslip and the board opens,
    // after the one-time date-of-birth step of a new player.
    await phone.getByRole("status").getByText("Added 1 pick to your betslip.").waitFor();
    await phone.waitForURL((u) => u.pathname === "/");
    await confirmDateOfBirth(phone);
    // On the phone the slip waits behind the bar at the bottom: arriving with the tailed pick,
    // its sheet opens by itself once the board appears (here after the date of birth).
    const sheet = phone.getByRole("dialog", { name: "Betslip" });
    await sheet.waitFor();
    const selections = sheet.locator(".betslip").getByRole("list", { name: "Selections" }).getByRole("listitem");
    await expect.poll(() => selections.count()).toBe(1);
    const stored = await phone.evaluate(
      () =>
        (JSON.parse(localStorage.getItem("vantage.betslip") ?? "{}") as { picks: { gameId: string; market: string; side: string }[] })
          .picks,
    );
    expect(stored).toEqual([expect.objectContaining({ gameId: game.eventId, market: "Moneyline", side: "Home" })]);
    await screenshot(phone, "8-tailed-betslip-390");
    await viewer.close();
    await owner.close();
  });

  it("a settled winner appears on this week's leaderboard", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("journey8-winner"));
    const handle = `winner_${Date.now().toString(36).slice(-6)}`;
    await chooseHandle(page, handle);
    await page.goto("/");
    await page.locator(".event-card").first().waitFor();
    const game = await placeHomeMoneyline(page, "100");

    await startAndRecordHomeWin(game);

    // Settlement runs on the queue and the figures reach D1 with the wallet's next write, so
    // the board is looked at again (as a player would reload) until the win is counted.
    await page.getByRole("link", { name: "Social" }).first().click();
    await page.getByRole("heading", { name: "Social", level: 1 }).waitFor();
    const row = page.locator(".leaderboard-table tr", { hasText: `@${handle}` });
    await expect
      .poll(
        async () => {
          if ((await row.count()) > 0) return true;
          await page.waitForTimeout(1000);
          await page.reload();
          await page.getByRole("heading", { name: "Social", level: 1 }).waitFor();
          return (await row.count()) > 0;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBe(true);
    expect(await row.getAttribute("aria-current")).toBe("true");
    expect(await row.locator("td.num").textContent()).toMatch(/^\+[\d,]+ Coins$/);
    expect(await page.locator(".leaderboard-me").textContent()).toMatch(/Your rank: #\d+/);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "8-weekly-leaderboard");

    // The profile behind the row shows the settled win.
    await row.getByRole("link").click();
    await page.getByText(`@${handle} · Member since`).waitFor();
    await page.locator(".picks-list > li").first().waitFor();
    expect(await page.locator(".picks-list > li").first().textContent()).toContain("Won");
    await screenshot(page, "8-public-profile");
    await context.close();
  });
});
