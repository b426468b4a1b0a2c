// Closing-line value as a player reads it: a pick shows its CLV once its game has started
// (its close answered by GET /api/closes), none before, none for a pick placed live; the
// Statistics card adds the average CLV and the share of picks that beat the close.
import { render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MyPicksPage } from "../../src/features/picks/components/my-picks-page";
import { StatisticsCard } from "../../src/features/stats/components/statistics-card";
import { Providers, betDoc, boardPick, fakeServer, installFakeSocket, json, legOf, userDoc } from "./betslip-harness";

const START = Date.parse("2026-11-28T18:00:00.000Z");
const at = (gameId: string, priceAm: number) => ({
  ...boardPick(gameId, "Moneyline", "Home", priceAm),
  startTime: new Date(START).toISOString(),
});
const before = START - 3_600_000;

// Started: closed at 0.5 for Home; +120 taken → 0.5 × 2.2 − 1 = +10.0%.
const started = betDoc({ legs: [legOf(at("started", 120))], createdAt: before });
// Not started yet: no close to answer.
const upcoming = betDoc({ legs: [legOf(at("upcoming", 150))], createdAt: before + 1 });
// Placed after its game started: never a CLV, even with a close.
const live = betDoc({ legs: [legOf(at("started", -110))], createdAt: START + 60_000 });
// −110 against the same 0.5 close: 0.5 × 1.909… − 1 = −4.5%.
const worse = betDoc({ legs: [legOf(at("started", -110))], createdAt: before + 2 });
// A player's Over 27.5 at +100, closing at 0.56: 0.56 × 2 − 1 = +12.0%.
const prop = betDoc({
  legs: [
    {
      ...legOf(at("started", 100)),
      market: "Prop",
      side: "Over",
      line: 27.5,
      prop: { playerId: "jayson-tatum", player: "Jayson Tatum", marketKey: "player_points", label: "Points" },
    },
  ],
  createdAt: before + 3,
});

function serve(bets: ReturnType<typeof betDoc>[]) {
  return fakeServer(userDoc(), (call) => {
    if (call.path === "/api/bets") return json(200, { bets, nextCursor: null });
    if (call.path === "/api/closes") {
      const ids = (call.query.get("eventIds") ?? "").split(",");
      const closes = ids.includes("started")
        ? [
            {
              eventId: "started",
              sides: [{ market: "Moneyline", side: "Home", line: null, p: 0.5 }],
              props: [{ playerId: "jayson-tatum", marketKey: "player_points", side: "Over", line: 27.5, p: 0.56 }],
            },
          ]
        : [];
      return json(200, { closes });
    }
    return undefined;
  });
}

beforeEach(() => installFakeSocket());
afterEach(() => vi.unstubAllGlobals());

describe("closing-line value", () => {
  it("shows a pick's CLV once its game has started, and none before or for a live pick", async () => {
    const calls = serve([upcoming, started, live]);
    render(
      <Providers>
        <MyPicksPage />
      </Providers>,
    );
    const shown = await screen.findByText("+10.0%");
    expect(shown.closest("li")!.textContent).toContain("Home started");
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items.filter((li) => within(li).queryByText(/Closing-line value/))).toHaveLength(1);
    // One request for every card's games.
    const asked = calls.filter((c) => c.path === "/api/closes");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query.get("eventIds")!.split(",").sort()).toEqual(["started", "upcoming"]);
  });

  it("shows a player's prop's CLV from its own close", async () => {
    serve([prop]);
    render(
      <Providers>
        <MyPicksPage />
      </Providers>,
    );
    const shown = await screen.findByText("+12.0%");
    expect(shown.closest("li")!.textContent).toContain("Jayson Tatum");
  });

  it("adds the average CLV and the share that beat the close to the Statistics card", async () => {
    serve([started, worse, upcoming, live]);
    render(
      <Providers>
        <StatisticsCard />
      </Providers>,
    );
    // (+10.0% − 4.5%) / 2 = +2.7%; one of the two beat the close.
    const average = await screen.findByText("+2.7%");
    expect(average.previousElementSibling?.textContent).toBe("Average CLV");
    const beat = screen.getByText("Beat the close", { selector: "dt" });
    expect(beat.nextElementSibling?.textContent).toBe("50%");
    // The spec's seven figures stay.
    expect(screen.getByText("Settled", { selector: "dt" })).toBeTruthy();
  });
});
