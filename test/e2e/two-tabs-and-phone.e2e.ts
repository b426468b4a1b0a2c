// Journeys 6 and 7: two tabs of one player stay in step without a reload (a bet placed
// in one moves the balance in the other), and a phone-sized viewport (390×844) shows
// the board, the betslip and My Picks with nothing cut off, and a card carrying the two
// longest team names of the simulator wraps them onto two lines instead of cutting them;
// beside a three-digit live score no word of a name breaks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { TEAMS } from "../../src/shared/teams";
import {
  axeProblems,
  closeReceipt,
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

const walletLabel = (page: Page) => page.getByRole("button", { name: /^Wallet:/ }).getAttribute("aria-label");

async function placeUpcomingSingle(page: Page, amount: string): Promise<void> {
  // The last upcoming game starts latest: the first may be about to start once earlier
  // journeys have moved the simulator's clock, and its prices lock while the slip is placed.
  const price = page.getByRole("tabpanel").locator(".event-card").last().locator(".price-btn:not(.is-locked):not(.is-missing)").first();
  await price.click();
  const slip = await openSlip(page);
  await slip.getByLabel("Amount").fill(amount);
  await slip.getByRole("button", { name: "Place bet" }).click();
  // The slip either asks to confirm or says why it will not: a refusal fails with its sentence.
  const confirm = page.getByRole("dialog", { name: "Confirm wager" });
  const refused = slip.getByRole("alert");
  await confirm.or(refused).first().waitFor();
  if (await refused.isVisible()) throw new Error(`the slip refused the bet: ${await refused.textContent()}`);
  await confirmWager(confirm);
  await page.getByRole("status").getByText("Singles placed!").waitFor();
  await closeReceipt(page);
}

/** Elements wider than the viewport or poking out of its sides. */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width + 1)
      out.push(`page scrolls sideways (${document.documentElement.scrollWidth}px > ${width}px)`);
    for (const el of document.querySelectorAll<HTMLElement>("button, a, input, h1, h2, .card, .event-card, .betslip, .picks-list > li")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || getComputedStyle(el).visibility === "hidden" || el.closest(".visually-hidden")) continue;
      // Inside a sideways-scrolling strip (like the sport chips) an item past the edge is
      // reachable by swiping, not cut off.
      let scroller: HTMLElement | null = el.parentElement;
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (scroller && scroller !== document.documentElement && scroller !== document.body) continue;
      if (r.left < -1 || r.right > width + 1)
        out.push(`${el.tagName.toLowerCase()}.${el.className} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    }
    return out.slice(0, 10);
  });
}

describe("one player, two tabs", () => {
  it("moves the balance in the other tab without a reload", async () => {
    const context = await newPlayerContext(browser);
    const tabA = await context.newPage();
    await signInToBoard(tabA, uniqueEmail("journey6"));
    const tabB = await context.newPage();
    await tabB.goto("/");
    await tabB.locator(".event-card").first().waitFor();
    await expect.poll(() => walletLabel(tabB)).toBe("Wallet: 5,000 Coins");

    await placeUpcomingSingle(tabA, "40");
    await expect.poll(() => walletLabel(tabA)).toBe("Wallet: 4,960 Coins");
    await expect.poll(() => walletLabel(tabB), { timeout: 10_000 }).toBe("Wallet: 4,960 Coins");
    await screenshot(tabB, "6-second-tab");
    await context.close();
  });
});

describe("a phone-sized screen", () => {
  it("shows the board, the betslip and My Picks at 390×844 with nothing cut off", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("journey7"));
    expect(await overflowing(page)).toEqual([]);
    await screenshot(page, "7-phone-board");

    await placeUpcomingSingle(page, "25");
    await page.getByRole("tabpanel").locator(".event-card .price-btn:not(.is-locked):not(.is-missing)").nth(2).click();
    // The slip waits in a bar at the bottom, in reach whatever is scrolled; it opens as a sheet.
    const bar = page.getByRole("region", { name: "Betslip bar" });
    await bar.getByText("1 pick").waitFor();
    await screenshot(page, "7-phone-slip-bar");
    const slip = await openSlip(page);
    expect(await overflowing(page)).toEqual([]);
    expect(await axeProblems(page, ".slip-sheet")).toEqual([]);
    await slip.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "test-results/e2e"}/7-phone-betslip.png` });
    await page.keyboard.press("Escape");
    await bar.getByRole("button").waitFor();

    await page.goto("/picks");
    await page.locator(".picks-list > li").first().waitFor();
    expect(await overflowing(page)).toEqual([]);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "7-phone-my-picks");
    await context.close();
  });
});

describe("long team names on a phone", () => {
  it("wraps the simulator's two longest team names onto two lines at 390 px, nothing clipped", async () => {
    const [longest, second] = Object.values(TEAMS)
      .flat()
      .map(([name]) => name)
      .sort((a, b) => b.length - a.length);
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    // Every game the board receives is played by these two, so the first card shown has them.
    await page.route("**/api/events?*", async (route) => {
      const response = await route.fetch();
      const events = (await response.json()) as Array<{ home: string; away: string }>;
      await route.fulfill({ response, json: events.map((e) => ({ ...e, away: longest!, home: second! })) });
    });
    await signInToBoard(page, uniqueEmail("journey7-names"));
    const card = page
      .getByRole("tabpanel")
      .getByRole("article", { name: `${longest} at ${second}` })
      .first();
    await card.waitFor();
    const names = await card.locator(".team-name").evaluateAll((els) =>
      els.map((el) => {
        const style = getComputedStyle(el);
        const lineHeight = parseFloat(style.lineHeight);
        return {
          text: el.firstChild?.textContent ?? "",
          clippedSideways: el.scrollWidth > el.clientWidth + 1,
          clippedBelow: el.scrollHeight > el.clientHeight + 1,
          lines: Math.round(el.getBoundingClientRect().height / lineHeight),
        };
      }),
    );
    expect(names).toEqual([
      { text: longest, clippedSideways: false, clippedBelow: false, lines: 2 },
      { text: second, clippedSideways: false, clippedBelow: false, lines: 2 },
    ]);
    // The market headings fit their columns too (no "Moneyline" running into "Spread").
    const headings = await card
      .locator(".event-market-name")
      .evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent));
    expect(headings).toEqual([]);
    expect(await overflowing(page)).toEqual([]);
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "test-results/e2e"}/7-phone-longest-team-names.png` });
    await context.close();
  });

  it("keeps the longest words of NBA names whole beside three-digit live scores at 390 px", async () => {
    const longestWord = (name: string) => Math.max(...name.split(" ").map((w) => w.length));
    const [away, home] = TEAMS.basketball_nba.map(([name]) => name).sort((a, b) => longestWord(b) - longestWord(a));
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    // Every game under way is played by these two, at 111–108.
    await page.route("**/api/events?*", async (route) => {
      const response = await route.fetch();
      const events = (await response.json()) as Array<{ status: string; live: object | null; home: string; away: string }>;
      const json = events.map((e) =>
        e.status === "live" && e.live ? { ...e, away, home, live: { ...e.live, awayScore: 111, homeScore: 108 } } : e,
      );
      await route.fulfill({ response, json });
    });
    await signInToBoard(page, uniqueEmail("journey7-live-names"));
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NBA" }).click();
    await page.getByRole("tab", { name: "Live" }).click();
    const card = page
      .getByRole("tabpanel")
      .getByRole("article", { name: `${away} at ${home}` })
      .first();
    await card.locator(".team-score").first().waitFor();
    // Each word's width in the name's own type, against the room the name has.
    const broken = await card.locator(".team-name").evaluateAll((els) =>
      els.flatMap((el) => {
        const style = getComputedStyle(el);
        return (el.firstChild?.textContent ?? "").split(" ").flatMap((word) => {
          const probe = document.createElement("span");
          probe.style.cssText = `position: absolute; visibility: hidden; white-space: nowrap; font: ${style.font}; letter-spacing: ${style.letterSpacing}`;
          probe.textContent = word;
          document.body.append(probe);
          const width = probe.getBoundingClientRect().width;
          probe.remove();
          return width > el.clientWidth + 0.5 ? [`${word} ${width.toFixed(1)} px > ${el.clientWidth} px`] : [];
        });
      }),
    );
    expect(broken).toEqual([]);
    // The favourite button keeps its name when its abbreviation makes room.
    await card.getByRole("button", { name: new RegExp(`Add ${away} to favorites`) }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await card.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? "test-results/e2e"}/7-phone-live-team-names.png` });
    await context.close();
  });
});
