// Account → "Download my data": the player chooses a year and a format and the browser
// saves the file the Worker answered; a refusal shows the server's sentence.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, jsonResponse, renderApp, sessionBody, sportsBody, userDoc, type FakeCall } from "./app-helpers";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function session(handle: (call: FakeCall) => Response | undefined) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(userDoc()));
    if (call.path.startsWith("/api/events")) return jsonResponse(200, []);
    if (call.path === "/api/sports") return jsonResponse(200, sportsBody());
    if (call.path.startsWith("/api/bets")) return jsonResponse(200, { bets: [], nextCursor: null });
    return handle(call);
  });
}

describe("Download my data", () => {
  it("fetches the chosen year as CSV and saves it as a file", async () => {
    const calls = session((call) =>
      call.path.startsWith("/api/me/export")
        ? new Response("record,id,date,currency,amount,balance_after,status,detail\r\n", { headers: { "Content-Type": "text/csv" } })
        : undefined,
    );
    const saved: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:vantage-export";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toMatch(/^vantage-\d{4}\.csv$/);
    });
    renderApp("/account?section=privacy");
    const card = (await screen.findByRole("heading", { name: "Your data" })).closest("section")!;
    const user = userEvent.setup();
    await user.click(within(card).getByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(within(card).getByRole("status").textContent).toMatch(/records were downloaded/));
    expect(calls.find((c) => c.path.startsWith("/api/me/export"))?.path).toMatch(/^\/api\/me\/export\?format=csv&year=\d{4}$/);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(await saved[0]!.text()).toMatch(/^record,id,date/);
  });

  it("shows the server's refusal", async () => {
    session((call) =>
      call.path.startsWith("/api/me/export")
        ? jsonResponse(400, { error: { code: "invalid-argument", message: "year: Too small." } })
        : undefined,
    );
    renderApp("/account?section=privacy");
    const card = (await screen.findByRole("heading", { name: "Your data" })).closest("section")!;
    const user = userEvent.setup();
    await user.click(within(card).getByLabelText("JSON"));
    await user.click(within(card).getByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(within(card).getByRole("status").textContent).toBe("year: Too small."));
  });
});
