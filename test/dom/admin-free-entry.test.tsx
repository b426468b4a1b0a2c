// The console's Free entry tab: an operator records a received card by its code and
// postmark day, and sees whether Vantage Cash was credited or why the player got nothing;
// refusals (a code recorded before, an unknown code) show the server's sentence.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc, type FakeCall } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Operator", isAdmin: true });

function consoleApi(answer: (call: FakeCall) => Response | undefined) {
  return fakeApi((call) => (call.path === "/api/auth/refresh" ? jsonResponse(200, sessionBody(operator)) : answer(call)));
}

const entry = (patch: Record<string, unknown> = {}) => ({
  entry: { code: "VX-ACDE-FGHJ", userId: "p-1", postmarkedOn: "2026-11-20", credited: true, amountCents: 500, refusal: null, ...patch },
});

async function recordCard(code: string, day: string) {
  const user = userEvent.setup();
  expect((await screen.findByRole("tab", { name: "Free entry" })).getAttribute("aria-selected")).toBe("true");
  await user.type(await screen.findByLabelText("Request code on the card"), code);
  const date = screen.getByLabelText("Postmarked on") as HTMLInputElement;
  expect(date.value).toBe(etDayKey(Date.now()));
  await user.clear(date);
  await user.type(date, day);
  await user.click(screen.getByRole("button", { name: "Record card" }));
}

describe("the console's Free entry tab", () => {
  it("records a card by code and postmark day and says what was credited", async () => {
    const calls = consoleApi((call) => (call.path === "/api/admin/free-entry" ? jsonResponse(200, entry()) : undefined));
    renderApp("/admin?tab=free-entry");
    await recordCard("vx acde fghj", "2026-11-20");
    expect((await screen.findByText(/^Credited /)).textContent).toBe("Credited 5 Vantage Cash to player p-1 for VX-ACDE-FGHJ.");
    expect(calls.find((c) => c.path === "/api/admin/free-entry")?.body).toEqual({ code: "vx acde fghj", postmarkedOn: "2026-11-20" });
  });

  it("says why a player got nothing", async () => {
    consoleApi((call) =>
      call.path === "/api/admin/free-entry"
        ? jsonResponse(
            200,
            entry({ credited: false, amountCents: 0, refusal: { code: "account-frozen", message: "Your account is on hold." } }),
          )
        : undefined,
    );
    renderApp("/admin?tab=free-entry");
    await recordCard("VX-ACDE-FGHJ", "2026-11-20");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Recorded VX-ACDE-FGHJ; nothing credited (account-frozen): Your account is on hold.",
    );
  });

  it("shows the server's refusal of a code recorded before, staying on the console", async () => {
    consoleApi((call) =>
      call.path === "/api/admin/free-entry"
        ? jsonResponse(409, { error: { code: "code-used", message: "This request code was already recorded; each code counts once." } })
        : undefined,
    );
    renderApp("/admin?tab=free-entry");
    await recordCard("VX-ACDE-FGHJ", "2026-11-20");
    expect((await screen.findByRole("alert")).textContent).toBe("This request code was already recorded; each code counts once.");
    expect(screen.getByRole("heading", { name: "Operator console" })).toBeTruthy();
  });
});
