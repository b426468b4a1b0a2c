// Journey: a player's market. From the board a game's page lists its players' markets;
// the player searches for one player, bets his points as a single, sees it open in My
// Picks, and after the game ends (the simulator plays its players) and the cron runs, sees
// it settled from the box score.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import {
  apiCall,
  axeProblems,
  closeReceipt,
  fireCron,
  launchBrowser,
  newPlayerContext,
  openSlip,
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

describe("player props", () => {
  it("finds a player on a game's page, bets his points, and sees the bet settled from the box score", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("props"));
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NBA" }).click();

    // The last upcoming game starts latest: its props stay open while the journey runs.
    const card = page.getByRole("tabpanel").locator(".event-card").last();
    const matchup = (await card.getAttribute("aria-label")) ?? "";
    const start = await card.locator("time").getAttribute("datetime");
    await card.getByRole("link", { name: `All markets for ${matchup}` }).click();
    await page.getByRole("heading", { level: 1, name: matchup }).waitFor();

    const props = page.getByRole("region", { name: "Player props" });
    const players = props.getByRole("list", { name: "Players" });
    await players.getByRole("listitem").first().waitFor();
    const name = (await players.getByRole("listitem").first().getByRole("heading").locator("span").first().textContent())!.trim();
    await props.getByRole("searchbox").fill(name.split(" ").at(-1)!);
    await expect.poll(() => players.getByRole("listitem").count()).toBeGreaterThanOrEqual(1);
    expect(await axeProblems(page, ".game-props")).toEqual([]);
    await screenshot(page, "props-game-page");

    const player = players.getByRole("listitem").filter({ hasText: name }).first();
    await player.locator(".price-btn:not(.is-locked)").first().click();
    const slip = await openSlip(page);
    await slip.getByText(name, { exact: false }).first().waitFor();
    await slip.getByLabel("Amount").fill("10");
    await slip.getByRole("button", { name: "Place bet" }).click();
    await confirmWager(page.getByRole("dialog", { name: "Confirm wager" }));
    await page.getByRole("status").getByText("Singles placed!").waitFor();
    await closeReceipt(page);

    await page.getByRole("link", { name: "My Picks" }).click();
    await page.getByRole("tab", { name: "Open" }).click();
    const open = page.locator(".picks-list > li").first();
    await open.waitFor();
    expect(await open.textContent()).toContain(name);

    // The game is played to its end on the simulator's clock, and the cron settles it from the box score.
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
    expect(await settled.textContent()).toContain(name);
    expect(await settled.textContent()).toMatch(/Won|Lost|Push|Void/);
    await screenshot(page, "props-settled");
    await context.close();
  });
});
