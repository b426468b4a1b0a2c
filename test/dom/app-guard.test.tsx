// The protected-route guard and the sign-in screen on '/', driven through the real
// routes and session provider against a fake /api.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PROTECTED_PATHS } from "../../src/app/router";
import { redirectTo } from "../../src/lib/browser-navigation";
import {
  GENERIC_SIGN_IN_FAILURE,
  SIGN_IN_ERROR_CODES,
  signInErrorPath,
  signInErrorSentence,
  signInFailureMessage,
} from "../../src/shared/sign-in-errors";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, UNAUTHENTICATED } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(redirectTo).mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const signedOut = () => fakeApi(({ path }) => (path === "/api/auth/refresh" ? UNAUTHENTICATED() : undefined));
/** The board on '/': a feed with nothing on, so it has nothing to report. */
const quietBoard = (path: string) => {
  if (path === "/api/sports") return jsonResponse(200, sportsBody());
  return path.startsWith("/api/events") ? jsonResponse(200, []) : undefined;
};
const signedIn = () =>
  fakeApi(({ path }) => {
    if (path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    return quietBoard(path);
  });
const pending = () => fakeApi(() => new Promise<Response>(() => undefined));

describe("protected-route guard", () => {
  it("shows 'Loading...' while the session is being checked", async () => {
    pending();
    renderApp("/picks");
    expect(await screen.findByText("Loading...")).toBeTruthy();
    expect(screen.queryByText("Continue with Google")).toBeNull();
  });

  it.each(PROTECTED_PATHS)("sends a signed-out visitor from %s to '/', replacing history", async (path) => {
    signedOut();
    const { router } = renderApp(path);
    expect(await screen.findByRole("button", { name: /Continue with Google/ })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(router.state.location.state).toEqual({ from: path });
  });

  it("remembers path and query as 'from' and signs in towards it", async () => {
    signedOut();
    const { router } = renderApp("/picks?filter=open");
    await userEvent.click(await screen.findByRole("button", { name: /Continue with Google/ }));
    expect(router.state.location.pathname).toBe("/");
    expect(redirectTo).toHaveBeenCalledWith("/api/auth/google/start?from=%2Fpicks%3Ffilter%3Dopen");
  });

  it("lets a signed-in player through", async () => {
    signedIn();
    const { router } = renderApp("/account");
    expect(await screen.findByRole("heading", { name: "Account" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/account");
  });

  it("keeps the legal pages public", async () => {
    signedOut();
    renderApp("/privacy");
    expect(await screen.findByRole("heading", { name: "Privacy Policy" })).toBeTruthy();
    expect(screen.getByText(/children under 13/)).toBeTruthy();
  });
});

describe("sign-in screen on '/'", () => {
  it("shows 'Checking authentication...' while the session is being checked", async () => {
    pending();
    renderApp("/");
    expect(await screen.findByText("Checking authentication...")).toBeTruthy();
  });

  it("shows the product title, the sentence and the Google button when signed out", async () => {
    signedOut();
    renderApp("/");
    expect(await screen.findByText("Sign in to continue using the sportsbook.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Vantage" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: /Continue with Google/ }));
    expect(redirectTo).toHaveBeenCalledWith("/api/auth/google/start?from=%2F");
  });

  it("shows the board, not the card, when signed in", async () => {
    signedIn();
    renderApp("/");
    expect(await screen.findByRole("link", { name: "My Picks" })).toBeTruthy();
    expect(screen.queryByText("Sign in to continue using the sportsbook.")).toBeNull();
    expect(screen.queryByText("Checking authentication...")).toBeNull();
  });

  it("after sign-in goes on to the remembered route, replacing history", async () => {
    let signedInYet = false;
    fakeApi(({ path }) => {
      if (path === "/api/auth/refresh") return signedInYet ? jsonResponse(200, sessionBody()) : UNAUTHENTICATED();
      return quietBoard(path);
    });
    const { router } = renderApp({ pathname: "/", state: { from: "/account?tab=name" } });
    await screen.findByRole("button", { name: /Continue with Google/ });
    // Another tab completes the sign-in and tells this one.
    signedInYet = true;
    const channel = new BroadcastChannel("vantage.auth");
    channel.postMessage({ type: "signed-in" });
    channel.close();
    await waitFor(() => expect(router.state.location.pathname).toBe("/account"));
    expect(router.state.location.search).toBe("?tab=name");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(await screen.findByLabelText("Username")).toBeTruthy();
  });

  it("shows a failed redirect sign-in as 'Sign-in failed: …' and cleans the address", async () => {
    signedOut();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { router } = renderApp("/?auth_error=invalid-state");
    const alert = await screen.findByRole("alert");
    expect(alert.querySelector(".sign-in-error-title")?.textContent).toBe("Sign-in failed: invalid-state");
    expect(alert.querySelector(".sign-in-error-detail")?.textContent).toBe(signInErrorSentence("invalid-state"));
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(error).toHaveBeenCalledWith("Sign-in failed: invalid-state");
    error.mockRestore();
  });

  it("shows a sign-in that could not start as 'Login failed: …'", async () => {
    signedOut();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderApp(signInErrorPath("start", "not-configured"));
    const alert = await screen.findByRole("alert");
    expect(alert.querySelector(".sign-in-error-title")?.textContent).toBe("Login failed: not-configured");
    expect(alert.textContent).toContain("Sign-in is not available on this server right now.");
  });

  it("lands a throttled sign-in on the sign-in page with 'Login failed: rate-limited', ready to retry towards the wanted page", async () => {
    signedOut();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    // The address the Worker redirects a throttled navigation of /api/auth/google/start to.
    const { router } = renderApp(signInErrorPath("start", "rate-limited", "/picks?filter=open"));
    const alert = await screen.findByRole("alert");
    expect(alert.querySelector(".sign-in-error-title")?.textContent).toBe("Login failed: rate-limited");
    expect(alert.querySelector(".sign-in-error-detail")?.textContent).toBe(
      "Too many sign-in attempts. Please wait a minute and try again.",
    );
    expect(screen.getByText("Sign in to continue using the sportsbook.")).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe("?from=%2Fpicks%3Ffilter%3Dopen"));
    await userEvent.click(screen.getByRole("button", { name: /Continue with Google/ }));
    expect(redirectTo).toHaveBeenCalledWith("/api/auth/google/start?from=%2Fpicks%3Ffilter%3Dopen");
  });

  it("lands a throttled callback on the sign-in page with 'Sign-in failed: rate-limited'", async () => {
    signedOut();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderApp(signInErrorPath("callback", "rate-limited"));
    expect((await screen.findByRole("alert")).querySelector(".sign-in-error-title")?.textContent).toBe("Sign-in failed: rate-limited");
  });

  it.each([
    ["auth_error", "Your account is locked. Call +1 555 0100 to unlock it", "Sign-in failed: unknown-error"],
    ["auth_error", "<img src=x onerror=alert(1)>", "Sign-in failed: unknown-error"],
    ["login_error", "Visit evil.example to verify your wallet", "Login failed: unknown-error"],
    ["auth_error", "", "Sign-in failed: unknown-error"],
  ])("never shows the address's own text (%s=%s), only the generic message", async (param, text, title) => {
    signedOut();
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderApp(`/?${new URLSearchParams({ [param]: text }).toString()}`);
    const alert = await screen.findByRole("alert");
    expect(alert.querySelector(".sign-in-error-title")?.textContent).toBe(title);
    expect(alert.querySelector(".sign-in-error-detail")?.textContent).toBe(GENERIC_SIGN_IN_FAILURE);
    if (text) expect(document.body.textContent).not.toContain(text);
    expect(document.querySelector("img")).toBeNull();
    expect(error.mock.calls.flat().join(" ")).not.toContain(text || "\u0000");
    error.mockRestore();
  });

  it.each(SIGN_IN_ERROR_CODES)("has a fixed sentence for the Worker's code %s", (code) => {
    for (const stage of ["start", "callback"] as const) {
      const shown = signInFailureMessage(stage, code);
      expect(shown.title).toBe(`${stage === "start" ? "Login failed" : "Sign-in failed"}: ${code}`);
      expect(shown.detail).not.toBe(GENERIC_SIGN_IN_FAILURE);
      expect(shown.detail).toMatch(/^[A-Z].+\.$/);
    }
  });

  it("never carries a foreign 'from' to the sign-in", async () => {
    signedOut();
    renderApp({ pathname: "/", state: { from: "//evil.example/steal" } });
    await userEvent.click(await screen.findByRole("button", { name: /Continue with Google/ }));
    expect(redirectTo).toHaveBeenCalledWith("/api/auth/google/start?from=%2F");
  });
});

describe("header links", () => {
  it("offers the wallet, Shop, title, Social, My Picks and profile when signed in", async () => {
    signedIn();
    renderApp("/");
    expect(await screen.findByRole("link", { name: "Shop" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Social" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "My Picks" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /Profile menu/ })).toBeTruthy();
  });
});
