// Journey: the house's risk. A crowd of players buys Vantage Cash and backs one NBA game's
// home side; an operator opens the console's Risk tab, sees that game at the top (worst
// cash outcome first), opens it, and suspends its moneyline with a reason. A player's next
// bet on that market is refused with the suspension's sentence, while the game's total still
// takes bets; resumed, the moneyline takes bets again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import {
  accessTokenFor,
  apiCall,
  axeProblems,
  JSON_HEADERS,
  launchBrowser,
  newPlayerContext,
  screenshot,
  signInOperator,
  signInToBoard,
  uniqueEmail,
} from "./support";

const OPERATOR_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SPORT = "basketball_nba";

type BoardEvent = {
  eventId: string;
  sport: string;
  home: string;
  away: string;
  startTime: string;
  status: string;
  markets: { moneyline?: { home: number | null; away: number | null }; total?: { line: number | null; over: number | null } };
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const authorized = (token: string) => ({ ...JSON_HEADERS, Authorization: `Bearer ${token}` });

/** A new player, signed in through the board (date of birth and rules), with 49 Vantage Cash bought through the simulated checkout. */
async function playerWithCash(): Promise<string> {
  const context = await newPlayerContext(browser);
  const page = await context.newPage();
  const email = uniqueEmail("risk-crowd");
  await signInToBoard(page, email);
  await context.close();
  const token = await accessTokenFor(email);
  const session = await apiCall("/api/checkout/session", {
    method: "POST",
    headers: authorized(token),
    body: JSON.stringify({ amountCents: 4999 }),
  });
  expect(session.status).toBe(200);
  const { url } = (await session.json()) as { url: string };
  const paid = await apiCall(`${new URL(url).pathname}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  await expect
    .poll(async () => ((await (await apiCall("/api/me", { headers: authorized(token) })).json()) as { vantageCash: number }).vantageCash, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  return token;
}

function placeBet(
  token: string,
  event: BoardEvent,
  pick: { market: "Moneyline" | "Total"; side: "Home" | "Over" },
  wallet: "cash" | "coins",
  amount: number,
) {
  const priceAm = pick.market === "Moneyline" ? event.markets.moneyline!.home! : event.markets.total!.over!;
  const line = pick.market === "Total" ? event.markets.total!.line : null;
  return apiCall("/api/placeBet", {
    method: "POST",
    headers: { ...authorized(token), "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify({
      kind: "Singles",
      wallet,
      amount,
      picks: [{ eventId: event.eventId, league: event.sport, ...pick, line, priceAm }],
    }),
  });
}

describe("the house's risk", () => {
  it("an operator sees the game the crowd bet on at the top of Risk and suspends its moneyline", async () => {
    const crowd = await Promise.all([playerWithCash(), playerWithCash(), playerWithCash()]);
    const board = (await (await apiCall(`/api/events?sport=${SPORT}`, { headers: authorized(crowd[0]!) })).json()) as BoardEvent[];
    // The last upcoming game with open prices starts latest: it stays open while the journey runs.
    // An underdog at home where there is one, so the crowd's bets make it the house's worst game
    // whatever the journeys before bet on (a heavy favourite's win would cost the house little).
    const open = board.filter((e) => e.status === "scheduled" && e.markets.moneyline?.home && e.markets.total?.over);
    let game = open.filter((e) => e.markets.moneyline!.home! > 0).at(-1) ?? open.at(-1)!;
    expect(game).toBeTruthy();
    // Vantage Cash is priced on a board fetched at most PREMATCH_CASH_PRICE_MAX_AGE_SECONDS ago. The copy read
    // above may be older (journeys before this one read it), and the fresh one may price the game anew (the
    // simulator's opinion drifts every 20 minutes): then the board is read again, as the betslip does on a 409.
    const first = await placeBet(crowd[0]!, game, { market: "Moneyline", side: "Home" }, "cash", 40);
    if (first.status === 409) {
      const fresh = (await (await apiCall(`/api/events?sport=${SPORT}`, { headers: authorized(crowd[0]!) })).json()) as BoardEvent[];
      game = fresh.find((e) => e.eventId === game.eventId)!;
      expect((await placeBet(crowd[0]!, game, { market: "Moneyline", side: "Home" }, "cash", 40)).status).toBe(200);
    } else expect(first.status).toBe(200);
    for (const token of crowd.slice(1)) {
      expect((await placeBet(token, game, { market: "Moneyline", side: "Home" }, "cash", 40)).status).toBe(200);
    }

    const context = await newPlayerContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await signInOperator(page, OPERATOR_EMAIL);
    await page.goto("/admin?tab=risk");
    const matchup = `${game.away} at ${game.home}`;
    // The objects write the console's copy a moment after the bets; the tab reads it again every few seconds.
    const rows = page.getByRole("table").first().getByRole("row");
    await expect.poll(async () => (await rows.nth(1).textContent()) ?? "", { timeout: 20_000 }).toContain(matchup);
    expect(await axeProblems(page, ".admin-page")).toEqual([]);
    await screenshot(page, "risk-list-390");

    await rows.nth(1).getByRole("button", { name: "Open" }).click();
    await page.getByRole("heading", { name: `${matchup}: markets now` }).waitFor();
    const moneyline = page
      .getByRole("row")
      .filter({ hasText: /^Moneyline/ })
      .first();
    await moneyline.getByRole("button", { name: "Suspend" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel(/^Reason/).fill("The crowd is on one side");
    await dialog.getByRole("button", { name: "Suspend market" }).click();
    await page
      .getByRole("list", { name: "Suspended markets" })
      .getByText(/suspended by admin@vantage.test/)
      .waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, "risk-game-suspended-1280");

    const refused = await placeBet(crowd[1]!, game, { market: "Moneyline", side: "Home" }, "coins", 10);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Betting on Moneyline for this game is suspended for now.",
    );
    expect((await placeBet(crowd[1]!, game, { market: "Total", side: "Over" }, "coins", 10)).status).toBe(200);

    await page.getByRole("list", { name: "Suspended markets" }).getByRole("button", { name: "Resume" }).click();
    await page
      .getByRole("dialog")
      .getByLabel(/^Reason/)
      .fill("Balanced again");
    await page.getByRole("dialog").getByRole("button", { name: "Resume market" }).click();
    await expect.poll(() => page.getByRole("list", { name: "Suspended markets" }).count()).toBe(0);
    expect((await placeBet(crowd[1]!, game, { market: "Moneyline", side: "Home" }, "coins", 10)).status).toBe(200);
    await context.close();
  });
});
