// Told once and plainly: where Vantage Cash is limited for the player's region, a notice
// under the header gives the region's sentence and a link to where Vantage Cash is
// offered, until the player dismisses it; a new sentence (another law, a window ending)
// shows again.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { UserDocument } from "../../src/shared/schemas/user";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, userDoc } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function session(user: UserDocument) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(user));
    if (call.path.startsWith("/api/events")) return jsonResponse(200, []);
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    if (call.path.startsWith("/api/bets")) return jsonResponse(200, { bets: [], nextCursor: null });
    return undefined;
  });
}

const WINDOW =
  "Vantage Cash can no longer be bought, won or bet in US-IN since 2026-07-01 (Indiana HB 1052 (2026)); you can redeem what you hold until 2026-09-30.";
const ENDED = "Vantage Cash is not offered in US-IN since 2026-10-01 (Indiana HB 1052 (2026)): Coins play only.";

describe("the region's notice", () => {
  it("shows the sentence once, with the public page's link, until dismissed; a new sentence shows again", async () => {
    session(userDoc({ region: "US-IN", regionMode: "redeem-only", regionNotice: WINDOW, unavailable: ["purchase"] }));
    const first = renderApp("/");
    const banner = await screen.findByRole("status", { name: "Where you are" });
    expect(banner.textContent).toContain(WINDOW);
    expect(within(banner).getByRole("link", { name: "Where Vantage Cash is offered" }).getAttribute("href")).toBe("/where-cash-is-offered");
    await userEvent.click(within(banner).getByRole("button", { name: "Got it" }));
    expect(screen.queryByRole("status", { name: "Where you are" })).toBeNull();
    first.unmount();

    // The next visit, same sentence: nothing. The window ended: the new sentence shows.
    const second = renderApp("/");
    await screen.findByRole("tablist", { name: "Board" });
    expect(screen.queryByRole("status", { name: "Where you are" })).toBeNull();
    second.unmount();
    vi.unstubAllGlobals();
    session(userDoc({ region: "US-IN", regionMode: "coins-only", regionNotice: ENDED, unavailable: ["purchase", "redeem"] }));
    renderApp("/");
    expect((await screen.findByRole("status", { name: "Where you are" })).textContent).toContain(ENDED);
  });

  it("says nothing where Vantage Cash is offered in full", async () => {
    session(userDoc());
    renderApp("/");
    await screen.findByRole("tablist", { name: "Board" });
    expect(screen.queryByRole("status", { name: "Where you are" })).toBeNull();
  });
});
