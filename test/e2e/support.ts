// Shared pieces of the browser journeys: launching Debian's Chromium, signing in
// through the development account chooser exactly as a player (or an operator) clicks
// through it, placing a bet and ending its game, screenshots, and axe-core accessibility
// checks.
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";

export const BASE_URL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:8787";
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? "test-results/e2e";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * A browser of its own for one player, with its own client address (the header the
 * sign-in limiter keys on; documentation range, never dialled): the journeys' many
 * sign-ins would otherwise all count against one address's 100 per minute.
 */
export async function newPlayerContext(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  const clientAddress = `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
  const context = await browser.newContext({ viewport, baseURL: BASE_URL, extraHTTPHeaders: { "CF-Connecting-IP": clientAddress } });
  context.setDefaultTimeout(15_000);
  return context;
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** An adult's date of birth, as the journeys' new players confirm it. */
export const ADULT_DATE_OF_BIRTH = "1990-04-25";

/**
 * The one-time steps after a new player's first sign-in: 'Date of birth' → 'Confirm', then
 * the dialog that follows it, 'I accept' the Official Sweepstakes Rules (unless `acceptRules` is false).
 */
export async function confirmDateOfBirth(page: Page, dateOfBirth = ADULT_DATE_OF_BIRTH, { acceptRules = true } = {}): Promise<void> {
  await page.getByLabel("Date of birth").fill(dateOfBirth);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await page.getByLabel("Date of birth").waitFor({ state: "detached" });
  if (acceptRules) await acceptSweepstakesRules(page);
}

/** The dialog a new player meets after their date of birth: 'I accept' the Official Sweepstakes Rules. */
export async function acceptSweepstakesRules(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Official Sweepstakes Rules" });
  await dialog.getByRole("button", { name: "I accept" }).click();
  await dialog.waitFor({ state: "detached" });
}

/**
 * From the sign-in card: 'Continue with Google' → dev account chooser → another e-mail,
 * then (a new player) confirms an adult date of birth, unless `confirmAge` is false, and
 * accepts the sweepstakes rules, unless `acceptRules` is false.
 */
export async function signInThroughChooser(page: Page, email: string, { confirmAge = true, acceptRules = true } = {}): Promise<void> {
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.getByRole("heading", { name: "Choose an account" }).waitFor();
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  if (confirmAge) await confirmDateOfBirth(page, ADULT_DATE_OF_BIRTH, { acceptRules });
}

/** Signs a new player in from the home page and waits for the board. */
export async function signInToBoard(page: Page, email: string): Promise<void> {
  await page.goto("/");
  await signInThroughChooser(page, email);
  await page.locator(".event-card").first().waitFor();
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Serious and critical axe-core violations on the page as it is now. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  // Evaluated through DevTools, so the app's strict CSP stays on for everything else.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
    });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  }, include ?? null);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** One line per serious/critical violation (rule, impact, first few elements) for assertions. */
export async function axeProblems(page: Page, include?: string): Promise<string[]> {
  return (await seriousAxeViolations(page, include)).map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3} more)` : ""}`,
  );
}

/** Calls the app's API from the test process (for the dev simulator and the cron). */
export async function apiCall(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${BASE_URL}${path}`, init);
}

/**
 * A wallet writes its bets to D1 (where settlement runs find them) on its alarm
 * WALLET_OUTBOX_FLUSH_DELAY_MS (1 s) after the bet, so a journey that ends a game right
 * after betting first lets that second pass, as a real cron tick or operator would.
 */
export async function afterOutboxWindow(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
}

/** Fires the settlement cron once the bets just placed have reached D1. */
export async function fireCron(): Promise<void> {
  await afterOutboxWindow();
  const res = await apiCall("/__scheduled?cron=*/2+*+*+*+*");
  if (!res.ok) throw new Error(`cron trigger failed: ${res.status}`);
}

export const JSON_HEADERS = { "Content-Type": "application/json" };

/** An access token for `email` through the development sign-in, for what a journey does by API as that person (an operator). */
export async function accessTokenFor(email: string): Promise<string> {
  const { idToken } = (await (
    await apiCall("/api/auth/dev/id-token", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ email }) })
  ).json()) as { idToken: string };
  const { accessToken } = (await (
    await apiCall("/api/auth/session", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ idToken }) })
  ).json()) as { accessToken: string };
  return accessToken;
}

/**
 * Signs an operator in on `page` and waits for the board. Their account may be new (the
 * date of birth and the rules are asked once) or known from an earlier journey.
 */
export async function signInOperator(page: Page, email: string): Promise<void> {
  await page.goto("/");
  await signInThroughChooser(page, email, { confirmAge: false });
  const dateOfBirth = page.getByLabel("Date of birth");
  await Promise.race([dateOfBirth.waitFor(), page.locator(".event-card").first().waitFor()]);
  if (await dateOfBirth.count()) await confirmDateOfBirth(page);
  await page.locator(".event-card").first().waitFor();
}

/** The console's Players tab, showing `email`'s account. */
export async function openPlayerInConsole(page: Page, email: string): Promise<void> {
  await page.goto("/admin?tab=players");
  await page.getByLabel("E-mail or handle").fill(email);
  await page.getByRole("button", { name: "Find player" }).click();
  await page.getByRole("region", { name: "Player" }).getByText(email, { exact: false }).waitFor();
}

/**
 * Places `amount` on the first open Home moneyline of an upcoming (not live) NBA game whose
 * American price is `atLeast` or longer (every price, unless given); answers the game.
 */
export async function placeHomeMoneyline(
  page: Page,
  amount: string,
  { atLeast = Number.NEGATIVE_INFINITY } = {},
): Promise<{ eventId: string; startTime: string }> {
  await page.getByRole("navigation", { name: "Sports" }).getByRole("button", { name: "NBA" }).click();
  const cards = page.getByRole("tabpanel").locator(".event-card:not(:has(.badge-live))");
  await cards.first().waitFor();
  // The home row is the card's second row; its first price is the moneyline.
  const homePrices = cards.locator(".event-row:nth-of-type(2) > .price-btn:nth-child(2):not(.is-locked)");
  const prices = await homePrices.locator(".price-value").allTextContents();
  const index = prices.findIndex((text) => Number(text.replace(/[^\d+-]/g, "")) >= atLeast);
  expect(index, `a home moneyline of ${atLeast} or longer among ${prices.join(", ")}`).toBeGreaterThanOrEqual(0);
  await homePrices.nth(index).click();
  const pick = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("vantage.betslip") ?? "{}") as { picks: { gameId: string; startTime: string }[] }).picks[0]!,
  );
  const slip = await openSlip(page);
  await slip.getByLabel("Amount").fill(amount);
  await slip.getByRole("button", { name: "Place bet" }).click();
  await confirmWager(page.getByRole("dialog", { name: "Confirm wager" }));
  await page.getByRole("status").getByText("Singles placed!").waitFor();
  await closeReceipt(page);
  return { eventId: pick.gameId, startTime: pick.startTime };
}

/**
 * The game starts on the simulator's clock and the operators record a 120–99 home win: at
 * once, or, when the feed already shows the game under way, as a request the second
 * operator approves (four eyes on a final the feed has not confirmed).
 */
export async function startAndRecordHomeWin(game: { eventId: string; startTime: string }): Promise<void> {
  const clock = (await (await apiCall("/api/dev/sim/clock")).json()) as { simNow: number };
  const minutes = Math.max(0, Math.ceil((Date.parse(game.startTime) - clock.simNow) / 60_000)) + 1;
  const advanced = await apiCall("/api/dev/sim/advance", { method: "POST", headers: JSON_HEADERS, body: JSON.stringify({ minutes }) });
  expect(advanced.status).toBe(200);
  await afterOutboxWindow();
  const result = await apiCall(`/api/admin/events/${encodeURIComponent(game.eventId)}/result`, {
    method: "POST",
    headers: { ...JSON_HEADERS, Authorization: `Bearer ${await accessTokenFor("admin@vantage.test")}` },
    body: JSON.stringify({ homeScore: 120, awayScore: 99 }),
  });
  expect([200, 202]).toContain(result.status);
  if (result.status === 202) {
    const { request } = (await result.json()) as { request: { id: string } };
    const approved = await apiCall(`/api/admin/approvals/${encodeURIComponent(request.id)}/approve`, {
      method: "POST",
      headers: { ...JSON_HEADERS, Authorization: `Bearer ${await accessTokenFor("ops@vantage.test")}` },
      body: JSON.stringify({ reason: "final seen" }),
    });
    expect(approved.status).toBe(200);
  }
}

/**
 * On a phone the slip waits behind the bar at the bottom of the board: opens it as a sheet
 * (on wider screens the slip is already in the right-hand column). Answers the slip.
 */
export async function openSlip(page: Page) {
  const bar = page.getByRole("region", { name: "Betslip bar" });
  if (await bar.isVisible()) await bar.getByRole("button").click();
  const slip = page.locator(".betslip");
  await slip.waitFor();
  return slip;
}

/** Closes the phone's slip sheet, if it is open, so the board can be tapped again. */
export async function closeSlip(page: Page): Promise<void> {
  const sheet = page.getByRole("dialog", { name: "Betslip" });
  if (await sheet.isVisible()) await sheet.getByRole("button", { name: "Close" }).click();
}

/** After placing, the receipt sheet names what was placed: checks it is there and closes it with Done. */
export async function closeReceipt(page: Page): Promise<void> {
  const receipt = page.getByRole("dialog", { name: /placed$/ });
  await receipt.waitFor();
  await receipt.getByRole("button", { name: "Done" }).click();
  await receipt.waitFor({ state: "detached" });
}

/**
 * Presses Confirm in the wager dialog. A board price that moves while the dialog is open
 * turns the button into 'Accept new prices' (nothing is placed at a price the player has not
 * seen): the player accepts and confirms again, as a bettor would.
 */
export async function confirmWager(dialog: Locator): Promise<void> {
  const accept = dialog.getByRole("button", { name: "Accept new prices" });
  const confirm = dialog.getByRole("button", { name: "Confirm", exact: true });
  for (let tries = 0; tries < 5; tries++) {
    await confirm.or(accept).first().waitFor();
    if (await accept.isVisible()) {
      await accept.click();
      continue;
    }
    // A move landing just now renames the button: look again rather than wait for it.
    const pressed = await confirm.click({ timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (pressed) return;
    // The click went through as the button changed (placing, or the dialog closed): nothing left to press.
    if (!(await confirm.or(accept).first().isVisible())) return;
  }
  throw new Error("the prices kept moving while the wager dialog was open");
}
