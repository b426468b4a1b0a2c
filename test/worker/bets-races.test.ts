// Races a real player could cause: many tabs or scripts betting at once against one
// wallet, and one confirmed slip retried while the first attempt is still in flight.
import { runInDurableObject } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { PlaceBetResponse } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { slipIdFor } from "../../worker/bets/bets-routes";
import { sha256Hex } from "../../worker/digest";
import { exposureObject, reserveExposure } from "../../worker/exposure/reserve";
import { tunables } from "../../worker/tunables";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { signIn } from "./helpers";
import { leg } from "./settlement-fixtures";

const DAY = 24 * 60 * 60 * 1000;

let events: Event[];
beforeAll(async () => {
  events = await openEvents(4);
});

describe("concurrent bets against one wallet", () => {
  it("accepts exactly ⌊balance / stake⌋ of 200 simultaneous bets and keeps the ledger equal to the balance", async () => {
    const player = await signIn();
    const stake = 30;
    const pick = pickOf(events[0]!, "Moneyline", "Home");
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => placeBet(player.token, { kind: "Singles", wallet: "coins", amount: stake, picks: [pick] })),
    );
    const statuses = responses.map((r) => r.status);
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted).toBe(Math.floor(5000 / stake));
    expect(statuses.filter((s) => s !== 200).every((s) => s === 400)).toBe(true);
    const refused = await Promise.all(
      responses.filter((r) => r.status === 400).map((r) => r.json() as Promise<{ error: { message: string } }>),
    );
    expect(new Set(refused.map((r) => r.error.message))).toEqual(new Set(["Not enough balance."]));

    const wallet = getUserWallet(env, player.userId);
    const audit = await wallet.auditLedger(player.userId, Date.now());
    expect(audit.coins.balance).toBe(5000 - accepted * stake);
    expect(audit.coins.ledgerSum).toBe(audit.coins.balance);
    const bets = await wallet.listBets(player.userId, { limit: 100 }, Date.now());
    const more = await wallet.listBets(player.userId, { limit: 100, before: bets.next! }, Date.now());
    expect(bets.bets.length + more.bets.length).toBe(accepted);
  });

  it("debits once when the same Idempotency-Key arrives five times at once, and answers each with the first result", async () => {
    const player = await signIn();
    const key = crypto.randomUUID();
    const body = {
      kind: "Parlay",
      wallet: "coins",
      amount: 200,
      picks: [pickOf(events[0]!, "Total", "Over"), pickOf(events[1]!, "Moneyline", "Away")],
    };
    const responses = await Promise.all(Array.from({ length: 5 }, () => placeBet(player.token, body, key)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as PlaceBetResponse[];
    expect(new Set(bodies.map((b) => b.bets[0]!.id)).size).toBe(1);
    expect(bodies.every((b) => b.balances.coinBalance === 4800)).toBe(true);
    expect(responses.filter((r) => r.headers.get("Idempotent-Replayed") === "true")).toHaveLength(4);

    const ledger = await getUserWallet(env, player.userId).getLedger(player.userId, Date.now());
    expect(ledger.filter((row) => row.reason === "bet_stake")).toHaveLength(1);

    const later = await placeBet(player.token, body, key);
    expect(((await later.json()) as PlaceBetResponse).bets[0]!.id).toBe(bodies[0]!.bets[0]!.id);
  });

  it("replays the first answer even when the slip would now be refused, and refuses the key for another slip", async () => {
    const player = await signIn();
    const key = crypto.randomUUID();
    const pick = pickOf(events[0]!, "Moneyline", "Home");
    const body = { kind: "Singles", wallet: "coins", amount: 5000, picks: [pick] };
    expect((await placeBet(player.token, body, key)).status).toBe(200);
    const replay = await placeBet(player.token, body, key);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as PlaceBetResponse).balances.coinBalance).toBe(0);

    const other = await placeBet(player.token, { ...body, amount: 1 }, key);
    expect(other.status).toBe(422);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe("idempotency-key-reused");
  });

  it("keeps a key's answer for seven days: the wallet's alarm then forgets it, and the key places anew", async () => {
    const player = await signIn();
    const stale = crypto.randomUUID();
    const fresh = crypto.randomUUID();
    const body = { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(events[0]!, "Moneyline", "Home")] };
    expect((await placeBet(player.token, body, stale)).status).toBe(200);
    expect((await placeBet(player.token, body, fresh)).status).toBe(200);
    const wallet = getUserWallet(env, player.userId);
    // The first answer was given eight days ago; the second a moment ago.
    await runInDurableObject(wallet, (_instance: UserWallet, state) => {
      state.storage.sql.exec("UPDATE idempotency SET created_at = ? WHERE key = ?", Date.now() - 8 * DAY, `placeBet:${stale}`);
    });
    await wallet.flushOutbox();
    expect(await ringAlarm(wallet)).toBe(true);

    const again = await placeBet(player.token, body, fresh);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    const anew = await placeBet(player.token, body, stale);
    expect(anew.status).toBe(200);
    expect(anew.headers.get("Idempotent-Replayed")).toBeNull();
    const stakes = (await wallet.getLedger(player.userId, Date.now())).filter((row) => row.reason === "bet_stake");
    expect(stakes).toHaveLength(3);
  });
});

describe("one Idempotency-Key, two slips", () => {
  /** The house's result in Coins if the home side of `event`'s moneyline wins, from the game's object. */
  async function homeResult(event: Event): Promise<number> {
    const view = await exposureObject(env, event.sport, event.eventId).view(Date.now());
    const market = view.coins.markets.find((m) => m.market === "Moneyline");
    return market ? (market.payouts.Home ?? 0) - market.stakes : 0;
  }

  it("a second slip under a key whose first slip still holds a reservation is judged against the house's limit on its own", async () => {
    const player = await signIn();
    const event = events[0]!;
    const pick = pickOf(event, "Moneyline", "Home");
    const key = crypto.randomUUID();
    const rules = tunables(env);
    // The first slip under the key is still in flight: its reservation leaves the market
    // one unit short of the house's Coins limit (+150 adds 1.5 per unit of stake).
    const firstHash = await sha256Hex(JSON.stringify({ kind: "Singles", wallet: "coins", amount: 1, picks: [pick] }));
    const held = await reserveExposure(
      env,
      rules,
      {
        slipId: await slipIdFor(player.userId, key, firstHash),
        kind: "Singles",
        wallet: "coins",
        stake: Math.floor((rules.MAX_COINS_EXPOSURE - 1 - (await homeResult(event))) / 1.5),
        legs: [leg({ eventId: event.eventId, league: event.sport, side: "Home", priceAm: 150, home: event.home, away: event.away })],
        sameGame: [],
      },
      Date.now(),
    );
    expect(held).toMatchObject({ ok: true });
    // Another slip under the same key, whose payout crosses what is left.
    const second = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 100, picks: [pick] }, key);
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { code: string } }).error.code).toMatch(/^exposure-(full|limit)$/);
    const balances = await getUserWallet(env, player.userId).getBalances(player.userId, Date.now());
    expect(balances.coinBalance).toBe(5000);
  });

  it("a key reused for another slip is refused and holds nothing back from other players", async () => {
    const player = await signIn();
    // The first slip on one game; the other, under the same key, on a game nobody else in this file bets on.
    const [first, other] = [events[2]!, events[3]!];
    const key = crypto.randomUUID();
    const placed = await placeBet(
      player.token,
      { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(first, "Moneyline", "Home")] },
      key,
    );
    expect(placed.status).toBe(200);
    const reused = await placeBet(
      player.token,
      { kind: "Singles", wallet: "coins", amount: 4_000, picks: [pickOf(other, "Moneyline", "Away")] },
      key,
    );
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as { error: { code: string } }).error.code).toBe("idempotency-key-reused");
    expect((await exposureObject(env, other.sport, other.eventId).view(Date.now())).reserved).toBe(0);
  });
});
