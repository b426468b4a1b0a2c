// The wallet's D1 projection: every placed bet reaches D1 with one bet_legs row per leg
// (settlement reads those), and a D1 failure is retried by the alarm until it lands.
import { runInDurableObject } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sentenceOf } from "../../src/shared/refusals";
import type { PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { signIn } from "./helpers";

let events: Event[];
/** While true, the wallet under test sees every D1 batch fail (set inside its isolate). */
let d1Down = false;
beforeAll(async () => {
  events = await openEvents(2);
});

async function d1Bet(id: string) {
  return env.DB.prepare("SELECT user_id, wallet, kind, status, stake, to_win FROM bets WHERE id = ?").bind(id).first();
}
async function d1Legs(id: string) {
  return (
    await env.DB.prepare("SELECT leg_index, event_id, market, side, price_am, result FROM bet_legs WHERE bet_id = ? ORDER BY leg_index")
      .bind(id)
      .all()
  ).results;
}

describe("the D1 projection", () => {
  it("writes the bet, one row per leg indexed by event, and the balances", async () => {
    const player = await signIn();
    const picks = [pickOf(events[0]!, "Spread", "Home"), pickOf(events[1]!, "Total", "Under")];
    const res = await placeBet(player.token, { kind: "Parlay", wallet: "coins", amount: 70, picks });
    const bet = ((await res.json()) as PlaceBetResponse).bets[0]!;
    const stub = getUserWallet(env, player.userId);
    await runInDurableObject(stub, (wallet: UserWallet) => wallet.flushOutbox());

    expect(await d1Bet(bet.id)).toEqual({
      user_id: player.userId,
      wallet: "coins",
      kind: "Parlay",
      status: "open",
      stake: 70,
      to_win: bet.toWin,
    });
    expect(await d1Legs(bet.id)).toEqual(
      picks.map((p, i) => ({ leg_index: i, event_id: p.eventId, market: p.market, side: p.side, price_am: p.priceAm, result: null })),
    );
    const balances = await env.DB.prepare("SELECT coin_balance FROM wallet_balances WHERE user_id = ?").bind(player.userId).first();
    expect(balances).toEqual({ coin_balance: 4930 });
  });

  it("keeps the change in the outbox when D1 fails and lands it when the alarm retries", async () => {
    const player = await signIn();
    const stub = getUserWallet(env, player.userId);
    await stub.getBalances(player.userId, Date.now());
    const leg = {
      ...pickOf(events[0]!, "Moneyline", "Away"),
      home: events[0]!.home,
      away: events[0]!.away,
      startTime: events[0]!.startTime,
    };

    const betId = await runInDurableObject(stub, async (wallet: UserWallet) => {
      d1Down = true;
      const realDb = env.DB;
      const flakyDb = new Proxy(realDb, {
        get(target, prop) {
          if (prop === "batch" && d1Down) {
            return async () => {
              throw new Error("D1 is unavailable");
            };
          }
          const value = Reflect.get(target, prop);
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      const holder = wallet as unknown as { env: Env };
      holder.env = new Proxy(holder.env, { get: (target, prop) => (prop === "DB" ? flakyDb : Reflect.get(target, prop)) });

      const placed = await wallet.placeBets(
        player.userId,
        { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: "coins", amount: 15, legs: [leg] },
        Date.now(),
      );
      if (!placed.ok) throw new Error(sentenceOf(placed));
      await wallet.flushOutbox();
      return placed.response.bets[0]!.id;
    });

    expect(await d1Bet(betId)).toBeNull();
    const pending = await stub.auditLedger(player.userId, Date.now());
    expect(pending.pendingOutbox).toBeGreaterThan(0);

    d1Down = false;
    expect(await ringAlarm(stub)).toBe(true);
    expect(await d1Bet(betId)).toMatchObject({ status: "open", stake: 15 });
    expect(await d1Legs(betId)).toHaveLength(1);
    expect((await stub.auditLedger(player.userId, Date.now())).pendingOutbox).toBe(0);
  });

  it("lands a burst of ten-leg parlays completely, packed into bounded D1 batches", async () => {
    const player = await signIn();
    const stub = getUserWallet(env, player.userId);
    const legs = (await openEvents(10))
      .slice(0, 10)
      .map((e) => ({ ...pickOf(e, "Moneyline", "Home"), home: e.home, away: e.away, startTime: e.startTime }));
    const ids = await runInDurableObject(stub, async (wallet: UserWallet) => {
      const placed: string[] = [];
      for (let i = 0; i < 12; i++) {
        const result = await wallet.placeBets(
          player.userId,
          { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Parlay", wallet: "coins", amount: 1, legs },
          Date.now(),
        );
        if (!result.ok) throw new Error(sentenceOf(result));
        placed.push(result.response.bets[0]!.id);
      }
      await wallet.flushOutbox();
      return placed;
    });
    const legRows = await env.DB.prepare(`SELECT COUNT(*) AS n FROM bet_legs WHERE user_id = ?`).bind(player.userId).first<{ n: number }>();
    expect(legRows?.n).toBe(120);
    for (const id of ids) expect(await d1Bet(id)).toMatchObject({ kind: "Parlay", stake: 1 });
    const balances = await env.DB.prepare("SELECT coin_balance FROM wallet_balances WHERE user_id = ?").bind(player.userId).first();
    expect(balances).toEqual({ coin_balance: 5000 - 12 });
    expect((await stub.auditLedger(player.userId, Date.now())).pendingOutbox).toBe(0);
  });

  it("never moves a projection backwards when an old outbox row is replayed", async () => {
    const player = await signIn();
    const res = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 10,
      picks: [pickOf(events[1]!, "Moneyline", "Home")],
    });
    const bet = ((await res.json()) as PlaceBetResponse).bets[0]!;
    const stub = getUserWallet(env, player.userId);
    await runInDurableObject(stub, (wallet: UserWallet) => wallet.flushOutbox());
    await env.DB.prepare("UPDATE bets SET version = 5, status = 'settled' WHERE id = ?").bind(bet.id).run();
    await runInDurableObject(stub, async (wallet: UserWallet, state) => {
      state.storage.sql.exec(
        "INSERT INTO outbox (topic, payload, created_at) VALUES ('bet', ?, ?)",
        JSON.stringify({ userId: player.userId, bet, version: 1 }),
        Date.now(),
      );
      await wallet.flushOutbox();
    });
    expect(await d1Bet(bet.id)).toMatchObject({ status: "settled" });
  });
});
