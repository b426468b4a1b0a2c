// The Odds API /scores payloads as settlement meets them: scores as strings, "0" that
// must not read as missing, null scores before kick-off, `completed` without scores,
// and a team missing from the scores list. Only a completed game with both scores is
// graded; everything else stays open and is recorded for what it is.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { Market, Side } from "../../src/shared/schemas/bets";
import type { SportKey } from "../../src/shared/sports";
import { createTheOddsApiProvider } from "../../worker/odds/the-odds-api";
import { runSettlement } from "../../worker/settlement/settlement-job";
import { HOUR, betOf, coins, leg, newEventId, newUserId, openBet, seedBets, settleAndDrain } from "./settlement-fixtures";

type RawScore = {
  id: string;
  sport_key: string;
  commence_time: string;
  completed: boolean;
  home_team: string;
  away_team: string;
  scores: { name: string; score: string | number | null }[] | null;
  last_update: string | null;
};

const started = new Date(Date.now() - 4 * HOUR).toISOString();

function raw(
  id: string,
  sport: SportKey,
  completed: boolean,
  scores: RawScore["scores"],
  home = "LA Galaxy",
  away = "Seattle Sounders",
): RawScore {
  return {
    id,
    sport_key: sport,
    commence_time: started,
    completed,
    home_team: home,
    away_team: away,
    scores,
    last_update: completed ? started : null,
  };
}

function oddsApi(payloads: Partial<Record<SportKey, RawScore[]>>) {
  const urls: URL[] = [];
  const provider = createTheOddsApiProvider({
    apiKey: "test-key",
    baseUrl: "https://odds.example",
    fetcher: async (input) => {
      const url = new URL(String(input));
      urls.push(url);
      const sport = url.pathname.split("/")[3] as SportKey;
      return Response.json(payloads[sport] ?? [], {
        headers: { "x-requests-remaining": "480", "x-requests-used": "20", "x-requests-last": "2" },
      });
    },
  });
  return { provider, urls };
}

async function single(eventId: string, league: SportKey, side: Side, market: Market = "Moneyline", line: number | null = null) {
  const user = newUserId();
  const bet = openBet([
    leg({ eventId, league, side, market, line, priceAm: 100, startTime: started, home: "LA Galaxy", away: "Seattle Sounders" }),
  ]);
  await seedBets(user, [bet]);
  return { user, bet };
}

beforeEach(async () => {
  await env.DB.batch([
    env.DB.prepare("DELETE FROM bet_legs"),
    env.DB.prepare("DELETE FROM events"),
    env.DB.prepare("DELETE FROM settlement_score_checks"),
  ]);
});

describe("settling from The Odds API /scores", () => {
  it("grades string scores, including a 0-0 draw, and asks once per sport with daysFrom", async () => {
    const [draw, win] = [newEventId(), newEventId()];
    const under = await single(draw, "soccer_usa_mls", "Under", "Total", 2.5);
    const homeMl = await single(draw, "soccer_usa_mls", "Home");
    const winner = await single(win, "soccer_usa_mls", "Away");
    const { provider, urls } = oddsApi({
      soccer_usa_mls: [
        raw(draw, "soccer_usa_mls", true, [
          { name: "LA Galaxy", score: "0" },
          { name: "Seattle Sounders", score: "0" },
        ]),
        raw(win, "soccer_usa_mls", true, [
          { name: "Seattle Sounders", score: "2" },
          { name: "LA Galaxy", score: "1" },
        ]),
      ],
    });
    const summary = await settleAndDrain(Date.now(), { provider, trigger: "test" });

    expect(urls).toHaveLength(1);
    expect(urls[0]!.pathname).toBe("/v4/sports/soccer_usa_mls/scores");
    expect(urls[0]!.searchParams.get("daysFrom")).toBe("1");
    expect(summary.eventsRecorded).toBe(2);

    // A 0-0 soccer draw: the home moneyline loses; the scores list's order does not matter.
    expect((await betOf(homeMl.user, homeMl.bet.id)).result).toBe("loss");
    expect((await betOf(winner.user, winner.bet.id)).result).toBe("win");
    expect(await coins(winner.user)).toBe(5100);
    expect((await betOf(under.user, under.bet.id)).result).toBe("win");
    const row = await env.DB.prepare("SELECT status, home_score, away_score FROM events WHERE event_id = ?").bind(draw).first();
    expect(row).toEqual({ status: "final", home_score: 0, away_score: 0 });
  });

  it("leaves games open when scores are null, missing, or the game is not completed", async () => {
    const [notStarted, live, noScores, missingTeam] = [newEventId(), newEventId(), newEventId(), newEventId()];
    const bets = await Promise.all([notStarted, live, noScores, missingTeam].map((id) => single(id, "basketball_nba", "Home")));
    const { provider } = oddsApi({
      basketball_nba: [
        raw(notStarted, "basketball_nba", false, null, "Lakers", "Celtics"),
        raw(
          live,
          "basketball_nba",
          false,
          [
            { name: "Lakers", score: "54" },
            { name: "Celtics", score: "50" },
          ],
          "Lakers",
          "Celtics",
        ),
        raw(noScores, "basketball_nba", true, null, "Lakers", "Celtics"),
        raw(missingTeam, "basketball_nba", true, [{ name: "Lakers", score: "101" }], "Lakers", "Celtics"),
      ],
    });
    const summary = await settleAndDrain(Date.now(), { provider, trigger: "test" });
    expect(summary.messagesEnqueued).toBe(0);
    for (const { user, bet } of bets) expect((await betOf(user, bet.id)).status).toBe("open");
    const statuses = await env.DB.prepare("SELECT event_id, status, home_score, away_score FROM events").all<{
      event_id: string;
      status: string;
    }>();
    const byId = new Map(statuses.results.map((r) => [r.event_id, r]));
    expect(byId.get(notStarted)).toMatchObject({ status: "scheduled", home_score: null });
    expect(byId.get(live)).toMatchObject({ status: "live", home_score: 54, away_score: 50 });
    expect(byId.get(noScores)?.status).not.toBe("final");
    expect(byId.get(missingTeam)?.status).not.toBe("final");
  });

  it("grades numeric scores as well as strings", async () => {
    const eventId = newEventId();
    const { user, bet } = await single(eventId, "icehockey_nhl", "Away");
    const over = openBet([
      leg({ eventId, league: "icehockey_nhl", market: "Total", side: "Over", line: 5.5, priceAm: 100, startTime: started }),
    ]);
    await seedBets(user, [over]);
    const { provider } = oddsApi({
      icehockey_nhl: [
        raw(eventId, "icehockey_nhl", true, [
          { name: "LA Galaxy", score: 3 },
          { name: "Seattle Sounders", score: 4 },
        ]),
      ],
    });
    await settleAndDrain(Date.now(), { provider, trigger: "test" });
    expect((await betOf(user, over.id)).result).toBe("win");
    expect((await betOf(user, bet.id)).result).toBe("win");
    expect(await coins(user)).toBe(5000 - 200 + 400);
  });

  it("a refused request (out of credits) is recorded and settles nothing", async () => {
    const eventId = newEventId();
    const { user, bet } = await single(eventId, "basketball_nba", "Home");
    const provider = createTheOddsApiProvider({
      apiKey: "test-key",
      baseUrl: "https://odds.example",
      fetcher: async () => Response.json({ message: "Usage quota has been reached" }, { status: 401 }),
    });
    const summary = await runSettlement(env, Date.now(), { provider, trigger: "test" });
    expect(summary.feedErrors).toHaveLength(1);
    expect((await betOf(user, bet.id)).status).toBe("open");
    const check = await env.DB.prepare("SELECT ok FROM settlement_score_checks WHERE sport = 'basketball_nba'").first();
    expect(check).toEqual({ ok: 0 });
  });
});
