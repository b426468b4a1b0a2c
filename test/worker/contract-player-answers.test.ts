// The SPA's contract: every answer the SPA reads — sign-in, the user document, the board,
// bets, the bonus, the shop, redemptions, the social pages, the live socket and error
// bodies — matches exactly the schema in src/shared/schemas the SPA parses it with, so a
// field added, dropped or retyped on either side fails here.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { ApiErrorBodySchema } from "../../src/shared/schemas/api-error";
import {
  BetsPageSchema,
  LiveMessageSchema,
  PlaceBetResponseSchema,
  PriceRefusalSchema,
  type PlaceBetRequest,
} from "../../src/shared/schemas/bets";
import { DailyBonusResponseSchema } from "../../src/shared/schemas/bonus";
import { CheckoutOutcomeSchema, CheckoutSessionResponseSchema } from "../../src/shared/schemas/checkout";
import { EventListSchema, SportsInfoSchema } from "../../src/shared/schemas/events";
import {
  ConnectStatusSchema,
  OnboardingLinkSchema,
  WithdrawalListSchema,
  WithdrawalResponseSchema,
} from "../../src/shared/schemas/redemptions";
import { SessionResponseSchema } from "../../src/shared/schemas/session";
import {
  FollowingResponseSchema,
  FollowStateSchema,
  LeaderboardRankResponseSchema,
  LeaderboardResponseSchema,
  PublicProfileSchema,
  ShareResponseSchema,
  SharedPickResponseSchema,
} from "../../src/shared/schemas/social";
import { UserDocumentSchema } from "../../src/shared/schemas/user";
import { ClosesResponseSchema } from "../../src/shared/schemas/clv";
import { ReceiptSchema } from "../../src/shared/schemas/receipts";
import { storeCloses } from "../../worker/clv/closes-store";
import { LIVE_PROTOCOL, LIVE_TOKEN_PREFIX } from "../../src/shared/live-protocol";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { expectAnswer, expectConforms } from "./contract-helpers";
import { api, BASE, mintIdToken, postJson, recordFinal, signIn, type SignedIn, testLegalName } from "./helpers";
import { HOUR, drained, leg, newEventId, openBet, seedBets } from "./settlement-fixtures";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]

const json = (method: string, path: string, token: string, body?: unknown) =>
  api(path, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });

let player: SignedIn;

beforeAll(async () => {
  player = await signIn(`spa-contract-${crypto.randomUUID().slice(0, 8)}@example.com`, "Contract Player");
});

describe("the SPA's contract", () => {
  it("sign-in and refresh answer the session schema", async () => {
    const started = await postJson("/api/auth/session", {
      idToken: await mintIdToken(`spa-session-${crypto.randomUUID().slice(0, 8)}@example.com`),
    });
    const cookie = started.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Host-vantage_rt="))
      ?.split(";")[0];
    await expectAnswer(started, 200, SessionResponseSchema, "POST /api/auth/session");
    expect(cookie).toBeTruthy();
    const refreshed = await api("/api/auth/refresh", { method: "POST", headers: { Cookie: cookie! } });
    await expectAnswer(refreshed, 200, SessionResponseSchema, "POST /api/auth/refresh");
  });

  it("the user document, the board, bets and the bonus answer their schemas", async () => {
    const { token } = player;
    await expectAnswer(await api("/api/me", { token }), 200, UserDocumentSchema, "GET /api/me");
    const handle = `c_${crypto.randomUUID().slice(0, 8)}`;
    await expectAnswer(await json("PATCH", "/api/me", token, { handle }), 200, UserDocumentSchema, "PATCH /api/me");
    await expectAnswer(
      await json("PUT", "/api/me/limits", token, { dailyStakeCoins: 5_000 }),
      200,
      UserDocumentSchema,
      "PUT /api/me/limits",
    );

    const sports = await expectAnswer(await api("/api/sports", { token }), 200, SportsInfoSchema, "GET /api/sports");
    const [event] = await openEvents(1);
    const board = await expectAnswer(
      await api(`/api/events?sport=${event!.sport}&markets=h2h,spreads,totals&regions=us,us2&oddsFormat=american`, { token }),
      200,
      EventListSchema,
      "GET /api/events",
    );
    expect([sports.sports.length > 0, board.length > 0]).toEqual([true, true]);

    const slip: PlaceBetRequest = { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(event!, "Moneyline", "Home")] };
    const placed = await expectAnswer(await placeBet(token, slip), 200, PlaceBetResponseSchema, "POST /api/placeBet");
    expect(placed.bets).toHaveLength(1);
    const moved = { ...slip, picks: slip.picks.map((p) => ({ ...p, priceAm: p.priceAm + 7 })) };
    await expectAnswer(await placeBet(token, moved), 409, PriceRefusalSchema, "POST /api/placeBet (price changed)");
    const page = await expectAnswer(await api("/api/bets?wallet=coins&limit=100", { token }), 200, BetsPageSchema, "GET /api/bets");
    expect(page.bets.map((b) => b.id)).toContain(placed.bets[0]!.id);
    // The receipt is written after the placement's answer; poll until it is there.
    const receiptPath = `/api/receipts/bet-${placed.bets[0]!.id}`;
    await vi.waitFor(async () => expect((await api(receiptPath, { token })).status).toBe(200), { timeout: 10_000, interval: 20 });
    await expectAnswer(await api(receiptPath, { token }), 200, ReceiptSchema, "GET /api/receipts/:id");

    await expectAnswer(await postJson("/api/grantDailyBonus", {}, token), 200, DailyBonusResponseSchema, "POST /api/grantDailyBonus");
    await expectAnswer(
      await postJson("/api/checkout/session", { amountCents: 499 }, token),
      200,
      CheckoutSessionResponseSchema,
      "POST /api/checkout/session",
    );
    await expectAnswer(
      await api("/api/checkout/sessions/cs_sim_never_paid", { token }),
      200,
      CheckoutOutcomeSchema,
      "GET /api/checkout/sessions/:sessionId",
    );
    // Any refusal is the one error shape.
    await expectAnswer(await placeBet(token, { ...slip, amount: 0 }), 400, ApiErrorBodySchema, "a refused bet");
  });

  it("payout onboarding and redemptions answer their schemas", async () => {
    const redeemer = await signIn();
    const { token } = redeemer;
    await expectAnswer(await api("/api/connect/status", { token }), 200, ConnectStatusSchema, "GET /api/connect/status");
    const link = await expectAnswer(
      await postJson("/api/connect/onboarding-link", {}, token),
      200,
      OnboardingLinkSchema,
      "POST /api/connect/onboarding-link",
    );
    const form = new URLSearchParams({
      holder_name: testLegalName(redeemer.userId),
      routing_number: "110000000",
      account_number: `${Date.now() % 1e9}${Math.floor(Math.random() * 1e6)}`,
    });
    const done = await api(`${new URL(link.url).pathname}/complete`, {
      method: "POST",
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(done.status).toBe(303);
    const bought = await getUserWallet(env, redeemer.userId).creditPurchase(
      redeemer.userId,
      { checkoutSessionId: `cs_spa_contract_${redeemer.userId}`, amountCents: 4999, cashPlaythrough: 0 },
      Date.now(),
    );
    expect(bought.ok).toBe(true);
    await expectAnswer(await postJson("/api/withdrawals", { amount: 20 }, token), 200, WithdrawalResponseSchema, "POST /api/withdrawals");
    const list = await expectAnswer(await api("/api/withdrawals", { token }), 200, WithdrawalListSchema, "GET /api/withdrawals");
    expect(list.redemptions).toHaveLength(1);
  });

  it("leaderboards, profiles, shared picks and follows answer their schemas", async () => {
    const owner = await signIn(undefined, "Tip Ster");
    const follower = await signIn();
    const handle = `t_${crypto.randomUUID().slice(0, 8)}`;
    expect((await json("PATCH", "/api/me", owner.token, { handle })).status).toBe(200);
    // A started game (so the pick is public) that the operator then settles.
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, league: "icehockey_nhl", startTime: new Date(Date.now() - 30 * HOUR).toISOString() })], {
      stake: 100,
    });
    await seedBets(owner.userId, [bet]);
    const admin = await signIn(ADMIN_EMAIL, "Operator");
    const result = await recordFinal(eventId, { homeScore: 3, awayScore: 1 }, admin, await signIn("ops@vantage.test", "Second operator"));
    expect(result.status).toBe(200);
    await drained((result.answer as { runId: number }).runId);

    const share = await expectAnswer(await postJson(`/api/bets/${bet.id}/share`, {}, owner.token), 200, ShareResponseSchema, "share");
    await expectAnswer(await api(`/api/public/picks/${share.shareId}`), 200, SharedPickResponseSchema, "GET /api/public/picks/:id");
    const profile = await expectAnswer(
      await api(`/api/public/profiles/${handle}`),
      200,
      PublicProfileSchema,
      "GET /api/public/profiles/:h",
    );
    expect(profile.picks.map((p) => p.id)).toContain(bet.id);

    const follows = `/api/follows/${handle}`;
    await expectAnswer(await json("PUT", follows, follower.token), 200, FollowStateSchema, "PUT /api/follows/:h");
    await expectAnswer(await api(follows, { token: follower.token }), 200, FollowStateSchema, "GET /api/follows/:h");
    const feed = await expectAnswer(
      await api("/api/social/following", { token: follower.token }),
      200,
      FollowingResponseSchema,
      "GET /api/social/following",
    );
    expect(feed.picks.map((p) => p.id)).toContain(bet.id);
    await expectAnswer(await json("DELETE", follows, follower.token), 200, FollowStateSchema, "DELETE /api/follows/:h");
    const board = await expectAnswer(
      await api("/api/social/leaderboard?period=week&wallet=coins&metric=profit", { token: owner.token }),
      200,
      LeaderboardResponseSchema,
      "GET /api/social/leaderboard",
    );
    const rank = await expectAnswer(
      await api("/api/social/leaderboard/me?period=week&wallet=coins&metric=profit", { token: owner.token }),
      200,
      LeaderboardRankResponseSchema,
      "GET /api/social/leaderboard/me",
    );
    expect([board.entries.length > 0, rank.me !== null]).toEqual([true, true]);
  });

  it("the closes of a player's games answer their schema", async () => {
    const eventId = `contract-close-${crypto.randomUUID().slice(0, 8)}`;
    const model = { v: 2, sport: "basketball_nba" as const, params: [7, 12, 228] };
    const sides = [{ market: "Spread" as const, side: "Away" as const, line: 3.5, p: 0.51 }];
    await storeCloses(env.DB, [{ eventId, sides, model, snapshotAt: 1 }], 2);
    const answer = await expectAnswer(
      await api(`/api/closes?eventIds=${eventId},unknown-game`, { token: player.token }),
      200,
      ClosesResponseSchema,
      "GET /api/closes",
    );
    expect(answer.closes).toEqual([{ eventId, sides, model }]);
  });

  it("the live socket's messages answer the live message schema", async () => {
    const res = await exports.default.fetch(
      new Request(`${BASE}/api/live`, {
        headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `${LIVE_PROTOCOL}, ${LIVE_TOKEN_PREFIX}${player.token}` },
      }),
    );
    expect(res.status).toBe(101);
    const socket = res.webSocket!;
    const messages: unknown[] = [];
    socket.accept();
    socket.addEventListener("message", (event) => {
      messages.push(JSON.parse(String(event.data)));
    });
    const greeted = () => messages.length >= 2;
    for (let i = 0; i < 100 && !greeted(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    socket.close(1000, "done");
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const message of messages) expectConforms(LiveMessageSchema, message, "a live message");
    // The greeting carries the balances and the recent bets (the bet placed above among them).
    expect(messages.map((m) => (m as { type: string }).type)).toEqual(expect.arrayContaining(["balances", "bets"]));
  });

  it("a break answers the user document too", async () => {
    const resting = await signIn();
    await expectAnswer(await postJson("/api/me/break", { period: "24h" }, resting.token), 200, UserDocumentSchema, "POST /api/me/break");
  });
});
