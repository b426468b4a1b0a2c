// A new player's first visit, one step at a time, through the real routes and session
// provider against a fake /api: the date of birth alone (the header down to the title and
// Sign out); a minor, only the closed-account page; an adult, the rules in a short
// summary with the whole text one tap away; then the board with a one-time tip on
// favorites and the slip, hidden for good once the player hides it.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOARD_TIPS_SEEN_KEY } from "../../src/features/board/components/board-tips";
import type { UserDocument } from "../../src/shared/schemas/user";
import { type FakeCall, fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, userDoc } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

// The rules dialog loads on demand: loaded here, a dialog that would open has opened by the
// time a test looks for its absence.
await import("../../src/features/sweepstakes/components/rules-acceptance-dialog");

const REGION_NOTICE = "Vantage Cash is not offered in US-IN since 2026-10-01 (Indiana HB 1052 (2026)): Coins play only.";

/** A signed-in player with an empty board; the rules in force can be read and accepted. */
function session(user: UserDocument, extra: (call: FakeCall) => Response | undefined = () => undefined) {
  let current = user;
  const calls = fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(current));
    if (call.path === "/api/auth/logout") return jsonResponse(200, {});
    if (call.path === "/api/me/rules-acceptance") {
      current = { ...current, rulesAcceptedVersion: (call.body as { version: number }).version };
      return jsonResponse(200, current);
    }
    if (call.path === "/api/public/sweepstakes-rules") {
      return jsonResponse(200, {
        version: 3,
        effectiveAt: "2026-11-20T15:00:00.000Z",
        sections: [
          { id: "sponsor", title: "1. Sponsor", paragraphs: ["NO PURCHASE NECESSARY TO TAKE PART OR TO WIN."] },
          { id: "eligibility", title: "2. Who may take part", paragraphs: ["Open to individuals who are at least 18 years old."] },
        ],
      });
    }
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    if (call.path.startsWith("/api/events")) return jsonResponse(200, []);
    if (call.path.startsWith("/api/bets")) return jsonResponse(200, { bets: [], nextCursor: null });
    return extra(call);
  });
  return calls;
}

const header = () => screen.getByRole("banner");
const rulesDialog = () => screen.queryByRole("dialog", { name: /sweepstakes rules/i });
const tip = () => screen.queryByRole("complementary", { name: "Two tips to start" });

/** Nothing of play in the header: no wallet, Shop, Social, My Picks or profile menu. */
function expectHeaderWithoutPlay() {
  const bar = header();
  expect(within(bar).getByRole("link", { name: "Vantage" })).toBeTruthy();
  expect(within(bar).queryByRole("button", { name: /^Wallet:/ })).toBeNull();
  expect(within(bar).queryByText(/Coins/)).toBeNull();
  for (const name of ["Shop", "Social", "My Picks"]) expect(within(bar).queryByRole("link", { name })).toBeNull();
  expect(within(bar).queryByRole("button", { name: /Profile menu/ })).toBeNull();
}

describe("before a date of birth is confirmed", () => {
  it("shows only the date-of-birth form: the header has the title and Sign out, and no rules dialog or notices", async () => {
    session(userDoc({ dateOfBirth: null, rulesVersion: 3, rulesAcceptedVersion: null, regionNotice: REGION_NOTICE }));
    renderApp("/");
    expect(await screen.findByLabelText("Date of birth")).toBeTruthy();
    expectHeaderWithoutPlay();
    expect(within(header()).getByRole("button", { name: "Sign out" })).toBeTruthy();
    expect(screen.queryByRole("tablist", { name: "Board" })).toBeNull();
    expect(rulesDialog()).toBeNull();
    expect(screen.queryByText(REGION_NOTICE)).toBeNull();
    expect(tip()).toBeNull();
  });

  it("keeps the public pages reachable, still without play in the header", async () => {
    session(userDoc({ dateOfBirth: null }));
    const { router } = renderApp("/");
    await screen.findByLabelText("Date of birth");
    await userEvent.click(within(screen.getByRole("navigation", { name: "Legal" })).getByRole("link", { name: "Terms" }));
    expect(await screen.findByRole("heading", { name: "Terms of Use" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/terms");
    expectHeaderWithoutPlay();
  });

  it("signs out from the header, back to the sign-in card", async () => {
    const calls = session(userDoc({ dateOfBirth: null }));
    renderApp("/");
    await screen.findByLabelText("Date of birth");
    await userEvent.click(within(header()).getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("Sign in to continue using the sportsbook.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/auth/logout")).toBe(true);
  });
});

describe("an account closed under age", () => {
  it("sees only the closed page: no rules dialog, wallet, Shop, board or notices", async () => {
    session(
      userDoc({ dateOfBirth: "2012-01-01", closed: "under-age", rulesVersion: 3, rulesAcceptedVersion: null, regionNotice: REGION_NOTICE }),
    );
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Account closed" })).toBeTruthy();
    expect(screen.getByText("You must be 18 or older to play on Vantage. Your account is closed for play.")).toBeTruthy();
    expect(rulesDialog()).toBeNull();
    expectHeaderWithoutPlay();
    // The page's own Sign out is the one way out; the header does not repeat it.
    expect(screen.getAllByRole("button", { name: "Sign out" })).toHaveLength(1);
    expect(screen.queryByRole("tablist", { name: "Board" })).toBeNull();
    expect(screen.queryByText(REGION_NOTICE)).toBeNull();
    expect(tip()).toBeNull();
  });

  it("is closed before any date was confirmed (a minor's identity document), and is not asked for one", async () => {
    session(userDoc({ dateOfBirth: null, closed: "under-age" }));
    renderApp("/shop");
    expect(await screen.findByRole("heading", { name: "Account closed" })).toBeTruthy();
    expect(screen.queryByLabelText("Date of birth")).toBeNull();
    expect(screen.queryByRole("heading", { name: "Coin Shop" })).toBeNull();
  });
});

describe("the rules, once age is confirmed", () => {
  it("come as a short summary, with the full text one tap away and the rules page linked", async () => {
    session(userDoc({ rulesVersion: 3, rulesAcceptedVersion: null }));
    renderApp("/");
    const dialog = await screen.findByRole("dialog", { name: "Official Sweepstakes Rules" });
    const points = within(dialog)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(points).toEqual([
      "No purchase necessary. Void where prohibited. A purchase never improves your chances.",
      "Coins are play money: they have no value and can never be redeemed.",
      "Vantage Cash has no monetary value, but where the sweepstakes is offered it can be redeemed for prizes. Your identity is checked before your first redemption.",
      "Vantage Cash comes free with the daily bonus, and by post: Free entry.",
      "One account per person, aged 18 or older.",
    ]);
    expect(within(dialog).getByRole("link", { name: "Official Sweepstakes Rules (version 3)" }).getAttribute("href")).toBe(
      "/sweepstakes-rules",
    );
    // The wallet is there now (behind the dialog); the tip waits for the rules.
    expect(within(header()).getByRole("button", { name: /^Wallet:/ })).toBeTruthy();
    expect(tip()).toBeNull();

    const more = within(dialog).getByRole("button", { name: "Read the full rules" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    await userEvent.click(more);
    expect(more.getAttribute("aria-expanded")).toBe("true");
    const full = within(dialog).getByRole("region", { name: "Full rules" });
    expect(more.getAttribute("aria-controls")).toBe(full.id);
    expect(await within(full).findByRole("heading", { name: "1. Sponsor" })).toBeTruthy();
    expect(within(full).getByRole("heading", { name: "2. Who may take part" })).toBeTruthy();
    expect(full.textContent).toContain("NO PURCHASE NECESSARY TO TAKE PART OR TO WIN.");
    // The long text scrolls in a box of its own, which the keyboard can reach to scroll it.
    expect(full.tabIndex).toBe(0);
  });
});

describe("the board's one-time tip", () => {
  it("shows after the rules are accepted, and not again once hidden; another player on the device still sees it", async () => {
    session(userDoc({ uid: "dev-1", rulesVersion: 3, rulesAcceptedVersion: null }));
    const first = renderApp("/");
    const dialog = await screen.findByRole("dialog", { name: "Official Sweepstakes Rules" });
    await userEvent.click(within(dialog).getByRole("button", { name: "I accept" }));
    await waitFor(() => expect(rulesDialog()).toBeNull());

    const shown = await screen.findByRole("complementary", { name: "Two tips to start" });
    expect(shown.textContent).toContain("Tap the star ☆ on a team to make it a favorite: its games gather under Favorites.");
    expect(shown.textContent).toContain("Tap a price to add it to your slip; tap it again to take it off.");
    expect(shown.textContent).toContain("Your slip is in the right-hand column.");
    expect(screen.getByRole("tablist", { name: "Board" })).toBeTruthy();
    await userEvent.click(within(shown).getByRole("button", { name: "Hide tips" }));
    expect(tip()).toBeNull();
    expect(localStorage.getItem(`${BOARD_TIPS_SEEN_KEY}.dev-1`)).not.toBeNull();
    first.unmount();
    vi.unstubAllGlobals();

    session(userDoc({ uid: "dev-1", rulesVersion: 3, rulesAcceptedVersion: 3 }));
    const again = renderApp("/");
    await screen.findByRole("tablist", { name: "Board" });
    expect(tip()).toBeNull();
    again.unmount();
    vi.unstubAllGlobals();

    session(userDoc({ uid: "dev-2", rulesVersion: 3, rulesAcceptedVersion: 3 }));
    renderApp("/");
    expect(await screen.findByRole("complementary", { name: "Two tips to start" })).toBeTruthy();
  });

  it("follows 'Not now' too, hides with Escape, and hands the keyboard's focus on to the board", async () => {
    session(userDoc({ rulesVersion: 3, rulesAcceptedVersion: null }));
    renderApp("/");
    await userEvent.click(
      within(await screen.findByRole("dialog", { name: "Official Sweepstakes Rules" })).getByRole("button", { name: "Not now" }),
    );
    const shown = await screen.findByRole("complementary", { name: "Two tips to start" });
    const hide = within(shown).getByRole("button", { name: "Hide tips" });
    hide.focus();
    await userEvent.keyboard("{Escape}");
    expect(tip()).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Sports" }));
  });

  it("on a phone, points to the slip bar at the bottom", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query === "(max-width: 900px)",
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    session(userDoc());
    renderApp("/");
    const shown = await screen.findByRole("complementary", { name: "Two tips to start" });
    expect(shown.textContent).toContain("Your slip then waits in the bar at the bottom of the screen.");
  });
});
