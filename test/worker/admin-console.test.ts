// The operator console's API: only verified operators see it (404 to everyone
// else), every action lands in the append-only audit log, a freeze refuses each money
// action inside the wallet until a second operator approves unfreezing it, adjustments
// move money once with one ledger and one audit row, "Check ledger" compares the wallet
// with its ledger, its house accounts and the D1 projection, and the settlement view lists
// games past their due time.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { openEvents, pickOf, placeBet } from "./bets-helpers";
import { api, postJson, recordFinal, signIn, type SignedIn } from "./helpers";
import {
  HOUR,
  betOf,
  coins,
  drained,
  leg,
  newEventId,
  newUserId,
  openBet,
  payoutRows,
  seedBets,
  wallet,
  walletSqlOf,
} from "./settlement-fixtures";
import { onboardPayouts } from "./payout-helpers";
import { getUserWallet, type UserWallet } from "../../worker/user-wallet";
import { FROZEN_MESSAGE } from "../../worker/wallet/operator-actions";
import { Ledger } from "../../worker/wallet/ledger";
import { type KernelWallet, walletOf } from "../../worker/wallet";
import { createApp } from "../../worker/app";
import { OPENING_COINS } from "../../src/shared/money";
import { weekPeriodKey } from "../../src/shared/social";

const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]
const SECOND_OPERATOR = "ops@vantage.test"; // also in ADMIN_EMAILS: approvals need someone else
type ErrorBody = { error: { code: string; message: string } };
type AuditEntries = {
  entries: { at: number; actor: string; action: string; target: string; reason: string; details: Record<string, unknown> }[];
};

let admin: SignedIn;
/** The second operator a final the feed has not reported needs. */
let ops: SignedIn;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  ops = await signIn(SECOND_OPERATOR, "Ops");
});

async function auditFor(target: string) {
  const res = await api(`/api/admin/audit?target=${encodeURIComponent(target)}`, { token: admin.token });
  expect(res.status).toBe(200);
  return ((await res.json()) as AuditEntries).entries;
}

const CONSOLE_ROUTES: [string, string, unknown?][] = [
  ["GET", "/api/admin/players?q=a"],
  ["GET", "/api/admin/players/someone"],
  ["POST", "/api/admin/players/someone/freeze", { reason: "test" }],
  ["POST", "/api/admin/players/someone/operator-account", { operatorEmail: "ops@vantage.test", reason: "test" }],
  ["POST", "/api/admin/players/someone/unfreeze", { reason: "test" }],
  ["POST", "/api/admin/players/someone/fraud-warnings/wf-x/clear", { reason: "test" }],
  ["POST", "/api/admin/players/someone/identity/reset", { reason: "test" }],
  ["POST", "/api/admin/players/someone/payout-identities/release", { fingerprint: "fp_x", reason: "test" }],
  ["POST", "/api/admin/players/someone/adjustments", { wallet: "coins", amount: 100, reason: "test" }],
  ["POST", "/api/admin/players/someone/ledger-check", {}],
  ["GET", "/api/admin/ledger-audit"],
  ["GET", "/api/admin/feed"],
  ["GET", "/api/admin/health"],
  ["GET", "/api/admin/feed-status"],
  ["GET", "/api/admin/settlement"],
  ["GET", "/api/admin/audit"],
  ["POST", "/api/admin/events/evt-x/result", { void: true }],
  ["PUT", "/api/admin/players/someone/date-of-birth", { dateOfBirth: "1990-01-01" }],
  ["GET", "/api/admin/settlement/runs"],
  ["GET", "/api/admin/dead-letters"],
  ["POST", "/api/admin/dead-letters/dl-x/replay", {}],
  ["GET", "/api/admin/approvals"],
  ["POST", "/api/admin/approvals/rq-x/approve", {}],
  ["POST", "/api/admin/approvals/rq-x/reject", { reason: "test" }],
  ["GET", "/api/admin/players/someone/play"],
  ["POST", "/api/admin/players/someone/harm-flags", { flag: "raises", action: "note", note: "test" }],
  ["POST", "/api/admin/free-entry", { code: "VX-ACDE-FGHJ", postmarkedOn: "2026-11-25" }],
  ["GET", "/api/admin/region-rules"],
  ["POST", "/api/admin/region-rules", { entry: {}, reason: "test" }],
  ["GET", "/api/admin/prop-players?sport=basketball_nba"],
  ["PUT", "/api/admin/prop-players", { sport: "basketball_nba", feedName: "A B", playerId: "a-b", displayName: "A B" }],
  ["DELETE", "/api/admin/prop-players?sport=basketball_nba&feedName=A+B"],
  ["GET", "/api/admin/prop-stats"],
  ["GET", "/api/admin/house/liability"],
  ["GET", "/api/admin/house/hold?days=7"],
  ["GET", "/api/admin/risk"],
  ["GET", "/api/admin/risk/someone/evt-x"],
  [
    "POST",
    "/api/admin/risk/someone/evt-x/suspend",
    { market: "Total", suspended: true, reason: "test", game: { home: "A", away: "B", startTime: "2026-01-01T00:00:00Z" } },
  ],
  ["GET", "/api/admin/reconciliation"],
  ["POST", "/api/admin/reconciliation/run", { day: "2026-01-05" }],
  ["POST", "/api/admin/events/evt-x/stats", { players: [], reason: "test" }],
  ["GET", "/api/admin/no-such-console-route"],
];

describe("the console API is there for verified operators only", () => {
  it("the list below names every /api/admin route the Worker mounts", () => {
    const mounted = createApp()
      .routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/admin/"))
      .map((r) => `${r.method} ${r.path.replace(/:[A-Za-z]+/g, ":x")}`);
    const listed = new Set(CONSOLE_ROUTES.map(([method, path]) => `${method} ${path.split("?")[0]}`));
    const shape = (route: string) => route.replace(/\/(someone|evt-x|dl-x|wf-x|rq-x)(?=\/|$)/g, "/:x");
    expect(mounted.filter((route) => ![...listed].some((l) => shape(l) === route))).toEqual([]);
  });

  it.each(CONSOLE_ROUTES)(
    "%s %s answers 404 not-found to the signed out, a player and an unverified operator address",
    async (method, path, body) => {
      const player = await signIn();
      const unverified = await signIn(ADMIN_EMAIL, "Operator");
      await env.DB.prepare("UPDATE users SET email_verified = 0 WHERE id = ?").bind(unverified.userId).run();
      try {
        for (const token of [undefined, player.token, unverified.token, "not-a-token"]) {
          const res = await api(path, { method, token, body: body === undefined ? undefined : JSON.stringify(body) });
          expect(res.status, `${method} ${path} with ${token === undefined ? "no token" : "a token"}`).toBe(404);
          expect(await res.json()).toEqual({ error: { code: "not-found", message: "No such API route." } });
        }
      } finally {
        await env.DB.prepare("UPDATE users SET email_verified = 1 WHERE id = ?").bind(unverified.userId).run();
      }
    },
  );
});

describe("players", () => {
  it("finds players by e-mail prefix or handle, and shows their money", async () => {
    const player = await signIn(`lookup-${crypto.randomUUID().slice(0, 6)}@example.com`, "Looked Up");
    const handle = `h_${crypto.randomUUID().slice(0, 8)}`;
    expect((await api("/api/me", { method: "PATCH", token: player.token, body: JSON.stringify({ handle }) })).status).toBe(200);
    const byMail = (await (
      await api(`/api/admin/players?q=${encodeURIComponent(player.email.slice(0, 12).toUpperCase())}`, { token: admin.token })
    ).json()) as {
      players: { uid: string; handle: string | null }[];
    };
    expect(byMail.players.map((p) => p.uid)).toContain(player.userId);
    const byHandle = (await (await api(`/api/admin/players?q=@${handle}`, { token: admin.token })).json()) as {
      players: { uid: string; email: string; handle: string }[];
    };
    expect(byHandle.players).toEqual([{ uid: player.userId, email: player.email, displayName: "Looked Up", handle }]);
    expect((await api("/api/admin/players?q=", { token: admin.token })).status).toBe(400);

    const res = await api(`/api/admin/players/${player.userId}`, { token: admin.token });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as Record<string, unknown> & {
      ledger: { reason: string }[];
      balances: { coins: number; cash: number };
    };
    expect(detail).toMatchObject({
      balances: { coins: OPENING_COINS, cash: 0 },
      owed: { coins: 0, cash: 0 },
      frozen: false,
      bets: [],
      redemptions: [],
      disputes: [],
      payoutIdentityRefusals: [],
      payoutIdentities: [],
    });
    expect(detail.ledger.map((r) => r.reason)).toEqual(["opening_balance"]);
    expect((await api("/api/admin/players/nobody-at-all", { token: admin.token })).status).toBe(404);
  });
});

describe("freeze", () => {
  it("refuses every money action with a neutral message until unfrozen; the reason is for operators only", async () => {
    const player = await signIn();
    const [event] = await openEvents(1);
    const bet = () =>
      placeBet(player.token, { kind: "Singles", wallet: "coins", amount: 10, picks: [pickOf(event!, "Moneyline", "Home")] });
    const actions: Record<string, () => Promise<Response>> = {
      bet,
      bonus: () => postJson("/api/grantDailyBonus", {}, player.token),
      checkout: () => postJson("/api/checkout/session", { amountCents: 999 }, player.token),
      redeem: () => postJson("/api/withdrawals", { amount: 20 }, player.token),
    };
    expect((await postJson(`/api/admin/players/${player.userId}/freeze`, {}, admin.token)).status).toBe(400);
    expect((await postJson(`/api/admin/players/${player.userId}/freeze`, { reason: "  " }, admin.token)).status).toBe(400);
    const frozen = await postJson(`/api/admin/players/${player.userId}/freeze`, { reason: "chargeback ring under review" }, admin.token);
    expect(frozen.status).toBe(200);
    expect(await frozen.json()).toMatchObject({ frozen: true, changed: true });
    for (const [name, action] of Object.entries(actions)) {
      const res = await action();
      const body = (await res.json()) as ErrorBody;
      expect({ name, status: res.status, body }).toEqual({
        name,
        status: 403,
        body: { error: { code: "account-frozen", message: FROZEN_MESSAGE } },
      });
      expect(JSON.stringify(body)).not.toContain("chargeback");
    }
    expect(await coins(player.userId)).toBe(OPENING_COINS);
    const detail = (await (await api(`/api/admin/players/${player.userId}`, { token: admin.token })).json()) as {
      frozen: boolean;
      freeze: { reason: string; actor: string };
    };
    expect(detail).toMatchObject({ frozen: true, freeze: { reason: "chargeback ring under review", actor: ADMIN_EMAIL } });

    // Unfreezing is asked for: the account stays frozen until a second operator approves it.
    const asked = await postJson(`/api/admin/players/${player.userId}/unfreeze`, { reason: "cleared" }, admin.token);
    expect(asked.status).toBe(202);
    const { request } = (await asked.json()) as { request: { id: string } };
    expect((await bet()).status).toBe(403);
    expect((await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token)).status).toBe(200);
    expect((await bet()).status).toBe(200);
    const entries = await auditFor(player.userId);
    expect(entries.map((e) => [e.action, e.actor, e.reason])).toEqual([
      ["unfreeze", SECOND_OPERATOR, "cleared"],
      ["approve", SECOND_OPERATOR, "cleared"],
      ["request", ADMIN_EMAIL, "cleared"],
      ["freeze", ADMIN_EMAIL, "chargeback ring under review"],
    ]);
  });
});

describe("adjustments", () => {
  it("write one admin_adjustment ledger row and one audit row, once per adjustment id", async () => {
    const player = await signIn();
    const path = `/api/admin/players/${player.userId}/adjustments`;
    const idempotencyKey = crypto.randomUUID();
    const body = { wallet: "coins", amount: 250, reason: "goodwill after outage", idempotencyKey };
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await postJson(path, body, admin.token);
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { adjustmentId: string };
      expect(answer).toMatchObject({ replayed: i === 1, balances: { coins: OPENING_COINS + 250 } });
      ids.push(answer.adjustmentId);
    }
    const [adjustmentId] = ids;
    expect(ids[1]).toBe(adjustmentId);
    expect(adjustmentId).not.toBe(idempotencyKey);
    const ledger = await wallet(player.userId).getLedger(player.userId, Date.now());
    expect(ledger.filter((r) => r.reason === "admin_adjustment")).toEqual([
      expect.objectContaining({
        currency: "coins",
        amount: 250,
        balanceAfter: OPENING_COINS + 250,
        reference: `adjustment:${adjustmentId}`,
      }),
    ]);
    const entries = await auditFor(player.userId);
    expect(entries).toEqual([
      expect.objectContaining({
        action: "adjustment",
        reason: "goodwill after outage",
        details: expect.objectContaining({ amount: 250, wallet: "coins" }),
      }),
    ]);

    expect((await postJson(path, { ...body, amount: 999 }, admin.token)).status).toBe(409);
    const noReason = await postJson(path, { wallet: "coins", amount: 5 }, admin.token);
    expect(noReason.status).toBe(400);
    const belowZero = await postJson(path, { wallet: "coins", amount: -(OPENING_COINS + 251), reason: "too much" }, admin.token);
    expect(belowZero.status).toBe(409);
    expect(((await belowZero.json()) as ErrorBody).error.code).toBe("insufficient-funds");
    const debit = await postJson(path, { wallet: "coins", amount: -(OPENING_COINS + 250), reason: "reclaim" }, admin.token);
    expect(await debit.json()).toMatchObject({ balances: { coins: 0 } });
    expect((await postJson(path, { wallet: "cash", amount: 0, reason: "zero" }, admin.token)).status).toBe(400);
    expect((await auditFor(player.userId)).length).toBe(2);
  });

  it("adds up a player's Coins adjustments over a day: a large one split in two still waits for a second operator", async () => {
    const player = await signIn();
    const path = `/api/admin/players/${player.userId}/adjustments`;
    // Each under the 10,000 Coins one operator may give alone; not both together.
    expect((await postJson(path, { wallet: "coins", amount: 6_000, reason: "goodwill" }, admin.token)).status).toBe(200);
    const second = await postJson(path, { wallet: "coins", amount: 6_000, reason: "more goodwill" }, admin.token);
    expect(second.status).toBe(202);
    expect(await coins(player.userId)).toBe(OPENING_COINS + 6_000);
    const { request } = (await second.json()) as { request: { id: string } };
    expect((await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token)).status).toBe(200);
    expect(await coins(player.userId)).toBe(OPENING_COINS + 12_000);
    // A day later the window has passed.
    const later = await walletOf<KernelWallet>(env, player.userId).adjustBalance(
      player.userId,
      { adjustmentId: `adj_${crypto.randomUUID()}`, wallet: "coins", amount: 6_000, alone: { approvalCoins: 10_000, windowMs: 24 * HOUR } },
      { actor: ADMIN_EMAIL, reason: "next day" },
      Date.now() + 24 * HOUR + 1_000,
    );
    expect(later).toMatchObject({ ok: true });
  });

  it("a Coins credit to a player who owes Coins waits for a second operator: it would lift the pause on their redemptions", async () => {
    const player = await signIn();
    await runInDurableObject(wallet(player.userId) as DurableObjectStub<UserWallet>, (instance: UserWallet, state) =>
      state.storage.transactionSync(() => {
        const tx = new Ledger(walletSqlOf(instance), player.userId, Date.now());
        expect(
          tx.takeBack({ currency: "coins", amount: OPENING_COINS + 500, reason: "dispute_reversal", reference: "dispute:owed-test" }),
        ).toMatchObject({
          ok: true,
          owed: 500,
        });
        tx.finish();
      }),
    );
    const credit = await postJson(
      `/api/admin/players/${player.userId}/adjustments`,
      { wallet: "coins", amount: 100, reason: "goodwill" },
      admin.token,
    );
    expect(credit.status).toBe(202);
    expect(await wallet(player.userId).getBalances(player.userId, Date.now())).toMatchObject({ coinBalance: 0, owedCoins: 500 });
  });

  it("the same retry key sent for two players makes two adjustments, each in its own player's ledger", async () => {
    const [first, second] = [await signIn(), await signIn()];
    const body = { wallet: "coins", amount: 40, reason: "make-good", idempotencyKey: "shared-console-key" };
    const answers: { adjustmentId: string; replayed: boolean }[] = [];
    for (const player of [first, second]) {
      const res = await postJson(`/api/admin/players/${player.userId}/adjustments`, body, admin.token);
      expect(res.status).toBe(200);
      answers.push((await res.json()) as { adjustmentId: string; replayed: boolean });
    }
    expect(answers.map((a) => a.replayed)).toEqual([false, false]);
    const [firstId, secondId] = answers.map((a) => a.adjustmentId);
    expect(firstId).not.toBe(secondId);
    for (const [player, id] of [
      [first, firstId],
      [second, secondId],
    ] as const) {
      const rows = (await wallet(player.userId).getLedger(player.userId, Date.now())).filter((r) => r.reason === "admin_adjustment");
      expect(rows).toEqual([expect.objectContaining({ amount: 40, reference: `adjustment:${id}` })]);
    }
  });

  it("the audit log cannot be edited or emptied", async () => {
    await expect(env.DB.prepare("UPDATE admin_audit SET reason = 'x'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM admin_audit").run()).rejects.toThrow(/append-only/);
  });
});

describe("check ledger", () => {
  it("agrees for a healthy wallet and names a projection that drifted", async () => {
    const player = await signIn();
    const check = await postJson(`/api/admin/players/${player.userId}/ledger-check`, {}, admin.token);
    expect(await check.json()).toMatchObject({
      ok: true,
      mismatches: [],
      wallet: { coins: { balance: OPENING_COINS, ledgerSum: OPENING_COINS } },
      projection: { coinBalance: OPENING_COINS },
    });
    await env.DB.prepare("UPDATE wallet_balances SET coin_balance = 1 WHERE user_id = ?").bind(player.userId).run();
    const drifted = (await (await postJson(`/api/admin/players/${player.userId}/ledger-check`, {}, admin.token)).json()) as {
      ok: boolean;
      mismatches: string[];
    };
    expect(drifted).toMatchObject({ ok: false, mismatches: [`projection: coins 1 in D1, ${OPENING_COINS} in the wallet`] });
    const page = (await (await api("/api/admin/ledger-audit?limit=100&sample=1", { token: admin.token })).json()) as {
      checked: number;
      mismatches: { userId: string }[];
    };
    expect(page.checked).toBeGreaterThan(0);
    expect((await auditFor(player.userId)).map((e) => e.reason)).toEqual(["MISMATCH", "ledger agrees"]);
  });

  it("sums the house accounts over the audit's page, and names a wallet whose accounts no longer sum to zero", async () => {
    const player = await signIn();
    const page = await api(`/api/admin/ledger-audit?after=${encodeURIComponent(player.userId.slice(0, -1))}&limit=1`, {
      token: admin.token,
    });
    expect(await page.json()).toMatchObject({ checked: 1, houseTotals: { coins: { opening: -OPENING_COINS, stakes: 0 } } });
    // The house side moved without the player: 7 Coins from nowhere, and a receivable nobody owes.
    await runInDurableObject(getUserWallet(env, player.userId), (_wallet: UserWallet, state) => {
      state.storage.sql.exec(
        "UPDATE house_accounts SET debits_posted = debits_posted - 7 WHERE account = 'opening' AND currency = 'coins'",
      );
      state.storage.sql.exec("INSERT INTO house_accounts VALUES ('owed', 'cash', 3, 0), ('reversals', 'cash', 0, 3)");
    });
    const check = await postJson(`/api/admin/players/${player.userId}/ledger-check`, {}, admin.token);
    expect(await check.json()).toMatchObject({
      ok: false,
      mismatches: [
        "coins: the balance and the house accounts sum to 7, not 0",
        "cash: the house's owed account is -3 but the player owes 0",
      ],
      wallet: { balancesToZero: false },
    });
  });
});

describe("results from the console", () => {
  it("lists a game past its due time, and voiding it there returns the stake and is audited", async () => {
    const player = await signIn();
    const eventId = newEventId();
    const bet = openBet(
      [
        leg({
          eventId,
          league: "icehockey_nhl",
          home: "Oilers",
          away: "Flames",
          startTime: new Date(Date.now() - 30 * HOUR).toISOString(),
        }),
      ],
      { stake: 300 },
    );
    await seedBets(player.userId, [bet]);
    const view = (await (await api("/api/admin/settlement", { token: admin.token })).json()) as {
      pastDue: { eventId: string; home: string; players: number }[];
      runs: unknown[];
    };
    expect(view.pastDue).toEqual(
      expect.arrayContaining([expect.objectContaining({ eventId, home: "Oilers", away: "Flames", players: 1, openLegs: 1 })]),
    );
    // The game started long ago: its void waits for a second operator.
    const voided = await recordFinal(eventId, { void: true, reason: "feed never sent a final" }, admin, ops);
    expect({ status: voided.status, secondOperator: voided.secondOperator }).toEqual({ status: 200, secondOperator: true });
    await drained((voided.answer as { runId: number }).runId);
    expect((await betOf(player.userId, bet.id)).result).toBe("void");
    expect(await coins(player.userId)).toBe(OPENING_COINS);
    expect(await auditFor(eventId)).toContainEqual(
      expect.objectContaining({ action: "void", reason: "feed never sent a final", actor: SECOND_OPERATOR }),
    );
    const after = (await (await api("/api/admin/settlement", { token: admin.token })).json()) as { pastDue: { eventId: string }[] };
    expect(after.pastDue.map((g) => g.eventId)).not.toContain(eventId);
  });

  it("the feed view shows the provider, calls per sport and spend per hour", async () => {
    // A minute on the simulator's clock is a new board, so the desk calls the feed now
    // (however warm it is from earlier work in this runtime) and the call is counted.
    expect((await postJson("/api/dev/sim/advance", { minutes: 1 })).status).toBe(200);
    await openEvents(1);
    const res = await api("/api/admin/feed", { token: admin.token });
    expect(res.status).toBe(200);
    const feed = (await res.json()) as {
      provider: string;
      sports: { sport: string; requestsUsed: number }[];
      spend: { thisHour: { calls: number } | null };
      live: { state: string };
    };
    expect(feed.provider).toBe("simulator");
    expect(feed.sports.length).toBeGreaterThan(0);
    expect(feed.spend.thisHour?.calls).toBeGreaterThan(0);
    expect(feed.live.state).toBe("running");
  });
});

describe("result corrections", () => {
  it("re-grades a paid game once: the first winner's payout comes back (owed where spent), the new winner is paid", async () => {
    const first = await signIn();
    const second = await signIn();
    const eventId = newEventId();
    const startTime = new Date(Date.now() - 5 * HOUR).toISOString();
    const homeBet = openBet(
      [leg({ eventId, league: "icehockey_nhl", side: "Home", priceAm: 100, home: "Oilers", away: "Flames", startTime })],
      { stake: 100 },
    );
    const awayBet = openBet(
      [leg({ eventId, league: "icehockey_nhl", side: "Away", priceAm: 100, home: "Oilers", away: "Flames", startTime })],
      { stake: 100 },
    );
    await seedBets(first.userId, [homeBet]);
    await seedBets(second.userId, [awayBet]);
    const path = `/api/admin/events/${eventId}/result`;

    expect((await postJson(path, { homeScore: 1, awayScore: 3, correction: true, reason: "too early" }, admin.token)).status).toBe(409);
    const recorded = await recordFinal(eventId, { homeScore: 3, awayScore: 1, reason: "feed final" }, admin, ops);
    expect(recorded).toMatchObject({ status: 200, secondOperator: true });
    await drained((recorded.answer as { runId: number }).runId);
    expect((await betOf(first.userId, homeBet.id)).payoutPaid).toBe(200);
    // The first winner spends most of it before the correction arrives.
    await postJson(
      `/api/admin/players/${first.userId}/adjustments`,
      { wallet: "coins", amount: -(OPENING_COINS + 100 - 50), reason: "spent elsewhere" },
      admin.token,
    );
    expect(await coins(first.userId)).toBe(50);

    expect((await postJson(path, { homeScore: 1, awayScore: 3, reason: "oops" }, admin.token)).status).toBe(409);
    expect((await postJson(path, { homeScore: 1, awayScore: 3, correction: true }, admin.token)).status).toBe(400);
    // The feed does not report the corrected score either: a second operator approves it.
    // Sent again once recorded, it is the score on file and applies at once, moving nothing.
    const corrections = [];
    for (let i = 0; i < 2; i++) {
      const res = await recordFinal(
        eventId,
        { homeScore: 1, awayScore: 3, correction: true, reason: "feed corrected the score" },
        admin,
        ops,
      );
      expect(res).toMatchObject({ status: 200, secondOperator: i === 0 });
      corrections.push(res.answer);
    }
    expect(corrections[0]).toMatchObject({
      recorded: true,
      correction: 1,
      betsChanged: 2,
      takenBack: { coins: 50 },
      owed: { coins: 150 },
      paid: { coins: 200 },
      pending: false,
    });
    expect(corrections[1]).toMatchObject({ recorded: false, correction: 1, betsChanged: 0, takenBack: { coins: 0 }, paid: { coins: 0 } });

    const firstBet = await betOf(first.userId, homeBet.id);
    expect(firstBet).toMatchObject({ status: "settled", result: "loss", payoutPaid: 0, legResults: ["loss"] });
    expect(await betOf(second.userId, awayBet.id)).toMatchObject({
      status: "settled",
      result: "win",
      payoutPaid: 200,
      legResults: ["win"],
    });
    const reference = `correction:${eventId}:1`;
    const firstLedger = await wallet(first.userId).getLedger(first.userId, Date.now());
    expect(firstLedger.filter((r) => r.reason === "bet_correction")).toEqual([
      expect.objectContaining({ amount: -50, balanceAfter: 0, reference: `${reference}:${homeBet.id}` }),
    ]);
    const firstMe = (await (await api("/api/me", { token: first.token })).json()) as { coinBalance: number; owedCoins: number };
    expect(firstMe).toMatchObject({ coinBalance: 0, owedCoins: 150 });
    const secondLedger = await wallet(second.userId).getLedger(second.userId, Date.now());
    expect(secondLedger.filter((r) => r.reason === "bet_correction")).toEqual([
      expect.objectContaining({ amount: 200, reference: `${reference}:${awayBet.id}` }),
    ]);
    expect(await coins(second.userId)).toBe(OPENING_COINS - 100 + 200);

    // What My Picks reads (the bet documents) and the D1 projection show the new grades.
    const picks = (await (await api("/api/bets", { token: first.token })).json()) as { bets: { id: string; result: string }[] };
    expect(picks.bets.find((b) => b.id === homeBet.id)?.result).toBe("loss");
    const projected = await env.DB.prepare("SELECT result, payout_paid FROM bets WHERE id = ?").bind(awayBet.id).first();
    expect(projected).toEqual({ result: "win", payout_paid: 200 });
    for (const who of [first, second]) {
      const check = (await (await postJson(`/api/admin/players/${who.userId}/ledger-check`, {}, admin.token)).json()) as { ok: boolean };
      expect(check.ok).toBe(true);
    }
    // Each change names who asked and who approved it, newest first.
    expect((await auditFor(eventId)).map((e) => [e.action, e.actor, e.reason])).toEqual([
      ["correction", SECOND_OPERATOR, "feed corrected the score"],
      ["approve", SECOND_OPERATOR, "final checked"],
      ["request", ADMIN_EMAIL, "feed corrected the score"],
      ["result", SECOND_OPERATOR, "feed final"],
      ["approve", SECOND_OPERATOR, "final checked"],
      ["request", ADMIN_EMAIL, "feed final"],
    ]);
  });
});

describe("a correction reaches the leaderboards and play-through", () => {
  type Row = {
    settled: number;
    graded: number;
    staked: number;
    returned: number;
    profit: number;
    current_streak: number;
    longest_streak: number;
  };
  const boardRow = async (userId: string, period: string) =>
    env.DB.prepare(
      "SELECT settled, graded, staked, returned, profit, current_streak, longest_streak FROM leaderboard_stats WHERE period = ? AND wallet = 'cash' AND user_id = ?",
    )
      .bind(period, userId)
      .first<Row>();
  const toPlay = async (player: SignedIn) =>
    ((await (await api("/api/me", { token: player.token })).json()) as { cashToPlay: number }).cashToPlay;

  it("moves the player's rows by the difference, recounts the streak, and gives back (then retakes) a pushed stake's play-through", async () => {
    const player = await signIn();
    const stub = wallet(player.userId);
    // Bought before either bet was placed (a bet plays through only cash credited before it).
    await stub.creditPurchase(
      player.userId,
      { checkoutSessionId: `cs_${crypto.randomUUID().replaceAll("-", "")}`, amountCents: 999, cashPlaythrough: 1 },
      Date.now() - 120_000,
    );
    const before = await toPlay(player);
    expect(before).toBeGreaterThan(200);
    const eventId = newEventId();
    const startTime = new Date(Date.now() - 5 * HOUR).toISOString();
    const game = { eventId, league: "icehockey_nhl", home: "Oilers", away: "Flames", startTime, priceAm: 100 } as const;
    // The moneyline bet is older, so in settlement order it comes first.
    const moneyline = { ...openBet([leg({ ...game, side: "Home" })], { stake: 100, wallet: "cash" }), createdAt: Date.now() - 60_000 };
    const spread = openBet([leg({ ...game, market: "Spread", side: "Home", line: -2 })], { stake: 100, wallet: "cash" });
    await seedBets(player.userId, [moneyline, spread]);
    const week = weekPeriodKey(Date.now());
    const result = async (homeScore: number, awayScore: number, correction: boolean) => {
      const res = await recordFinal(
        eventId,
        { homeScore, awayScore, ...(correction ? { correction: true } : {}), reason: "feed" },
        admin,
        ops,
      );
      expect(res.status).toBe(200);
      if (!correction) await drained((res.answer as { runId: number }).runId);
      await stub.flushOutbox();
    };

    await result(3, 0, false); // both win
    const bothWon = { settled: 2, graded: 2, staked: 200, returned: 400, profit: 200, current_streak: 2, longest_streak: 2 };
    expect(await boardRow(player.userId, "all")).toEqual(bothWon);
    expect(await boardRow(player.userId, week)).toEqual(bothWon);
    expect(await toPlay(player)).toBe(before - 200);

    await result(3, 1, true); // the spread pushes: its stake comes back and is no longer played
    expect(await betOf(player.userId, spread.id)).toMatchObject({ result: "push", payoutPaid: 100 });
    const pushed = { settled: 2, graded: 2, staked: 200, returned: 300, profit: 100, current_streak: 0, longest_streak: 1 };
    expect(await boardRow(player.userId, "all")).toEqual(pushed);
    expect(await boardRow(player.userId, week)).toEqual(pushed);
    expect(await toPlay(player)).toBe(before - 100);

    await result(3, 1, true); // the same correction again moves nothing
    expect(await boardRow(player.userId, "all")).toEqual(pushed);
    expect(await toPlay(player)).toBe(before - 100);

    await result(4, 0, true); // corrected back: both win again
    expect(await boardRow(player.userId, "all")).toEqual(bothWon);
    expect(await boardRow(player.userId, week)).toEqual(bothWon);
    expect(await toPlay(player)).toBe(before - 200);
    expect(await stub.auditPlaythrough(player.userId, Date.now())).toMatchObject({ toPlay: before - 200, movesSum: before - 200 });
  });
});

describe("dead letters in the settlement view", () => {
  it("lists a dead letter; its replay from the console settles the bet once and is audited", async () => {
    const userId = newUserId();
    const eventId = newEventId();
    const bet = openBet([leg({ eventId, league: "icehockey_nhl", side: "Home", priceAm: 100 })], { stake: 100 });
    await seedBets(userId, [bet]);
    const id = `dl-${crypto.randomUUID()}`;
    const body = JSON.stringify({ v: 1, userId, outcomes: [{ eventId, homeScore: 2, awayScore: 0 }], runId: null });
    await env.DB.prepare(
      "INSERT INTO settlement_dead_letters (id, user_id, body, reason, attempts, run_id, received_at) VALUES (?, ?, ?, 'wallet unavailable', 10, NULL, ?)",
    )
      .bind(id, userId, body, Date.now())
      .run();
    const view = (await (await api("/api/admin/settlement", { token: admin.token })).json()) as {
      deadLetters: { id: string; replayedAt: number | null }[];
      waiting: number;
    };
    expect(view.deadLetters.find((l) => l.id === id)).toMatchObject({ replayedAt: null });
    expect(view.waiting).toEqual(expect.any(Number));
    for (let i = 0; i < 2; i++) {
      expect((await postJson(`/api/admin/dead-letters/${id}/replay`, { reason: "wallet is back" }, admin.token)).status).toBe(202);
    }
    await vi.waitUntil(async () => (await betOf(userId, bet.id)).status === "settled", { timeout: 20_000, interval: 20 });
    expect(await payoutRows(userId, bet.id)).toHaveLength(1);
    expect((await auditFor(id)).map((e) => [e.action, e.reason])).toEqual([
      ["dead-letter-replay", "wallet is back"],
      ["dead-letter-replay", "wallet is back"],
    ]);
  });
});

describe("a freeze and payouts not yet sent", () => {
  it("holds a pending redemption's transfer while frozen, and the wallet sends it by itself once unfrozen", async () => {
    const player = await signIn();
    const stub = wallet(player.userId);
    // A cash credit waits for a second operator's approval.
    const requested = await postJson(
      `/api/admin/players/${player.userId}/adjustments`,
      { wallet: "cash", amount: 5_000, reason: "prize payout" },
      admin.token,
    );
    expect(requested.status).toBe(202);
    const { request } = (await requested.json()) as { request: { id: string } };

    const credited = await postJson(`/api/admin/approvals/${request.id}/approve`, {}, ops.token);
    expect(credited.status).toBe(200);
    const redemptionId = crypto.randomUUID();
    // Operator cash carries play-through; with it off the prize is redeemable at once.
    expect((await stub.requestRedemption(player.userId, { amountCents: 2_500, redemptionId, cashPlaythrough: 0 }, Date.now())).ok).toBe(
      true,
    );
    const sent = async () =>
      (await env.DB.prepare("SELECT COUNT(*) AS n FROM sim_transfers WHERE redemption_id = ?").bind(redemptionId).first<{ n: number }>())!
        .n;
    const statusOf = async () => (await stub.listRedemptions(player.userId, Date.now())).find((r) => r.id === redemptionId)?.status;

    // Until the player has a payout account nothing can be sent, so nothing races the freeze.
    expect((await postJson(`/api/admin/players/${player.userId}/freeze`, { reason: "identity check" }, admin.token)).status).toBe(200);
    await onboardPayouts(player);
    // The player's look at the history tries every due payout: while frozen, it sends nothing.
    expect((await api("/api/withdrawals", { token: player.token })).status).toBe(200);
    expect(await statusOf()).toBe("pending");
    expect(await sent()).toBe(0);

    // One operator asks to unfreeze, a second approves: only then is it sent.
    const unfreeze = await postJson(`/api/admin/players/${player.userId}/unfreeze`, { reason: "identity confirmed" }, admin.token);
    expect(unfreeze.status).toBe(202);
    const asked = ((await unfreeze.json()) as { request: { id: string } }).request;
    expect((await api("/api/withdrawals", { token: player.token })).status).toBe(200);
    expect(await statusOf()).toBe("pending");
    expect((await postJson(`/api/admin/approvals/${asked.id}/approve`, {}, ops.token)).status).toBe(200);
    // Unfreezing rings the wallet's alarm, which sends it without anyone looking.
    await vi.waitFor(async () => expect(await statusOf()).toBe("paid"), { timeout: 20_000, interval: 20 });
    expect(await sent()).toBe(1);
  });
});
