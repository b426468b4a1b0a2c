// /free-entry: the plain-words way to get Vantage Cash without buying anything. The
// player sees how to mail a card, their request code with its last day, the address, and
// can take another code up to the allowed number.
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FreeEntryCodes } from "../../src/shared/schemas/sweepstakes";
import { authValue, harness, player, resetHarness } from "./wallet-money-harness";

vi.mock("../../src/session/auth-provider", () => ({ useAuth: () => authValue(), useApi: () => authValue().api }));

const { FreeEntryPage } = await import("../../src/features/sweepstakes/components/free-entry-page");

const code = (value: string, expiresAt = "2026-12-25T17:00:00.000Z") => ({ code: value, issuedAt: "2026-11-25T17:00:00.000Z", expiresAt });

function codes(list: ReturnType<typeof code>[]): FreeEntryCodes {
  return {
    codes: list,
    maxOpenCodes: 2,
    validDays: 30,
    cashCents: 500,
    mailTo: { name: "Example Sweeps LLC", address: "PO Box 42, Austin, TX 78701" },
  };
}

function renderPage() {
  render(
    <MemoryRouter>
      <FreeEntryPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("/free-entry", () => {
  beforeEach(() => {
    resetHarness();
    harness.user = player({ rulesVersion: 2, rulesAcceptedVersion: 2 });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("explains free entry in plain words, with the player's code, its last day and the address", async () => {
    harness.replies.set("GET /api/free-entry/code", { body: codes([code("VX-ACDE-FGHJ")]) });
    renderPage();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Free entry by post");
    expect(screen.getByText("No purchase necessary. Void where prohibited.")).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Request codes" });
    expect(within(list).getByText("VX-ACDE-FGHJ")).toBeTruthy();
    expect(within(list).getByText("valid until December 25, 2026")).toBeTruthy();
    const page = document.body.textContent ?? "";
    expect(page).toContain("each card gets you 5 Vantage Cash");
    expect(page).toContain("valid for 30 days");
    expect(page).toContain("By hand, write the code, your full name and the e-mail address");
    expect(page).toContain("one per postmark day");
    expect(screen.getByRole("group", { name: "Mailing address" }).textContent).toBe("Example Sweeps LLC\nPO Box 42, Austin, TX 78701");
    expect(screen.getByRole("link", { name: "Official Sweepstakes Rules" }).getAttribute("href")).toBe("/sweepstakes-rules");
  });

  it("takes another code on request, and offers none past the allowed number", async () => {
    harness.replies.set("GET /api/free-entry/code", { body: codes([code("VX-ACDE-FGHJ")]) });
    harness.replies.set("POST /api/free-entry/code", { body: codes([code("VX-ACDE-FGHJ"), code("VX-KMNP-QRTU")]) });
    const user = renderPage();
    await user.click(await screen.findByRole("button", { name: "Get another code" }));
    expect(await screen.findByText("VX-KMNP-QRTU")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Get another code" })).toBeNull();
    expect(harness.requests.filter((r) => r.method === "POST").map((r) => r.path)).toEqual(["/api/free-entry/code"]);
  });

  it("says what the server says when no code can be given, with a way to try again", async () => {
    harness.replies.set("GET /api/free-entry/code", {
      status: 403,
      body: {
        error: {
          code: "rules-not-accepted",
          message: "Please read and accept the Official Sweepstakes Rules before you ask for a free-entry code.",
        },
      },
    });
    const user = renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Please read and accept the Official Sweepstakes Rules");
    harness.replies.set("GET /api/free-entry/code", { body: codes([code("VX-ACDE-FGHJ")]) });
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("VX-ACDE-FGHJ")).toBeTruthy();
  });
});
