// /account in three sections, Profile, Limits and Privacy, one shown at a time so a
// phone gets a short page: links at the top choose one, the address names it
// (?section=…) so it can be linked and Back returns to the last, and each name field says
// in a sentence what it is for.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlayView } from "../../src/shared/schemas/play";
import { NO_PLAY_LIMITS } from "../../src/shared/play-limits";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, userDoc } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
});

const PLAY: PlayView = {
  limits: { ...NO_PLAY_LIMITS },
  pendingLimits: {},
  minutesToday: 0,
  minutesLeft: null,
  realityCheck: { due: false, dueAt: null, session: null },
  nudges: [],
};

function signedIn() {
  const user = userDoc({ handle: "ada" });
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(user));
    if (call.path === "/api/me") return jsonResponse(200, user);
    if (call.path === "/api/play" || call.path === "/api/play/heartbeat") return jsonResponse(200, PLAY);
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    if (call.path.startsWith("/api/events")) return jsonResponse(200, []);
    return undefined;
  });
}

const sections = () => within(screen.getByRole("navigation", { name: "Account sections" }));
const current = () => sections().getByRole("link", { current: "page" }).textContent;
const sectionHeading = () => screen.getByRole("heading", { level: 2 }).textContent;

describe("/account's sections", () => {
  it("opens on Profile, switches to Limits and Privacy, and Back returns to the last", async () => {
    signedIn();
    const { router } = renderApp("/account");
    const username = await screen.findByLabelText("Username");
    expect(
      sections()
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Profile", "Limits", "Privacy"]);
    expect(current()).toBe("Profile");
    expect(sectionHeading()).toBe("Profile");
    // Each name says what it is for.
    expect(username.getAttribute("aria-describedby")).toBe("account-username-what");
    expect(document.getElementById("account-username-what")?.textContent).toBe(
      "Your username is the name Vantage greets you with in the profile menu; other players never see it.",
    );
    expect(screen.getByLabelText("Handle").getAttribute("aria-describedby")).toContain("account-handle-what");
    expect(document.getElementById("account-handle-what")?.textContent).toMatch(/^Your handle is your public @name/);
    // The other sections' content is not on the page.
    expect(screen.queryByRole("heading", { name: "Take a break" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Your data" })).toBeNull();

    const user = userEvent.setup();
    await user.click(sections().getByRole("link", { name: "Limits" }));
    expect(await screen.findByRole("heading", { name: "Take a break" })).toBeTruthy();
    expect(router.state.location.search).toBe("?section=limits");
    expect(current()).toBe("Limits");
    expect(sectionHeading()).toBe("Limits");
    expect(screen.queryByLabelText("Username")).toBeNull();
    // Thirteen boxes read as five labelled groups.
    await screen.findByLabelText("Daily loss (Coins)");
    const groups = ["Daily stake", "Purchases", "Losses in Coins", "Losses in Vantage Cash", "Play time"].map((name) =>
      screen.getByRole("group", { name }),
    );
    expect(groups.map((group) => within(group).getAllByRole("spinbutton").length)).toEqual([2, 3, 3, 3, 1]);
    expect(within(groups[4]!).getByLabelText("Reality check")).toBeTruthy();

    // From the keyboard: Privacy is a link like any other.
    sections().getByRole("link", { name: "Privacy" }).focus();
    await user.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Your data" })).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: /Hide my profile/ })).toBeTruthy();
    expect(current()).toBe("Privacy");
    expect(screen.queryByRole("heading", { name: "Take a break" })).toBeNull();

    await router.navigate(-1);
    await waitFor(() => expect(current()).toBe("Limits"));
    expect(screen.getByRole("heading", { name: "Take a break" })).toBeTruthy();
  });

  it("a link to a section opens it directly", async () => {
    signedIn();
    renderApp("/account?section=privacy");
    expect(await screen.findByRole("heading", { name: "Your data" })).toBeTruthy();
    expect(current()).toBe("Privacy");
    expect(sectionHeading()).toBe("Privacy");
    expect(screen.queryByLabelText("Username")).toBeNull();
  });

  it("an unknown section opens Profile", async () => {
    signedIn();
    renderApp("/account?section=nope");
    expect(await screen.findByLabelText("Username")).toBeTruthy();
    expect(current()).toBe("Profile");
  });
});
