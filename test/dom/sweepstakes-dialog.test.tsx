// The rules dialog: a signed-in player who has not accepted the Official Sweepstakes
// Rules in force is asked in one dialog linking them; accepting sends the version shown,
// "Not now" keeps Coins play going, a refused Vantage Cash action asks again, and a new
// version asks again.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { UserDocument } from "../../src/shared/schemas/user";
import { type FakeCall, fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, userDoc } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

/** A signed-in player on the board; `me` answers GET /api/me, `extra` anything else. */
function signedIn(user: UserDocument, extra: (call: FakeCall) => Response | undefined = () => undefined) {
  let current = user;
  const calls = fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(current));
    if (call.path === "/api/me" && call.method === "GET") return jsonResponse(200, current);
    if (call.path === "/api/me/rules-acceptance") {
      const { version } = call.body as { version: number };
      if (version !== current.rulesVersion) {
        return jsonResponse(409, { error: { code: "rules-changed", message: "The Official Sweepstakes Rules have changed." } });
      }
      current = { ...current, rulesAcceptedVersion: version };
      return jsonResponse(200, current);
    }
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    return call.path.startsWith("/api/events") ? jsonResponse(200, []) : undefined;
  });
  return { calls, setUser: (next: UserDocument) => (current = next) };
}

const dialog = () => screen.findByRole("dialog", { name: /sweepstakes rules/i });

describe("the rules acceptance dialog", () => {
  it("asks a player who has not accepted, links the rules, and sends the version shown", async () => {
    const { calls } = signedIn(userDoc({ rulesVersion: 3, rulesAcceptedVersion: null }));
    renderApp("/");
    const asked = await dialog();
    expect(within(asked).getByRole("heading").textContent).toBe("Official Sweepstakes Rules");
    const link = within(asked).getByRole("link", { name: "Official Sweepstakes Rules (version 3)" });
    expect(link.getAttribute("href")).toBe("/sweepstakes-rules");
    expect(asked.textContent).toContain("No purchase necessary. Void where prohibited.");
    expect(within(asked).getByRole("link", { name: "Free entry" }).getAttribute("href")).toBe("/free-entry");
    expect(document.activeElement).toBe(within(asked).getByRole("button", { name: "I accept" }));

    await userEvent.click(within(asked).getByRole("button", { name: "I accept" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.path === "/api/me/rules-acceptance")?.body).toEqual({ version: 3 });
  });

  it("stays away from a player who accepted the version in force, and from one without a date of birth yet", async () => {
    signedIn(userDoc({ rulesVersion: 3, rulesAcceptedVersion: 3 }));
    const { unmount } = renderApp("/");
    await screen.findByRole("button", { name: /Profile menu/ });
    expect(screen.queryByRole("dialog", { name: /sweepstakes rules/i })).toBeNull();
    unmount();
    vi.unstubAllGlobals();
    signedIn(userDoc({ rulesVersion: 3, rulesAcceptedVersion: null, dateOfBirth: null }));
    renderApp("/");
    await screen.findByLabelText("Date of birth");
    expect(screen.queryByRole("dialog", { name: /sweepstakes rules/i })).toBeNull();
  });

  it("leaves the rules page it links to readable", async () => {
    signedIn(userDoc({ rulesVersion: 3, rulesAcceptedVersion: null }), (call) =>
      call.path === "/api/public/sweepstakes-rules"
        ? jsonResponse(200, {
            version: 3,
            effectiveAt: "2026-11-20T15:00:00.000Z",
            sections: [{ id: "sponsor", title: "1. Sponsor", paragraphs: ["Run by Example Sweeps LLC."] }],
          })
        : undefined,
    );
    renderApp("/sweepstakes-rules");
    expect(await screen.findByRole("heading", { name: "1. Sponsor" })).toBeTruthy();
    expect(screen.queryByRole("dialog", { name: /sweepstakes rules/i })).toBeNull();
  });

  it("asks again, saying the rules changed, when a new version is in force", async () => {
    signedIn(userDoc({ rulesVersion: 4, rulesAcceptedVersion: 3 }));
    renderApp("/");
    const asked = await dialog();
    expect(within(asked).getByRole("heading").textContent).toBe("The sweepstakes rules have changed");
    expect(within(asked).getByRole("link", { name: "Official Sweepstakes Rules (version 4)" })).toBeTruthy();
  });

  it("lets the player go on with Coins after 'Not now', and asks again when a Vantage Cash action is refused", async () => {
    const refused = () =>
      jsonResponse(403, { error: { code: "rules-not-accepted", message: "Please read and accept the Official Sweepstakes Rules." } });
    signedIn(userDoc({ rulesVersion: 3, rulesAcceptedVersion: null }), (call) =>
      call.path === "/api/grantDailyBonus" ? refused() : undefined,
    );
    renderApp("/");
    await userEvent.click(within(await dialog()).getByRole("button", { name: "Not now" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await userEvent.click(screen.getByRole("button", { name: /^Wallet:/ }));
    await userEvent.click(await screen.findByRole("button", { name: "Claim daily bonus" }));
    const again = await dialog();
    await userEvent.click(within(again).getByRole("button", { name: "I accept" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: /sweepstakes rules/i })).toBeNull());
  });

  it("shows the new version when the rules changed while the dialog was open", async () => {
    const { setUser } = signedIn(userDoc({ rulesVersion: 3, rulesAcceptedVersion: null }));
    renderApp("/");
    const asked = await dialog();
    setUser(userDoc({ rulesVersion: 4, rulesAcceptedVersion: null }));
    await userEvent.click(within(asked).getByRole("button", { name: "I accept" }));
    expect((await within(asked).findByRole("alert")).textContent).toContain("have changed");
    expect(await within(await dialog()).findByRole("link", { name: "Official Sweepstakes Rules (version 4)" })).toBeTruthy();
  });
});
