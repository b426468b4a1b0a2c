// Receipts in the browser: a player places a bet, downloads its receipt from My Picks and
// pastes it into the public /verify page, which checks it in the browser against the
// site's published keys and says Valid; the same receipt with one figure changed is Invalid.
import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessTokenFor,
  apiCall,
  axeProblems,
  launchBrowser,
  newPlayerContext,
  placeHomeMoneyline,
  screenshot,
  signInToBoard,
  uniqueEmail,
} from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("receipts", () => {
  it("a bet's receipt from My Picks verifies on the public page", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail("receipts");
    await signInToBoard(page, email);
    await placeHomeMoneyline(page, "50");
    // The receipt is signed with the bet when the wallet's outbox writes it to D1: wait until it is there.
    const token = await accessTokenFor(email);
    const headers = { Authorization: `Bearer ${token}` };
    const { bets } = (await (await apiCall("/api/bets", { headers })).json()) as { bets: { id: string }[] };
    await expect.poll(async () => (await apiCall(`/api/receipts/bet-${bets[0]!.id}`, { headers })).status, { timeout: 15_000 }).toBe(200);

    await page.getByRole("link", { name: "My Picks" }).click();
    const row = page.locator(".picks-list > li").first();
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: "Receipt" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^vantage-receipt-bet-.+\.json$/);
    const text = readFileSync((await download.path())!, "utf8");
    const receipt = JSON.parse(text) as { record: { kind: string; bet: { stake: number } } };
    expect(receipt.record).toMatchObject({ kind: "bet", bet: { stake: 50 } });
    await screenshot(page, "receipts-1-my-picks");

    await row.getByRole("link", { name: "Verify it" }).click();
    await page.getByRole("heading", { name: "Verify a receipt" }).waitFor();
    await page.getByLabel("Receipt", { exact: true }).fill(text);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Valid" }).waitFor();
    expect(await page.locator(".verify-result").textContent()).toContain("A single of 50 Coins");
    expect(await axeProblems(page, ".verify-page")).toEqual([]);
    await screenshot(page, "receipts-2-verified");

    // One figure changed: the browser finds the signature no longer matches.
    await page.getByLabel("Receipt", { exact: true }).fill(text.replace('"stake": 50', '"stake": 500'));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByRole("heading", { name: "Invalid" }).waitFor();
    expect(await page.locator(".verify-result").textContent()).toMatch(/signature does not match/);
    await context.close();
  });
});
