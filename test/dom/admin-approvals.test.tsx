// The console's Approvals tab (four eyes), through the real routes and session against a
// fake /api: pending requests with requester, reason and amount (or what else they change) and the approve/reject
// pair (none on the operator's own requests), decisions that need a reason, a money
// action answered 403 step-up-required sending the operator through sign-in, and an
// adjustment that waits for approval said so where it was made.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatTime } from "../../src/features/admin/components/admin-format";
import { redirectTo } from "../../src/lib/browser-navigation";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc, type FakeCall } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(redirectTo).mockClear();
});

const operator = userDoc({ uid: "op-2", email: "ops@vantage.test", displayName: "Ops", isAdmin: true });

const base = {
  status: "pending",
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  outcome: null,
  createdAt: 1,
};
const cashCredit = {
  ...base,
  id: "rq-cash",
  kind: "adjustment",
  subject: "p-1",
  subjectLabel: "pat@example.com",
  payload: { wallet: "cash", amount: 2_500 },
  requestedBy: "admin@vantage.test",
  reason: "tournament prize",
};
const liveFinal = {
  ...base,
  id: "rq-final",
  kind: "result",
  subject: "evt-live",
  subjectLabel: "Flames @ Oilers",
  payload: { homeScore: 0, awayScore: 99 },
  requestedBy: "admin@vantage.test",
  reason: "feed is stuck",
};
const mine = {
  ...base,
  id: "rq-mine",
  kind: "adjustment",
  subject: "p-2",
  subjectLabel: "sam@example.com",
  payload: { wallet: "coins", amount: -20_000 },
  requestedBy: "ops@vantage.test",
  reason: "bonus abuse",
};

const redemptionReview = {
  ...base,
  id: "review-rd_1",
  kind: "redemption",
  subject: "p-3",
  subjectLabel: "kim@example.com",
  payload: { redemptionId: "rd_1", amountCents: 60_000 },
  requestedBy: "kim@example.com",
  reason: "Redemptions above $500 in 30 days are reviewed by our team before they are sent.",
};

function consoleApi(extra: (call: FakeCall) => Response | undefined) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(operator));
    return extra(call);
  });
}

describe("the Approvals tab", () => {
  it("lists what waits with who asked, why and how much; the operator's own requests offer no decision", async () => {
    consoleApi(({ path }) =>
      path.startsWith("/api/admin/approvals?") ? jsonResponse(200, { requests: [cashCredit, liveFinal, mine] }) : undefined,
    );
    renderApp("/admin?tab=approvals");
    const credit = (await screen.findByText("pat@example.com")).closest("tr")!;
    expect(within(credit).getByText("Cash adjustment")).toBeTruthy();
    expect(within(credit).getByText("+25 Vantage Cash")).toBeTruthy();
    expect(within(credit).getByText("admin@vantage.test")).toBeTruthy();
    expect(within(credit).getByText("tournament prize")).toBeTruthy();
    expect(within(credit).getByRole("button", { name: "Approve" })).toBeTruthy();
    expect(within(credit).getByRole("button", { name: "Reject" })).toBeTruthy();

    const final = screen.getByText("Flames @ Oilers").closest("tr")!;
    expect(within(final).getByText("Final score")).toBeTruthy();
    expect(within(final).getByText("0–99 (home–away)")).toBeTruthy();

    const own = screen.getByText("sam@example.com").closest("tr")!;
    expect(within(own).getByText("Yours: another operator decides")).toBeTruthy();
    expect(within(own).queryByRole("button")).toBeNull();
    expect(screen.getByText("No request has been decided yet.")).toBeTruthy();
  });

  it("shows what a result request replaces: from the score it stood at when asked, or from no result", async () => {
    const correction = {
      ...liveFinal,
      id: "rq-correction",
      subjectLabel: "Jets @ Canucks",
      payload: { homeScore: 1, awayScore: 4, correction: true, replaces: { status: "final", homeScore: 4, awayScore: 1 } },
      reason: "scorer's error",
    };
    const final = { ...liveFinal, payload: { homeScore: 0, awayScore: 99, replaces: "none" } };
    consoleApi(({ path }) => (path.startsWith("/api/admin/approvals?") ? jsonResponse(200, { requests: [correction, final] }) : undefined));
    const user = userEvent.setup();
    renderApp("/admin?tab=approvals");
    const corrected = (await screen.findByText("Jets @ Canucks")).closest("tr")!;
    expect(within(corrected).getByText("Corrected score")).toBeTruthy();
    expect(within(corrected).getByText("from 4–1 to 1–4 (home–away)")).toBeTruthy();
    const recorded = screen.getByText("Flames @ Oilers").closest("tr")!;
    expect(within(recorded).getByText("from no result to 0–99 (home–away)")).toBeTruthy();
    await user.click(within(corrected).getByRole("button", { name: "Approve" }));
    expect(screen.getByRole("dialog", { name: "Approve: correct the score of Jets @ Canucks from 4–1 to 1–4 (home–away)?" })).toBeTruthy();
  });

  it("lists a redemption in the review queue with its amount and why it waits; approving sends it", async () => {
    consoleApi(({ path }) => (path.startsWith("/api/admin/approvals?") ? jsonResponse(200, { requests: [redemptionReview] }) : undefined));
    const user = userEvent.setup();
    renderApp("/admin?tab=approvals");
    const row = (await screen.findAllByText("kim@example.com"))[0]!.closest("tr")!;
    expect(within(row).getByText("Redemption review")).toBeTruthy();
    expect(within(row).getByText("600 Vantage Cash")).toBeTruthy();
    expect(within(row).getByText(redemptionReview.reason)).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Approve" }));
    expect(screen.getByRole("dialog", { name: "Approve: send 600 Vantage Cash to kim@example.com?" })).toBeTruthy();
  });

  it("lists a request to clear an early fraud warning with the warning; approving names what it releases", async () => {
    const clearing = {
      ...base,
      id: "rq-efw",
      kind: "fraud-warning-clear",
      subject: "p-4",
      subjectLabel: "lee@example.com",
      payload: { warningId: "issfr_1" },
      requestedBy: "admin@vantage.test",
      reason: "card holder confirmed the purchase",
    };
    consoleApi(({ path }) => (path.startsWith("/api/admin/approvals?") ? jsonResponse(200, { requests: [clearing] }) : undefined));
    const user = userEvent.setup();
    renderApp("/admin?tab=approvals");
    const row = (await screen.findByText("lee@example.com")).closest("tr")!;
    expect(within(row).getByText("Clearing an early fraud warning")).toBeTruthy();
    expect(within(row).getByText("warning issfr_1")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Approve" }));
    expect(
      screen.getByRole("dialog", {
        name: "Approve: clear early fraud warning issfr_1 of lee@example.com, so it no longer holds their redemptions?",
      }),
    ).toBeTruthy();
  });

  it("lists a request to unfreeze an account with the player and the freeze it was asked against; approving names what it releases", async () => {
    const frozenAt = Date.UTC(2026, 10, 3, 14, 5, 9);
    const unfreezing = {
      ...base,
      id: "rq-unfreeze",
      kind: "unfreeze",
      subject: "p-5",
      subjectLabel: "max@example.com",
      payload: { frozenAt },
      requestedBy: "admin@vantage.test",
      reason: "identity confirmed on a call",
    };
    // Asked before requests kept their freeze: its approval is refused, and the row says to ask again.
    const askedBefore = { ...unfreezing, id: "rq-unfreeze-old", subject: "p-7", subjectLabel: "kim@example.com", payload: {} };
    consoleApi(({ path }) =>
      path.startsWith("/api/admin/approvals?") ? jsonResponse(200, { requests: [unfreezing, askedBefore] }) : undefined,
    );
    const user = userEvent.setup();
    renderApp("/admin?tab=approvals");
    const old = (await screen.findByText("kim@example.com")).closest("tr")!;
    expect(
      within(old).getByText("frozen → unfrozen: held payouts and play released (asked before requests named their freeze: ask again)"),
    ).toBeTruthy();
    const row = screen.getByText("max@example.com").closest("tr")!;
    expect(within(row).getByText("Unfreezing an account")).toBeTruthy();
    expect(within(row).getByText(`frozen since ${formatTime(frozenAt)} → unfrozen: held payouts and play released`)).toBeTruthy();
    expect(within(row).getByText("identity confirmed on a call")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Approve" }));
    expect(
      screen.getByRole("dialog", { name: "Approve: unfreeze max@example.com, releasing the payouts and play their freeze held?" }),
    ).toBeTruthy();
  });

  it("lists a request to reset an identity check with the player and the state it was asked against; approving names what it releases", async () => {
    const resetting = {
      ...base,
      id: "rq-identity-reset",
      kind: "identity-reset",
      subject: "p-6",
      subjectLabel: "robin@example.com",
      payload: { status: "in-use", sessionId: "vs_1" },
      requestedBy: "admin@vantage.test",
      reason: "keeps the other account",
    };
    // Asked before requests kept the verification session: its approval is refused, and the row says to ask again.
    const askedBefore = {
      ...resetting,
      id: "rq-identity-reset-old",
      subject: "p-8",
      subjectLabel: "sam@example.com",
      payload: { status: "in-use" },
    };
    consoleApi(({ path }) =>
      path.startsWith("/api/admin/approvals?") ? jsonResponse(200, { requests: [resetting, askedBefore] }) : undefined,
    );
    const user = userEvent.setup();
    renderApp("/admin?tab=approvals");
    const old = (await screen.findByText("sam@example.com")).closest("tr")!;
    expect(
      within(old).getByText(
        "in-use → never started: its document and person released (asked before requests named their verification: ask again)",
      ),
    ).toBeTruthy();
    const row = screen.getByText("robin@example.com").closest("tr")!;
    expect(within(row).getByText("Resetting an identity check")).toBeTruthy();
    expect(within(row).getByText("in-use → never started: its document and person released")).toBeTruthy();
    expect(within(row).getByText("keeps the other account")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Approve" }));
    expect(
      screen.getByRole("dialog", {
        name: "Approve: reset the identity check of robin@example.com (in-use), releasing the document and person it claimed?",
      }),
    ).toBeTruthy();
  });

  it("approves with a reason, then shows the request as applied", async () => {
    let approved = false;
    const calls = consoleApi(({ method, path }) => {
      if (path.startsWith("/api/admin/approvals?")) {
        const decided = { ...cashCredit, status: "approved", decidedBy: "ops@vantage.test", decidedAt: 5, outcome: { uid: "p-1" } };
        return jsonResponse(200, { requests: [approved ? decided : cashCredit] });
      }
      if (method === "POST" && path === "/api/admin/approvals/rq-cash/approve") {
        approved = true;
        return jsonResponse(200, { request: { ...cashCredit, status: "approved", outcome: { uid: "p-1" } } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=approvals");
    const row = (await screen.findByText("pat@example.com")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Approve" }));
    const dialog = screen.getByRole("dialog", { name: "Approve: credit 25 Vantage Cash to pat@example.com?" });
    expect(within(dialog).getByText(/Requested by admin@vantage.test: “tournament prize”/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Give a reason of at least 3 characters.");
    expect(calls.some((c) => c.method === "POST" && c.path.startsWith("/api/admin"))).toBe(false);
    await user.type(within(dialog).getByLabelText(/Reason/), "checked the results");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST" && c.path.startsWith("/api/admin"))?.body).toEqual({ reason: "checked the results" });
    expect(await screen.findByText("Applied")).toBeTruthy();
    expect(screen.getByText("Nothing waits for approval.")).toBeTruthy();
    expect(screen.getByText("Approved: credit 25 Vantage Cash to pat@example.com.")).toBeTruthy();
  });

  it("rejects with a reason and shows the server's refusal in place", async () => {
    const calls = consoleApi(({ method, path }) => {
      if (path.startsWith("/api/admin/approvals?")) return jsonResponse(200, { requests: [liveFinal] });
      if (method === "POST" && path === "/api/admin/approvals/rq-final/reject")
        return jsonResponse(403, {
          error: {
            code: "holds-bet",
            message: "You hold a bet on this game, so another operator must record, correct or approve its result.",
          },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=approvals");
    const row = (await screen.findByText("Flames @ Oilers")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Reject" }));
    const dialog = screen.getByRole("dialog", { name: "Reject: record 0–99 (home–away) for Flames @ Oilers?" });
    await user.type(within(dialog).getByLabelText(/Reason/), "the game is still on");
    await user.click(within(dialog).getByRole("button", { name: "Reject" }));
    expect(await within(dialog).findByText(/You hold a bet on this game/)).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.path.startsWith("/api/admin"))?.body).toEqual({ reason: "the game is still on" });
  });

  it("a money action answered 403 step-up-required sends the operator through sign-in, back to the tab", async () => {
    consoleApi(({ method, path }) => {
      if (path.startsWith("/api/admin/approvals?")) return jsonResponse(200, { requests: [cashCredit] });
      if (method === "POST")
        return jsonResponse(403, {
          error: {
            code: "step-up-required",
            message: "Sign in again to confirm it is you: money actions need a sign-in from the last 15 minutes.",
          },
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=approvals");
    const row = (await screen.findByText("pat@example.com")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Approve" }));
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByLabelText(/Reason/), "checked");
    await user.click(within(dialog).getByRole("button", { name: "Approve" }));
    expect(await within(dialog).findByText(/Sign in again to confirm it is you.*Taking you to sign-in/)).toBeTruthy();
    // Google is asked to authenticate the operator again, not to reuse its session.
    expect(vi.mocked(redirectTo)).toHaveBeenCalledWith(
      `/api/auth/google/start?from=${encodeURIComponent("/admin?tab=approvals")}&reauth=1`,
    );
  });
});

describe("asking for approval where the action is made", () => {
  it("a cash adjustment answered with a request says it waits for another operator", async () => {
    const player = {
      player: { uid: "p-1", email: "pat@example.com", emailVerified: true, displayName: "Pat", handle: null, createdAt: 1, lastLoginAt: 1 },
      balances: { coins: 5_000, cash: 0 },
      owed: { coins: 0, cash: 0 },
      redeemableCash: 0,
      cashToPlay: 0,
      redemptionPause: null,
      frozen: false,
      freeze: { frozen: false, reason: null, actor: null, updatedAt: null },
      protection: { dateOfBirth: "1990-04-25", breakUntil: null, closed: null },
      ledger: [],
      bets: [],
      redemptions: [],
      disputes: [],
      purchaseHolds: [],
      fraudWarnings: [],
      payoutIdentityRefusals: [],
      payoutIdentities: [],
      identity: { status: "verified", reason: null, updatedAt: 1, ownerUserId: null, verifiedDateOfBirth: "1990-04-25" },
      operatorAccounts: [],
      yours: false,
    };
    const calls = consoleApi(({ method, path }) => {
      if (path === "/api/admin/players?q=pat")
        return jsonResponse(200, { players: [{ uid: "p-1", email: "pat@example.com", displayName: "Pat", handle: null }] });
      if (path === "/api/admin/players/p-1") return jsonResponse(200, player);
      if (method === "POST" && path === "/api/admin/players/p-1/adjustments")
        return jsonResponse(202, { request: { ...cashCredit, requestedBy: "ops@vantage.test" } });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "pat");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    await user.click(await screen.findByRole("button", { name: "Adjust balance" }));
    const adjust = screen.getByRole("dialog", { name: "Adjust pat@example.com's balance" });
    await user.selectOptions(within(adjust).getByLabelText("Wallet"), "cash");
    await user.type(within(adjust).getByLabelText("Amount"), "25");
    await user.type(within(adjust).getByLabelText(/Reason/), "tournament prize");
    await user.click(within(adjust).getByRole("button", { name: "Credit 25 Vantage Cash" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      screen.getByText("Sent for approval: another operator must approve crediting 25 Vantage Cash to pat@example.com (Approvals tab)."),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "POST" && c.path.startsWith("/api/admin"))?.body).toMatchObject({
      wallet: "cash",
      amount: 2_500,
    });
  });

  it("offers no action on the operator's own account", async () => {
    consoleApi(({ path }) => {
      if (path === "/api/admin/players?q=ops")
        return jsonResponse(200, { players: [{ uid: "op-2", email: "ops@vantage.test", displayName: "Ops", handle: null }] });
      if (path === "/api/admin/players/op-2")
        return jsonResponse(200, {
          player: {
            uid: "op-2",
            email: "ops@vantage.test",
            emailVerified: true,
            displayName: "Ops",
            handle: null,
            createdAt: 1,
            lastLoginAt: 1,
          },
          balances: { coins: 5_000, cash: 0 },
          owed: { coins: 0, cash: 0 },
          redeemableCash: 0,
          cashToPlay: 0,
          redemptionPause: null,
          frozen: false,
          freeze: { frozen: false, reason: null, actor: null, updatedAt: null },
          protection: { dateOfBirth: "1990-04-25", breakUntil: null, closed: null },
          ledger: [],
          bets: [],
          redemptions: [],
          disputes: [],
          purchaseHolds: [],
          fraudWarnings: [],
          payoutIdentityRefusals: [],
          payoutIdentities: [],
          identity: { status: "verified", reason: null, updatedAt: 1, ownerUserId: null, verifiedDateOfBirth: "1990-04-25" },
          operatorAccounts: [],
          yours: true,
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "ops");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    expect(await screen.findByText("Your own account: another operator must act on it.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Adjust balance" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Freeze" })).toBeNull();
    expect(screen.getByRole("button", { name: "Check ledger" })).toBeTruthy();
  });
});
