// Journey: a player turns "Bet settled" alerts on in Settings (no permission prompt with
// the embedded push service), shares a pick, and the operator settles the game: the
// alert arrives as an in-app notification with the result, and the shared pick's link
// preview switches from the open card to the won card (a 1200×630 PNG drawn by the
// built Worker).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import {
  apiCall,
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

/** The og:image a link preview of `path` would show. */
async function ogImage(path: string): Promise<string> {
  const html = await (await apiCall(path, { headers: { Accept: "text/html" } })).text();
  return /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
}

describe("alerts and share cards", () => {
  it("a settled bet arrives as an in-app alert and the shared pick's card shows the win", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    let prompted = false;
    await page.exposeFunction("__permissionAsked", () => {
      prompted = true;
    });
    await page.addInitScript(() => {
      const ask = () => {
        (window as unknown as { __permissionAsked(): void }).__permissionAsked();
        return Promise.resolve("denied" as NotificationPermission);
      };
      if ("Notification" in window) Object.defineProperty(Notification, "requestPermission", { value: ask });
    });
    await signInToBoard(page, uniqueEmail("alerts"));

    await page.goto("/settings");
    const alertsCard = page.locator("section", { has: page.getByRole("heading", { name: "Alerts" }) });
    const settled = alertsCard.getByRole("switch", { name: /Bet settled/ });
    await expect.poll(() => settled.isEnabled()).toBe(true);
    expect(await settled.isChecked()).toBe(false);
    await settled.click();
    await expect.poll(() => settled.isChecked()).toBe(true);
    expect(await alertsCard.getByRole("switch", { name: /Redemption updates/ }).isChecked()).toBe(false);
    await screenshot(page, "alerts-settings-390");

    await page.goto("/account");
    await page.getByLabel("Handle").fill(`cards_${Date.now().toString(36).slice(-6)}`);
    await page.getByRole("button", { name: "Save handle" }).click();
    await page.getByText("✅ Handle saved.").waitFor();
    await page.goto("/");
    await page.locator(".event-card").first().waitFor();
    const game = await placeHomeMoneyline(page, "40");
    await page.getByRole("link", { name: "My Picks" }).click();
    await page.locator(".picks-list > li").first().getByRole("button", { name: "Share" }).click();
    const sharePath = new URL((await page.locator(".share-pick-link").first().getAttribute("href"))!).pathname;
    const openCard = await ogImage(sharePath);
    expect(openCard).toMatch(/\/api\/cards\/picks\/[A-Za-z0-9_-]{22}\/open\.png$/);

    await startAndRecordHomeWin(game);
    const alert = page.getByRole("region", { name: "Notifications" });
    await alert.getByText("Bet settled: Won").waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toMatch(/40 Coins staked, paid \d+ Coins\./);
    await screenshot(page, "alerts-in-app-390");
    // Nothing asked the browser: the embedded push service needs no permission.
    expect(prompted).toBe(false);

    await expect.poll(() => ogImage(sharePath), { timeout: 15_000 }).toMatch(/\/won\.png$/);
    const card = await apiCall(new URL(await ogImage(sharePath)).pathname);
    expect(card.status).toBe(200);
    expect(card.headers.get("Content-Type")).toBe("image/png");
    const bytes = new Uint8Array(await card.arrayBuffer());
    const view = new DataView(bytes.buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1200, 630]);
    await context.close();
  });
});
