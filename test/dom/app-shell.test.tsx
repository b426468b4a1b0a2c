// The shell every feature plugs into: the keyboard-usable profile menu and logout,
// the account page's username messages, the toast, the error screen, the footer.
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "../../src/components/error-screen";
import { RouteError } from "../../src/components/route-error";
import { TOAST_MS, ToastProvider, useToast } from "../../src/components/toast";
import { USERNAME_KEY } from "../../src/session/username";
import { PRODUCT_TITLE } from "../../src/lib/brand";
import indexHtml from "../../index.html?raw";
import { DISPLAY_NAME_MAX_LENGTH } from "../../src/shared/display-name";
import { reloadPage } from "../../src/lib/browser-navigation";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, UNAUTHENTICATED, userDoc } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function signedInApi(extra: Parameters<typeof fakeApi>[0] = () => undefined) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody());
    if (call.path === "/api/auth/logout") return jsonResponse(200, { ok: true });
    // The board behind the menus: a feed with nothing on, so it has nothing to report.
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    return call.path.startsWith("/api/events") ? jsonResponse(200, []) : undefined;
  });
}

describe("profile menu", () => {
  it("opens from the keyboard, moves with arrows, closes on Escape and returns focus", async () => {
    signedInApi();
    renderApp("/");
    const button = await screen.findByRole("button", { name: /Profile menu/ });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    button.focus();
    await userEvent.keyboard("{Enter}");
    const items = screen.getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Account", "Settings", "Redeem Vantage Cash", "Logout"]);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("Settings");
    await userEvent.keyboard("{End}");
    expect(document.activeElement?.textContent).toBe("Logout");
    await userEvent.keyboard("{ArrowDown}");
    expect(document.activeElement?.textContent).toBe("Account");
    await userEvent.keyboard("{ArrowUp}");
    expect(document.activeElement?.textContent).toBe("Logout");
    await userEvent.keyboard("{Escape}");
    expect(screen.queryByRole("menu")).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("navigates to Redeem Vantage Cash and closes", async () => {
    signedInApi();
    const { router } = renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: /Profile menu/ }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Redeem Vantage Cash" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/redeem"));
    expect(screen.queryByRole("menu")).toBeNull();
  });

  it("logs out: back to the sign-in card, username forgotten", async () => {
    const calls = signedInApi();
    const { router } = renderApp("/account");
    await screen.findByRole("heading", { name: "Account" });
    expect(localStorage.getItem(USERNAME_KEY)).toBe("Ada");
    await userEvent.click(screen.getByRole("button", { name: /Profile menu/ }));
    await userEvent.click(screen.getByRole("menuitem", { name: "Logout" }));
    expect(await screen.findByText("Sign in to continue using the sportsbook.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/");
    expect(localStorage.getItem(USERNAME_KEY)).toBeNull();
    expect(calls.some((c) => c.path === "/api/auth/logout")).toBe(true);
  });
});

describe("account page", () => {
  it("saves the username to the profile and the device", async () => {
    const calls = signedInApi((call) =>
      call.path === "/api/me" && call.method === "PATCH" ? jsonResponse(200, userDoc({ displayName: "Lucky Lou" })) : undefined,
    );
    renderApp("/account");
    const input = await screen.findByLabelText("Username");
    expect((input as HTMLInputElement).value).toBe("Ada");
    await userEvent.clear(input);
    await userEvent.type(input, "  Lucky Lou ");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("✅ Username updated successfully.")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ displayName: "  Lucky Lou " });
    expect(localStorage.getItem(USERNAME_KEY)).toBe("Lucky Lou");
    expect(screen.getByRole("button", { name: /Profile menu/ }).textContent).toContain("Lucky Lou");
  });

  it("refuses a 33-character name before sending, with the same limit and sentence as the server", async () => {
    const calls = signedInApi();
    renderApp("/account");
    const input = (await screen.findByLabelText("Username")) as HTMLInputElement;
    expect(input.maxLength).toBe(DISPLAY_NAME_MAX_LENGTH);
    // Typing stops at the limit...
    await userEvent.clear(input);
    await userEvent.type(input, "y".repeat(40));
    expect(input.value).toBe("y".repeat(32));
    // ...and a longer value (pasted past it, or kept from before) is refused before it is sent.
    fireEvent.change(input, { target: { value: "x".repeat(33) } });
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const status = await screen.findByText("❌ Failed to update username.");
    expect(status.closest("p")?.nextElementSibling?.textContent).toBe("Username must be at most 32 characters.");
    expect(screen.queryByText(/displayName/)).toBeNull();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    expect(localStorage.getItem(USERNAME_KEY)).toBe("Ada");
  });

  it("shows the server's refusal as the second line and keeps the old name on the device", async () => {
    signedInApi((call) =>
      call.path === "/api/me" && call.method === "PATCH"
        ? jsonResponse(400, { error: { code: "invalid-argument", message: "Username cannot contain control characters." } })
        : undefined,
    );
    renderApp("/account");
    const input = await screen.findByLabelText("Username");
    await userEvent.clear(input);
    await userEvent.type(input, "Lucky");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    const status = await screen.findByText("❌ Failed to update username.");
    expect(status.closest("p")?.nextElementSibling?.textContent).toBe("Username cannot contain control characters.");
    expect(localStorage.getItem(USERNAME_KEY)).toBe("Ada");
  });
});

describe("toast", () => {
  function Trigger() {
    const toast = useToast();
    return (
      <>
        <button type="button" onClick={() => toast.show("Singles placed!", "success")}>
          one
        </button>
        <button type="button" onClick={() => toast.show("Parlay placed!", "success")}>
          two
        </button>
      </>
    );
  }

  it("shows one message at a time in a status region for 2.2 s", async () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Trigger />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText("one"));
    expect(screen.getByRole("status").textContent).toBe("Singles placed!");
    fireEvent.click(screen.getByText("two"));
    expect(screen.getByRole("status").textContent).toBe("Parlay placed!");
    await act(() => vi.advanceTimersByTimeAsync(TOAST_MS - 1));
    expect(screen.getByRole("status").textContent).toBe("Parlay placed!");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole("status").textContent).toBe("");
    expect(TOAST_MS).toBe(2200);
  });
});

describe("document title", () => {
  it("names the page in the browser tab, from PRODUCT_TITLE", async () => {
    signedInApi();
    const { router } = renderApp("/picks");
    await screen.findByRole("heading", { name: "My Picks" });
    await waitFor(() => expect(document.title).toBe("My Picks · Vantage"));
    await act(() => router.navigate("/settings"));
    await waitFor(() => expect(document.title).toBe("Settings · Vantage"));
    await act(() => router.navigate("/redeem"));
    await waitFor(() => expect(document.title).toBe("Redeem Vantage Cash · Vantage"));
    await act(() => router.navigate("/nowhere"));
    await waitFor(() => expect(document.title).toBe("Page not found · Vantage"));
    await act(() => router.navigate("/"));
    await waitFor(() => expect(document.title).toBe(PRODUCT_TITLE));
    // Let the board finish loading before the fake API goes away.
    expect(await screen.findByText("No upcoming games.")).toBeTruthy();
  });

  it("leaves nothing hard-coded in index.html: its title is filled in from PRODUCT_TITLE at build", () => {
    const html = indexHtml;
    expect(html).toContain("<title>%PRODUCT_TITLE%</title>");
    expect(html).not.toMatch(/<title>[^%]/);
  });
});

describe("error screen", () => {
  function Boom(): never {
    throw new Error("boom");
  }

  it("replaces a route that fails to render, and Reload reloads the page", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: "/", element: <Boom />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("The app hit an error. You can try reloading.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(reloadPage).toHaveBeenCalled();
    quiet.mockRestore();
  });

  it("also catches errors outside the router", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    quiet.mockRestore();
  });
});

describe("footer and public pages", () => {
  it("links Terms, Privacy and Disclaimer and says the product is for entertainment only", async () => {
    fakeApi(({ path }) => (path === "/api/auth/refresh" ? UNAUTHENTICATED() : undefined));
    const { router } = renderApp("/");
    const footer = (await screen.findAllByRole("contentinfo"))[0]!;
    expect(footer.textContent).toMatch(/for entertainment only/i);
    await userEvent.click(screen.getByRole("link", { name: "Disclaimer" }));
    const page = await screen.findByRole("article");
    expect(router.state.location.pathname).toBe("/disclaimer");
    expect(page.textContent).toMatch(/18/);
    expect(page.textContent).toMatch(/no monetary value/);
    expect(page.textContent).toMatch(/under 13/);
  });

  it("terms state eligibility, entertainment only and no monetary value", async () => {
    fakeApi(({ path }) => (path === "/api/auth/refresh" ? UNAUTHENTICATED() : undefined));
    renderApp("/terms");
    const page = await screen.findByRole("article");
    expect(page.textContent).toMatch(/at least 18 years old/);
    expect(page.textContent).toMatch(/entertainment only/);
    expect(page.textContent).toMatch(/no monetary value/);
    expect(page.textContent).toMatch(/children under 13/);
  });
});
