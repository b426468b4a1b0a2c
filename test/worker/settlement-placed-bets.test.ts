// The whole loop as a player lives it: place bets through POST /api/placeBet on
// simulator games, let the games end (advance the simulator clock), fire the cron, and
// see the settled bets in GET /api/bets and the balance in GET /api/me.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { gradeLeg } from "../../src/shared/grading";
import { settleBet } from "../../src/shared/bet-outcome";
import type { BetDocument, BetsPage } from "../../src/shared/schemas/bets";
import { gameById } from "../../worker/odds/simulator/sim-games";
import { simulatedScores } from "../../worker/odds/simulator/simulator-provider";
import worker from "../../worker/index";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, postJson, signIn } from "./helpers";
import { drained, latestRunId, drainOutboxNow } from "./settlement-fixtures";

/** Fires the cron and waits until the settlement queue has settled what it sent. */
async function fireCron(): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "*/2 * * * *", scheduledTime: Date.now() }), env, ctx);
  await waitOnExecutionContext(ctx);
  await drained(await latestRunId());
}

describe("bets placed through the API are settled by the cron", () => {
  it("pays singles and a parlay by the house rules once the games end", async () => {
    const player = await signIn();
    const events = await openEvents(2);
    const [a, b] = [events[0]!, events[1]!];
    const picks = [pickOf(a, "Moneyline", "Home"), pickOf(b, "Total", "Over")];
    const singles = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 100, picks });
    expect(singles.status).toBe(200);
    const parlay = await placeBet(player.token, { kind: "Parlay", wallet: "coins", amount: 50, picks });
    expect(parlay.status).toBe(200);
    // The wallet writes its bets to D1 (where settlement finds them) on its alarm,
    // WALLET_OUTBOX_FLUSH_DELAY_MS after the bet: drained here rather than waited for.
    await drainOutboxNow(player.userId);
    const legs = await env.DB.prepare("SELECT COUNT(*) AS n FROM bet_legs WHERE user_id = ?").bind(player.userId).first<{ n: number }>();
    expect(legs?.n).toBe(4);

    await fireCron();
    const before = ((await (await api("/api/bets", { token: player.token })).json()) as BetsPage).bets;
    expect(before.every((bet) => bet.status === "open")).toBe(true);

    const simOffset = async () =>
      (await env.DB.prepare("SELECT offset_ms FROM sim_clock WHERE id = 1").first<{ offset_ms: number }>())?.offset_ms ?? 0;
    const lastEnd = Math.max(gameById(a.eventId)!.endMs, gameById(b.eventId)!.endMs);
    const minutes = Math.ceil((lastEnd - (Date.now() + (await simOffset()))) / 60_000) + 5;
    expect((await postJson("/api/dev/sim/advance", { minutes })).status).toBe(200);
    await fireCron();

    const simNow = Date.now() + (await simOffset());
    const finals = new Map([a, b].map((e) => [e.eventId, simulatedScores(e.sport, 3, simNow).find((s) => s.eventId === e.eventId)!]));
    const expectedFor = (bet: BetDocument) => {
      const results = bet.legs.map((leg) => {
        const f = finals.get(leg.eventId)!;
        return gradeLeg(leg, { homeScore: f.homeScore!, awayScore: f.awayScore! }, leg.league);
      });
      return { results, outcome: settleBet(bet, results) };
    };

    const after = ((await (await api("/api/bets", { token: player.token })).json()) as BetsPage).bets;
    expect(after).toHaveLength(3);
    let paid = 0;
    for (const bet of after) {
      const { results, outcome } = expectedFor(bet);
      if (outcome.status !== "settled") throw new Error("expected a settled outcome");
      expect(bet).toMatchObject({ status: "settled", result: outcome.result, payoutPaid: outcome.payout, legResults: results });
      paid += outcome.payout;
    }
    const me = (await (await api("/api/me", { token: player.token })).json()) as { coinBalance: number };
    expect(me.coinBalance).toBe(5000 - 250 + paid);

    await fireCron();
    const again = (await (await api("/api/me", { token: player.token })).json()) as { coinBalance: number };
    expect(again.coinBalance).toBe(me.coinBalance);
  });
});
