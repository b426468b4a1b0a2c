// The console's Free entry tab: an operator records a received card by its code, postmark
// day and a note, and sees that it waits for a second operator's approval; refusals (a code
// recorded before, an unknown code) show the server's sentence.
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

const request = {
  request: {
    id: "fe_VX-ACDE-FGHJ_2026-11-20",
    kind: "free-entry",
    subject: "p-1",
    subjectLabel: "pat@example.com",
    payload: { code: "VX-ACDE-FGHJ", postmarkedOn: "2026-11-20", amountCents: 500 },
    requestedBy: "admin@vantage.test",
    reason: "Handwritten, name matches",
    status: "pending",
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    outcome: null,
    createdAt: 5,
  },
};

async function recordCard(code: string, day: string, note = "") {
  const user = userEvent.setup();
  expect((await screen.findByRole("tab", { name: "Free entry" })).getAttribute("aria-selected")).toBe("true");
  await user.type(await screen.findByLabelText("Request code on the card"), code);
  const date = screen.getByLabelText("Postmarked on") as HTMLInputElement;
  expect(date.value).toBe(etDayKey(Date.now()));
  await user.clear(date);
  await user.type(date, day);
  if (note) await user.type(screen.getByLabelText("Note for the approver"), note);
  await user.click(screen.getByRole("button", { name: "Record card" }));
}

describe("the console's Free entry tab", () => {
  it("records a card by code, postmark day and note, and says it waits for a second operator", async () => {
    const calls = consoleApi((call) => (call.path === "/api/admin/free-entry" ? jsonResponse(202, request) : undefined));
    renderApp("/admin?tab=free-entry");
    await recordCard("vx acde fghj", "2026-11-20", "Handwritten, name matches");
    expect((await screen.findByText(/^Sent for approval/)).textContent).toBe(
      "Sent for approval: another operator must approve crediting 5 Vantage Cash to pat@example.com for VX-ACDE-FGHJ (Approvals tab).",
    );
    expect(calls.find((c) => c.path === "/api/admin/free-entry")?.body).toEqual({
      code: "vx acde fghj",
      postmarkedOn: "2026-11-20",
      note: "Handwritten, name matches",
    });
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
