// Journey 1: a signed-out player opens a protected page, signs in through the local
// account chooser, and lands back where they wanted to go.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { apiCall, launchBrowser, newPlayerContext, screenshot, axeProblems, signInThroughChooser, uniqueEmail } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("signed-out player", () => {
  it("is sent to the sign-in card from /picks and returns to /picks after signing in", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    await page.goto("/picks?filter=open");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await page.getByText("Sign in to continue using the sportsbook.").waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "1-sign-in-card");

    await signInThroughChooser(page, uniqueEmail("journey1"));
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { timeout: 15_000 }).toBe("/picks?filter=open");
    await page.getByRole("heading", { name: /my picks/i }).waitFor();
    await expect.poll(() => page.title()).toBe("My Picks · Vantage");
    await screenshot(page, "1-back-on-picks");
    await context.close();
  });

  it("serves the product title in the page's HTML, from PRODUCT_TITLE", async () => {
    const html = await (await apiCall("/")).text();
    expect(html).toContain("<title>Vantage</title>");
    expect(html).not.toContain("%PRODUCT_TITLE%");
  });

  it("shows a fixed message for a failed sign-in and never the text of the address", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    const planted = "Your account is locked. Call +1 555 0100";
    await page.goto(`/?auth_error=${encodeURIComponent(planted)}`);
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Sign-in failed: unknown-errorSomething went wrong while signing you in. Please try again.");
    expect(await page.locator("body").textContent()).not.toContain(planted);

    await page.goto("/?login_error=rate-limited&from=%2Fpicks");
    await page.getByRole("alert").getByText("Login failed: rate-limited").waitFor();
    await page.getByText("Too many sign-in attempts. Please wait a minute and try again.").waitFor();
    expect(await axeProblems(page)).toEqual([]);
    await screenshot(page, "1-sign-in-throttled");
    await context.close();
  });

  it("can read the legal pages without signing in", async () => {
    const context = await newPlayerContext(browser);
    const page = await context.newPage();
    for (const path of ["/terms", "/privacy", "/disclaimer"]) {
      await page.goto(path);
      await page.getByText(/18/).first().waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await context.close();
  });
});
