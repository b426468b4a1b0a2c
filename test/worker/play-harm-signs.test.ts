// Signs of harm in the console's player view: each flag fires on a constructed history and
// not without it (thresholds from worker/tunables.ts), the view carries the player's
// statement, and a flag can be noted and acted on, audited, never on the operator's own account.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { etMidnight } from "../../src/shared/protection";
import { etDayKey } from "../../src/shared/bonus";
import type { PlayerPlayView } from "../../src/shared/schemas/play";
import type { BetLeg } from "../../src/shared/schemas/bets";
import { getUserWallet } from "../../worker/user-wallet";
import { openEvents, pickOf } from "./bets-helpers";
import { api, postJson, signIn, type SignedIn } from "./helpers";

const MIN = 60_000;
const HOUR_MS = 60 * MIN;
const DAY_MS = 24 * HOUR_MS;
const ADMIN_EMAIL = "admin@vantage.test"; // ADMIN_EMAILS in wrangler.toml [vars]

let admin: SignedIn;
let leg: BetLeg;

beforeAll(async () => {
  admin = await signIn(ADMIN_EMAIL, "Operator");
  const [event] = await openEvents(1);
  leg = { ...pickOf(event!, "Moneyline", "Home"), home: event!.home, away: event!.away, startTime: event!.startTime };
});

async function view(uid: string): Promise<PlayerPlayView> {
  const res = await api(`/api/admin/players/${uid}/play`, { token: admin.token });
  expect(res.status).toBe(200);
  return (await res.json()) as PlayerPlayView;
}

const fired = (v: PlayerPlayView) => v.signs.filter((s) => s.fired).map((s) => s.flag);

/** 1:30 AM Eastern, `daysAgo` days before today. */
function nightOf(daysAgo: number): number {
  return etMidnight(etDayKey(Date.now() - daysAgo * DAY_MS)) + 90 * MIN;
}

/** Noon Eastern, `daysAgo` days before today: play then is never night play, whenever the test runs. */
function noonOf(daysAgo: number): number {
  return etMidnight(etDayKey(Date.now() - daysAgo * DAY_MS)) + 12 * HOUR_MS;
}

describe("signs of harm", () => {
  it("no flag fires on an ordinary history", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 100 }, DAY_MS, Date.now() - 5 * DAY_MS);
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 200 }, DAY_MS, Date.now() - 4 * DAY_MS);
    await wallet.heartbeat(player.userId, nightOf(2));
    await wallet.heartbeat(player.userId, nightOf(3));
    await wallet.creditPurchase(player.userId, { checkoutSessionId: `cs_${crypto.randomUUID()}`, amountCents: 499 }, Date.now() - DAY_MS);
    const v = await view(player.userId);
    expect(fired(v)).toEqual([]);
    expect(v.signs.map((s) => [s.flag, s.count])).toEqual([
      ["raises", 1],
      ["chasing", 0],
      ["nights", 2],
    ]);
    expect(v.statement.months[0]!.minutesPlayed).toBe(2);
  });

  it("three raises in 30 days", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const t = Date.now() - 20 * DAY_MS;
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 100 }, DAY_MS, t);
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 200 }, DAY_MS, t + 2 * DAY_MS);
    await wallet.setLimits(player.userId, { dailyStakeCoins: 50 }, DAY_MS, t + 3 * DAY_MS);
    await wallet.setLimits(player.userId, { dailyStakeCoins: null }, DAY_MS, t + 4 * DAY_MS);
    expect(fired(await view(player.userId))).toEqual([]);
    await wallet.setPlayLimits(player.userId, { dailyLossCoins: 400 }, DAY_MS, t + 5 * DAY_MS);
    const v = await view(player.userId);
    expect(fired(v)).toEqual(["raises"]);
    expect(v.signs[0]!.evidence).toHaveLength(3);
  });

  it("a purchase within 30 minutes of a settled loss, three times in 7 days", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    const lossThenBuy = async (at: number, minutesLater: number) => {
      const placed = await wallet.placeBets(
        player.userId,
        { idempotencyKey: crypto.randomUUID(), requestHash: "h", kind: "Singles", wallet: "coins", amount: 100, legs: [leg] },
        at,
      );
      expect(placed.ok).toBe(true);
      await wallet.applyEventResults(player.userId, [{ eventId: leg.eventId, homeScore: 0, awayScore: 1 }], at + HOUR_MS);
      await wallet.creditPurchase(
        player.userId,
        { checkoutSessionId: `cs_${crypto.randomUUID()}`, amountCents: 999 },
        at + HOUR_MS + minutesLater * MIN,
      );
    };
    await lossThenBuy(noonOf(6), 10);
    await lossThenBuy(noonOf(5), 45);
    await lossThenBuy(noonOf(4), 20);
    expect(fired(await view(player.userId))).toEqual([]);
    await lossThenBuy(noonOf(3), 29);
    expect(fired(await view(player.userId))).toEqual(["chasing"]);
  });

  it("play between midnight and 5 AM Eastern on three nights in 7", async () => {
    const player = await signIn();
    const wallet = getUserWallet(env, player.userId);
    await wallet.heartbeat(player.userId, nightOf(2));
    await wallet.heartbeat(player.userId, nightOf(2) + MIN);
    await wallet.heartbeat(player.userId, nightOf(4));
    await wallet.heartbeat(player.userId, nightOf(5) + 4 * HOUR_MS); // 5:30 AM: not late
    await wallet.heartbeat(player.userId, nightOf(9)); // outside the 7 days
    expect(fired(await view(player.userId))).toEqual([]);
    await wallet.heartbeat(player.userId, nightOf(6));
    expect(fired(await view(player.userId))).toEqual(["nights"]);
  });

  it("a flag is noted and acted on with an audit row; never on the operator's own account", async () => {
    const player = await signIn();
    const bad = await postJson(`/api/admin/players/${player.userId}/harm-flags`, { flag: "nights", action: "note", note: "" }, admin.token);
    expect(bad.status).toBe(400);
    const noted = await postJson(
      `/api/admin/players/${player.userId}/harm-flags`,
      { flag: "nights", action: "break-7d", note: "Late play four nights running; called the player, agreed a week off." },
      admin.token,
    );
    expect(noted.status).toBe(200);
    expect(((await noted.json()) as { notes: { action: string; actor: string }[] }).notes).toEqual([
      expect.objectContaining({ flag: "nights", action: "break-7d", actor: ADMIN_EMAIL }),
    ]);
    expect((await getUserWallet(env, player.userId).checkPlay(player.userId, "bet", Date.now()))?.code).toBe("self-excluded");
    const audit = await api(`/api/admin/audit?target=${player.userId}`, { token: admin.token });
    const entries = ((await audit.json()) as { entries: { action: string; actor: string; details: Record<string, unknown> }[] }).entries;
    expect(entries).toEqual([
      expect.objectContaining({ action: "harm-flag", actor: ADMIN_EMAIL, details: { flag: "nights", action: "break-7d" } }),
    ]);
    expect((await view(player.userId)).notes).toHaveLength(1);

    const own = await postJson(
      `/api/admin/players/${admin.userId}/harm-flags`,
      { flag: "raises", action: "note", note: "my own" },
      admin.token,
    );
    expect(own.status).toBe(403);
    expect(((await own.json()) as { error: { code: string } }).error.code).toBe("own-account");
    // The console is not there for players at all.
    expect((await api(`/api/admin/players/${player.userId}/play`, { token: player.token })).status).toBe(404);
  });
});
