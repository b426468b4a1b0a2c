// Signs of harm in the console's player view, through the real routes against a fake /api:
// each flag with its count and threshold, a note with an action sent for the player, and no
// note form on the operator's own account.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlayerPlayView } from "../../src/shared/schemas/play";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc, type FakeCall } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));

afterEach(() => vi.unstubAllGlobals());

const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Operator", isAdmin: true });

function detail(uid: string, email: string) {
  return {
    player: { uid, email, emailVerified: true, displayName: "Pat", handle: null, createdAt: 1, lastLoginAt: 1 },
    balances: { coins: 4_900, cash: 0 },
    owed: { coins: 0, cash: 0 },
    redeemableCash: 0,
    cashToPlay: 0,
    redemptionPause: null,
    purchaseHolds: [],
    frozen: false,
    freeze: { frozen: false, reason: null, actor: null, updatedAt: null },
    protection: { dateOfBirth: "1990-04-25", breakUntil: null, closed: null },
    ledger: [],
    bets: [],
    redemptions: [],
    disputes: [],
    fraudWarnings: [],
    payoutIdentityRefusals: [],
    payoutIdentities: [],
    identity: { status: "verified", reason: null, updatedAt: 1, ownerUserId: null, verifiedDateOfBirth: "1990-04-25" },
    operatorAccounts: [],
    yours: uid === operator.uid,
  };
}

const zero = { purchases: 0, redemptions: 0, stakes: 0, results: 0, bonuses: 0, opening: 0, other: 0, net: 0, total: 0 };
function playView(notes: PlayerPlayView["notes"] = []): PlayerPlayView {
  return {
    statement: {
      months: [
        {
          month: "2026-11",
          coins: { ...zero, stakes: -300, net: -300, total: -300 },
          cash: zero,
          purchasedDollars: 9.99,
          minutesPlayed: 140,
          limitsReached: [],
        },
      ],
      history: [],
    },
    signs: [
      {
        flag: "raises",
        fired: false,
        count: 1,
        threshold: 3,
        description: "3 or more limit raises or removals in 30 days",
        evidence: ["2026-11-20T15:00:00.000Z"],
      },
      {
        flag: "chasing",
        fired: false,
        count: 0,
        threshold: 3,
        description: "a purchase within 30 minutes of a settled loss, 3 times in 7 days",
        evidence: [],
      },
      {
        flag: "nights",
        fired: true,
        count: 3,
        threshold: 3,
        description: "play between 12:00 AM and 5:00 AM ET on 3 nights in 7 days",
        evidence: ["2026-11-20T06:00:00.000Z", "2026-11-21T06:00:00.000Z", "2026-11-22T06:00:00.000Z"],
      },
    ],
    notes,
  };
}

function consoleApi(uid: string, email: string, extra: (call: FakeCall) => Response | undefined = () => undefined) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(operator));
    if (call.path.startsWith("/api/admin/players?q="))
      return jsonResponse(200, { players: [{ uid, email, displayName: "Pat", handle: null }] });
    if (call.path === `/api/admin/players/${uid}`) return jsonResponse(200, detail(uid, email));
    return extra(call);
  });
}

async function openPlayer() {
  const user = userEvent.setup();
  renderApp("/admin?tab=players");
  await user.type(await screen.findByLabelText("E-mail or handle"), "pat");
  await user.click(screen.getByRole("button", { name: "Find player" }));
  return user;
}

describe("signs of harm in the player view", () => {
  it("shows each flag against its threshold, the statement, and sends a note with its action", async () => {
    let notes: PlayerPlayView["notes"] = [];
    const calls = consoleApi("p-1", "pat@example.com", ({ method, path, body }) => {
      if (path === "/api/admin/players/p-1/play") return jsonResponse(200, playView(notes));
      if (method === "POST" && path === "/api/admin/players/p-1/harm-flags") {
        const input = body as { flag: string; action: string; note: string };
        notes = [{ ...input, actor: "admin@vantage.test", createdAt: new Date().toISOString() }];
        return jsonResponse(200, { notes });
      }
      return undefined;
    });
    const user = await openPlayer();
    const flagged = (await screen.findByRole("cell", { name: "Late-night play" })).closest("tr")!;
    expect(flagged.textContent).toContain("FLAGGED");
    expect(flagged.textContent).toContain("3 / 3");
    expect(screen.getByRole("cell", { name: "Limit raises" }).closest("tr")!.textContent).toContain("1 / 3");
    expect(screen.getByText("$9.99")).toBeTruthy();
    expect(screen.getByText("140 min")).toBeTruthy();
    // Stakes and redemptions read as amounts spent: 300 Coins staked, nothing redeemed (never "-0").
    const month = screen.getByText("$9.99").closest("tr")!;
    expect(month.textContent).toContain("300 Coins");
    expect(month.textContent).not.toContain("-0");

    const save = screen.getByRole("button", { name: "Save note" });
    expect(save).toHaveProperty("disabled", true);
    await user.selectOptions(screen.getByLabelText("Sign"), "Late-night play");
    await user.selectOptions(screen.getByLabelText("Action"), "Start a 7-day break");
    await user.type(screen.getByLabelText("Note"), "Called; agreed a week off.");
    await user.click(save);
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith("/harm-flags")).map((c) => c.body)).toHaveLength(1));
    expect(calls.find((c) => c.path.endsWith("/harm-flags"))!.body).toEqual({
      flag: "nights",
      action: "break-7d",
      note: "Called; agreed a week off.",
    });
    const noteRow = (await screen.findByText("Called; agreed a week off.")).closest("tr")!;
    expect(within(noteRow).getByText("Start a 7-day break")).toBeTruthy();
  });

  it("offers no note form on the operator's own account", async () => {
    consoleApi("op-1", "admin@vantage.test", ({ path }) =>
      path === "/api/admin/players/op-1/play" ? jsonResponse(200, playView()) : undefined,
    );
    await openPlayer();
    expect(await screen.findByText(/This is your own account/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save note" })).toBeNull();
  });
});
