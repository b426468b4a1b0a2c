// Journey: four eyes on money, with the two development operators (ADMIN_EMAILS in
// wrangler.toml). One operator credits a player Vantage Cash from Players: nothing moves,
// the request waits under Approvals, where its requester cannot decide it. The second
// operator, in another browser, sees who asked, why and how much, approves it, and the
// player's cash arrives (to be played through, like bonus cash); the audit log names both.
// A mailed free-entry card goes the same way: recorded by one, credited on the other's approval.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import {
  axeProblems,
  launchBrowser,
  newPlayerContext,
  openPlayerInConsole,
  screenshot,
  signInOperator,
  signInToBoard,
  uniqueEmail,
} from "./support";

const REQUESTER = "admin@vantage.test";
const APPROVER = "ops@vantage.test";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** An operator's console in its own browser context. */
async function operatorConsole(email: string): Promise<Page> {
  const page = await (await newPlayerContext(browser)).newPage();
  await signInOperator(page, email);
  return page;
}

describe("four eyes on money", () => {
  it("a cash credit waits for a second operator, who approves it; only then does the player's cash arrive", async () => {
    const playerEmail = uniqueEmail("four-eyes");
    const player = await (await newPlayerContext(browser)).newPage();
    await signInToBoard(player, playerEmail);

    // The first operator asks for the credit: nothing moves yet.
    const requester = await operatorConsole(REQUESTER);
    await openPlayerInConsole(requester, playerEmail);
    await requester.getByRole("button", { name: "Adjust balance" }).click();
    const adjust = requester.getByRole("dialog", { name: `Adjust ${playerEmail}'s balance` });
    await adjust.getByLabel("Wallet").selectOption("cash");
    await adjust.getByLabel("Amount").fill("25");
    await adjust.getByLabel(/Reason/).fill("Tournament prize, week 12");
    await adjust.getByRole("button", { name: "Credit 25 Vantage Cash" }).click();
    await requester
      .getByText(`Sent for approval: another operator must approve crediting 25 Vantage Cash to ${playerEmail} (Approvals tab).`)
      .waitFor();
    expect(await requester.locator(".admin-stats").getByText("0 Vantage Cash").count()).toBeGreaterThan(0);

    await requester.getByRole("tab", { name: "Approvals" }).click();
    const own = requester.locator("tr", { hasText: playerEmail });
    await own.getByText("Yours: another operator decides").waitFor();
    expect(await own.getByRole("button", { name: "Approve" }).count()).toBe(0);
    expect(await axeProblems(requester)).toEqual([]);
    await screenshot(requester, "25-approvals-requester");

    // The second operator, in another browser, approves it.
    const approver = await operatorConsole(APPROVER);
    await approver.goto("/admin?tab=approvals");
    const row = approver.locator("tr", { hasText: playerEmail });
    await row.getByText(REQUESTER).waitFor();
    await row.getByText("Tournament prize, week 12").waitFor();
    await row.getByText("+25 Vantage Cash").waitFor();
    await screenshot(approver, "25-approvals-pending");
    await row.getByRole("button", { name: "Approve" }).click();
    const dialog = approver.getByRole("dialog", { name: `Approve: credit 25 Vantage Cash to ${playerEmail}?` });
    await dialog.getByLabel(/Reason/).fill("Checked the tournament results.");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await approver.getByText(`Approved: credit 25 Vantage Cash to ${playerEmail}.`).waitFor();
    await approver.locator("tr", { hasText: playerEmail }).getByText("Applied").waitFor();

    // The cash has arrived, to be played through like bonus cash.
    await openPlayerInConsole(approver, playerEmail);
    const stats = approver.locator(".admin-stats");
    await stats.getByText("25 Vantage Cash").first().waitFor();
    expect(await stats.locator("div", { hasText: "Still to play" }).locator("dd").textContent()).toBe("25 Vantage Cash");
    await player.goto("/redeem");
    const balance = player.locator("p", { hasText: "Vantage Cash balance:" }).locator("strong");
    await expect.poll(() => balance.textContent(), { timeout: 20_000 }).toBe("25");

    await approver.getByRole("tab", { name: "Audit" }).click();
    await approver.getByRole("cell", { name: "Tournament prize, week 12" }).first().waitFor();
    const actions = await approver
      .locator("tbody tr")
      .evaluateAll((rows) => rows.slice(0, 3).map((r) => [r.children[1]?.textContent, r.children[2]?.textContent]));
    expect(actions).toEqual([
      [APPROVER, "adjustment"],
      [APPROVER, "approve"],
      [REQUESTER, "request"],
    ]);
    await screenshot(approver, "25-approvals-audit");
  });

  it("a free-entry card one operator records credits nothing until the other approves it", async () => {
    const playerEmail = uniqueEmail("free-entry");
    const player = await (await newPlayerContext(browser)).newPage();
    await signInToBoard(player, playerEmail);
    await player.goto("/free-entry");
    const codeText = player.locator(".sweeps-code-value").first();
    await codeText.waitFor();
    const code = (await codeText.textContent()) ?? "";

    const requester = await operatorConsole(REQUESTER);
    await requester.goto("/admin?tab=free-entry");
    await requester.getByLabel("Request code on the card").fill(code);
    await requester.getByLabel("Note for the approver").fill("Handwritten; name and e-mail match");
    await requester.getByRole("button", { name: "Record card" }).click();
    await requester
      .getByText(`Sent for approval: another operator must approve crediting 5 Vantage Cash to ${playerEmail} for ${code} (Approvals tab).`)
      .waitFor();
    await requester.getByRole("tab", { name: "Approvals" }).click();
    const own = requester.locator("tr", { hasText: code });
    await own.getByText("Yours: another operator decides").waitFor();
    expect(await own.getByRole("button", { name: "Approve" }).count()).toBe(0);

    const approver = await operatorConsole(APPROVER);
    await approver.goto("/admin?tab=approvals");
    const row = approver.locator("tr", { hasText: code });
    await row.getByText(REQUESTER).waitFor();
    await row.getByText("Handwritten; name and e-mail match").waitFor();
    await row.getByText("+5 Vantage Cash").waitFor();
    expect(await axeProblems(approver)).toEqual([]);
    await screenshot(approver, "25-approvals-free-entry");
    await row.getByRole("button", { name: "Approve" }).click();
    const dialog = approver.getByRole("dialog", { name: `Approve: credit 5 Vantage Cash free entry to ${playerEmail}?` });
    await dialog.getByLabel(/Reason/).fill("Card checked against the account.");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await approver.locator("tr", { hasText: code }).getByText("Applied").waitFor();

    await player.goto("/redeem");
    const balance = player.locator("p", { hasText: "Vantage Cash balance:" }).locator("strong");
    await expect.poll(() => balance.textContent(), { timeout: 20_000 }).toBe("5");
  });
});
