// The console's Props tab: final games whose props wait for statistics, with a form of one
// row per player bet on that asks a second operator to approve the box score; the form says
// what is missing before it sends; the feed's player names of a sport listed, and a change or
// removal of one asked of a second operator; and a `stats` request shown under Approvals with
// each player's line, a `prop-player-name` one with its spelling and the ids from and to.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, jsonResponse, renderApp, sessionBody, userDoc, type FakeCall } from "./app-helpers";

vi.mock("../../src/lib/browser-navigation", () => ({ redirectTo: vi.fn(), reloadPage: vi.fn() }));
afterEach(() => vi.unstubAllGlobals());

const operator = userDoc({ uid: "op-1", email: "admin@vantage.test", displayName: "Operator", isAdmin: true });

const game = {
  eventId: "evt-orl-mia",
  sport: "basketball_nba",
  home: "Magic",
  away: "Heat",
  homeScore: 101,
  awayScore: 99,
  finalAt: 1_000,
  deadline: 1_000 + 36 * 3_600_000,
  openLegs: 3,
  players: [
    { playerId: "franz-wagner", name: "Franz Wagner", stats: ["rebounds"], needsStart: false, openLegs: 1 },
    { playerId: "paolo-banchero", name: "Paolo Banchero", stats: ["points"], needsStart: false, openLegs: 2 },
  ],
};

const statsRequest = {
  id: "rq-stats",
  kind: "stats",
  subject: "evt-orl-mia",
  subjectLabel: "Heat @ Magic",
  payload: {
    players: [
      { playerId: "franz-wagner", name: "Franz Wagner", team: "home", played: false, stats: {} },
      { playerId: "paolo-banchero", name: "Paolo Banchero", team: "home", played: true, stats: { points: 25 } },
    ],
  },
  requestedBy: "ops@vantage.test",
  reason: "NBA box score",
  status: "pending",
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  outcome: null,
  createdAt: 5,
};

const isaac = {
  feedName: "J. Isaac",
  playerId: "jonathan-isaac",
  displayName: "Jonathan Isaac",
  team: "Orlando Magic",
  updatedBy: "ops@vantage.test",
  updatedAt: 4,
};

const chaseRequest = {
  id: "rq-name",
  kind: "prop-player-name",
  subject: "basketball_nba:JaMarr Chase",
  subjectLabel: "JaMarr Chase",
  payload: {
    sport: "basketball_nba",
    feedName: "JaMarr Chase",
    entry: { playerId: "jamarr-chase-2", displayName: "Ja'Marr Chase", team: "Cincinnati Bengals" },
    replaces: null,
  },
  requestedBy: "admin@vantage.test",
  reason: "",
  status: "pending",
  decidedBy: null,
  decidedAt: null,
  decisionReason: null,
  outcome: null,
  createdAt: 6,
};

const removal = {
  sport: "basketball_nba",
  feedName: "J. Isaac",
  entry: null,
  replaces: { playerId: "jonathan-isaac", displayName: "Jonathan Isaac", team: "Orlando Magic" },
};

function consoleApi(answer: (call: FakeCall) => Response | undefined) {
  return fakeApi((call) => {
    if (call.path === "/api/auth/refresh") return jsonResponse(200, sessionBody(operator));
    if (call.method === "GET" && call.path === "/api/admin/prop-stats") return jsonResponse(200, { awaiting: [game], recorded: [] });
    if (call.method === "GET" && call.path.startsWith("/api/admin/prop-players?sport=")) {
      const sport = new URLSearchParams(call.path.split("?")[1]).get("sport");
      return jsonResponse(200, { sport, names: sport === "basketball_nba" ? [isaac] : [] });
    }
    return answer(call);
  });
}

describe("the console's Props tab", () => {
  it("enters a waiting game's box score, one row per player bet on, as a request for approval", async () => {
    const calls = consoleApi((call) =>
      call.method === "POST" && call.path === "/api/admin/events/evt-orl-mia/stats"
        ? jsonResponse(202, { request: statsRequest })
        : undefined,
    );
    const user = userEvent.setup();
    renderApp("/admin?tab=props");
    const row = (await screen.findByText("evt-orl-mia")).closest("tr")!;
    expect(within(row).getByText("101–99")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "Enter statistics" }));

    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/^Reason/), "NBA box score");
    await user.click(within(dialog).getByRole("button", { name: "Ask for approval" }));
    // Nothing is sent while a row lacks its team or a number.
    expect(await within(dialog).findByText("Choose Franz Wagner's team.")).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText("Franz Wagner team"), "home");
    await user.click(within(dialog).getByLabelText("Franz Wagner played"));
    expect(within(dialog).getByLabelText<HTMLInputElement>("Franz Wagner rebounds").disabled).toBe(true);
    await user.selectOptions(within(dialog).getByLabelText("Paolo Banchero team"), "home");
    await user.click(within(dialog).getByRole("button", { name: "Ask for approval" }));
    expect(await within(dialog).findByText("Enter Paolo Banchero's statistics as whole numbers.")).toBeTruthy();
    const sent = () => calls.filter((c) => c.path === "/api/admin/events/evt-orl-mia/stats");
    expect(sent()).toEqual([]);

    await user.type(within(dialog).getByLabelText("Paolo Banchero points"), "25");
    await user.click(within(dialog).getByRole("button", { name: "Ask for approval" }));
    expect(
      await screen.findByText("Sent for approval: another operator must approve the statistics of Heat @ Magic (Approvals tab)."),
    ).toBeTruthy();
    expect(sent().map((c) => c.body)).toEqual([{ players: statsRequest.payload.players, reason: "NBA box score" }]);
  });

  it("lists a sport's player names with their teams, and asks a second operator to set one with its team or remove one", async () => {
    const calls = consoleApi((call) => {
      if (call.method === "PUT" && call.path === "/api/admin/prop-players") return jsonResponse(202, { request: chaseRequest });
      if (call.method === "DELETE") return jsonResponse(202, { request: { ...chaseRequest, id: "rq-remove", payload: removal } });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/admin?tab=props");
    await user.selectOptions(await screen.findByLabelText("Sport"), "basketball_nba");
    const row = (await screen.findByText("J. Isaac")).closest("tr")!;
    expect(within(row).getByText("jonathan-isaac")).toBeTruthy();
    expect(within(row).getByText("Orlando Magic")).toBeTruthy();

    await user.type(screen.getByLabelText("Feed spelling"), "JaMarr Chase");
    await user.type(screen.getByLabelText("Player id"), "jamarr-chase");
    await user.type(screen.getByLabelText("Shown as"), "Ja'Marr Chase");
    await user.type(screen.getByLabelText("Team"), "Cincinnati Bengals");
    expect(screen.getByText(/a change waits for a second operator \(Approvals tab\)/)).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ask for approval" }));
    expect(
      await screen.findByText(
        "Sent for approval: another operator must approve “JaMarr Chase” as Ja'Marr Chase (jamarr-chase) in NBA props (Approvals tab); the next refresh after that uses it.",
      ),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
      sport: "basketball_nba",
      feedName: "JaMarr Chase",
      playerId: "jamarr-chase",
      displayName: "Ja'Marr Chase",
      team: "Cincinnati Bengals",
    });

    await user.click(within(row).getByRole("button", { name: "Remove" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText(/^Reason/), "feed fixed it");
    await user.click(within(dialog).getByRole("button", { name: "Ask for approval" }));
    expect(
      await screen.findByText("Sent for approval: another operator must approve removing “J. Isaac” from NBA props (Approvals tab)."),
    ).toBeTruthy();
    expect(calls.find((c) => c.method === "DELETE")?.path).toBe(
      "/api/admin/prop-players?sport=basketball_nba&feedName=J.+Isaac&reason=feed+fixed+it",
    );
  });

  it("shows a player name request under Approvals with its spelling and the ids from and to", async () => {
    const user = userEvent.setup();
    consoleApi((call) =>
      call.path.startsWith("/api/admin/approvals")
        ? jsonResponse(200, {
            requests: [
              { ...chaseRequest, requestedBy: "ops@vantage.test" },
              { ...chaseRequest, id: "rq-remove", payload: removal, requestedBy: "ops@vantage.test" },
            ],
          })
        : undefined,
    );
    renderApp("/admin?tab=approvals");
    const set = (await screen.findByText("Player name in NBA props")).closest("tr")!;
    expect(within(set).getByText("JaMarr Chase")).toBeTruthy();
    expect(
      within(set).getByText("“JaMarr Chase”: from its slug jamarr-chase to jamarr-chase-2 (Ja'Marr Chase, Cincinnati Bengals)"),
    ).toBeTruthy();
    const removed = screen.getByText("Player name removed from NBA props").closest("tr")!;
    expect(within(removed).getByText("“J. Isaac”: from jonathan-isaac (Jonathan Isaac, Orlando Magic) to its slug j-isaac")).toBeTruthy();
    await user.click(within(set).getByRole("button", { name: "Approve" }));
    expect(
      screen.getByRole("dialog", {
        name: "Approve: change “JaMarr Chase” in NBA props from its slug jamarr-chase to jamarr-chase-2 (Ja'Marr Chase, Cincinnati Bengals)?",
      }),
    ).toBeTruthy();
  });

  it("shows a statistics request under Approvals with each player's line", async () => {
    consoleApi((call) => (call.path.startsWith("/api/admin/approvals") ? jsonResponse(200, { requests: [statsRequest] }) : undefined));
    renderApp("/admin?tab=approvals");
    const row = (await screen.findByText("Player statistics")).closest("tr")!;
    expect(within(row).getByText("Heat @ Magic")).toBeTruthy();
    expect(within(row).getByText("Franz Wagner: did not play; Paolo Banchero: points 25")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Approve" })).toBeTruthy();
  });
});
