// The console's Regions tab: the region rules Vantage ships and those operators added, and a
// form that asks for a new entry (a law's region, mode, day and source), which waits for a
// second operator; the server's refusal of a malformed entry shows as it says.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc, type FakeCall } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Operator", isAdmin: true });
const california = {
  region: "US-CA",
  mode: "coins-only",
  from: "2026-01-01",
  covers: "sweepstakes-sports",
  source: { title: "California AB 831 (2025)", url: "https://example.org/ca" },
};
const view = {
  shipped: [california],
  added: [
    {
      entry: { ...california, region: "US-OH", from: "2027-01-01", source: { title: "Ohio HB 298", url: "https://example.org/oh" } },
      requestedBy: "admin@vantage.test",
      approvedBy: "ops@vantage.test",
      createdAt: 5,
    },
  ],
};

function consoleApi(answer: (call: FakeCall) => Response | undefined) {
  return fakeApi((call) => (call.path === "/api/auth/refresh" ? jsonResponse(200, sessionBody(operator)) : answer(call)));
}

describe("the console's Regions tab", () => {
  it("lists shipped and added entries, and asks for a new one to be approved", async () => {
    const calls = consoleApi((call) => {
      if (call.method === "GET" && call.path === "/api/admin/region-rules") return jsonResponse(200, view);
      if (call.method === "POST" && call.path === "/api/admin/region-rules")
        return jsonResponse(202, {
          request: {
            id: "rq-1",
            kind: "region-rule",
            subject: "US-IN",
            subjectLabel: "US-IN",
            payload: (call.body as { entry: unknown }).entry,
            requestedBy: "admin@vantage.test",
            reason: "signed",
            status: "pending",
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
            outcome: null,
            createdAt: 6,
          },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=regions");
    const [added] = await screen.findAllByRole("table");
    expect(within(added!).getByText("US-OH")).toBeTruthy();
    expect(within(added!).getByText("admin@vantage.test / ops@vantage.test", { exact: false })).toBeTruthy();
    expect(screen.getByText("California AB 831 (2025)")).toBeTruthy();

    await user.type(screen.getByLabelText("Region (ISO 3166)"), "us-in");
    await user.selectOptions(screen.getByLabelText("Mode"), "redeem-only");
    await user.type(screen.getByLabelText("In force from"), "2026-07-01");
    await user.type(screen.getByLabelText("Redeem until"), "2026-09-30");
    await user.type(screen.getByLabelText("Source"), "Indiana HB 1052 (2026)");
    await user.type(screen.getByLabelText("Source link"), "https://example.org/in");
    await user.type(screen.getByLabelText("Reason"), "signed");
    await user.click(screen.getByRole("button", { name: "Ask for approval" }));
    expect(
      await screen.findByText("Sent for approval: another operator must approve US-IN redeem-only from 2026-07-01 (Approvals tab)."),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.path === "/api/admin/region-rules")?.body).toEqual({
      entry: {
        region: "us-in",
        mode: "redeem-only",
        from: "2026-07-01",
        until: "2026-09-30",
        covers: "sweepstakes-sports",
        source: { title: "Indiana HB 1052 (2026)", url: "https://example.org/in" },
      },
      reason: "signed",
    });
  });
});
