// Journey: a player turns "Bet settled" alerts on in Settings (no permission prompt with
// the embedded push service), shares a pick, and the operator settles the game: the
// alert arrives as an in-app notification with the result, and the shared pick's link
// preview switches from the open card to the won card (a 1200×630 PNG drawn by the
// built Worker).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { afterOutboxWindow, apiCall, launchBrowser, newPlayerContext, screenshot, signInToBoard, uniqueEmail } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const json = { "Content-Type": "application/json" };

async function tokenFor(email: string): Promise<string> {
  const { idToken } = (await (
    await apiCall("/api/auth/dev/id-token", { method: "POST", headers: json, body: JSON.stringify({ email }) })
  ).json()) as {
    idToken: string;
  };
  const { accessToken } = (await (
    await apiCall("/api/auth/session", { method: "POST", headers: json, body: JSON.stringify({ idToken }) })
  ).json()) as {
    accessToken: string;
  };
  return accessToken;
}

/** Places a Home moneyline single on the first upcoming NBA game; answers the game. */
async function placeHomeMoneyline(page: Page): Promise<{ eventId: string; startTime: string }> {
  await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NBA" }).click();
  const cards = page.getByRole("tabpanel").locator(".event-card:not(:has(.badge-live))");
  await cards.first().waitFor();
  await cards.locator(".event-row").nth(1).locator(".price-btn:not(.is-locked):not(.is-missing)").first().click();
  const pick = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("vantage.betslip") ?? "{}") as { picks: { gameId: string; startTime: string }[] }).picks[0]!,
  );
  await page.locator(".betslip").getByLabel("Amount").fill("40");
  await page.locator(".betslip").getByRole("button", { name: "Place bet" }).click();
  await page.getByRole("dialog", { name: "Confirm wager" }).getByRole("button", { name: "Confirm" }).click();
  await page.getByRole("status").getByText("Singles placed!").waitFor();
  return { eventId: pick.gameId, startTime: pick.startTime };
}

/** The game starts on the simulator's clock and the operators record a home win. */
async function homeWins(game: { eventId: string; startTime: string }): Promise<void> {
  const clock = (await (await apiCall("/api/dev/sim/clock")).json()) as { simNow: number };
  const minutes = Math.max(0, Math.ceil((Date.parse(game.startTime) - clock.simNow) / 60_000)) + 1;
  expect((await apiCall("/api/dev/sim/advance", { method: "POST", headers: json, body: JSON.stringify({ minutes }) })).status).toBe(200);
  await afterOutboxWindow();
  const result = await apiCall(`/api/admin/events/${encodeURIComponent(game.eventId)}/result`, {
    method: "POST",
    headers: { ...json, Authorization: `Bearer ${await tokenFor("admin@vantage.test")}` },
    body: JSON.stringify({ homeScore: 120, awayScore: 99 }),
  });
  expect([200, 202]).toContain(result.status);
  if (result.status === 202) {
    const { request } = (await result.json()) as { request: { id: string } };
    const approved = await apiCall(`/api/admin/approvals/${encodeURIComponent(request.id)}/approve`, {
      method: "POST",
      headers: { ...json, Authorization: `Bearer ${await tokenFor("ops@vantage.test")}` },
      body: JSON.stringify({ reason: "final seen" }),
    });
    expect(approved.status).toBe(200);
  }
}

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
    const game = await placeHomeMoneyline(page);
    await page.getByRole("link", { name: "My Picks" }).click();
    await page.locator(".picks-list > li").first().getByRole("button", { name: "Share" }).click();
    const sharePath = new URL((await page.locator(".share-pick-link").first().getAttribute("href"))!).pathname;
    const openCard = await ogImage(sharePath);
    expect(openCard).toMatch(/\/api\/cards\/picks\/[A-Za-z0-9_-]{22}\/open\.png$/);

    await homeWins(game);
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
