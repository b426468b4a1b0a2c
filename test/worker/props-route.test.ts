// GET /api/events/:eventId/props against the embedded simulator: a signed-in player
// opening a game that has not started sees every player's markets at their lines with fair
// figures (a game under way offers none: props-desk.test.ts); anything but a sport key and
// an event id is a 400.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PROP_MARKETS } from "../../src/shared/props/catalogue";
import { EventSchema } from "../../src/shared/schemas/events";
import { EventPropsSchema } from "../../src/shared/schemas/props";
import { createApp } from "../../worker/app";
import { api, BASE, signIn } from "./helpers";

const QUERY = "markets=h2h,spreads,totals&regions=us,us2&oddsFormat=american";

async function board(token: string, sport: string) {
  const res = await api(`/api/events?sport=${sport}&${QUERY}`, { token });
  return { events: EventSchema.array().parse(await res.json()), feedNow: Number(res.headers.get("X-Feed-Now")) };
}

describe("GET /api/events/:eventId/props", () => {
  it("lists a game's players' markets before it starts, each with fair figures from enough books", async () => {
    const { token } = await signIn();
    const { events, feedNow } = await board(token, "basketball_nba");
    const upcoming = events.find((e) => Date.parse(e.startTime) > feedNow + 60 * 60_000)!;
    const res = await api(`/api/events/${upcoming.eventId}/props?sport=basketball_nba`, { token });
    expect(res.status).toBe(200);
    const { props, eventId } = EventPropsSchema.parse(await res.json());
    expect(eventId).toBe(upcoming.eventId);
    const markets = new Set(props.map((p) => p.marketKey));
    expect([...markets].sort()).toEqual(PROP_MARKETS.basketball_nba.map((m) => m.key).sort());
    expect(props.every((p) => p.fair.books >= 3 && p.eventId === upcoming.eventId)).toBe(true);
    // The simulator knows each player's team; one prop per (player, market, line).
    expect(new Set(props.map((p) => p.player.team))).toEqual(new Set(["home", "away"]));
    expect(new Set(props.map((p) => p.propId)).size).toBe(props.length);
  });

  it("counts each player's reads on a limit of their own, apart from their bets: past it, a clear 429", async () => {
    const { token, userId } = await signIn();
    const asked: string[] = [];
    // The binding as Workers Rate Limiting answers once a key is over its limit.
    const full: RateLimit = {
      limit: async ({ key }) => {
        asked.push(key);
        return { success: !key.startsWith("read:") };
      },
    };
    const ctx = createExecutionContext();
    const res = await createApp().fetch(
      new Request(`${BASE}/api/events/sim-nba-made-up/props?sport=basketball_nba`, {
        headers: { Authorization: `Bearer ${token}`, "CF-Connecting-IP": "10.3.2.1" },
      }),
      { ...env, BET_RATE_LIMITER: full } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(429);
    expect(res.headers.get("Retry-After")).toBe("10");
    expect(((await res.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: "rate-limited",
      message: "Too many requests in a short time. Please wait a few seconds and try again.",
    });
    expect(asked).toEqual([`read:${userId}`]);
  });

  it("answers 400 for a missing or unknown sport, and 401 to a stranger", async () => {
    const { token } = await signIn();
    expect((await api("/api/events/sim-nba-1/props", { token })).status).toBe(400);
    expect((await api("/api/events/sim-nba-1/props?sport=curling", { token })).status).toBe(400);
    expect((await api("/api/events/sim-nba-1/props?sport=basketball_nba")).status).toBe(401);
  });
});
