// Journey: paid to a verified person. A player buys a pack, plays its Vantage Cash through
// on a game the operator settles as a win, verifies their identity on the simulated Stripe
// Identity page, onboards a bank account and redeems. A new account's first redemption
// waits in the review queue; a second operator approves it, and /redeem's timeline walks
// on by itself to "Paid to your bank" (the simulator's Connect payout.paid). Screenshots of
// /redeem at 390 and 1280 px. A second player whose document's date of birth differs is
// blocked until an operator corrects the confirmed date to the document's in the console.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  accessTokenFor,
  apiCall,
  axeProblems,
  launchBrowser,
  newPlayerContext,
  openPlayerInConsole,
  placeHomeMoneyline,
  screenshot,
  signInOperator,
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

const json = { "Content-Type": "application/json" };

/** Bets `amount` Vantage Cash on a home moneyline. */
async function betCashOnHome(page: Page, amount: string): Promise<{ eventId: string; startTime: string }> {
  await page.getByRole("button", { name: /^Wallet:/ }).click();
  await page.getByRole("dialog", { name: "Wallet" }).getByRole("button", { name: "Cash" }).click();
  await page.keyboard.press("Escape");
  // A win of at least 24.50 on 49 (American -200 or longer), so it leaves the $20 minimum
  // redeemable beside the pack's held cash; which games are first on the board depends on
  // how far earlier journeys moved the simulator's clock.
  return placeHomeMoneyline(page, amount, { atLeast: -200 });
}

describe("paid to a verified person", () => {
  it("buys, plays, verifies, redeems, and watches the redemption's timeline reach paid", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    const playerEmail = uniqueEmail("identity");
    await signInToBoard(page, playerEmail);

    // Buy: the $49.99 pack through the simulated checkout.
    await page.getByRole("link", { name: "Shop" }).click();
    await page.getByRole("button", { name: "Buy 50,000 Coins for $49.99" }).click();
    await page.getByRole("button", { name: "Pay $49.99" }).click();
    await page.getByText("Purchase complete! Credits will appear shortly.").waitFor();

    // Play: every Vantage Cash on one game, which the operator settles as a home win.
    await page.goto("/");
    await page.locator(".event-card").first().waitFor();
    const game = await betCashOnHome(page, "49");
    await startAndRecordHomeWin(game);

    // Verify: /redeem offers it; the simulated Stripe Identity page says verified.
    await page.goto("/redeem");
    await page.getByRole("heading", { name: "Redeem Vantage Cash" }).waitFor();
    const figure = (label: string) => page.locator(".redeem-playthrough div", { hasText: label }).locator("dd");
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole("heading", { name: "Redeem Vantage Cash" }).waitFor();
          return figure("Still to play").textContent();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe("0 Vantage Cash");
    await page.getByText(/Verify your identity before your first redemption/).waitFor();
    await page.getByRole("button", { name: "Verify your identity" }).click();
    await page.getByRole("heading", { name: "Verify your identity" }).waitFor();
    await screenshot(page, "identity-verify-simulated-1280");
    await page.getByRole("button", { name: "Verified" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/redeem");
    await page.getByText("Identity verified: redemptions are paid to you.").waitFor();

    // Onboard a bank account, then redeem.
    await page.getByRole("button", { name: "Set up payouts" }).click();
    await page.getByLabel("Account number").fill(String(Date.now()).slice(-12));
    await page.getByRole("button", { name: "Complete onboarding" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/redeem");
    // Back from onboarding the page reads the payout account afresh; the form enables once it has.
    await page.getByLabel("Amount (minimum $20)").fill("20");
    const submit = page.getByRole("button", { name: "Request redemption" });
    await expect.poll(() => submit.isDisabled(), { timeout: 20_000 }).toBe(false);
    await submit.click();
    await page.getByText("Redemption request submitted! You can track it in your history.").waitFor();

    // A new account's first redemption waits for review: the timeline says so and what comes next.
    const row = page.locator(".redeem-history-row").first();
    await row.locator(".redeem-status", { hasText: "In review" }).waitFor();
    await row.getByText(/^On hold: A new account's first redemption is reviewed/).waitFor();
    await row.getByText(/^Next: An operator approves or rejects it/).waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "identity-redeem-in-review-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "identity-redeem-in-review-390");
    await page.setViewportSize({ width: 1280, height: 900 });

    // A second operator approves it in the queue; the page follows the timeline to "paid".
    const ops = await accessTokenFor("ops@vantage.test");
    const queue = (await (await apiCall("/api/admin/approvals", { headers: { Authorization: `Bearer ${ops}` } })).json()) as {
      requests: { id: string; kind: string; subjectLabel: string }[];
    };
    const review = queue.requests.find((r) => r.kind === "redemption" && r.subjectLabel === playerEmail);
    expect(review).toBeDefined();
    const approved = await apiCall(`/api/admin/approvals/${encodeURIComponent(review!.id)}/approve`, {
      method: "POST",
      headers: { ...json, Authorization: `Bearer ${ops}` },
      body: JSON.stringify({ reason: "identity and play look right" }),
    });
    expect(approved.status).toBe(200);
    await row.locator(".redeem-status", { hasText: "Paid" }).waitFor({ timeout: 20_000 });
    const steps = await row.locator(".redeem-step-done .redeem-step-name").allTextContents();
    expect(steps).toEqual(["Requested", "Identity checked", "In review", "Approved", "Sent to your payout account", "Paid to your bank"]);
    expect(await row.locator(".redeem-step-ahead").count()).toBe(0);

    // The paid redemption's signed receipt: written to D1 by the wallet's outbox once the
    // payout is confirmed, then downloaded from its row.
    const player = { Authorization: `Bearer ${await accessTokenFor(playerEmail)}` };
    const { redemptions } = (await (await apiCall("/api/withdrawals", { headers: player })).json()) as { redemptions: { id: string }[] };
    const receiptPath = `/api/receipts/payout-${redemptions[0]!.id}`;
    await expect.poll(async () => (await apiCall(receiptPath, { headers: player })).status, { timeout: 15_000 }).toBe(200);
    const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: "Receipt" }).click()]);
    expect(download.suggestedFilename()).toBe(`vantage-receipt-payout-${redemptions[0]!.id}.json`);
    await row.getByRole("link", { name: "Verify it" }).waitFor();
    await screenshot(page, "identity-redeem-paid-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "identity-redeem-paid-390");
    expect(await axeProblems(page)).toEqual([]);
    await context.close();
  });

  it("blocks a player whose document's date of birth differs until an operator corrects it from the console", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    const playerEmail = uniqueEmail("identity-mismatch");
    await signInToBoard(page, playerEmail);
    await page.goto("/redeem");
    await page.getByRole("button", { name: "Verify your identity" }).click();
    await page.getByRole("button", { name: "Date of birth differs" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/redeem");
    await page.getByText(/The date of birth on your identity document differs from the one you confirmed/).waitFor();

    const operator = await newPlayerContext(browser);
    const console_ = await operator.newPage();
    await signInOperator(console_, "admin@vantage.test");
    await openPlayerInConsole(console_, playerEmail);
    // The simulator's "differs" outcome is the confirmed date plus one day.
    await console_.getByText(/The document says 1990-04-26; the player confirmed 1990-04-25\./).waitFor();
    await console_.getByRole("button", { name: "Correct date of birth" }).click();
    const dialog = console_.getByRole("dialog", { name: `Correct ${playerEmail}'s date of birth` });
    await dialog.getByLabel(/Reason/).fill("Typed a day off at sign-up; the licence is right");
    expect(await axeProblems(console_)).toEqual([]);
    await screenshot(console_, "identity-console-correct-dob-1280");
    await dialog.getByRole("button", { name: "Set 1990-04-26" }).click();
    await console_.getByText(`${playerEmail}'s date of birth is 1990-04-26. Their identity is verified now.`).waitFor();
    await console_.setViewportSize({ width: 390, height: 844 });
    expect(await console_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(console_, "identity-console-verified-390");
    await operator.close();

    await page.reload();
    await page.getByText("Identity verified: redemptions are paid to you.").waitFor();
    await context.close();
  });
});
