// Journey: the sweepstakes on a legal footing. A new player meets the Official Sweepstakes
// Rules in one dialog after their date of birth, a short summary with the whole text one tap
// away, reads them and accepts; asks for a
// free-entry request code on /free-entry; an operator records the mailed card in the
// console's Free entry tab and a second operator approves it under Approvals; the player's
// 5 Vantage Cash appears in their wallet. Screens at 390 and 1280 px wide: the dialog, the
// rules, free entry, winners and the console tabs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  accessTokenFor,
  apiCall,
  axeProblems,
  JSON_HEADERS,
  launchBrowser,
  newPlayerContext,
  screenshot,
  signInOperator,
  signInThroughChooser,
  uniqueEmail,
} from "./support";

const OPERATOR_EMAIL = "ops@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const APPROVER_EMAIL = "admin@vantage.test"; // also in ADMIN_EMAILS: approves what the first records

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const walletButton = (page: Page) => page.getByRole("button", { name: /^Wallet:/ });

/** Today in Eastern time, as the console's date field defaults to. */
function easternToday(): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}

async function operatorConsole(): Promise<Page> {
  const page = await (await newPlayerContext(browser)).newPage();
  await signInOperator(page, OPERATOR_EMAIL);
  return page;
}

describe("the sweepstakes", () => {
  it("a new player accepts the rules, requests a free-entry code, one operator records the card, another approves it, and the cash appears", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto("/");
    const email = uniqueEmail("sweeps");
    await signInThroughChooser(page, email, { acceptRules: false });

    // One dialog, summing the rules up and linking them; the whole text unfolds inside it.
    const dialog = page.getByRole("dialog", { name: "Official Sweepstakes Rules" });
    await dialog.waitFor();
    expect(await dialog.getByRole("link", { name: /Official Sweepstakes Rules \(version \d+\)/ }).getAttribute("href")).toBe(
      "/sweepstakes-rules",
    );
    expect(await dialog.getByRole("listitem").count()).toBe(5);
    await dialog.getByRole("button", { name: "Read the full rules" }).click();
    await dialog.getByRole("region", { name: "Full rules" }).getByRole("heading", { name: "1. Sponsor" }).waitFor();
    expect(await axeProblems(page, ".rules-dialog")).toEqual([]);
    await screenshot(page, "sweeps-1-rules-dialog-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "sweeps-1-rules-dialog-1280");
    await dialog.getByRole("button", { name: "I accept" }).click();
    await dialog.waitFor({ state: "detached" });

    // The rules themselves (public), at both widths.
    await page.goto("/sweepstakes-rules");
    await page.getByRole("heading", { name: "1. Sponsor" }).waitFor();
    expect(await page.getByText("NO PURCHASE NECESSARY TO TAKE PART OR TO WIN.", { exact: false }).count()).toBe(1);
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "sweeps-2-rules-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "sweeps-2-rules-390");

    // Free entry: a request code and where to mail it.
    await page.goto("/free-entry");
    await page.getByRole("heading", { name: "Free entry by post" }).waitFor();
    const codeText = page.locator(".sweeps-code-value").first();
    await codeText.waitFor();
    const code = (await codeText.textContent()) ?? "";
    expect(code).toMatch(/^VX-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(await page.locator("address.sweeps-address").textContent()).toContain("PO Box 100");
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "sweeps-3-free-entry-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "sweeps-3-free-entry-1280");
    await expect.poll(() => walletButton(page).getAttribute("aria-label")).toBe("Wallet: 5,000 Coins");

    // The card arrives: an operator records it, and nothing is credited yet.
    const console_ = await operatorConsole();
    await console_.goto("/admin?tab=free-entry");
    await console_.getByRole("heading", { name: "Record a free-entry card" }).waitFor();
    await console_.getByLabel("Request code on the card").fill(code.toLowerCase().replaceAll("-", " "));
    expect(await console_.getByLabel("Postmarked on").inputValue()).toBe(easternToday());
    await console_.getByLabel("Note for the approver").fill("Handwritten, name and e-mail match the account");
    await console_.getByRole("button", { name: "Record card" }).click();
    await console_.getByText(`Sent for approval: another operator must approve crediting 5 Vantage Cash to ${email} for ${code}`).waitFor();
    expect(await axeProblems(console_)).toEqual([]);
    await screenshot(console_, "sweeps-4-console-free-entry-1280");

    // A second operator approves it (the approvals journey does this in the console).
    const approver = { Authorization: `Bearer ${await accessTokenFor(APPROVER_EMAIL)}`, ...JSON_HEADERS };
    const { requests } = (await (await apiCall("/api/admin/approvals?status=pending", { headers: approver })).json()) as {
      requests: { id: string; payload: { code?: string } }[];
    };
    const card = requests.find((r) => r.payload.code === code)!;
    const approved = await apiCall(`/api/admin/approvals/${card.id}/approve`, {
      method: "POST",
      headers: approver,
      body: JSON.stringify({ reason: "card checked" }),
    });
    expect(approved.status).toBe(200);

    // The same card again is refused, saying why.
    await console_.getByLabel("Request code on the card").fill(code);
    await console_.getByRole("button", { name: "Record card" }).click();
    await console_.getByRole("alert").getByText("This request code was already recorded", { exact: false }).waitFor();
    await console_.setViewportSize({ width: 390, height: 844 });
    await screenshot(console_, "sweeps-4-console-free-entry-390");

    // The player's cash appears (pushed to the open tab), and the wallet panel carries the notice.
    await walletButton(page).click();
    const panel = page.getByRole("dialog", { name: "Wallet" });
    await panel.getByRole("button", { name: "Cash" }).click();
    await expect.poll(() => walletButton(page).getAttribute("aria-label"), { timeout: 15_000 }).toBe("Wallet: 5 Vantage Cash");
    await panel.getByText("No purchase necessary. Void where prohibited.", { exact: false }).waitFor();
    await screenshot(page, "sweeps-5-wallet-1280");
    await page.keyboard.press("Escape");

    await page.goto("/winners");
    await page.getByRole("heading", { name: "Winners" }).waitFor();
    await page.getByText("No prizes have been paid yet.").or(page.getByRole("table")).first().waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "sweeps-6-winners-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, "sweeps-6-winners-390");
    await context.close();
  });
});
