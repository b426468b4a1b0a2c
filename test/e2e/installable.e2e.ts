// Journey: Vantage installs like an app. Chromium's own installability check (the
// DevTools protocol's Page.getInstallabilityErrors) finds nothing missing on the built
// app; /robots.txt is a real robots file; and once the service worker is installed, a
// page opened with the server stopped shows the offline page, while /api/* requests
// are never answered by the worker (they fail as they would without it).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser } from "playwright-core";
import { startAppServer } from "../../scripts/app-server.mjs";
import { apiCall, BASE_URL, launchBrowser, screenshot } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("installable", () => {
  it("passes Chromium's installability check and serves a real robots.txt", async () => {
    // A profile on disk: Chromium never offers to install from an incognito-like context.
    const profile = mkdtempSync(join(tmpdir(), "vantage-install-"));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"],
      viewport: { width: 390, height: 844 },
      baseURL: BASE_URL,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto("/");
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
    const manifest = (await cdp.send("Page.getAppManifest")) as { url: string; errors: { message: string }[] };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);

    const robots = await apiCall("/robots.txt");
    expect(robots.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).not.toMatch(/<html/i);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it("shows the offline page with the server stopped, and leaves /api/* alone", async () => {
    // A server of its own, so stopping it leaves the other journeys' server running.
    const server = await startAppServer({ build: false });
    let stopped = false;
    try {
      const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto("/terms");
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      // The worker controls the page after it claims it; a reload shows it serving the shell.
      await page.reload();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
      await page.waitForFunction(() => document.title === "Terms of Use · Vantage");
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/^The terms of use of Vantage/);

      await server.stop();
      stopped = true;
      await page.goto("/picks");
      await page.getByRole("heading", { name: "You are offline" }).waitFor();
      expect(await page.title()).toBe("You are offline · Vantage");
      await screenshot(page, "installable-offline-390");
      // An API call is the browser's own: it fails, it is never answered with a page.
      const api = await page.evaluate(() =>
        fetch("/api/health").then(
          (r) => `answered ${r.status}`,
          () => "failed",
        ),
      );
      expect(api).toBe("failed");
      await page.getByRole("link", { name: "Try again" }).waitFor();
      await context.close();
    } finally {
      if (!stopped) await server.stop();
    }
  });
});
