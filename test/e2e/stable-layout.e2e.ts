// Journey: nothing jumps after first paint. A signed-in player on a phone (390×844) reloads
// the board: the header keeps its signed-in size while the sign-in resumes, and the board
// arrives without moving what is already there. Chromium's layout-shift entries, from the
// first paint until the board and the wallet are shown, add up to at most 0.05.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, newPlayerContext, signInToBoard, uniqueEmail } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("a stable layout", () => {
  it("shifts by at most 0.05 while a signed-in phone reloads the board", async () => {
    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInToBoard(page, uniqueEmail("stable"));
    // Every layout shift from the start of the next load, kept on the window.
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node }[];
        })[]) {
          if (entry.hadRecentInput) continue;
          shifts.push({
            value: entry.value,
            sources: (entry.sources ?? []).map((s) =>
              s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node),
            ),
          });
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.reload();
    await page.locator(".event-card").first().waitFor();
    await page.getByRole("button", { name: /^Wallet:/ }).waitFor();
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThanOrEqual(0.05);
    await context.close();
  });
});
