// Responsible play on the social surface: a player on a break or closed for play (for good
// by their own choice, or as under age) is not promoted to others. While it holds they are
// left out of every leaderboard (both periods, both wallets, the Sharpest board), their
// profile and shared picks answer 404 as a hidden profile's do, followers' feeds leave them
// out, and they cannot share a new pick; a break ends on its own. The wallet decides, and its
// outbox projects the standing to D1 `player_standing`, which the social reads filter on.
import { createExecutionContext, runInDurableObject, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { etDayKey } from "../../src/shared/bonus";
import { formatEtTime } from "../../src/shared/protection";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type { FollowingResponse, LeaderboardResponse, ShareResponse } from "../../src/shared/schemas/social";
import type { UserDocument } from "../../src/shared/schemas/user";
import { LEADERBOARD_METRICS, LEADERBOARD_PERIODS } from "../../src/shared/social";
import { createApp } from "../../worker/app";
import { LEADERBOARD_TAG, PUBLIC_READS_TAG, playerTag, WINNERS_TAG } from "../../worker/http/cache-control";
import worker from "../../worker/index";
import { readLeaderboard } from "../../worker/social/leaderboards";
import { readSharedPick } from "../../worker/social/public-picks";
import { readPublicProfile } from "../../worker/social/public-profiles";
import { backfillStandings } from "../../worker/protection/standing-backfill";
import { loggerFor } from "../../worker/logging/logger";
import type { UserWallet } from "../../worker/user-wallet";
import { Ledger } from "../../worker/wallet/ledger";
import { api, BASE, postJson, signIn, type SignedIn } from "./helpers";
import { drainOutboxNow, leg, newEventId, openBet, seedBets, wallet, walletSqlOf } from "./settlement-fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every request without the isolate's leaderboard memo, so each read is fresh. */
const freshEnv = { ...env, LEADERBOARD_MEMO_MS: "0" } as Env;

function read(path: string, token?: string): Promise<Response> {
  const headers = new Headers({ "CF-Connecting-IP": `10.7.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}` });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return Promise.resolve(createApp().fetch(new Request(`${BASE}${path}`, { headers }), freshEnv));
}

const patchMe = (p: SignedIn, body: unknown) => api("/api/me", { method: "PATCH", token: p.token, body: JSON.stringify(body) });
const takeBreak = (p: SignedIn, period: string) => postJson("/api/me/break", { period }, p.token);
const share = (p: SignedIn, betId: string) => postJson(`/api/bets/${betId}/share`, {}, p.token);
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

/**
 * POSTs `body` to `path` as `token` through the whole Worker with an edge cache that records
 * what it is asked to purge; a URLSearchParams body goes as a form, anything else as JSON.
 */
async function postRecordingPurges(path: string, token: string | null, body: unknown): Promise<{ status: number; purges: string[][] }> {
  const purges: string[][] = [];
  const cache: CacheContext = {
    purge: async ({ tags = [] }) => {
      purges.push(tags);
      return { success: true, errors: [] };
    },
    invalidate: async () => ({ success: true, errors: [] }),
  };
  const ctx = Object.assign(createExecutionContext(), { cache });
  const form = body instanceof URLSearchParams;
  const headers = new Headers({
    "Content-Type": form ? "application/x-www-form-urlencoded" : "application/json",
    "CF-Connecting-IP": "10.7.0.1",
  });
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const request = new Request(`${BASE}${path}`, {
    method: "POST",
    headers,
    body: form ? body.toString() : JSON.stringify(body),
    redirect: "manual",
  }) as Parameters<typeof worker.fetch>[0];
  const res = await worker.fetch(request, env, ctx);
  await waitOnExecutionContext(ctx);
  return { status: res.status, purges };
}

async function grantCash(userId: string, cents: number): Promise<void> {
  const stub = wallet(userId);
  await stub.getBalances(userId, Date.now());
  await runInDurableObject(stub, (walletObject: UserWallet, state) => {
    state.storage.transactionSync(() => {
      const tx = new Ledger(walletSqlOf(walletObject), userId, Date.now());
      const credit = tx.post({ currency: "cash", amount: cents, reason: "admin_adjustment", reference: `grant-${crypto.randomUUID()}` });
      if (!credit.ok) throw new Error(`grant refused: ${credit.code}`);
      tx.finish();
    });
  });
}

/** One winning even-money single per wallet given, settled now. */
async function settleWins(p: SignedIn, wallets: ("coins" | "cash")[]): Promise<BetDocument[]> {
  if (wallets.includes("cash")) await grantCash(p.userId, 10_000);
  const bets = wallets.map((w) => openBet([leg({ eventId: newEventId(), priceAm: 100 })], { stake: 100, wallet: w }));
  await seedBets(p.userId, bets);
  const results = bets.map((b) => ({ eventId: b.legs[0]!.eventId, homeScore: 3, awayScore: 1 }));
  await wallet(p.userId).applyEventResults(p.userId, results, Date.now());
  return bets;
}

/** A Sharpest-board row for the player: enough pre-match legs, settled yesterday. */
async function sharpestRow(userId: string, walletKind: "coins" | "cash"): Promise<void> {
  await env.DB.prepare(
    "INSERT INTO bet_clv (bet_id, user_id, wallet, settled_at, prematch_legs, clv, computed_at) VALUES (?, ?, ?, ?, 60, 0.05, ?)",
  )
    .bind(`clv-${crypto.randomUUID()}`, userId, walletKind, Date.now() - DAY_MS, Date.now())
    .run();
}

/** A public player (handle, Vantage Cash results shown) with won bets in both wallets, a shared pick and a follower. */
async function publicPlayer() {
  const player = await signIn();
  const handle = `std_${crypto.randomUUID().slice(0, 8)}`;
  expect((await patchMe(player, { handle, showCashResults: true })).status).toBe(200);
  const fan = await signIn();
  expect((await api(`/api/follows/${handle}`, { method: "PUT", token: fan.token })).status).toBe(200);
  const [coinBet] = await settleWins(player, ["coins", "cash"]);
  await sharpestRow(player.userId, "coins");
  await sharpestRow(player.userId, "cash");
  const shared = await share(player, coinBet!.id);
  expect(shared.status).toBe(200);
  const { shareId } = (await shared.json()) as ShareResponse;
  return { player, handle, fan, shareId };
}

/** Every board (both periods, both wallets, every metric, Sharpest included) as a reader sees it. */
async function boardsListing(handle: string): Promise<string[]> {
  const listed: string[] = [];
  for (const period of LEADERBOARD_PERIODS) {
    for (const walletKind of ["coins", "cash"] as const) {
      for (const metric of LEADERBOARD_METRICS) {
        const res = await read(`/api/social/leaderboard?period=${period}&wallet=${walletKind}&metric=${metric}`);
        expect(res.status).toBe(200);
        const board = (await res.json()) as LeaderboardResponse;
        if (board.entries.some((e) => e.handle === handle)) listed.push(`${period}/${walletKind}/${metric}`);
      }
    }
  }
  return listed;
}

/** The boards the public player is expected on: profit everywhere, streak everywhere, Sharpest (ROI needs 10 bets). */
const EXPECTED_BOARDS = LEADERBOARD_PERIODS.flatMap((period) =>
  (["coins", "cash"] as const).flatMap((w) => LEADERBOARD_METRICS.filter((m) => m !== "roi").map((m) => `${period}/${w}/${m}`)),
);

/** What the public surface shows of the player: boards, profile, shared pick, its pages, and the follower's feed. */
async function publicSurface(handle: string, shareId: string, fan: SignedIn) {
  const feed = (await (await read("/api/social/following", fan.token)).json()) as FollowingResponse;
  return {
    boards: await boardsListing(handle),
    profile: (await read(`/api/public/profiles/${handle}`)).status,
    profilePage: (await api(`/u/${handle}`)).status,
    pick: (await read(`/api/public/picks/${shareId}`)).status,
    pickPage: (await api(`/p/${shareId}`)).status,
    follows: (await read(`/api/follows/${handle}`, fan.token)).status,
    feedFollowing: feed.following.some((f) => f.handle === handle),
    feedPicks: feed.picks.filter((p) => p.owner.handle === handle).length,
  };
}

const SHOWN = {
  boards: EXPECTED_BOARDS,
  profile: 200,
  profilePage: 200,
  pick: 200,
  pickPage: 200,
  follows: 200,
  feedFollowing: true,
  feedPicks: 2,
};
const LEFT_OUT = {
  boards: [],
  profile: 404,
  profilePage: 404,
  pick: 404,
  pickPage: 404,
  follows: 404,
  feedFollowing: false,
  feedPicks: 0,
};

describe("a player who closed their account for play", () => {
  it("leaves every public social surface and cannot share a new pick", async () => {
    const { player, handle, fan, shareId } = await publicPlayer();
    expect(await publicSurface(handle, shareId, fan)).toEqual(SHOWN);

    expect((await takeBreak(player, "permanent")).status).toBe(200);

    expect(await publicSurface(handle, shareId, fan)).toEqual(LEFT_OUT);
    // Nobody can follow them anew either.
    expect((await api(`/api/follows/${handle}`, { method: "PUT", token: (await signIn()).token })).status).toBe(404);

    const [later] = await settleWins(player, ["coins"]);
    const refused = await share(player, later!.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: "account-closed",
      message:
        "Your account is closed for play, so you cannot share picks. Your profile, picks and leaderboard places are not shown to other players.",
    });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM shared_picks WHERE bet_id = ?").bind(later!.id).first()).toEqual({ n: 0 });
    // D1 holds the standing the wallet projected through its outbox.
    expect(await env.DB.prepare("SELECT closed FROM player_standing WHERE user_id = ?").bind(player.userId).first()).toEqual({
      closed: 1,
    });
  });
});

describe("a break", () => {
  it("hides the player while it runs, and they are back on their own when it ends", async () => {
    const { player, handle, fan, shareId } = await publicPlayer();
    const res = await takeBreak(player, "24h");
    expect(res.status).toBe(200);
    const breakUntil = Date.parse(((await res.json()) as UserDocument).breakUntil ?? "");

    expect(await publicSurface(handle, shareId, fan)).toEqual(LEFT_OUT);
    const [later] = await settleWins(player, ["coins"]);
    const refused = await share(player, later!.id);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toEqual({
      code: "on-break",
      message: `You are taking a break until ${formatEtTime(breakUntil)}, so you cannot share picks until then. Your profile, picks and leaderboard places are not shown to other players during your break.`,
    });

    // Once the stored end has passed, the reads find the player again, with nothing run in between.
    const after = breakUntil + 60_000;
    const allTime = { period: "all", wallet: "coins", metric: "profit" } as const;
    expect((await readLeaderboard(env.DB, allTime, Date.now())).entries.map((e) => e.handle)).not.toContain(handle);
    expect((await readLeaderboard(env.DB, allTime, after)).entries.map((e) => e.handle)).toContain(handle);
    expect(await readPublicProfile(env, handle, Date.now())).toBeNull();
    expect((await readPublicProfile(env, handle, after))?.handle).toBe(handle);
    expect(await readSharedPick(env.DB, shareId, after)).not.toBeNull();

    // The routes read the clock of the request: with the stored end in the past, everything is back.
    await env.DB.prepare("UPDATE player_standing SET away_until = ? WHERE user_id = ?")
      .bind(Date.now() - 1, player.userId)
      .run();
    expect(await publicSurface(handle, shareId, fan)).toEqual({ ...SHOWN, feedPicks: 3 });
    expect((await share(player, later!.id)).status).toBe(200);
  });
});

describe("an account closed as under age", () => {
  /** A date of birth making the player `years` old. */
  const bornYearsAgo = (years: number) => {
    const today = etDayKey(Date.now() - 10 * DAY_MS);
    return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
  };

  it("is left out when the confirmed date of birth is under age, and back when an operator corrects it", async () => {
    const player = await signIn(undefined, undefined, { confirmAge: false });
    const handle = `kid_${crypto.randomUUID().slice(0, 8)}`;
    expect((await patchMe(player, { handle })).status).toBe(200);
    const [bet] = await settleWins(player, ["coins"]);
    const shared = await share(player, bet!.id);
    expect(shared.status).toBe(200);
    const { shareId } = (await shared.json()) as ShareResponse;
    const board = async () =>
      (await readLeaderboard(env.DB, { period: "all", wallet: "coins", metric: "profit" }, Date.now())).entries.map((e) => e.handle);
    expect(await board()).toContain(handle);

    const confirmed = await patchMe(player, { dateOfBirth: bornYearsAgo(15) });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as UserDocument).closed).toBe("under-age");

    expect(await board()).not.toContain(handle);
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(404);
    expect((await read(`/api/public/picks/${shareId}`)).status).toBe(404);
    expect((await share(player, bet!.id)).status).toBe(409);

    // An operator's correction reopens an account closed only by the age rule: the standing follows.
    const corrected = await wallet(player.userId).correctDateOfBirth(
      player.userId,
      { dateOfBirth: bornYearsAgo(30), minAge: 18 },
      { actor: "ops@vantage.test", reason: "typo in the year" },
      Date.now(),
    );
    expect(corrected.ok).toBe(true);
    expect(await board()).toContain(handle);
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(200);
  });

  it("is left out when a verified document shows a minor", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    const handle = `doc_${crypto.randomUUID().slice(0, 8)}`;
    expect((await patchMe(player, { handle })).status).toBe(200);
    await settleWins(player, ["coins"]);
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(200);

    await wallet(player.userId).recordIdentity(
      player.userId,
      {
        sessionId: "vs_minor",
        outcome: "verified",
        documentHash: `idh_minor_${player.userId}`,
        dateOfBirth: bornYearsAgo(16),
        minAge: 18,
        residence: "US-TX",
      },
      Date.now(),
    );
    await drainOutboxNow(player.userId);
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(404);
    const boards = await Promise.all(
      LEADERBOARD_PERIODS.map(async (period) =>
        (await readLeaderboard(env.DB, { period, wallet: "coins", metric: "profit" }, Date.now())).entries.map((e) => e.handle),
      ),
    );
    for (const handles of boards) expect(handles).not.toContain(handle);
  });
});

describe("the edge's copies", () => {
  it("a break purges the player's cached profile, pick and the leaderboards", async () => {
    const { player, handle } = await publicPlayer();
    // The profile as the edge keeps it: public, under the player's tag.
    const profile = await read(`/api/public/profiles/${handle}`);
    expect(profile.headers.get("Cache-Tag")?.split(",")).toEqual([PUBLIC_READS_TAG, playerTag(handle)]);

    const { status, purges } = await postRecordingPurges("/api/me/break", player.token, { period: "7d" });
    expect(status).toBe(200);
    // The player shows their Vantage Cash results: the winners list may name them too.
    expect(purges).toEqual([[playerTag(handle), LEADERBOARD_TAG, WINNERS_TAG]]);
    // And what the edge then asks for again is gone.
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(404);
  });

  it("a break taken at a reality check leaves the public surface at once, its copies purged", async () => {
    const { player, handle } = await publicPlayer();
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(200);
    const { status, purges } = await postRecordingPurges("/api/play/reality-check", player.token, { answer: "take-break" });
    expect(status).toBe(200);
    expect(purges).toEqual([[playerTag(handle), LEADERBOARD_TAG, WINNERS_TAG]]);
    // D1 already has the break when the answer comes: no wait for the wallet's outbox.
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(404);
  });
});

describe("a verified document showing a minor", () => {
  it("takes the player off the public surface as the verification lands, their copies purged", async () => {
    const player = await signIn(undefined, undefined, { verifyIdentity: false });
    const handle = `kid_${crypto.randomUUID().slice(0, 8)}`;
    expect((await patchMe(player, { handle })).status).toBe(200);
    await settleWins(player, ["coins"]);
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(200);

    const started = await postJson("/api/identity/session", {}, player.token);
    expect(started.status).toBe(200);
    const path = new URL(((await started.json()) as { url: string }).url).pathname;
    const today = etDayKey(Date.now() - 10 * DAY_MS);
    const form = new URLSearchParams({
      outcome: "verified",
      document_type: "driving_license",
      issuing_country: "US",
      document_number: `D${crypto.randomUUID().replaceAll("-", "").slice(0, 10).toUpperCase()}`,
      date_of_birth: `${Number(today.slice(0, 4)) - 16}${today.slice(4)}`,
      residence: "US-TX",
    });
    const { status, purges } = await postRecordingPurges(`${path}/complete`, null, form);
    expect(status).toBe(303);
    expect(purges).toEqual([[playerTag(handle), LEADERBOARD_TAG]]);
    // D1 has the closure when the verification lands: no wait for the wallet's outbox.
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(404);
  });
});

describe("a break an operator sets", () => {
  it("takes the player off the public surface at once, their copies purged", async () => {
    const { player, handle } = await publicPlayer();
    const admin = await signIn("admin@vantage.test", "Operator");
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(200);
    const { status, purges } = await postRecordingPurges(`/api/admin/players/${player.userId}/harm-flags`, admin.token, {
      flag: "nights",
      action: "break-7d",
      note: "Late play four nights running; agreed a week off.",
    });
    expect(status).toBe(200);
    expect(purges).toEqual([[playerTag(handle), LEADERBOARD_TAG, WINNERS_TAG]]);
    expect((await read(`/api/public/profiles/${handle}`)).status).toBe(404);
  });
});

describe("players away from before the standing was projected", () => {
  it("are found by the scheduled run and hidden; a player not away gets a row saying so and stays listed", async () => {
    const away = await publicPlayer();
    const present = await publicPlayer();
    expect((await takeBreak(away.player, "permanent")).status).toBe(200);
    // As before the projection shipped: the wallet knows the closure, D1 does not.
    await env.DB.prepare("DELETE FROM player_standing WHERE user_id IN (?, ?)").bind(away.player.userId, present.player.userId).run();
    expect((await read(`/api/public/profiles/${away.handle}`)).status).toBe(200);

    // A run asks at most 50 wallets, in user-id order: the runs go on until nobody is left.
    while ((await backfillStandings(env, Date.now(), loggerFor(env))) > 0);
    expect((await read(`/api/public/profiles/${away.handle}`)).status).toBe(404);
    expect((await read(`/api/public/profiles/${present.handle}`)).status).toBe(200);
    const standing = await env.DB.prepare("SELECT closed, away_until FROM player_standing WHERE user_id = ?")
      .bind(present.player.userId)
      .first<{ closed: number; away_until: number | null }>();
    expect(standing).toEqual({ closed: 0, away_until: null });
  });
});
