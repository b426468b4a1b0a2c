// Journey: a same-game parlay on a phone (390×844). A new player buys the $49.99 pack
// through the simulated checkout (its Vantage Cash), opens the Soccer board, picks the home
// moneyline and the Over of one upcoming game, and the Parlay the slip switches to shows
// them as one labelled "Same-game parlay" group with the block's price (priced from the
// game's score model, src/shared/same-game.ts): the parlay's odds are that price. With the
// Vantage Cash wallet chosen, the parlay is placed at that price, the Vantage Cash balance
// drops by the stake, and My Picks shows the bet's legs grouped under "Same-game parlay"
// at the same price. Screenshots of the slip with its block and of My Picks at 390×844.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import {
  axeProblems,
  closeReceipt,
  closeSlip,
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

const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? "test-results/e2e";
const PHONE = { width: 390, height: 844 };
const walletButton = (page: Page) => page.getByRole("button", { name: /^Wallet:/ });

/** Elements of `root` whose text is cut off (wider or taller than their box, with the overflow hidden), or poking out of the viewport. */
async function clippedIn(root: Locator): Promise<string[]> {
  return root.evaluate((el) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const node of [el, ...el.querySelectorAll<HTMLElement>("*")]) {
      const r = node.getBoundingClientRect();
      if (r.width === 0 || node.closest(".visually-hidden")) continue;
      const style = getComputedStyle(node);
      const name = `${node.tagName.toLowerCase()}.${[...node.classList].join(".")} "${(node.textContent ?? "").trim().slice(0, 40)}"`;
      if (r.left < -1 || r.right > width + 1) out.push(`${name} pokes out [${Math.round(r.left)}, ${Math.round(r.right)}]`);
      const hidesX = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
      const hidesY = style.overflowY !== "visible";
      if (hidesX && node.scrollWidth > node.clientWidth + 1) out.push(`${name} cut sideways (${node.scrollWidth} > ${node.clientWidth})`);
      if (hidesY && node.scrollHeight > node.clientHeight + 1) out.push(`${name} cut below (${node.scrollHeight} > ${node.clientHeight})`);
    }
    return out;
  });
}

/**
 * Two screenshots of the slip on the phone: `<name>.png`, the whole slip as the page lays it
 * out (cut from a full-page render, so the sticky header does not cover its top), and
 * `<name>-390x844.png`, the screen as the player sees it with `block` scrolled up under the
 * sticky header.
 */
async function phoneShots(page: Page, slip: Locator, block: Locator, name: string): Promise<void> {
  const box = await slip.evaluate((el) => {
    // At the top of the page the sticky header sits over the board, not over the slip.
    window.scrollTo(0, 0);
    const r = el.getBoundingClientRect();
    return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
  });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true, clip: box });
  await block.evaluate((el) => {
    const header = document.querySelector("header");
    const headerBottom = header && getComputedStyle(header).position !== "static" ? header.getBoundingClientRect().bottom : 0;
    window.scrollBy(0, el.getBoundingClientRect().top - headerBottom - 8);
  });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-390x844.png` });
}

/**
 * On the Soccer board, the home moneyline and the Over of the first upcoming game whose
 * picks the slip prices as a same-game block (a game without a score model says so in the
 * block, and the slip is cleared for the next); answers the block's group and its price text.
 */
async function pickSameGameBlock(page: Page): Promise<{ group: Locator; price: string; home: string }> {
  const cards = page.getByRole("tabpanel").locator(".event-card:not(:has(.badge-live))");
  await cards.first().waitFor();
  const tried: string[] = [];
  for (let i = 0; i < Math.min(6, await cards.count()); i++) {
    const card = cards.nth(i);
    const rows = card.locator(".event-row");
    // The away row's third price is the Over; the home row's first is its moneyline.
    const homeMoneyline = rows.nth(1).locator(".price-btn").nth(0);
    const over = rows.nth(0).locator(".price-btn").nth(2);
    const open = async (button: Locator) => (await button.evaluate((el) => el.tagName)) === "BUTTON" && (await button.isEnabled());
    if (!(await open(homeMoneyline)) || !(await open(over))) {
      tried.push(`${await card.getAttribute("aria-label")}: a price is locked or missing`);
      continue;
    }
    await homeMoneyline.click();
    await over.click();
    expect(await homeMoneyline.getAttribute("aria-pressed")).toBe("true");
    expect(await over.getAttribute("aria-pressed")).toBe("true");
    const slip = await openSlip(page);
    // The slip switches to Parlay on its second pick; choose it if it has not.
    const parlay = slip.getByRole("radio", { name: "Parlay" });
    if ((await parlay.getAttribute("aria-checked")) !== "true") await parlay.click();
    await expect.poll(() => parlay.getAttribute("aria-checked")).toBe("true");

    const group = slip.getByRole("group", { name: /^Same-game parlay/ });
    await group.waitFor();
    const price = group.locator(".betslip-block-price:not(.is-pending)");
    const refused = group.locator(".betslip-block-error");
    await price.or(refused).first().waitFor({ timeout: 15_000 });
    if (await price.count()) {
      const home = (await rows.nth(1).locator(".team-name").textContent())!.replace(/\s*\(home\)\s*$/, "").trim();
      // Its text is the spoken "Same-game price " and the price shown.
      return { group, price: (await price.textContent())!.replace("Same-game price", "").trim(), home };
    }
    tried.push(`${await card.getAttribute("aria-label")}: ${await refused.textContent()}`);
    // Cleared, the phone's sheet closes with nothing left in it.
    await slip.getByRole("button", { name: "Clear" }).click();
    await page.getByRole("region", { name: "Betslip bar" }).waitFor({ state: "detached" });
  }
  throw new Error(`no upcoming Soccer game took a same-game block:\n${tried.join("\n")}`);
}

describe("a same-game parlay", () => {
  it("groups two picks on one Soccer game as a priced same-game block, places it with Vantage Cash, and shows it grouped in My Picks", async () => {
    const context = await newPlayerContext(browser, PHONE);
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("same-game"));

    // Vantage Cash: the $49.99 pack through the simulated checkout.
    await page.getByRole("link", { name: "Shop" }).click();
    await page.getByRole("heading", { name: "Coin Shop" }).waitFor();
    await page.getByRole("button", { name: "Buy 50,000 Coins for $49.99" }).click();
    await page.getByRole("button", { name: "Pay $49.99" }).click();
    await page.getByText("Purchase complete! Credits will appear shortly.").waitFor();
    await expect.poll(() => walletButton(page).getAttribute("aria-label"), { timeout: 15_000 }).toBe("Wallet: 55,000 Coins");

    await page.goto("/");
    await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "Soccer" }).click();
    await page.getByRole("tabpanel").locator(".event-card").first().waitFor();
    const { group, price, home } = await pickSameGameBlock(page);
    const slip = page.locator(".betslip");

    // The block: both picks inside the labelled group, under the block's price; the parlay's odds are that price.
    const legs = group.getByRole("list", { name: "Picks in this same-game parlay" }).getByRole("listitem");
    expect(await legs.count()).toBe(2);
    expect(await legs.nth(0).locator(".betslip-pick-label").textContent()).toBe(`${home} ML`);
    expect(await legs.nth(1).locator(".betslip-pick-label").textContent()).toMatch(/^Over \d+(\.\d+)?$/);
    expect(price).toMatch(/^[+-]\d+$/);
    const summary = (term: string) => slip.locator(".betslip-summary dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
    expect(await summary("Parlay odds").textContent()).toBe(price);

    // The Vantage Cash wallet (in the header, behind the phone's slip sheet): the slip follows it.
    await closeSlip(page);
    await walletButton(page).click();
    await page.getByRole("dialog", { name: "Wallet" }).getByRole("button", { name: "Cash" }).click();
    await page.keyboard.press("Escape");
    await openSlip(page);
    // The pack's Vantage Cash (49 of the $49.99 today).
    await expect.poll(() => walletButton(page).getAttribute("aria-label")).toMatch(/^Wallet: [1-9][\d,.]* Vantage Cash$/);
    const cashBefore = Number((await walletButton(page).getAttribute("aria-label"))!.replace(/[^\d.]/g, ""));
    await slip.locator(".betslip-wallet", { hasText: "Vantage Cash" }).waitFor();
    await slip.getByLabel("Amount").fill("5");
    await expect.poll(() => summary("Total stake").textContent()).toBe("5 Vantage Cash");
    const payout = (await summary("Payout").textContent())!;
    expect(payout).toMatch(/Vantage Cash$/);

    // The slip at 390×844: the block, its picks and the parlay's figures, nothing cut off.
    await slip.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const clipped = await clippedIn(slip);
    if (clipped.length > 0) console.warn(`same-game slip at 390 px, cut off or poking out:\n${clipped.join("\n")}`);
    expect(await axeProblems(page, ".betslip")).toEqual([]);
    await phoneShots(page, slip, group, "same-game-phone-betslip");

    // Placing it: the confirm dialog lists the block at its price.
    await slip.getByRole("button", { name: "Place parlay" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm wager" });
    await dialog.waitFor();
    await dialog.getByText("Parlay from Vantage Cash").waitFor();
    const confirmBlock = dialog.locator(".betslip-confirm-block");
    expect(await confirmBlock.locator(".betslip-confirm-block-head").textContent()).toMatch(
      new RegExp(`^Same-game parlay[\\s\\S]*${price.replace("+", "\\+")}$`),
    );
    expect(await confirmBlock.getByRole("listitem").count()).toBe(2);
    expect(await axeProblems(page, ".betslip-dialog")).toEqual([]);
    // The dialog is fixed to the screen: what the phone shows.
    await page.screenshot({ path: `${SCREENSHOTS}/same-game-phone-confirm.png` });
    await confirmWager(dialog);
    await page.getByRole("status").getByText("Parlay placed!").waitFor();
    await dialog.waitFor({ state: "detached" });
    // The receipt names the parlay and its two legs at the block's price.
    const receipt = page.getByRole("dialog", { name: "Bet placed" });
    await receipt.getByText("Parlay · 2 legs").waitFor();
    await screenshot(page, "same-game-phone-receipt");
    await closeReceipt(page);
    // The slip cleared: the phone's sheet and its bar are gone with it.
    await page.getByRole("region", { name: "Betslip bar" }).waitFor({ state: "detached" });
    // The toast goes by itself; the screenshot below shows the page without it.
    await page.getByRole("status").getByText("Parlay placed!").waitFor({ state: "detached", timeout: 15_000 });
    await expect.poll(() => walletButton(page).getAttribute("aria-label")).toBe(`Wallet: ${cashBefore - 5} Vantage Cash`);

    // My Picks (the Vantage Cash wallet's): the parlay, its legs grouped under "Same-game parlay" at the block's price.
    await page.getByRole("link", { name: "My Picks" }).click();
    await page.getByRole("heading", { name: "My Picks" }).waitFor();
    await page.locator(".picks-header", { hasText: "Wallet: Vantage Cash" }).waitFor();
    await page.getByRole("tab", { name: "Open" }).click();
    const bets = page.locator(".picks-list > li");
    await bets.first().waitFor();
    expect(await bets.count()).toBe(1);
    const bet = bets.first();
    await bet.getByText("Parlay · 2 legs").waitFor();
    expect(await bet.locator(".picks-amounts div", { hasText: "Stake" }).locator("dd").textContent()).toBe("5 Vantage Cash");
    expect(await bet.locator(".picks-amounts div", { hasText: "Payout" }).locator("dd").textContent()).toBe(payout);
    await bet.getByRole("button", { name: "Show legs" }).click();
    const placed = bet.getByRole("group", { name: `Same-game parlay ${price}` });
    await placed.waitFor();
    const placedLegs = await placed.locator(".picks-leg-name").allTextContents();
    // The group's own title line, then its two legs.
    expect(placedLegs.slice(1).map((t) => t.replace(/\s+[+-]\d+$/, ""))).toEqual([home, expect.stringMatching(/^Over \d+(\.\d+)?$/)]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const clippedPicks = await clippedIn(bet);
    if (clippedPicks.length > 0) console.warn(`same-game bet in My Picks at 390 px, cut off or poking out:\n${clippedPicks.join("\n")}`);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "same-game-phone-my-picks");
    await context.close();
  });
});
