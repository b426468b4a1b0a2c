// `npm run lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on a
// throttled connection) of the signed-in board, five runs, with the median performance and
// accessibility scores. The app is built and served as `npm start` serves it; Debian's
// Chromium runs with a DevTools port, a new player signs in through the development account
// chooser in it, and Lighthouse audits that same browser without resetting its storage, so
// each run loads the board signed in (its refresh cookie rotates with every load, as a
// player's does). Lighthouse itself is fetched by npx at the version pinned below and is not
// a dependency of the app. Figures only mean something on an idle machine.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startAppServer } from "./app-server.mjs";

const LIGHTHOUSE = "lighthouse@13.5.0";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const DEBUG_PORT = 9300 + Math.floor(Math.random() * 500);

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args[0]} exited ${code}`))));
  });
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const profile = mkdtempSync(join(tmpdir(), "vantage-lighthouse-"));
const app = await startAppServer({});
const browserProcess = spawn(
  CHROMIUM,
  ["--headless", "--no-sandbox", "--disable-gpu", `--remote-debugging-port=${DEBUG_PORT}`, `--user-data-dir=${profile}`, "about:blank"],
  { stdio: "ignore" },
);
try {
  let browser;
  for (let tries = 0; !browser; tries++) {
    try {
      browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
    } catch (err) {
      if (tries > 50) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const page = await browser.contexts()[0].newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(`${app.baseUrl}/`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByLabel("E-mail", { exact: true }).fill(`lighthouse-${Date.now().toString(36)}@example.com`);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await page.getByLabel("Date of birth").fill("1990-04-25");
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.getByRole("dialog", { name: "Official Sweepstakes Rules" }).getByRole("button", { name: "I accept" }).click();
  await page.locator(".event-card").first().waitFor();
  await page.close();
  await browser.close();

  const scores = [];
  for (let i = 0; i < RUNS; i++) {
    const out = join(profile, `run-${i}.json`);
    await run("npx", [
      "--yes",
      LIGHTHOUSE,
      `${app.baseUrl}/`,
      `--port=${DEBUG_PORT}`,
      "--disable-storage-reset",
      "--only-categories=performance,accessibility",
      "--output=json",
      `--output-path=${out}`,
      "--quiet",
    ]);
    const report = JSON.parse(readFileSync(out, "utf8"));
    // The audited page is the board only if the sign-in card never showed.
    const signedIn =
      !JSON.stringify(report.audits["full-page-screenshot"] ?? {}).includes("Continue with Google") &&
      !JSON.stringify(report).includes("sign-in-card");
    scores.push({
      performance: Math.round(report.categories.performance.score * 100),
      accessibility: Math.round(report.categories.accessibility.score * 100),
      lcp: report.audits["largest-contentful-paint"].numericValue,
      cls: report.audits["cumulative-layout-shift"].numericValue,
      tbt: report.audits["total-blocking-time"].numericValue,
      signedIn,
    });
    console.log(`run ${i + 1}: ${JSON.stringify(scores.at(-1))}`);
    if (i === RUNS - 1) {
      // What the last run found wanting: accessibility audits that failed, and what moved.
      for (const ref of report.categories.accessibility.auditRefs) {
        const audit = report.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
          const where = (audit.details?.items ?? [])
            .map((item) => item.node?.snippet ?? "")
            .filter(Boolean)
            .slice(0, 3);
          console.log(`  accessibility: ${audit.title} ${JSON.stringify(where)}`);
        }
      }
      for (const item of report.audits["layout-shifts"]?.details?.items ?? []) {
        console.log(`  layout shift ${item.score.toFixed(3)}: ${item.node?.snippet ?? "(unknown)"}`);
      }
    }
  }
  if (scores.some((s) => !s.signedIn)) throw new Error("a run audited the sign-in card, not the signed-in board");
  console.log(
    `\nLighthouse ${LIGHTHOUSE.split("@")[1]} mobile, signed-in board, median of ${RUNS}: performance ${median(scores.map((s) => s.performance))}, ` +
      `accessibility ${median(scores.map((s) => s.accessibility))}, LCP ${Math.round(median(scores.map((s) => s.lcp)))} ms, ` +
      `CLS ${median(scores.map((s) => s.cls)).toFixed(3)}, TBT ${Math.round(median(scores.map((s) => s.tbt)))} ms`,
  );
} finally {
  browserProcess.kill("SIGKILL");
  await app.stop();
  rmSync(profile, { recursive: true, force: true });
}
