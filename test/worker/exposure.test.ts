// The house's exposure per game (worker/exposure/): what each game's object holds equals a
// brute-force sum over the bets on it, as bets are placed, cashed out and settled; the
// per-market cash limit refuses the bet that would cross it (naming the stake that fits)
// and holds under 50 reservations at once on one game's object (the bet path reserves
// exactly so before its wallet commits); an operator suspends a market from the Risk view,
// and a bet through the route is then refused. A reservation outlives the object's restart,
// and bets the object was never told of (placed before it existed) join it from D1.
import { runInDurableObject } from "cloudflare:test";
import { ringAlarm } from "./ring-alarm";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { sentenceOf } from "../../src/shared/refusals";
import type { BetDocument } from "../../src/shared/schemas/bets";
import { EventListSchema } from "../../src/shared/schemas/events";
import { type GameExposureView, GameExposureViewSchema, RiskListSchema } from "../../src/shared/schemas/risk";
import { tunables } from "../../worker/tunables";
import { pickOf as marketPick } from "../../worker/exposure/book";
import { GameExposure } from "../../worker/exposure/game-exposure-object";
import { relayBetsToExposure } from "../../worker/exposure/relay";
import { askEveryGame, exposureObject, reserveExposure } from "../../worker/exposure/reserve";
import { NO_PROJECTORS, projectionStatements } from "../../worker/wallet/projection";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf } from "./bets-helpers";
import { api, postJson, signIn, type SignedIn } from "./helpers";
import { buyCash } from "./payout-helpers";
import { drainOutboxNow, leg, newEventId, openBet } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SPORT = "soccer_usa_mls";

/** Each market's result per selection and stakes, summed bet by bet over what is open of each on `eventId`. */
function bruteForce(bets: readonly BetDocument[], eventId: string, currency: "cash" | "coins") {
  const markets = new Map<string, { stakes: number; payouts: Record<string, number> }>();
  for (const bet of bets) {
    if (bet.wallet !== currency || bet.status !== "open") continue;
    const open = bet.legs.filter((l, i) => l.eventId === eventId && bet.legResults[i] === null);
    const stake = bet.stake - (bet.cashOut?.stake ?? 0);
    if (open.length === 0 || stake <= 0) continue;
    const payout = Math.floor(((bet.stake + bet.toWin) * stake) / bet.stake);
    for (const l of open) {
      const { market, selection } = marketPick(l);
      const m = markets.get(market) ?? { stakes: 0, payouts: {} };
      m.stakes += stake;
      m.payouts[selection] = (m.payouts[selection] ?? 0) + payout;
      markets.set(market, m);
    }
  }
  return markets;
}

function expectBookMatches(view: GameExposureView, bets: readonly BetDocument[], eventId: string) {
  for (const currency of ["cash", "coins"] as const) {
    const expected = bruteForce(bets, eventId, currency);
    const shown = view[currency].markets;
    expect(shown.map((m) => m.market).sort()).toEqual([...expected.keys()].sort());
    for (const m of shown) {
      const e = expected.get(m.market)!;
      expect(m.stakes).toBe(e.stakes);
      expect(m.payouts).toEqual(e.payouts);
      expect(m.worst).toBe(Math.max(-e.stakes, ...Object.values(e.payouts).map((p) => p - e.stakes)));
    }
  }
}

const relay = (bets: BetDocument[]) =>
  relayBetsToExposure(
    env,
    bets.map((bet) => ({ userId: "user-relay", bet })),
    Date.now(),
  );

describe("a game's exposure as bets come and go", () => {
  it("equals a brute-force sum over singles, parlays, same-game blocks, props, cash-outs and settlement", async () => {
    const game = newEventId();
    const other = newEventId();
    const on = (overrides: Parameters<typeof leg>[0]) => leg({ league: SPORT, ...overrides });
    const bets: BetDocument[] = [
      openBet([on({ eventId: game, side: "Home", priceAm: 150 })], { stake: 2_000, wallet: "cash" }),
      openBet([on({ eventId: game, side: "Draw", priceAm: 240 })], { stake: 1_000, wallet: "cash" }),
      openBet([on({ eventId: game, market: "Total", side: "Over", line: 2.5, priceAm: -110 })], { stake: 5_000, wallet: "cash" }),
      // A parlay across two games counts its whole payout on each of its picks here.
      openBet([on({ eventId: game, side: "Away", priceAm: 200 }), on({ eventId: other, side: "Home", priceAm: -150 })], {
        stake: 700,
        wallet: "cash",
      }),
      // A same-game block: two picks on this game in one bet.
      {
        ...openBet(
          [
            on({ eventId: game, side: "Home", priceAm: 150 }),
            on({ eventId: game, market: "Total", side: "Over", line: 2.5, priceAm: -110 }),
          ],
          {
            stake: 400,
            wallet: "cash",
          },
        ),
      },
      // A player's market.
      openBet(
        [
          on({
            eventId: game,
            market: "Prop",
            side: "Yes",
            prop: { playerId: "p-9", player: "Lionel Messi", marketKey: "player_goal_scorer_anytime", label: "Anytime goalscorer" },
          }),
        ],
        { stake: 300, wallet: "cash" },
      ),
      openBet([on({ eventId: game, side: "Away", priceAm: 200 })], { stake: 50_000, wallet: "coins" }),
    ];
    await relay(bets);
    const book = exposureObject(env, SPORT, game);
    let view = GameExposureViewSchema.parse(await book.view(Date.now()));
    expectBookMatches(view, bets, game);
    expect(view.cash.positions).toBe(6);
    expect(view.suspended).toEqual([]);
    // The prop is named as the console shows it.
    expect(view.cash.markets.find((m) => m.market.startsWith("Prop:"))?.label).toBe("Lionel Messi Anytime goalscorer");

    // A partial cash-out keeps the rest open; a full one and a settled bet leave; the
    // parlay's other game settling leaves it whole here.
    bets[0] = { ...bets[0]!, cashOut: { stake: 800, paid: 900 } };
    bets[1] = { ...bets[1]!, status: "settled", result: "cashed_out", cashOut: { stake: 1_000, paid: 700 }, settledAt: Date.now() };
    bets[2] = { ...bets[2]!, status: "settled", result: "loss", legResults: ["loss"], settledAt: Date.now() };
    bets[3] = { ...bets[3]!, legResults: [null, "win"] };
    await relay(bets);
    view = GameExposureViewSchema.parse(await book.view(Date.now()));
    expectBookMatches(view, bets, game);
    expect(view.cash.positions).toBe(4);

    // The game settles: nothing is left on it, and the parlay is gone from the other game too.
    const settled = bets.map((b) => ({
      ...b,
      status: "settled" as const,
      result: "loss" as const,
      legResults: b.legs.map(() => "loss" as const),
    }));
    await relay(settled);
    view = GameExposureViewSchema.parse(await book.view(Date.now()));
    expect(view.cash.markets).toEqual([]);
    expect(view.coins.markets).toEqual([]);
    expect((await exposureObject(env, SPORT, other).view(Date.now())).cash.positions).toBe(0);

    // A row relayed again after the bet left (a replayed drain) does not bring it back.
    await relay([bets[0]!]);
    expect((await book.view(Date.now())).cash.positions).toBe(0);
  });

  it("a reservation no placement confirms lapses after EXPOSURE_HOLD_SECONDS", async () => {
    const game = newEventId();
    const book = exposureObject(env, SPORT, game);
    const now = Date.now();
    const answer = await book.reserve(
      {
        slipId: "slip-of-a-lost-request",
        game: { eventId: game, sport: SPORT, home: "A", away: "B", startTime: new Date(now).toISOString() },
        positions: [
          { bet: 0, perStake: 2.5, currency: "cash", stake: 1_000, payout: 2_500, picks: [{ market: "Moneyline", selection: "Home" }] },
        ],
        limit: 1_000_000,
      },
      now,
    );
    expect(answer).toEqual({ ok: true });
    expect((await book.view(now)).reserved).toBe(1);
    expect((await book.view(now)).cash.markets[0]?.payouts).toEqual({ Home: 2_500 });
    const lapsed = await book.view(now + tunables(env).EXPOSURE_HOLD_SECONDS * 1000 + 1);
    expect(lapsed.reserved).toBe(0);
    expect(lapsed.cash.markets).toEqual([]);
  });

  it("a reservation outlives the object's restart, and its release then still frees it", async () => {
    const game = newEventId();
    const now = Date.now();
    const input = {
      slipId: "slip-across-a-restart",
      game: { eventId: game, sport: SPORT, home: "A", away: "B", startTime: new Date(now).toISOString() },
      positions: [
        {
          bet: 0,
          perStake: 2.5,
          currency: "cash" as const,
          stake: 1_000,
          payout: 2_500,
          picks: [{ market: "Moneyline", selection: "Home" }],
        },
      ],
      limit: 1_000_000,
    };
    const stub = exposureObject(env, SPORT, game);
    expect(await stub.reserve(input, now)).toEqual({ ok: true });
    await runInDurableObject(stub, async (_object: GameExposure, state) => {
      // A new instance over the same storage, as after an eviction: it knows the reservation.
      const restarted = new GameExposure(state, env);
      await state.blockConcurrencyWhile(async () => {}); // after the constructor's own load
      expect(restarted.view(now).reserved).toBe(1);
      expect(restarted.view(now).cash.markets[0]?.payouts).toEqual({ Home: 2_500 });
      await restarted.release(input.slipId);
      expect(restarted.view(now).reserved).toBe(0);
      expect(restarted.view(now).cash.markets).toEqual([]);
    });
  });
});

describe("bets the object was never told of", () => {
  /** Writes bets to D1 as their wallets' outboxes do, without telling any exposure object. */
  async function projected(bets: readonly BetDocument[]): Promise<void> {
    const rows = bets.flatMap((bet, seq) =>
      projectionStatements(
        env.DB,
        { seq, topic: "bet", payload: JSON.stringify({ userId: "user-before", bet, version: 1 }) },
        NO_PROJECTORS,
      ),
    );
    await env.DB.batch(rows);
  }

  it("joins the game's bets open in D1 before its first call, and holds the limit with them", async () => {
    const game = newEventId();
    const other = newEventId();
    const on = (overrides: Parameters<typeof leg>[0]) => leg({ league: SPORT, ...overrides });
    const home = openBet([on({ eventId: game, side: "Home", priceAm: 150 })], { stake: 2_000, wallet: "cash" });
    const bets: BetDocument[] = [
      home,
      // What a partial cash-out left open counts, not the whole stake.
      {
        ...openBet([on({ eventId: game, side: "Draw", priceAm: 240 })], { stake: 1_000, wallet: "cash" }),
        cashOut: { stake: 400, paid: 350 },
      },
      // A parlay across two games counts on this one too.
      openBet([on({ eventId: game, side: "Away", priceAm: 200 }), on({ eventId: other, side: "Home", priceAm: -150 })], {
        stake: 700,
        wallet: "cash",
      }),
      // Settled bets and bets on other games stay out.
      {
        ...openBet([on({ eventId: game, side: "Home", priceAm: 150 })], { stake: 900, wallet: "cash" }),
        status: "settled",
        result: "loss",
        legResults: ["loss"],
        settledAt: Date.now(),
      },
      openBet([on({ eventId: other, side: "Away", priceAm: 120 })], { stake: 5_000, wallet: "cash" }),
    ];
    await projected(bets);

    // On the moneyline the house has taken 2,000 + 600 + 700 = 3,300 and would pay 5,000 on
    // Home: its result there is 1,700. With a limit of 2,500, a new bet on Home at +150
    // (1.5 more per unit of stake) fits up to 533.
    const rules = { ...tunables(env), MAX_CASH_EXPOSURE_CENTS: 2_500 };
    const slip = (stake: number) => ({
      slipId: crypto.randomUUID(),
      kind: "Singles" as const,
      wallet: "cash" as const,
      stake,
      legs: [on({ eventId: game, side: "Home", priceAm: 150 })],
      sameGame: [],
    });
    const refused = await reserveExposure(env, rules, slip(600), Date.now());
    expect(refused).toEqual({ ok: false, code: "exposure-limit", details: { wallet: "cash", largestStake: 533 } });
    const book = exposureObject(env, SPORT, game);
    const view = GameExposureViewSchema.parse(await book.view(Date.now()));
    expectBookMatches(view, bets, game);
    expect(view.cash.positions).toBe(3);

    // Their wallets' later rows keep them once: the same open bet relayed is not counted twice,
    // and its settlement takes it out.
    await relay([home]);
    expect((await book.view(Date.now())).cash.positions).toBe(3);
    await relay([{ ...home, status: "settled", result: "loss", legResults: ["loss"], settledAt: Date.now() }]);
    expect((await book.view(Date.now())).cash.positions).toBe(2);
  });

  it("refuses a bet on the game, with a sentence, while D1 cannot be read, and takes it once it can", async () => {
    const game = newEventId();
    const slip = {
      slipId: crypto.randomUUID(),
      kind: "Singles" as const,
      wallet: "cash" as const,
      stake: 100,
      legs: [leg({ eventId: game, league: SPORT, side: "Home", priceAm: 150 })],
      sameGame: [],
    };
    const book = exposureObject(env, SPORT, game);
    const failing = {
      prepare: () => {
        throw new Error("D1 is unavailable");
      },
    } as unknown as D1Database;
    // The object reads D1 through its own env: this one's D1 fails.
    await runInDurableObject(book, (instance: GameExposure) => {
      (instance as unknown as { env: Env }).env = { ...env, DB: failing };
    });
    const refused = await reserveExposure(env, tunables(env), slip, Date.now());
    expect(refused).toEqual({ ok: false, code: "exposure-unavailable" });
    if (refused.ok) return;
    expect(sentenceOf(refused)).toBe("The house can’t take bets on this game for a moment. Try again shortly.");
    expect((await book.view(Date.now())).reserved).toBe(0);

    await runInDurableObject(book, (instance: GameExposure) => {
      (instance as unknown as { env: Env }).env = env;
    });
    expect((await reserveExposure(env, tunables(env), slip, Date.now())).ok).toBe(true);
  });
});

describe("the cash limit per market", () => {
  const game = () => newEventId();
  /** A priced cash single on `eventId`'s home moneyline at +150, as the bet path reserves it. */
  const homeAt150 = (eventId: string) => leg({ eventId, league: SPORT, side: "Home", priceAm: 150 });
  const rulesWithLimit = (limit: number) => ({ ...tunables(env), MAX_CASH_EXPOSURE_CENTS: limit });
  const slip = (eventId: string, stake: number, slipId = crypto.randomUUID()) => ({
    slipId,
    kind: "Singles" as const,
    wallet: "cash" as const,
    stake,
    legs: [homeAt150(eventId)],
    sameGame: [],
  });
  /** The house's result on the home moneyline, live from the game's object. */
  async function resultOn(eventId: string): Promise<number> {
    const view = await exposureObject(env, SPORT, eventId).view(Date.now());
    const m = view.cash.markets.find((x) => x.market === "Moneyline");
    return m ? (m.payouts.Home ?? 0) - m.stakes : 0;
  }

  it("refuses the bet that would cross it, naming the largest stake that fits, and takes that stake", async () => {
    const eventId = game();
    // +150 adds 1.5 cents to the house's result per cent of stake: room for 10.00 exactly.
    const limit = 1_500;
    const rules = rulesWithLimit(limit);
    const refused = await reserveExposure(env, rules, slip(eventId, 1_001), Date.now());
    expect(refused).toEqual({ ok: false, code: "exposure-limit", details: { wallet: "cash", largestStake: 1_000 } });
    if (refused.ok) return;
    expect(sentenceOf(refused)).toBe("The house can take at most 10 Vantage Cash per bet on this now. Lower the amount.");
    expect((await exposureObject(env, SPORT, eventId).view(Date.now())).reserved).toBe(0);

    expect((await reserveExposure(env, rules, slip(eventId, 1_000), Date.now())).ok).toBe(true);
    expect(await resultOn(eventId)).toBe(limit);
    // Full: no stake at all fits now, and the refusal says so.
    const full = await reserveExposure(env, rules, slip(eventId, 1), Date.now());
    expect(full).toEqual({ ok: false, code: "exposure-full", details: { market: "Moneyline" } });
    // The other side of the market still takes bets: it only lowers the house's worst.
    const away = { ...slip(eventId, 500), legs: [leg({ eventId, league: SPORT, side: "Away", priceAm: -180 })] };
    expect((await reserveExposure(env, rules, away, Date.now())).ok).toBe(true);
  });

  it("is never crossed by 50 bets reserved at once on one game", async () => {
    const eventId = game();
    // Each 1.00 bet at +150 adds 150 cents: room for exactly 20 of them.
    const rules = rulesWithLimit(20 * 150 + 75);
    const answers = await Promise.all(Array.from({ length: 50 }, () => reserveExposure(env, rules, slip(eventId, 100), Date.now())));
    expect(answers.filter((a) => a.ok)).toHaveLength(20);
    expect(answers.filter((a) => !a.ok).every((a) => !a.ok && (a.code === "exposure-full" || a.code === "exposure-limit"))).toBe(true);
    expect(await resultOn(eventId)).toBe(20 * 150);
  });

  it("refuses a stake past the house's maximum before reserving any room, and says nothing of the room left", async () => {
    const [event] = await openEvents(1);
    const player = await signIn();
    const book = exposureObject(env, event!.sport, event!.eventId);
    const before = await book.view(Date.now());
    const refused = await postJson(
      "/api/placeBet",
      { kind: "Singles", wallet: "cash", amount: 1_000_000, picks: [pickOf(event!, "Moneyline", "Home")] },
      player.token,
      { "Idempotency-Key": crypto.randomUUID() },
    );
    const body = (await refused.json()) as { error: { code: string; details?: unknown } };
    expect(body.error.code).toBe("stake-above-maximum");
    expect(JSON.stringify(body.error.details ?? {})).not.toContain("largestStake");
    const after = await book.view(Date.now());
    expect(after.reserved).toBe(0);
    expect(after.cash).toEqual(before.cash);
  });

  it("a slip the wallet refuses is released, so a retry is not held back by it", async () => {
    const eventId = game();
    const rules = rulesWithLimit(1_500);
    const refusedByWallet = await reserveExposure(env, rules, slip(eventId, 1_000), Date.now());
    if (!refusedByWallet.ok) throw new Error("expected the reservation");
    expect((await exposureObject(env, SPORT, eventId).view(Date.now())).reserved).toBe(1);
    await refusedByWallet.release();
    const view = await exposureObject(env, SPORT, eventId).view(Date.now());
    expect(view.reserved).toBe(0);
    expect(view.cash.markets).toEqual([]);
    expect((await reserveExposure(env, rules, slip(eventId, 1_000), Date.now())).ok).toBe(true);
  });
});

describe("asking every game of a slip or cash-out at once", () => {
  it("releases what the others held when one game's call throws, then passes the error on", async () => {
    const released: number[] = [];
    const calls = [
      async () => ({ ok: true as const }),
      async (): Promise<{ ok: true }> => {
        throw new Error("the game's object was reset");
      },
      async () => ({ ok: false as const }),
      async () => ({ ok: true as const }),
    ];
    await expect(
      askEveryGame<{ ok: boolean }>(calls, async (i) => {
        released.push(i);
      }),
    ).rejects.toThrow("the game's object was reset");
    expect(released.sort()).toEqual([0, 3]);
  });

  it("answers every game's answer, releasing nothing, when none throws", async () => {
    const released: number[] = [];
    const answers = await askEveryGame<{ ok: boolean }>([async () => ({ ok: true }), async () => ({ ok: false })], async (i) => {
      released.push(i);
    });
    expect(answers).toEqual([{ ok: true }, { ok: false }]);
    expect(released).toEqual([]);
  });
});

describe("a bet placed while D1 is down", () => {
  it("is confirmed in its game's book all the same, so it still counts once its reservation's hold is over", async () => {
    // A game no other test here bets on.
    const event = (await openEvents(6))[5]!;
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    await wallet.getBalances(player.userId, Date.now());
    // The player's wallet sees every D1 batch fail (its outbox keeps the D1 copy to retry).
    const setDb = (failing: boolean) =>
      runInDurableObject(wallet, (instance: UserWallet) => {
        const holder = instance as unknown as { env: Env };
        const db = failing
          ? new Proxy(env.DB, {
              get(target, prop) {
                if (prop === "batch") {
                  return async () => {
                    throw new Error("D1 is unavailable");
                  };
                }
                const value = Reflect.get(target, prop);
                return typeof value === "function" ? value.bind(target) : value;
              },
            })
          : env.DB;
        holder.env = { ...env, DB: db } as Env;
      });
    await setDb(true);
    try {
      const book = exposureObject(env, event.sport, event.eventId);
      const before = (await book.view(Date.now())).coins.positions;
      const placed = await postJson(
        "/api/placeBet",
        { kind: "Singles", wallet: "coins", amount: 40, picks: [pickOf(event, "Moneyline", "Home")] },
        player.token,
        { "Idempotency-Key": crypto.randomUUID() },
      );
      expect(placed.status).toBe(200);
      await wallet.flushOutbox();
      expect((await wallet.auditLedger(player.userId, Date.now())).pendingOutbox).toBeGreaterThan(0);

      const afterHold = Date.now() + tunables(env).EXPOSURE_HOLD_SECONDS * 1000 + 1;
      const view = await book.view(afterHold);
      expect(view.reserved).toBe(0);
      expect(view.coins.positions).toBe(before + 1);
    } finally {
      // D1 back: the copy it kept lands.
      await setDb(false);
      await drainOutboxNow(player.userId);
    }
  });
});

describe("the Risk view", () => {
  let admin: SignedIn;
  beforeAll(async () => {
    admin = await signIn(ADMIN_EMAIL, "Operator");
  });

  it("lists the game the crowd bet on first, and an operator suspends one of its markets", async () => {
    // Games the limit tests above did not bet on.
    const [, , , quiet, busy] = await openEvents(5);
    const players = await Promise.all([signIn(), signIn(), signIn()]);
    await Promise.all(players.map((p) => buyCash(p)));
    for (const p of players) {
      const res = await postJson(
        "/api/placeBet",
        { kind: "Singles", wallet: "cash", amount: 20, picks: [pickOf(busy!, "Moneyline", "Home")] },
        p.token,
        {
          "Idempotency-Key": crypto.randomUUID(),
        },
      );
      expect(res.status).toBe(200);
    }
    const one = await postJson(
      "/api/placeBet",
      { kind: "Singles", wallet: "cash", amount: 1, picks: [pickOf(quiet!, "Moneyline", "Home")] },
      players[0]!.token,
      {
        "Idempotency-Key": crypto.randomUUID(),
      },
    );
    expect(one.status).toBe(200);
    // The objects write the console's copy on their alarm.
    for (const event of [quiet!, busy!]) {
      const stub = exposureObject(env, event.sport, event.eventId);
      await ringAlarm(stub);
    }

    const list = RiskListSchema.parse(await (await api("/api/admin/risk", { token: admin.token })).json());
    const ids = list.games.map((g) => g.eventId);
    expect(ids.indexOf(busy!.eventId)).toBeLessThan(ids.indexOf(quiet!.eventId));
    expect(list.games.find((g) => g.eventId === busy!.eventId)?.worstMarket).toBe("Moneyline");
    // The console is hidden from players (the admin routes answer them as unknown).
    expect((await api("/api/admin/risk", { token: players[0]!.token })).status).toBe(404);
    const csv = await api("/api/admin/risk?format=csv", { token: admin.token });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(await csv.text()).toContain(busy!.eventId);

    const suspend = (suspended: boolean) =>
      postJson(
        `/api/admin/risk/${busy!.sport}/${busy!.eventId}/suspend`,
        {
          market: "Moneyline",
          suspended,
          reason: "Crowd on one side",
          game: { home: busy!.home, away: busy!.away, startTime: busy!.startTime },
        },
        admin.token,
      );
    const done = await suspend(true);
    expect(done.status).toBe(200);
    expect(GameExposureViewSchema.parse(await done.json()).suspended.map((s) => s.market)).toEqual(["Moneyline"]);
    // Players see it on the board before they try.
    const boardGame = async () =>
      EventListSchema.parse(await (await api(`/api/events?sport=${busy!.sport}`, { token: players[1]!.token })).json()).find(
        (e) => e.eventId === busy!.eventId,
      );
    expect((await boardGame())?.houseSuspended).toEqual(["Moneyline"]);

    const refused = await postJson(
      "/api/placeBet",
      { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(busy!, "Moneyline", "Away")] },
      players[1]!.token,
      { "Idempotency-Key": crypto.randomUUID() },
    );
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Betting on Moneyline for this game is suspended for now.",
    );
    // The game's other markets still take bets.
    const total = await postJson(
      "/api/placeBet",
      { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(busy!, "Total", "Over")] },
      players[1]!.token,
      {
        "Idempotency-Key": crypto.randomUUID(),
      },
    );
    expect(total.status).toBe(200);

    const audit = await env.DB.prepare("SELECT actor, action, target, reason FROM admin_audit WHERE target = ?")
      .bind(`${busy!.sport}:${busy!.eventId}`)
      .all();
    expect(audit.results).toEqual([
      { actor: ADMIN_EMAIL, action: "market-suspended", target: `${busy!.sport}:${busy!.eventId}`, reason: "Crowd on one side" },
    ]);

    expect((await suspend(false)).status).toBe(200);
    expect((await boardGame())?.houseSuspended).toBeUndefined();
    const again = await postJson(
      "/api/placeBet",
      { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(busy!, "Moneyline", "Away")] },
      players[1]!.token,
      {
        "Idempotency-Key": crypto.randomUUID(),
      },
    );
    expect(again.status).toBe(200);
  });
});
