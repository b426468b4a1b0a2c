// The operator console at /admin, through the real routes and session against
// a fake /api: everyone but an operator sees the not-found page; an operator gets the
// tabs, every view's empty and error states, and money actions that demand a reason.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, jsonResponse, renderApp, sessionBody, UNAUTHENTICATED, userDoc, type FakeCall } from "./app-helpers";
import { formatSigned } from "../../src/features/admin/components/admin-format";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const NOT_FOUND = () => jsonResponse(404, { error: { code: "not-found", message: "No such API route." } });
const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Operator", isAdmin: true });

const feed = {
  provider: "simulator",
  credits: null,
  creditGuard: { locked: false },
  reserve: 5040,
  live: { refreshSeconds: 30, priceMaxAgeSeconds: 60, state: "running" },
  spend: { thisHour: { hour: 0, calls: 4, credits: 4, errors: 0 }, averagePerHour: null, hours: [] },
  sports: [
    {
      sport: "basketball_nba",
      provider: "simulator",
      lastCallAt: 1,
      lastStatus: 200,
      lastError: null,
      requestsRemaining: null,
      requestsUsed: 4,
      requestsLast: 1,
    },
  ],
  errors: [],
  props: {
    month: "2026-11",
    sharePercent: 30,
    credits: 0,
    calls: 3,
    allowance: null,
    guard: { locked: false, reason: null },
    sports: [{ sport: "icehockey_nhl", calls: 3, credits: 0 }],
  },
};
const pastDue = {
  eventId: "evt-late",
  sport: "icehockey_nhl",
  home: "Oilers",
  away: "Flames",
  startTime: 1,
  dueAt: 2,
  openLegs: 3,
  players: 2,
};
const playerDetail = {
  player: { uid: "p-1", email: "pat@example.com", emailVerified: true, displayName: "Pat", handle: "pat", createdAt: 1, lastLoginAt: 1 },
  balances: { coins: 4_900, cash: 1_250 },
  owed: { coins: 0, cash: 0 },
  redeemableCash: 0,
  cashToPlay: 0,
  redemptionPause: null,
  purchaseHolds: [],
  frozen: false,
  freeze: { frozen: false, reason: null, actor: null, updatedAt: null },
  protection: { dateOfBirth: "1990-04-25", breakUntil: null, closed: null },
  ledger: [
    { seq: 1, currency: "coins", amount: 5_000, balanceAfter: 5_000, reason: "opening_balance", reference: "opening", createdAt: 1 },
  ],
  bets: [],
  redemptions: [],
  disputes: [],
  fraudWarnings: [],
  payoutIdentityRefusals: [],
  payoutIdentities: [],
  identity: { status: "verified", reason: null, updatedAt: 1, ownerUserId: null, verifiedDateOfBirth: "1990-04-25" },
  operatorAccounts: [],
  yours: false,
};

function consoleApi(extra: (call: FakeCall) => Response | undefined = () => undefined, user = operator) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(user));
    return extra(call);
  });
}

describe("who sees /admin", () => {
  it("shows the not-found page to the signed out", async () => {
    fakeApi(({ path }) => (path === "/api/auth/refresh" ? UNAUTHENTICATED() : undefined));
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(screen.queryByText("Operator console")).toBeNull();
  });

  it("shows the not-found page to a player, without calling the console API", async () => {
    const calls = consoleApi(undefined, userDoc());
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith("/api/admin"))).toBe(false);
  });

  it("shows the not-found page when the API does not know the caller as an operator (e.g. unverified)", async () => {
    consoleApi(({ path }) => (path.startsWith("/api/admin") ? NOT_FOUND() : undefined));
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  it("decides from the status and code: a 404 not-found with any message is the not-found page", async () => {
    consoleApi(({ path }) =>
      path.startsWith("/api/admin") ? jsonResponse(404, { error: { code: "not-found", message: "Nothing to see here." } }) : undefined,
    );
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
  });

  it("shows a player who no longer exists as an error in the console, not as the not-found page", async () => {
    consoleApi(({ path }) => {
      if (path === "/api/admin/players?q=gone")
        return jsonResponse(200, { players: [{ uid: "p-9", email: "gone@example.com", displayName: "Gone", handle: null }] });
      if (path === "/api/admin/players/p-9") return jsonResponse(404, { error: { code: "not-found", message: "No such player." } });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "gone");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    expect(await screen.findByText("No such player.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Operator console" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Page not found" })).toBeNull();
  });
});

describe("the console", () => {
  it("opens on Feed with the provider, spend, props' share and calls per sport; an error offers a retry", async () => {
    let fail = true;
    consoleApi(({ path }) => {
      if (path !== "/api/admin/feed") return undefined;
      if (fail) return jsonResponse(503, { error: { code: "unavailable", message: "D1 is not answering." } });
      return jsonResponse(200, feed);
    });
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Operator console" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Feed" }).getAttribute("aria-selected")).toBe("true");
    expect(await screen.findByText("D1 is not answering.")).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("simulator", { selector: "dd" })).toBeTruthy();
    expect(screen.getByText("running, every 30 s")).toBeTruthy();
    expect(screen.getByText("basketball_nba")).toBeTruthy();
    expect(screen.getByText("No feed errors on the last calls.")).toBeTruthy();
    // Players' markets' share of the month's credits, per sport.
    expect(screen.getByRole("heading", { name: "Players' markets this month (2026-11)" })).toBeTruthy();
    expect(screen.getByText("icehockey_nhl")).toBeTruthy();
  });

  it("voids a past-due game only with a reason, then reloads the view", async () => {
    let voided = false;
    const calls = consoleApi(({ method, path }) => {
      if (path === "/api/admin/settlement")
        return jsonResponse(200, {
          feedNow: 3,
          runs: [],
          pastDue: voided ? [] : [pastDue],
          recentResults: [],
          waiting: 0,
          deadLetters: [],
        });
      if (method === "POST" && path === "/api/admin/events/evt-late/result") {
        voided = true;
        return jsonResponse(200, {
          eventId: "evt-late",
          status: "void",
          homeScore: null,
          awayScore: null,
          runId: 7,
          messagesEnqueued: 2,
          pending: false,
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=settlement");
    const row = (await screen.findByText("Flames @ Oilers")).closest("tr")!;
    expect(screen.getByText("No settlement run yet.")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Void" }));
    const dialog = screen.getByRole("dialog", { name: "Void Flames @ Oilers?" });
    await user.click(within(dialog).getByRole("button", { name: "Void and refund stakes" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Give a reason of at least 3 characters.");
    expect(calls.some((c) => c.method === "POST" && c.path.startsWith("/api/admin"))).toBe(false);
    await user.type(within(dialog).getByLabelText(/Reason/), "feed never sent a final");
    await user.click(within(dialog).getByRole("button", { name: "Void and refund stakes" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST" && c.path.startsWith("/api/admin"))?.body).toEqual({
      void: true,
      reason: "feed never sent a final",
    });
    expect(await screen.findByText("Every started game with open bets is within its due time.")).toBeTruthy();
    expect(screen.getByText("Flames @ Oilers voided; stakes are being returned.")).toBeTruthy();
  });

  it("corrects a settled game's score and replays a dead letter, each after a reason", async () => {
    const settledGame = {
      eventId: "evt-done",
      sport: "basketball_nba",
      home: "Lakers",
      away: "Celtics",
      startTime: 1,
      status: "final",
      homeScore: 101,
      awayScore: 99,
      updatedAt: 2,
      corrections: 0,
    };
    const letter = {
      id: "dl-1",
      userId: "p-9",
      reason: "wallet unavailable",
      attempts: 10,
      runId: 4,
      receivedAt: 1,
      replayedAt: null,
      replayedBy: null,
      replayCount: 0,
    };
    const calls = consoleApi(({ method, path }) => {
      if (path === "/api/admin/settlement")
        return jsonResponse(200, { feedNow: 3, runs: [], pastDue: [], recentResults: [settledGame], waiting: 2, deadLetters: [letter] });
      if (method === "POST" && path === "/api/admin/events/evt-done/result")
        return jsonResponse(200, {
          eventId: "evt-done",
          status: "final",
          homeScore: 101,
          awayScore: 103,
          correction: 1,
          recorded: true,
          walletsCalled: 1,
          walletErrors: 0,
          betsChanged: 1,
          takenBack: { coins: 0, cash: 0 },
          owed: { coins: 0, cash: 0 },
          paid: { coins: 0, cash: 0 },
          pending: false,
        });
      if (method === "POST" && path === "/api/admin/dead-letters/dl-1/replay")
        return jsonResponse(202, {
          deadLetter: { ...letter, body: "{}", replayedAt: 5, replayedBy: "admin@vantage.test", replayCount: 1 },
          queued: true,
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=settlement");
    const row = (await screen.findByText("Celtics @ Lakers")).closest("tr")!;
    expect(within(row).getByText("101–99")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Correct result" }));
    const dialog = screen.getByRole("dialog", { name: "Correct result: Celtics @ Lakers" });
    await user.type(within(dialog).getByLabelText("Lakers (home)"), "101");
    await user.type(within(dialog).getByLabelText("Celtics (away)"), "99");
    await user.type(within(dialog).getByLabelText(/Reason/), "feed corrected");
    await user.click(within(dialog).getByRole("button", { name: "Correct and re-grade" }));
    expect(within(dialog).getByText("That is the result already recorded.")).toBeTruthy();
    await user.clear(within(dialog).getByLabelText("Celtics (away)"));
    await user.type(within(dialog).getByLabelText("Celtics (away)"), "103");
    await user.click(within(dialog).getByRole("button", { name: "Correct and re-grade" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.path === "/api/admin/events/evt-done/result")?.body).toEqual({
      homeScore: 101,
      awayScore: 103,
      correction: true,
      reason: "feed corrected",
    });
    expect(screen.getByText("Result of Celtics @ Lakers corrected; its bets were re-graded.")).toBeTruthy();

    const letterRow = screen.getByText("wallet unavailable").closest("tr")!;
    await user.click(within(letterRow).getByRole("button", { name: "Replay" }));
    const replay = screen.getByRole("dialog", { name: "Replay this dead letter?" });
    await user.type(within(replay).getByLabelText(/Reason/), "wallet is back");
    await user.click(within(replay).getByRole("button", { name: "Replay" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "/api/admin/dead-letters/dl-1/replay")?.body).toEqual({ reason: "wallet is back" }),
    );
  });

  it("says a correction is still under way while wallets are left to re-grade, rather than that every bet was", async () => {
    const settledGame = {
      eventId: "evt-big",
      sport: "basketball_nba",
      home: "Lakers",
      away: "Celtics",
      startTime: 1,
      status: "final",
      homeScore: 101,
      awayScore: 99,
      updatedAt: 2,
      corrections: 0,
    };
    consoleApi(({ method, path }) => {
      if (path === "/api/admin/settlement")
        return jsonResponse(200, { feedNow: 3, runs: [], pastDue: [], recentResults: [settledGame], waiting: 0, deadLetters: [] });
      if (method === "POST" && path === "/api/admin/events/evt-big/result")
        return jsonResponse(200, {
          eventId: "evt-big",
          status: "final",
          homeScore: 99,
          awayScore: 101,
          correction: 1,
          recorded: true,
          walletsCalled: 500,
          walletErrors: 2,
          betsChanged: 498,
          takenBack: { coins: 49_800, cash: 0 },
          owed: { coins: 0, cash: 0 },
          paid: { coins: 0, cash: 0 },
          pending: true,
        });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=settlement");
    const row = (await screen.findByText("Celtics @ Lakers")).closest("tr")!;
    await user.click(within(row).getByRole("button", { name: "Correct result" }));
    const dialog = screen.getByRole("dialog", { name: "Correct result: Celtics @ Lakers" });
    await user.type(within(dialog).getByLabelText("Lakers (home)"), "99");
    await user.type(within(dialog).getByLabelText("Celtics (away)"), "101");
    await user.type(within(dialog).getByLabelText(/Reason/), "feed corrected");
    await user.click(within(dialog).getByRole("button", { name: "Correct and re-grade" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(
      screen.getByText(
        "Result of Celtics @ Lakers corrected: 498 wallets re-graded so far, wallets still to re-grade (2 failed and are tried again first); the scheduled run finishes them.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/its bets were re-graded/)).toBeNull();
  });

  it("lists a player's early fraud warnings, holding redemptions though refunded, and asks a second operator to clear one", async () => {
    const warning = {
      id: "issfr_1",
      paymentIntent: "pi_1",
      chargeId: null,
      actionable: true,
      fraudType: "made_with_stolen_card",
      createdAt: 5,
      open: true,
      chargeSettled: true,
      cleared: null,
      refundOwed: null,
    };
    const calls = consoleApi(({ method, path }) => {
      if (path === "/api/admin/players?q=pat")
        return jsonResponse(200, { players: [{ uid: "p-1", email: "pat@example.com", displayName: "Pat", handle: "pat" }] });
      // Asked, not approved: the warning stays open.
      if (path === "/api/admin/players/p-1") return jsonResponse(200, { ...playerDetail, fraudWarnings: [warning] });
      if (method === "POST" && path === "/api/admin/players/p-1/fraud-warnings/issfr_1/clear") {
        return jsonResponse(202, {
          request: {
            id: "req-efw",
            kind: "fraud-warning-clear",
            subject: "p-1",
            subjectLabel: "pat@example.com",
            requestedBy: "admin@vantage.test",
            reason: "owner confirmed",
            status: "pending",
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
            outcome: null,
            createdAt: 6,
            payload: { warningId: "issfr_1" },
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "pat");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    expect(await screen.findByText("made_with_stolen_card")).toBeTruthy();
    expect(screen.getByText("refunded or lost to a dispute")).toBeTruthy();
    expect(screen.getByText("yes, until cleared")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ask to clear" }));
    const dialog = screen.getByRole("dialog", { name: "Ask to clear fraud warning issfr_1 of pat@example.com?" });
    expect(within(dialog).getByText(/A second operator approves the clearing\./)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), "owner confirmed");
    await user.click(within(dialog).getByRole("button", { name: "Ask to clear" }));
    expect(
      await screen.findByText(
        "Clearing asked: the warning holds pat@example.com's redemptions until a second operator approves it in Approvals.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("yes, until cleared")).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/clear")).map((c) => c.body)).toEqual([{ reason: "owner confirmed" }]);
  });

  it("resolves an identity mismatch by setting the document's date of birth, then asks a second operator to reset the check", async () => {
    const mismatch = {
      status: "mismatch",
      reason: "The document's date of birth differs from the confirmed one.",
      updatedAt: 3,
      ownerUserId: null,
      verifiedDateOfBirth: "1990-04-26",
    };
    let identity: Record<string, unknown> = mismatch;
    let dateOfBirth = "1990-04-25";
    const calls = consoleApi(({ method, path, body }) => {
      if (path === "/api/admin/players?q=pat")
        return jsonResponse(200, { players: [{ uid: "p-1", email: "pat@example.com", displayName: "Pat", handle: "pat" }] });
      if (path === "/api/admin/players/p-1")
        return jsonResponse(200, { ...playerDetail, protection: { ...playerDetail.protection, dateOfBirth }, identity });
      if (method === "PUT" && path === "/api/admin/players/p-1/date-of-birth") {
        dateOfBirth = (body as { dateOfBirth: string }).dateOfBirth;
        identity = { ...mismatch, status: "verified", reason: null };
        return jsonResponse(200, { userId: "p-1", dateOfBirth, closed: null, identity: "verified" });
      }
      // Asked, not approved: the check stays as it is.
      if (method === "POST" && path === "/api/admin/players/p-1/identity/reset") {
        return jsonResponse(202, {
          request: {
            id: "req-reset",
            kind: "identity-reset",
            subject: "p-1",
            subjectLabel: "pat@example.com",
            requestedBy: "admin@vantage.test",
            reason: "keeps the other account",
            status: "pending",
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
            outcome: null,
            createdAt: 6,
            payload: { status: "verified" },
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "pat");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    expect(await screen.findByText(/The document says 1990-04-26; the player confirmed 1990-04-25\./)).toBeTruthy();

    // The dialog offers the document's date; the reason is still required.
    await user.click(screen.getByRole("button", { name: "Correct date of birth" }));
    const dialog = screen.getByRole("dialog", { name: "Correct pat@example.com's date of birth" });
    expect((within(dialog).getByLabelText("Date of birth") as HTMLInputElement).value).toBe("1990-04-26");
    await user.click(within(dialog).getByRole("button", { name: "Set 1990-04-26" }));
    expect(calls.some((c) => c.path.endsWith("/date-of-birth"))).toBe(false);
    await user.type(within(dialog).getByLabelText(/Reason/), "typo at sign-up");
    await user.click(within(dialog).getByRole("button", { name: "Set 1990-04-26" }));
    expect(await screen.findByText("pat@example.com's date of birth is 1990-04-26. Their identity is verified now.")).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith("/date-of-birth"))?.body).toEqual({ dateOfBirth: "1990-04-26", reason: "typo at sign-up" });

    await user.click(await screen.findByRole("button", { name: "Ask to reset identity check" }));
    const reset = screen.getByRole("dialog", { name: "Ask to reset pat@example.com's identity check?" });
    expect(within(reset).getByText(/A second operator approves the reset\./)).toBeTruthy();
    await user.type(within(reset).getByLabelText(/Reason/), "keeps the other account");
    await user.click(within(reset).getByRole("button", { name: "Ask to reset" }));
    expect(
      await screen.findByText(
        "Identity reset asked: pat@example.com's check stays as it is until a second operator approves it in Approvals.",
      ),
    ).toBeTruthy();
    // Asked, not reset: the check is still verified, and the action still offered.
    expect(screen.getByRole("button", { name: "Ask to reset identity check" })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/identity/reset")).map((c) => c.body)).toEqual([{ reason: "keeps the other account" }]);
  });

  it("lists the bank accounts a player's payouts claimed and asks a second operator to release one", async () => {
    const claims = [{ fingerprint: "fp_sim_0123456789abcdef", provider: "simulated", accountId: "acct_sim_1", createdAt: 5 }];
    const calls = consoleApi(({ method, path }) => {
      if (path === "/api/admin/players?q=pat")
        return jsonResponse(200, { players: [{ uid: "p-1", email: "pat@example.com", displayName: "Pat", handle: "pat" }] });
      if (path === "/api/admin/players/p-1") return jsonResponse(200, { ...playerDetail, payoutIdentities: claims });
      if (method === "POST" && path === "/api/admin/players/p-1/payout-identities/release") {
        return jsonResponse(202, {
          request: {
            id: "req-1",
            kind: "payout-identity-release",
            subject: "p-1",
            subjectLabel: "pat@example.com",
            requestedBy: "admin@vantage.test",
            reason: "shared family account",
            status: "pending",
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
            outcome: null,
            createdAt: 6,
            payload: { fingerprint: claims[0]!.fingerprint, accountId: "acct_sim_1" },
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "pat");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    const claimed = (await screen.findByRole("heading", { name: "Bank accounts claimed" })).closest("section") as HTMLElement;
    expect(within(claimed).getByText("…89abcdef")).toBeTruthy();
    await user.click(within(claimed).getByRole("button", { name: "Release bank account …89abcdef" }));
    const dialog = screen.getByRole("dialog", { name: "Release bank account …89abcdef from pat@example.com?" });
    await user.type(within(dialog).getByLabelText(/Reason/), "shared family account");
    await user.click(within(dialog).getByRole("button", { name: "Ask to release" }));
    expect(await screen.findByText("Release asked: a second operator approves it in Approvals.")).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith("/payout-identities/release"))?.body).toEqual({
      fingerprint: claims[0]!.fingerprint,
      reason: "shared family account",
    });
  });

  it("checks a player's ledger and shows the house side of it, each account that moved", async () => {
    const zero = { coins: 0, cash: 0 };
    consoleApi(({ method, path }) => {
      if (path === "/api/admin/players?q=pat")
        return jsonResponse(200, { players: [{ uid: "p-1", email: "pat@example.com", displayName: "Pat", handle: "pat" }] });
      if (path === "/api/admin/players/p-1") return jsonResponse(200, playerDetail);
      if (method === "POST" && path === "/api/admin/players/p-1/ledger-check") {
        return jsonResponse(200, {
          userId: "p-1",
          ok: true,
          mismatches: [],
          wallet: {
            coins: { balance: 5_300, ledgerSum: 5_300 },
            cash: { balance: 0, ledgerSum: 0 },
            owed: { coins: { owed: 0, ledgerSum: 0 }, cash: { owed: 0, ledgerSum: 0 } },
            houseAccounts: { coins: { opening: -5_000, stakes: 500, payouts: -800, bonuses: 0 }, cash: { ...zero } },
            balancesToZero: true,
            pendingOutbox: 0,
          },
          projection: { coinBalance: 5_300, cashCents: 0 },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "pat");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    await user.click(await screen.findByRole("button", { name: "Check ledger" }));
    expect(await screen.findByText(/Ledger check passed: .*the house accounts balance the player's/)).toBeTruthy();
    const table = screen.getByRole("table", { name: "House side of this player's ledger" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    // Accounts that never moved are left out; what the player was paid reads as minus.
    expect(rows).toEqual([
      `opening${formatSigned("coins", -5_000)}${formatSigned("cash", 0)}`,
      `stakes${formatSigned("coins", 500)}${formatSigned("cash", 0)}`,
      `payouts${formatSigned("coins", -800)}${formatSigned("cash", 0)}`,
    ]);
  });

  it("finds a player, freezes them with a reason and shows a refused adjustment's message", async () => {
    let frozen = false;
    const calls = consoleApi(({ method, path, body }) => {
      if (path === "/api/admin/players?q=pat")
        return jsonResponse(200, { players: [{ uid: "p-1", email: "pat@example.com", displayName: "Pat", handle: "pat" }] });
      if (path === "/api/admin/players/p-1")
        return jsonResponse(200, {
          ...playerDetail,
          frozen,
          freeze: frozen ? { frozen, reason: "fraud review", actor: "admin@vantage.test", updatedAt: 5 } : playerDetail.freeze,
        });
      if (method === "POST" && path === "/api/admin/players/p-1/freeze") {
        frozen = (body as { reason: string }).reason === "fraud review";
        const freeze = { frozen, reason: "fraud review", actor: "admin@vantage.test", updatedAt: 5 };
        return jsonResponse(200, { uid: "p-1", frozen, changed: true, freeze });
      }
      if (method === "POST" && path === "/api/admin/players/p-1/adjustments")
        return jsonResponse(409, { error: { code: "insufficient-funds", message: "This adjustment would take the balance below zero." } });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "pat");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    expect(await screen.findByRole("heading", { name: /Pat/ })).toBeTruthy();
    expect(screen.getByText("4,900 Coins")).toBeTruthy();
    expect(screen.getByText("opening_balance")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Freeze" }));
    const dialog = screen.getByRole("dialog", { name: "Freeze pat@example.com?" });
    await user.type(within(dialog).getByLabelText(/Reason/), "fraud review");
    await user.click(within(dialog).getByRole("button", { name: "Freeze account" }));
    expect(await screen.findByText(/Frozen by admin@vantage.test .*: fraud review/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ask to unfreeze" })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Adjust balance" }));
    const adjust = screen.getByRole("dialog", { name: "Adjust pat@example.com's balance" });
    await user.selectOptions(within(adjust).getByLabelText("Direction"), "debit");
    await user.type(within(adjust).getByLabelText("Amount"), "9000");
    await user.type(within(adjust).getByLabelText(/Reason/), "reclaim bonus abuse");
    await user.click(within(adjust).getByRole("button", { name: "Take 9,000 Coins" }));
    expect(await within(adjust).findByText("This adjustment would take the balance below zero.")).toBeTruthy();
    const sent = calls.find((c) => c.path.endsWith("/adjustments"))?.body as Record<string, unknown>;
    expect(sent).toMatchObject({ wallet: "coins", amount: -9000, reason: "reclaim bonus abuse", idempotencyKey: expect.any(String) });
  });

  it("asks a second operator to unfreeze a frozen player, who stays frozen meanwhile", async () => {
    const freeze = { frozen: true, reason: "fraud review", actor: "ops@vantage.test", updatedAt: 5 };
    const calls = consoleApi(({ method, path }) => {
      if (path === "/api/admin/players?q=pat")
        return jsonResponse(200, { players: [{ uid: "p-1", email: "pat@example.com", displayName: "Pat", handle: "pat" }] });
      // Asked, not approved: the account stays frozen.
      if (path === "/api/admin/players/p-1") return jsonResponse(200, { ...playerDetail, frozen: true, freeze });
      if (method === "POST" && path === "/api/admin/players/p-1/unfreeze") {
        return jsonResponse(202, {
          request: {
            id: "req-unfreeze",
            kind: "unfreeze",
            subject: "p-1",
            subjectLabel: "pat@example.com",
            requestedBy: "admin@vantage.test",
            reason: "identity confirmed",
            status: "pending",
            decidedBy: null,
            decidedAt: null,
            decisionReason: null,
            outcome: null,
            createdAt: 6,
            payload: {},
          },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "pat");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    expect(await screen.findByText(/Frozen by ops@vantage.test .*: fraud review/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ask to unfreeze" }));
    const dialog = screen.getByRole("dialog", { name: "Ask to unfreeze pat@example.com?" });
    expect(within(dialog).getByText(/A second operator approves the unfreezing\./)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/Reason/), "identity confirmed");
    await user.click(within(dialog).getByRole("button", { name: "Ask to unfreeze" }));
    expect(
      await screen.findByText("Unfreezing asked: pat@example.com stays frozen until a second operator approves it in Approvals."),
    ).toBeTruthy();
    expect(screen.getByText(/Frozen by ops@vantage.test .*: fraud review/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ask to unfreeze" })).toBeTruthy();
    expect(calls.filter((c) => c.path.endsWith("/unfreeze")).map((c) => c.body)).toEqual([{ reason: "identity confirmed" }]);
  });

  it("says when a search finds nobody, and shows an empty audit log", async () => {
    consoleApi(({ path }) => {
      if (path.startsWith("/api/admin/players?")) return jsonResponse(200, { players: [] });
      if (path.startsWith("/api/admin/audit")) return jsonResponse(200, { entries: [] });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=players");
    await user.type(await screen.findByLabelText("E-mail or handle"), "ghost");
    await user.click(screen.getByRole("button", { name: "Find player" }));
    expect(await screen.findByText("No player matches “ghost”.")).toBeTruthy();
    await user.click(screen.getByRole("tab", { name: "Audit" }));
    expect(await screen.findByText("No operator action has been taken yet.")).toBeTruthy();
  });
});
