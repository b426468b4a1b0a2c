// POST /api/placeBet and GET /api/bets as a player meets them: bets placed at the board's
// prices, each refusal with its message and nothing debited, stale prices answered with
// the current ones, and one player's money out of another's reach.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { toWinFor } from "../../src/shared/payout";
import type { BetsPage, PlaceBetResponse, PriceChangedDetails } from "../../src/shared/schemas/bets";
import type { Event } from "../../src/shared/schemas/events";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, signIn } from "./helpers";

let events: Event[];
beforeAll(async () => {
  events = await openEvents(3);
});

async function balances(token: string) {
  const res = await api("/api/me", { token });
  return (await res.json()) as { coinBalance: number; vantageCash: number };
}

async function errorOf(res: Response) {
  return ((await res.json()) as { error: { code: string; message: string; details?: unknown } }).error;
}

describe("placing bets", () => {
  it("places Singles as one bet per pick, debits amount × picks and lists them newest first", async () => {
    const player = await signIn();
    const [a, b] = [events[0]!, events[1]!];
    const picks = [pickOf(a, "Moneyline", "Home"), pickOf(b, "Total", "Over")];
    const res = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 25, picks });
    expect(res.status).toBe(200);
    const body = (await res.json()) as PlaceBetResponse;
    expect(body.bets).toHaveLength(2);
    expect(body.balances.coinBalance).toBe(5000 - 50);
    expect(body.bets.map((bet) => [bet.kind, bet.stake, bet.status, bet.legs.length])).toEqual([
      ["Singles", 25, "open", 1],
      ["Singles", 25, "open", 1],
    ]);
    expect(body.bets[0]!.toWin).toBe(toWinFor(25, [picks[0]!.priceAm]));
    expect(body.bets[0]!.legs[0]).toMatchObject({ eventId: a.eventId, home: a.home, away: a.away, startTime: a.startTime });
    expect((await balances(player.token)).coinBalance).toBe(4950);

    const list = (await (await api("/api/bets?wallet=coins&status=open", { token: player.token })).json()) as BetsPage;
    expect(list.bets.map((bet) => bet.id).sort()).toEqual(body.bets.map((bet) => bet.id).sort());
  });

  it("places a Parlay as one bet over every leg with the house's to-win", async () => {
    const player = await signIn();
    const picks = [pickOf(events[0]!, "Spread", "Away"), pickOf(events[1]!, "Moneyline", "Away"), pickOf(events[2]!, "Total", "Under")];
    const res = await placeBet(player.token, { kind: "Parlay", wallet: "coins", amount: 100, picks });
    expect(res.status).toBe(200);
    const { bets, balances: after } = (await res.json()) as PlaceBetResponse;
    expect(bets).toHaveLength(1);
    expect(bets[0]).toMatchObject({
      kind: "Parlay",
      stake: 100,
      toWin: toWinFor(
        100,
        picks.map((p) => p.priceAm),
      ),
      payoutPaid: 0,
    });
    expect(bets[0]!.legs.map((l) => [l.market, l.side, l.line])).toEqual(picks.map((p) => [p.market, p.side, p.line]));
    expect(bets[0]!.legResults).toEqual([null, null, null]);
    expect(after.coinBalance).toBe(4900);
  });

  it("pages GET /api/bets newest first with a cursor and filters by wallet and status", async () => {
    const player = await signIn();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await placeBet(player.token, {
        kind: "Singles",
        wallet: "coins",
        amount: 1 + i,
        picks: [pickOf(events[i]!, "Moneyline", "Home")],
      });
      ids.push(((await res.json()) as PlaceBetResponse).bets[0]!.id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const first = (await (await api("/api/bets?limit=2", { token: player.token })).json()) as BetsPage;
    expect(first.bets.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await (await api(`/api/bets?limit=2&cursor=${first.nextCursor}`, { token: player.token })).json()) as BetsPage;
    expect(second).toEqual({ bets: [expect.objectContaining({ id: ids[0] })], nextCursor: null });
    expect(((await (await api("/api/bets?wallet=cash", { token: player.token })).json()) as BetsPage).bets).toEqual([]);
    expect(((await (await api("/api/bets?status=settled", { token: player.token })).json()) as BetsPage).bets).toEqual([]);
    expect((await api("/api/bets?cursor=nonsense", { token: player.token })).status).toBe(400);
    expect((await api("/api/bets?limit=1000", { token: player.token })).status).toBe(400);
    expect((await api("/api/bets")).status).toBe(401);
  });
});

describe("refusals change nothing and say why", () => {
  const spec = [
    ["no selection", () => ({ kind: "Singles", wallet: "coins", amount: 10, picks: [] }), "Add at least one selection."],
    [
      "zero amount",
      () => ({ kind: "Singles", wallet: "coins", amount: 0, picks: [pickOf(events[0]!, "Moneyline", "Home")] }),
      "Enter a valid amount.",
    ],
    [
      "negative amount",
      () => ({ kind: "Singles", wallet: "coins", amount: -5, picks: [pickOf(events[0]!, "Moneyline", "Home")] }),
      "Enter a valid amount.",
    ],
    [
      "a game that is not on the board",
      () => ({
        kind: "Singles",
        wallet: "coins",
        amount: 10,
        picks: [{ ...pickOf(events[0]!, "Moneyline", "Home"), eventId: "no-such-game" }],
      }),
      "One or more selections are locked.",
    ],
    [
      "more than the balance",
      () => ({
        kind: "Singles",
        wallet: "coins",
        amount: 2501,
        picks: [pickOf(events[0]!, "Moneyline", "Home"), pickOf(events[1]!, "Moneyline", "Home")],
      }),
      "Not enough balance.",
    ],
    [
      "Vantage Cash the player does not have",
      () => ({ kind: "Singles", wallet: "cash", amount: 1, picks: [pickOf(events[0]!, "Moneyline", "Home")] }),
      "Not enough balance.",
    ],
    [
      "a fractional Coin",
      () => ({ kind: "Singles", wallet: "coins", amount: 10.5, picks: [pickOf(events[0]!, "Moneyline", "Home")] }),
      "Invalid stake.",
    ],
    [
      "a one-leg parlay",
      () => ({ kind: "Parlay", wallet: "coins", amount: 10, picks: [pickOf(events[0]!, "Moneyline", "Home")] }),
      "A parlay needs 2 to 10 selections.",
    ],
    [
      "Moneyline and Spread on one team",
      () => ({
        kind: "Parlay",
        wallet: "coins",
        amount: 10,
        picks: [pickOf(events[0]!, "Moneyline", "Home"), pickOf(events[0]!, "Spread", "Home")],
      }),
      "Can’t add Moneyline and Spread for the same team.",
    ],
    [
      "both sides of one market",
      () => ({
        kind: "Singles",
        wallet: "coins",
        amount: 10,
        picks: [pickOf(events[0]!, "Total", "Over"), pickOf(events[0]!, "Total", "Under")],
      }),
      "Only one selection per game and market.",
    ],
  ] as const;

  it.each(spec)("refuses %s with its message", async (_name, body, message) => {
    const player = await signIn();
    const res = await placeBet(player.token, body());
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(message);
    expect(await balances(player.token)).toMatchObject({ coinBalance: 5000, vantageCash: 0 });
    const list = (await (await api("/api/bets", { token: player.token })).json()) as BetsPage;
    expect(list.bets).toEqual([]);
  });

  it("checks in the spec's order: no selection before the amount, the amount before the balance", async () => {
    const player = await signIn();
    expect((await errorOf(await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 0, picks: [] }))).message).toBe(
      "Add at least one selection.",
    );
    const badGame = { ...pickOf(events[0]!, "Moneyline", "Home"), eventId: "gone" };
    expect((await errorOf(await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 0, picks: [badGame] }))).message).toBe(
      "Enter a valid amount.",
    );
    expect(
      (await errorOf(await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 99999, picks: [badGame] }))).message,
    ).toBe("One or more selections are locked.");
  });

  it("requires a bounded Idempotency-Key and a well-formed body", async () => {
    const player = await signIn();
    const body = { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(events[0]!, "Moneyline", "Home")] };
    const missing = await placeBet(player.token, body, null);
    expect(missing.status).toBe(400);
    expect((await errorOf(missing)).code).toBe("idempotency-key-required");
    expect((await placeBet(player.token, body, "x".repeat(129))).status).toBe(400);
    expect((await placeBet(player.token, { ...body, wallet: "gold" })).status).toBe(400);
    expect((await placeBet(player.token, { ...body, picks: Array.from({ length: 21 }, () => body.picks[0]) })).status).toBe(400);
    expect((await placeBet("", body)).status).toBe(401);
    expect((await balances(player.token)).coinBalance).toBe(5000);
  });
});

describe("prices are the server's", () => {
  it("answers 409 price-changed with the current prices when a price moved", async () => {
    const player = await signIn();
    const good = pickOf(events[0]!, "Moneyline", "Home");
    const moved = { ...good, priceAm: good.priceAm > 0 ? good.priceAm + 15 : good.priceAm - 15 };
    const res = await placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [moved] });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("price-changed");
    expect((error.details as PriceChangedDetails).picks).toEqual([
      { eventId: good.eventId, market: "Moneyline", side: "Home", priceAm: good.priceAm, line: null, locked: false },
    ]);
    expect((await balances(player.token)).coinBalance).toBe(5000);
  });

  it("answers 409 when a line moved, and accepts the slip once updated", async () => {
    const player = await signIn();
    const good = pickOf(events[1]!, "Spread", "Home");
    const res = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 10,
      picks: [{ ...good, line: (good.line ?? 0) + 0.5 }],
    });
    expect(res.status).toBe(409);
    const current = ((await errorOf(res)).details as PriceChangedDetails).picks[0]!;
    expect(current.line).toBe(good.line);
    const retry = await placeBet(player.token, {
      kind: "Singles",
      wallet: "coins",
      amount: 10,
      picks: [{ ...good, line: current.line, priceAm: current.priceAm! }],
    });
    expect(retry.status).toBe(200);
  });
});

describe("one player's money is out of another's reach", () => {
  it("never lists, debits or replays across players", async () => {
    const alice = await signIn();
    const bob = await signIn();
    const key = crypto.randomUUID();
    const body = { kind: "Singles", wallet: "coins", amount: 40, picks: [pickOf(events[0]!, "Moneyline", "Away")] };
    const placed = (await (await placeBet(alice.token, body, key)).json()) as PlaceBetResponse;

    const bobList = (await (await api("/api/bets", { token: bob.token })).json()) as BetsPage;
    expect(bobList.bets).toEqual([]);

    const bobRes = await placeBet(bob.token, { ...body, userId: alice.userId }, key);
    expect(bobRes.status).toBe(200);
    const bobBody = (await bobRes.json()) as PlaceBetResponse;
    expect(bobBody.bets[0]!.id).not.toBe(placed.bets[0]!.id);

    expect((await balances(alice.token)).coinBalance).toBe(4960);
    expect((await balances(bob.token)).coinBalance).toBe(4960);
    const aliceLedger = await getUserWallet(env, alice.userId).getLedger(alice.userId, Date.now());
    expect(aliceLedger.filter((row) => row.reason === "bet_stake")).toHaveLength(1);
  });
});
