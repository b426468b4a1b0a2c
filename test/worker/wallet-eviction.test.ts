// A wallet is a Durable Object, and the platform evicts an idle one (its instance and
// everything in memory go; its SQLite storage and alarm stay). A player must find the
// same balance, ledger and open bets afterwards, a retried request must still be
// answered from its first result, and the bets the outbox had not yet written to D1 must
// still get there on the alarm.
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { BetsPage, PlaceBetRequest, PlaceBetResponse } from "../../src/shared/schemas/bets";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, signIn, type SignedIn } from "./helpers";
import { expectLedgerBalanced, wallet } from "./settlement-fixtures";

/** What the player sees of a wallet (balances, bets) and its ledger. */
async function seen(player: SignedIn) {
  const stub = wallet(player.userId);
  const me = (await (await api("/api/me", { token: player.token })).json()) as { coinBalance: number; vantageCash: number };
  const { bets } = (await (await api("/api/bets", { token: player.token })).json()) as BetsPage;
  return {
    coins: me.coinBalance,
    cash: me.vantageCash,
    bets: bets.map((b) => ({ id: b.id, status: b.status, stake: b.stake, toWin: b.toWin })),
    ledger: await stub.getLedger(player.userId, Date.now()),
  };
}

describe("a wallet evicted from memory", () => {
  it("keeps its balance, ledger and open bets, answers a retried bet from its first result, and still projects to D1", async () => {
    const player = await signIn();
    const stub = wallet(player.userId);
    const [a, b] = await openEvents(2);
    const bought = await stub.creditPurchase(
      player.userId,
      { checkoutSessionId: `cs_evict_${crypto.randomUUID()}`, amountCents: 4999, cashPlaythrough: 0 },
      Date.now(),
    );
    expect(bought.ok).toBe(true);
    const single: PlaceBetRequest = { kind: "Singles", wallet: "coins", amount: 120, picks: [pickOf(a!, "Moneyline", "Home")] };
    const key = crypto.randomUUID();
    const placed = await placeBet(player.token, single, key);
    expect(placed.status).toBe(200);
    const first = (await placed.json()) as PlaceBetResponse;
    const parlay = await placeBet(player.token, {
      kind: "Parlay",
      wallet: "cash",
      amount: 3, // Vantage Cash, in whole units
      picks: [pickOf(a!, "Total", "Over"), pickOf(b!, "Spread", "Away")],
    });
    expect(parlay.status).toBe(200);

    const before = await seen(player);
    expect([before.coins, before.cash]).toEqual([5000 + 50_000 - 120, 4_900 - 300]);
    expect(before.bets).toHaveLength(2);
    expect(before.bets.every((bet) => bet.status === "open")).toBe(true);
    expect(before.ledger.length).toBeGreaterThanOrEqual(4);

    const instanceBefore = await runInDurableObject(stub, (instance) => instance);
    expect(await runInDurableObject(stub, (instance) => instance === instanceBefore)).toBe(true);
    await evictDurableObject(stub);
    expect(await runInDurableObject(stub, (instance) => instance === instanceBefore), "a fresh instance").toBe(false);

    expect(await seen(player)).toEqual(before);
    await expectLedgerBalanced(player.userId);
    // The same Idempotency-Key after eviction: the first answer again, charged once.
    const retried = await placeBet(player.token, single, key);
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as PlaceBetResponse).bets.map((bet) => bet.id)).toEqual(first.bets.map((bet) => bet.id));
    expect(await seen(player)).toEqual(before);

    // The alarm set before eviction writes what the outbox still held to D1 (unless it
    // rang already: then the outbox is empty either way).
    await vi.waitUntil(async () => (await ringAlarm(stub)) || (await stub.auditLedger(player.userId, Date.now())).pendingOutbox === 0, {
      timeout: 20_000,
      interval: 10,
    });
    expect((await stub.auditLedger(player.userId, Date.now())).pendingOutbox).toBe(0);
    const projected = await env.DB.prepare("SELECT id, status FROM bets WHERE user_id = ?").bind(player.userId).all<{ id: string }>();
    const byId = (x: { id: string }, y: { id: string }) => (x.id < y.id ? -1 : 1);
    expect(projected.results.sort(byId)).toEqual(before.bets.map((bet) => ({ id: bet.id, status: "open" })).sort(byId));
  });
});
