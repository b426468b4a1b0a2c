// The social pages as a player sees them: the /social leaderboard with its
// choices, players by handle only, and the viewer's own rank (asked apart), the
// Following tab, a public profile with Follow (Vantage Cash figures only when shown), a
// shared pick with its sign-in call to action and "Tail" (a same-game block grouped), the Public profile and
// Profile visibility cards on /account with the "Show my Vantage Cash results" switch, and Share asking for a handle.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BETSLIP_KEY } from "../../src/session/betslip-provider";
import { ProfileSettings, ProfileVisibility } from "../../src/features/social/components/profile-settings";
import { SharePickButton } from "../../src/features/social/components/share-pick-button";
import { ProfilePage } from "../../src/features/social/components/profile-page";
import { SocialPage, formatLeaderboardValue } from "../../src/features/social/components/social-page";
import { SharedPickRoute } from "../../src/app/routes/shared-pick-route";
import type { SameGameBlock } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import type { LeaderboardRankResponse, LeaderboardResponse, PublicPick, PublicProfile } from "../../src/shared/schemas/social";
import { formatEtTime } from "../../src/shared/protection";
import { Providers, boardPick, fakeServer, installFakeSocket, json, legOf, userDoc, type Handler } from "./betslip-harness";

beforeEach(() => {
  installFakeSocket();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(path: string, routes: ReactNode) {
  return render(
    <Providers>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {routes}
          <Route path="/" element={<p>Board</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </Providers>,
  );
}

const pickA = boardPick("g1", "Moneyline", "Home", -150);
const future = new Date(Date.now() + 3 * 3_600_000).toISOString();

function publicPick(overrides: Partial<PublicPick> = {}): PublicPick {
  return {
    id: "bet-1",
    wallet: "coins",
    kind: "Singles",
    status: "open",
    result: null,
    stake: 250,
    toWin: 166,
    payoutPaid: 0,
    createdAt: 1_700_000_000_000,
    settledAt: null,
    legs: [{ ...legOf(pickA), startTime: future }],
    legResults: [null],
    owner: { handle: "tipster" },
    ...overrides,
  };
}

const board = (): LeaderboardResponse => ({
  entries: [
    { rank: 1, handle: "ada", value: 1200 },
    { rank: 2, handle: "grace", value: -300 },
  ],
});
const rank = (me: LeaderboardRankResponse["me"]): LeaderboardRankResponse => ({ me });

describe("the /social leaderboard", () => {
  it("shows ranks, handles and values signed out, and asks the server again for each choice", async () => {
    const calls = fakeServer(null, (call) => (call.path === "/api/social/leaderboard" ? json(200, board()) : undefined));
    renderAt("/social", <Route path="/social" element={<SocialPage />} />);
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(["1@ada+1,200 Coins", "2@grace−300 Coins"]);
    expect(within(rows[0]!).getByRole("link").getAttribute("href")).toBe("/u/ada");
    expect(within(rows[1]!).getByRole("link").getAttribute("href")).toBe("/u/grace");
    expect(screen.queryByText(/Your rank/)).toBeNull();
    expect(calls.some((c) => c.path === "/api/social/leaderboard/me")).toBe(false);
    const first = calls.find((c) => c.path === "/api/social/leaderboard")!;
    expect(Object.fromEntries(first.query)).toEqual({ period: "week", wallet: "coins", metric: "profit" });
    expect(first.headers.Authorization).toBeUndefined();

    const ui = userEvent.setup();
    await ui.click(screen.getByRole("button", { name: "Return on stake" }));
    await ui.click(screen.getByRole("button", { name: "All time" }));
    await ui.click(screen.getByRole("button", { name: "Vantage Cash" }));
    await waitFor(() =>
      expect(Object.fromEntries(calls.filter((c) => c.path === "/api/social/leaderboard").at(-1)!.query)).toEqual({
        period: "all",
        wallet: "cash",
        metric: "roi",
      }),
    );
    expect(screen.getByRole("button", { name: "Vantage Cash" }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText(/at least 10 settled bets/)).toBeTruthy();
  });

  it("formats each metric the way a player reads it", () => {
    expect(formatLeaderboardValue("profit", "coins", 1500)).toBe("+1,500 Coins");
    expect(formatLeaderboardValue("profit", "cash", -250)).toBe("−2.50 Vantage Cash");
    expect(formatLeaderboardValue("roi", "coins", 0.2534)).toBe("+25.3%");
    expect(formatLeaderboardValue("roi", "coins", -0.1)).toBe("−10.0%");
    expect(formatLeaderboardValue("streak", "coins", 1)).toBe("1 win");
    expect(formatLeaderboardValue("streak", "coins", 4)).toBe("4 wins");
  });

  it("gives the signed-in player their own rank beyond the list, and the empty and error states", async () => {
    let fail = true;
    fakeServer(userDoc({ handle: "me_me" }), (call) => {
      if (call.path === "/api/social/leaderboard/me")
        return json(200, rank(call.query.get("metric") === "streak" ? null : { rank: 57, value: -40 }));
      if (call.path !== "/api/social/leaderboard") return undefined;
      if (fail) return json(500, { error: { code: "internal", message: "Something went wrong on our side." } });
      return json(200, call.query.get("metric") === "streak" ? { entries: [] } : board());
    });
    renderAt("/social", <Route path="/social" element={<SocialPage />} />);
    expect(await screen.findByText("Something went wrong on our side.")).toBeTruthy();
    fail = false;
    const ui = userEvent.setup();
    await ui.click(screen.getByRole("button", { name: "Try again" }));
    expect((await screen.findByText(/Your rank/)).textContent).toBe("Your rank: #57 · −40 Coins");
    await ui.click(screen.getByRole("button", { name: "Win streak" }));
    expect(await screen.findByText("No one is ranked here yet. Settled bets show up here.")).toBeTruthy();
    expect(screen.getByText("You are not ranked here yet.")).toBeTruthy();
  });

  it("highlights my row by my handle, asks my rank apart, and tells a private player only they see it", async () => {
    const calls = fakeServer(userDoc({ handle: "grace" }), (call) => {
      if (call.path === "/api/social/leaderboard/me") return json(200, rank({ rank: 2, value: -300 }));
      if (call.path === "/api/social/leaderboard") return json(200, board());
      return undefined;
    });
    const view = renderAt("/social", <Route path="/social" element={<SocialPage />} />);
    expect((await screen.findByText(/Your rank/)).textContent).toBe("Your rank: #2 · −300 Coins");
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.getAttribute("aria-current"))).toEqual([null, "true"]);
    const mine = calls.find((c) => c.path === "/api/social/leaderboard/me")!;
    expect(Object.fromEntries(mine.query)).toEqual({ period: "week", wallet: "coins", metric: "profit" });
    expect(mine.headers.Authorization).toBe("Bearer token-1");
    expect(screen.queryByText(/Only you see your rank/)).toBeNull();
    view.unmount();

    fakeServer(userDoc({ handle: null }), (call) => {
      if (call.path === "/api/social/leaderboard/me") return json(200, rank({ rank: 1, value: 5000 }));
      if (call.path === "/api/social/leaderboard") return json(200, board());
      return undefined;
    });
    renderAt("/social", <Route path="/social" element={<SocialPage />} />);
    expect((await screen.findByText(/Your rank/)).textContent).toBe("Your rank: #1 · +5,000 Coins");
    expect(screen.getByText("Only you see your rank: players appear on leaderboards under a handle.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Choose a handle to appear on leaderboards" }).getAttribute("href")).toBe("/account");
    expect(
      within(screen.getByRole("table"))
        .getAllByRole("row")
        .slice(1)
        .map((r) => r.getAttribute("aria-current")),
    ).toEqual([null, null]);
  });

  it("lists followed players and their picks on the Following tab", async () => {
    fakeServer(userDoc(), (call) => {
      if (call.path === "/api/social/leaderboard") return json(200, board());
      if (call.path === "/api/social/following") {
        return json(200, {
          following: [{ handle: "tipster" }],
          picks: [publicPick({ status: "settled", result: "win", payoutPaid: 416, legResults: ["win"] })],
        });
      }
      return undefined;
    });
    renderAt("/social", <Route path="/social" element={<SocialPage />} />);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("tab", { name: "Following" }));
    expect(screen.getByTestId("where").textContent).toBe("/social?tab=following");
    const players = (await screen.findByRole("heading", { name: "Players you follow" })).closest("section")!;
    expect(within(players).getByRole("link", { name: "@tipster" }).getAttribute("href")).toBe("/u/tipster");
    const picks = screen.getByRole("list", { name: "Newest picks of players you follow" });
    expect(within(picks).getByText("Won")).toBeTruthy();
    expect(within(picks).getByText("416 Coins")).toBeTruthy();
    expect(within(picks).getByRole("link", { name: "@tipster" })).toBeTruthy();
  });

  it("asks a signed-out visitor to sign in on the Following tab", async () => {
    fakeServer(null);
    renderAt("/social?tab=following", <Route path="/social" element={<SocialPage />} />);
    expect(await screen.findByText("Sign in to follow players and see their picks here.")).toBeTruthy();
  });
});

const profile: PublicProfile = {
  handle: "tipster",
  memberSince: Date.parse("2026-03-05T12:00:00Z"),
  statistics: {
    coins: {
      settledCount: 4,
      winRate: 0.75,
      longestWinStreak: 3,
      averagePickDecimal: 1.9,
      totalPicks: 5,
      biggestWin: 400,
      mostPickedSport: "basketball_nba",
    },
    cash: {
      settledCount: 0,
      winRate: null,
      longestWinStreak: 0,
      averagePickDecimal: null,
      totalPicks: 0,
      biggestWin: null,
      mostPickedSport: null,
    },
  },
  picks: [publicPick({ status: "settled", result: "loss", legResults: ["loss"] })],
  followers: 2,
};

describe("a public profile", () => {
  it("shows the player's figures and picks and lets a signed-in viewer follow them", async () => {
    const calls = fakeServer(userDoc(), (call) => {
      if (call.path === "/api/public/profiles/tipster") return json(200, profile);
      if (call.path === "/api/follows/tipster") return json(200, { handle: "tipster", following: call.method === "PUT" });
      return undefined;
    });
    renderAt("/u/tipster", <Route path="/u/:handle" element={<ProfilePage />} />);
    expect(await screen.findByRole("heading", { name: "tipster", level: 1 })).toBeTruthy();
    expect(screen.getByText(/@tipster · Member since March 2026 · 2 followers/)).toBeTruthy();
    const coins = screen.getByRole("heading", { name: /Statistics\s*Coins/ }).closest("section")!;
    expect(within(coins).getByText("75%")).toBeTruthy();
    expect(within(coins).getByText("400 Coins")).toBeTruthy();
    expect(within(screen.getByRole("list")).getByText("Lost")).toBeTruthy();

    const ui = userEvent.setup();
    const follow = await screen.findByRole("button", { name: "Follow" });
    await waitFor(() => expect((follow as HTMLButtonElement).disabled).toBe(false));
    await ui.click(follow);
    expect(await screen.findByRole("button", { name: "Following" })).toBeTruthy();
    expect(screen.getByText(/3 followers/)).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT" && c.path === "/api/follows/tipster")).toBe(true);
  });

  it("shows Vantage Cash figures only when the player shows them", async () => {
    fakeServer(null, (call) => (call.path === "/api/public/profiles/tipster" ? json(200, profile) : undefined));
    const view = renderAt("/u/tipster", <Route path="/u/:handle" element={<ProfilePage />} />);
    expect(await screen.findByRole("heading", { name: /Statistics\s*Vantage Cash/ })).toBeTruthy();
    view.unmount();

    const coinsOnly: PublicProfile = { ...profile, statistics: { ...profile.statistics, cash: null } };
    fakeServer(null, (call) => (call.path === "/api/public/profiles/tipster" ? json(200, coinsOnly) : undefined));
    renderAt("/u/tipster", <Route path="/u/:handle" element={<ProfilePage />} />);
    expect(await screen.findByRole("heading", { name: /Statistics\s*Coins/ })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: /Statistics\s*Vantage Cash/ })).toBeNull();
  });

  it("says so when the profile is unknown or hidden", async () => {
    fakeServer(null, (call) =>
      call.path.startsWith("/api/public/profiles/") ? json(404, { error: { code: "not-found", message: "No such profile." } }) : undefined,
    );
    renderAt("/u/ghost", <Route path="/u/:handle" element={<ProfilePage />} />);
    expect(await screen.findByText("This profile does not exist or is private.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
  });
});

function eventFor(priceAm: number): Event {
  return {
    eventId: "g1",
    sport: "basketball_nba",
    startTime: future,
    home: "Home g1",
    away: "Away g1",
    status: "scheduled",
    live: null,
    markets: { moneyline: { home: priceAm, away: 120 } },
  };
}

describe("a shared pick", () => {
  it("is readable signed out with a sign-in call to action", async () => {
    fakeServer(null, (call) =>
      call.path === "/api/public/picks/abcdefghijklmnopqrstuv" ? json(200, { pick: publicPick(), sharedAt: 1 }) : undefined,
    );
    renderAt("/p/abcdefghijklmnopqrstuv", <Route path="/p/:shareId" element={<SharedPickRoute />} />);
    expect(await screen.findByText("Sign in to tail this pick: its open legs go straight into your betslip.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Sign in to tail" })).toBeTruthy();
    expect(screen.getByText("250 Coins")).toBeTruthy();
    expect(screen.getByRole("link", { name: "@tipster" }).getAttribute("href")).toBe("/u/tipster");
  });

  it("tails the open legs into the betslip at the board's current price, then opens the board", async () => {
    const calls = fakeServer(userDoc(), (call) => {
      if (call.path === "/api/public/picks/abcdefghijklmnopqrstuv") return json(200, { pick: publicPick(), sharedAt: 1 });
      if (call.path === "/api/events") return json(200, [eventFor(-140)]);
      return undefined;
    });
    renderAt("/p/abcdefghijklmnopqrstuv", <Route path="/p/:shareId" element={<SharedPickRoute />} />);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Tail" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/"));
    expect(calls.find((c) => c.path === "/api/events")!.query.get("sport")).toBe("basketball_nba");
    const slip = JSON.parse(localStorage.getItem(BETSLIP_KEY)!) as { picks: { uid: string; priceAm: number }[] };
    expect(slip.picks).toEqual([expect.objectContaining({ uid: "g1:Moneyline:Home", priceAm: -140 })]);
    expect(screen.getByText("Added 1 pick to your betslip.")).toBeTruthy();
  });

  it("tails on the way back from sign-in, and leaves out a leg the board no longer prices", async () => {
    fakeServer(userDoc(), (call) => {
      if (call.path === "/api/public/picks/abcdefghijklmnopqrstuv") return json(200, { pick: publicPick(), sharedAt: 1 });
      if (call.path === "/api/events")
        return json(
          200,
          [eventFor(-140)].map((e) => ({ ...e, markets: { moneyline: { home: null, away: 120 } } })),
        );
      return undefined;
    });
    renderAt("/p/abcdefghijklmnopqrstuv?tail=1", <Route path="/p/:shareId" element={<SharedPickRoute />} />);
    expect(await screen.findByText("None of these picks could be added to your betslip.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/p/abcdefghijklmnopqrstuv"));
    expect(localStorage.getItem(BETSLIP_KEY) ?? "").not.toContain("g1:Moneyline:Home");
  });

  it("keeps the betslip's own rules: a conflicting leg is refused with its message", async () => {
    const spread = boardPick("g1", "Spread", "Home", -110, -3.5);
    localStorage.setItem(BETSLIP_KEY, JSON.stringify({ picks: [spread], mode: "Singles", amount: "" }));
    const second = { ...legOf(boardPick("g2", "Moneyline", "Away", 120)), startTime: future };
    fakeServer(userDoc(), (call) => {
      if (call.path === "/api/public/picks/abcdefghijklmnopqrstuv")
        return json(200, {
          pick: publicPick({ kind: "Parlay", legs: [publicPick().legs[0]!, second], legResults: [null, null] }),
          sharedAt: 1,
        });
      if (call.path === "/api/events")
        return json(200, [eventFor(-140), { ...eventFor(-140), eventId: "g2", home: "Home g2", away: "Away g2" }]);
      return undefined;
    });
    renderAt("/p/abcdefghijklmnopqrstuv", <Route path="/p/:shareId" element={<SharedPickRoute />} />);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Tail" }));
    expect(
      await screen.findByText("Added 1 pick to your betslip; 1 could not be added. Can’t add Moneyline and Spread for the same team."),
    ).toBeTruthy();
    const slip = JSON.parse(localStorage.getItem(BETSLIP_KEY)!) as { picks: { uid: string }[] };
    expect(slip.picks.map((p) => p.uid)).toEqual(["g1:Spread:Home", "g2:Moneyline:Away"]);
  });

  it("has nothing to tail once settled, and says when the link is unknown", async () => {
    fakeServer(userDoc(), (call) => {
      if (call.path === "/api/public/picks/abcdefghijklmnopqrstuv")
        return json(200, { pick: publicPick({ status: "settled", result: "win", legResults: ["win"] }), sharedAt: 1 });
      return undefined;
    });
    const view = renderAt("/p/abcdefghijklmnopqrstuv", <Route path="/p/:shareId" element={<SharedPickRoute />} />);
    expect(await screen.findByText("This pick is settled, so there is nothing left to tail.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Tail" })).toBeNull();
    view.unmount();
    renderAt("/p/zzzzzzzzzzzzzzzzzzzzzz", <Route path="/p/:shareId" element={<SharedPickRoute />} />);
    expect(await screen.findByText("This shared pick does not exist.")).toBeTruthy();
  });
});

describe("a shared same-game parlay", () => {
  it("groups the block's legs under its label and price, and reads each leg cashed out once the bet is", async () => {
    const home = { ...legOf(boardPick("s1", "Moneyline", "Home", 105)), startTime: future };
    const over = { ...legOf(boardPick("s1", "Total", "Over", -115)), startTime: future, line: 2.5 };
    const elsewhere = { ...legOf(boardPick("g2", "Moneyline", "Away", 140)), startTime: future };
    const block: SameGameBlock = {
      eventId: "s1",
      legs: [0, 2],
      priceAm: 310,
      chance: 0.22,
      margin: 0.05,
      model: { v: 1, sport: "soccer_usa_mls", params: [1.4, 1.1] },
    };
    const parlay = publicPick({
      kind: "Parlay",
      legs: [home, elsewhere, over],
      legResults: [null, null, null],
      sameGame: [block],
      status: "settled",
      result: "cashed_out",
      payoutPaid: 300,
    });
    fakeServer(null, (call) =>
      call.path === "/api/public/picks/abcdefghijklmnopqrstuv" ? json(200, { pick: parlay, sharedAt: 1 }) : undefined,
    );
    renderAt("/p/abcdefghijklmnopqrstuv", <Route path="/p/:shareId" element={<SharedPickRoute />} />);
    const group = await screen.findByRole("group", { name: "Same-game parlay +310" });
    expect(group.textContent).toContain("Home s1");
    expect(group.textContent).toContain("Over 2.5");
    expect(group.textContent).not.toContain("Away g2");
    // Every leg, inside the block and out, reads "Cashed out"; none stays Open.
    expect(screen.getAllByText("Cashed out").length).toBeGreaterThanOrEqual(3);
    expect(screen.queryByText("Open")).toBeNull();
  });
});

describe("the Public profile and Profile visibility cards on /account", () => {
  function serveMe(answer: Handler) {
    return fakeServer(userDoc({ handle: null, profileHidden: false }), answer);
  }

  it("checks the handle before sending, saves it lower-cased, and shows the server's refusal", async () => {
    const calls = serveMe((call) => {
      if (call.path !== "/api/me" || call.method !== "PATCH") return undefined;
      const body = call.body as { handle?: string; profileHidden?: boolean };
      if (body.handle === "taken")
        return json(409, { error: { code: "handle-taken", message: "That handle is taken. Please choose another." } });
      return json(200, userDoc({ handle: body.handle ?? null, profileHidden: body.profileHidden ?? false }));
    });
    renderAt(
      "/account",
      <Route
        path="/account"
        element={
          <>
            <ProfileSettings />
            <ProfileVisibility />
          </>
        }
      />,
    );
    const ui = userEvent.setup();
    const input = await screen.findByLabelText("Handle");
    await ui.type(input, "a!");
    await ui.click(screen.getByRole("button", { name: "Save handle" }));
    expect(screen.getByText("Handles are 3 to 20 characters.")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await ui.clear(input);
    await ui.type(input, "taken");
    await ui.click(screen.getByRole("button", { name: "Save handle" }));
    expect(await screen.findByText("That handle is taken. Please choose another.")).toBeTruthy();

    await ui.clear(input);
    await ui.type(input, "Ada_Plays");
    await ui.click(screen.getByRole("button", { name: "Save handle" }));
    expect(await screen.findByText("✅ Handle saved.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)!.body).toEqual({ handle: "ada_plays" });
    expect(screen.getByRole("link", { name: "/u/ada_plays" })).toBeTruthy();

    await ui.click(screen.getByRole("checkbox", { name: /Hide my profile/ }));
    expect(await screen.findByText("✅ Profile hidden.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)!.body).toEqual({ profileHidden: true });
    expect((screen.getByRole("checkbox", { name: /Hide my profile/ }) as HTMLInputElement).checked).toBe(true);
  });
});

describe("the Vantage Cash results switch on /account", () => {
  it("is off by default and saves the player's choice", async () => {
    const calls = fakeServer(userDoc({ handle: "ada", profileHidden: false }), (call) => {
      if (call.path !== "/api/me" || call.method !== "PATCH") return undefined;
      const body = call.body as { showCashResults?: boolean };
      return json(200, userDoc({ handle: "ada", showCashResults: body.showCashResults ?? false }));
    });
    renderAt("/account", <Route path="/account" element={<ProfileVisibility />} />);
    const ui = userEvent.setup();
    const toggle = (await screen.findByRole("checkbox", { name: "Show my Vantage Cash results" })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(
      screen.getByText(/Off: your profile and the Vantage Cash leaderboards leave out your Vantage Cash stakes, payouts and results/),
    ).toBeTruthy();

    await ui.click(toggle);
    expect(await screen.findByText("✅ Vantage Cash results shown.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)!.body).toEqual({ showCashResults: true });
    expect((screen.getByRole("checkbox", { name: "Show my Vantage Cash results" }) as HTMLInputElement).checked).toBe(true);

    await ui.click(screen.getByRole("checkbox", { name: "Show my Vantage Cash results" }));
    expect(await screen.findByText("✅ Vantage Cash results hidden.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)!.body).toEqual({ showCashResults: false });
    expect((screen.getByRole("checkbox", { name: "Show my Vantage Cash results" }) as HTMLInputElement).checked).toBe(false);
  });
});

describe("Profile visibility during a break or after a closure", () => {
  it("says other players do not see the player, whatever the settings say", async () => {
    const until = new Date(Date.now() + 24 * 3_600_000).toISOString();
    fakeServer(userDoc({ handle: "ada", profileHidden: false, breakUntil: until }));
    const { unmount } = renderAt("/account", <Route path="/account" element={<ProfileVisibility />} />);
    expect(
      await screen.findByText(
        `You are taking a break until ${formatEtTime(Date.parse(until))}: until then other players do not see your profile, picks or leaderboard places, and you cannot share picks.`,
      ),
    ).toBeTruthy();
    unmount();

    fakeServer(userDoc({ handle: "ada", profileHidden: false, closed: "permanent" }));
    const closed = renderAt("/account", <Route path="/account" element={<ProfileVisibility />} />);
    expect(
      await screen.findByText(
        "Your account is closed for play: other players do not see your profile, picks or leaderboard places, and you cannot share picks.",
      ),
    ).toBeTruthy();
    closed.unmount();

    // A break that has ended says nothing.
    fakeServer(userDoc({ handle: "ada", profileHidden: false, breakUntil: new Date(Date.now() - 60_000).toISOString() }));
    renderAt("/account", <Route path="/account" element={<ProfileVisibility />} />);
    await screen.findByRole("checkbox", { name: "Show my Vantage Cash results" });
    expect(screen.queryByText(/other players do not see your profile/)).toBeNull();
  });
});

describe("Share on My Picks", () => {
  it("asks for the bet's link, copies it and shows it; a refusal is shown too", async () => {
    const calls = fakeServer(userDoc({ handle: "ada" }), (call) => {
      if (call.path === "/api/bets/bet-7/share")
        return json(200, { shareId: "abcdefghijklmnopqrstuv", url: "https://vantage.example.com/p/abcdefghijklmnopqrstuv" });
      if (call.path === "/api/bets/bet-8/share") return json(404, { error: { code: "not-found", message: "No such bet." } });
      return undefined;
    });
    renderAt(
      "/picks",
      <Route
        path="/picks"
        element={
          <>
            <SharePickButton betId="bet-7" />
            <SharePickButton betId="bet-8" />
          </>
        }
      />,
    );
    const ui = userEvent.setup();
    const [first, second] = await screen.findAllByRole("button", { name: "Share" });
    await ui.click(first!);
    const link = await screen.findByRole("link", { name: "https://vantage.example.com/p/abcdefghijklmnopqrstuv" });
    expect(link.getAttribute("href")).toBe("https://vantage.example.com/p/abcdefghijklmnopqrstuv");
    expect(screen.getByText("Link copied:")).toBeTruthy();
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe("https://vantage.example.com/p/abcdefghijklmnopqrstuv");
    expect(calls.find((c) => c.path === "/api/bets/bet-7/share")!.method).toBe("POST");
    await ui.click(second!);
    expect(await screen.findByText("No such bet.")).toBeTruthy();
  });

  it("asks a player without a handle to choose one, checked before sending, then shares", async () => {
    const calls = fakeServer(userDoc({ handle: null }), (call) => {
      if (call.path === "/api/me" && call.method === "PATCH") {
        const body = call.body as { handle: string };
        if (body.handle === "taken_one")
          return json(409, { error: { code: "handle-taken", message: "That handle is taken. Please choose another." } });
        return json(200, userDoc({ handle: body.handle }));
      }
      if (call.path === "/api/bets/bet-7/share")
        return json(200, { shareId: "abcdefghijklmnopqrstuv", url: "https://vantage.example.com/p/abcdefghijklmnopqrstuv" });
      return undefined;
    });
    renderAt("/picks", <Route path="/picks" element={<SharePickButton betId="bet-7" />} />);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Share" }));
    expect(screen.getByText("Shared picks show your handle, never your name. Choose a handle to share this pick.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/bets/bet-7/share")).toBe(false);

    const input = screen.getByLabelText("Handle");
    await ui.type(input, "supp0rt");
    await ui.click(screen.getByRole("button", { name: "Save handle and share" }));
    expect(screen.getByText("That handle is reserved. Please choose another.")).toBeTruthy();
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);

    await ui.clear(input);
    await ui.type(input, "taken_one");
    await ui.click(screen.getByRole("button", { name: "Save handle and share" }));
    expect(await screen.findByText("That handle is taken. Please choose another.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/bets/bet-7/share")).toBe(false);

    await ui.clear(input);
    await ui.type(input, "Ada_Shares");
    await ui.click(screen.getByRole("button", { name: "Save handle and share" }));
    expect(await screen.findByRole("link", { name: "https://vantage.example.com/p/abcdefghijklmnopqrstuv" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "PATCH").at(-1)!.body).toEqual({ handle: "ada_shares" });
    expect(calls.find((c) => c.path === "/api/bets/bet-7/share")!.method).toBe("POST");
    expect(screen.queryByLabelText("Handle")).toBeNull();
  });

  it("offers to choose a handle when the server answers 409 handle-required", async () => {
    let hasHandle = false;
    fakeServer(userDoc({ handle: "old_handle" }), (call) => {
      if (call.path === "/api/me" && call.method === "PATCH") {
        hasHandle = true;
        return json(200, userDoc({ handle: (call.body as { handle: string }).handle }));
      }
      if (call.path === "/api/bets/bet-7/share") {
        if (!hasHandle)
          return json(409, { error: { code: "handle-required", message: "Choose a handle first: shared picks show your handle." } });
        return json(200, { shareId: "abcdefghijklmnopqrstuv", url: "https://vantage.example.com/p/abcdefghijklmnopqrstuv" });
      }
      return undefined;
    });
    renderAt("/picks", <Route path="/picks" element={<SharePickButton betId="bet-7" />} />);
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole("button", { name: "Share" }));
    await ui.type(await screen.findByLabelText("Handle"), "new_handle");
    await ui.click(screen.getByRole("button", { name: "Save handle and share" }));
    expect(await screen.findByRole("link", { name: "https://vantage.example.com/p/abcdefghijklmnopqrstuv" })).toBeTruthy();
  });
});
