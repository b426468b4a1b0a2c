// Private by default: a player appears in public (leaderboards, profiles, shared picks,
// the Following feed) only under a handle they chose, never under their display name or
// the part of their e-mail before the @; sharing asks for a handle first; hiding a
// profile withdraws its share links for good; Vantage Cash figures are public only once
// the player shows them; names that could pass for someone else are refused on edit and
// stripped from a Google name at sign-in; and what a viewer sees about themselves is
// never in a cacheable answer.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BetDocument } from "../../src/shared/schemas/bets";
import type {
  FollowingResponse,
  LeaderboardRankResponse,
  LeaderboardResponse,
  PublicProfile,
  ShareResponse,
  SharedPickResponse,
} from "../../src/shared/schemas/social";
import type { UserDocument } from "../../src/shared/schemas/user";
import { LEADERBOARD_METRICS, LEADERBOARD_PERIODS } from "../../src/shared/social";
import { createApp } from "../../worker/app";
import type { UserWallet } from "../../worker/user-wallet";
import { Ledger } from "../../worker/wallet/ledger";
import { callGoogleMode, fakeGoogle, signInWithGoogle } from "./fake-google";
import { api, BASE, postJson, signIn, type SignedIn } from "./helpers";
import { leg, newEventId, openBet, seedBets, wallet, walletSqlOf } from "./settlement-fixtures";

afterEach(() => vi.unstubAllGlobals());

const patchMe = (p: SignedIn, body: unknown) => api("/api/me", { method: "PATCH", token: p.token, body: JSON.stringify(body) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const share = (p: SignedIn, betId: string) => postJson(`/api/bets/${betId}/share`, {}, p.token);

/** A GET as a browser sends it, without the isolate's leaderboard memo so each read is fresh. */
function read(path: string, token?: string): Promise<Response> {
  return Promise.resolve(
    createApp().fetch(new Request(`${BASE}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }), {
      ...env,
      LEADERBOARD_MEMO_MS: "0",
    }),
  );
}

/** Vantage Cash for a player's stakes, as an operator's adjustment would credit it. */
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

/** One winning even-money single per wallet given (profit = stake), on games that started three hours ago, settled now. */
async function settleWins(p: SignedIn, wallets: ("coins" | "cash")[], stake = 100): Promise<BetDocument[]> {
  if (wallets.includes("cash")) await grantCash(p.userId, 10_000);
  const bets = wallets.map((w) => openBet([leg({ eventId: newEventId(), priceAm: 100 })], { stake, wallet: w }));
  await seedBets(p.userId, bets);
  const results = bets.map((b) => ({ eventId: b.legs[0]!.eventId, homeScore: 3, awayScore: 1 }));
  await wallet(p.userId).applyEventResults(p.userId, results, Date.now());
  return bets;
}

function uniqueName(prefix: string): string {
  return `${prefix}${crypto.randomUUID().slice(0, 6)}`;
}

describe("public only under a handle", () => {
  it("lists players by handle and never shows anyone's display name or e-mail in a public answer", async () => {
    // Two private players (no handle) and one public one, each with a name and e-mail to look for.
    const quietEmails = [`${uniqueName("hushhush")}@example.com`, `${uniqueName("mumchance")}@example.com`];
    const quietNames = [uniqueName("Marguerite Quiet "), uniqueName("Bartholomew Hush ")];
    const quiet = [await signIn(quietEmails[0], quietNames[0]), await signIn(quietEmails[1], quietNames[1])];
    const starEmail = `${uniqueName("stellaluna")}@example.com`;
    const starName = uniqueName("Stella Real ");
    const star = await signIn(starEmail, starName);
    const handle = uniqueName("star_");
    expect((await patchMe(star, { handle, showCashResults: true })).status).toBe(200);
    const fan = await signIn();
    expect((await api(`/api/follows/${handle}`, { method: "PUT", token: fan.token })).status).toBe(200);

    // The private players win more than the public one: on the old boards they led.
    const quietBets: BetDocument[] = [];
    for (const p of quiet) quietBets.push(...(await settleWins(p, ["coins", "cash"], 300)));
    const [starBet] = await settleWins(star, ["coins", "cash"]);

    // Every board, signed out and with a private player's token (which changes nothing).
    const answers: string[] = [];
    for (const period of LEADERBOARD_PERIODS) {
      for (const walletKind of ["coins", "cash"] as const) {
        for (const metric of LEADERBOARD_METRICS) {
          for (const token of [undefined, quiet[0]!.token]) {
            const res = await read(`/api/social/leaderboard?period=${period}&wallet=${walletKind}&metric=${metric}`, token);
            expect(res.status).toBe(200);
            answers.push(await res.text());
          }
        }
      }
    }
    const week = JSON.parse(answers[0]!) as LeaderboardResponse;
    expect(week.entries).toEqual([{ rank: 1, handle, value: 100 }]);

    const profile = await read(`/api/public/profiles/${handle}`);
    expect(profile.status).toBe(200);
    answers.push(await profile.text());

    // A private player cannot share; the public one's link shows the handle only.
    expect((await share(quiet[0]!, quietBets[0]!.id)).status).toBe(409);
    const shared = (await (await share(star, starBet!.id)).json()) as ShareResponse;
    const sharedPick = await read(`/api/public/picks/${shared.shareId}`);
    expect(sharedPick.status).toBe(200);
    const sharedText = await sharedPick.text();
    answers.push(sharedText);
    expect((JSON.parse(sharedText) as SharedPickResponse).pick.owner).toEqual({ handle });

    const feed = await read("/api/social/following", fan.token);
    const feedText = await feed.text();
    answers.push(feedText);
    expect((JSON.parse(feedText) as FollowingResponse).following).toEqual([{ handle }]);

    const forbidden = [...quietNames, starName, ...quietEmails, starEmail].flatMap((s) => [s, s.split("@")[0]!]);
    for (const text of answers) {
      for (const word of forbidden) expect(text, word).not.toContain(word);
      expect(text).not.toContain("displayName");
    }

    // A private player still sees their own rank: only to them, never in a shared cache.
    const mine = await read("/api/social/leaderboard/me?period=week&wallet=coins&metric=profit", quiet[0]!.token);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect(((await mine.json()) as LeaderboardRankResponse).me).toEqual({ rank: 1, value: 300 });
    // The public board is public whoever asks.
    const withToken = await read("/api/social/leaderboard?period=week&wallet=coins&metric=profit", quiet[0]!.token);
    expect(withToken.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
  });

  it("asks for a handle before sharing, and refuses a hidden profile", async () => {
    const p = await signIn();
    const [bet] = await settleWins(p, ["coins"]);
    const first = await share(p, bet!.id);
    expect(first.status).toBe(409);
    expect(await errorOf(first)).toEqual({ code: "handle-required", message: "Choose a handle first: shared picks show your handle." });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM shared_picks WHERE user_id = ?").bind(p.userId).first()).toEqual({ n: 0 });

    expect((await patchMe(p, { handle: uniqueName("sharer_") })).status).toBe(200);
    expect((await share(p, bet!.id)).status).toBe(200);

    expect((await patchMe(p, { profileHidden: true })).status).toBe(200);
    const hidden = await share(p, bet!.id);
    expect(hidden.status).toBe(409);
    expect((await errorOf(hidden)).code).toBe("profile-hidden");
  });
});

describe("hiding means hidden", () => {
  it("withdraws share links when hidden, and un-hiding does not bring them back", async () => {
    const p = await signIn();
    expect((await patchMe(p, { handle: uniqueName("hider_") })).status).toBe(200);
    const [bet] = await settleWins(p, ["coins"]);
    const old = (await (await share(p, bet!.id)).json()) as ShareResponse;
    expect((await read(`/api/public/picks/${old.shareId}`)).status).toBe(200);

    expect((await patchMe(p, { profileHidden: true })).status).toBe(200);
    expect((await read(`/api/public/picks/${old.shareId}`)).status).toBe(404);
    expect((await patchMe(p, { profileHidden: false })).status).toBe(200);
    expect((await read(`/api/public/picks/${old.shareId}`)).status).toBe(404);

    // Sharing again makes a new link; the old one stays gone.
    const again = (await (await share(p, bet!.id)).json()) as ShareResponse;
    expect(again.shareId).not.toBe(old.shareId);
    expect((await read(`/api/public/picks/${again.shareId}`)).status).toBe(200);
    expect((await read(`/api/public/picks/${old.shareId}`)).status).toBe(404);

    // Dropping the handle withdraws links too; a new handle does not revive them.
    expect((await patchMe(p, { handle: null })).status).toBe(200);
    expect((await read(`/api/public/picks/${again.shareId}`)).status).toBe(404);
    expect((await patchMe(p, { handle: uniqueName("back_") })).status).toBe(200);
    expect((await read(`/api/public/picks/${again.shareId}`)).status).toBe(404);
  });
});

describe("Vantage Cash figures only when the player says so", () => {
  it("leaves Vantage Cash picks, figures and boards out until the player shows them", async () => {
    const p = await signIn();
    const handle = uniqueName("cashy_");
    expect((await patchMe(p, { handle })).status).toBe(200);
    const fan = await signIn();
    expect((await api(`/api/follows/${handle}`, { method: "PUT", token: fan.token })).status).toBe(200);
    const [coinBet, cashBet] = await settleWins(p, ["coins", "cash"]);

    const look = async () => {
      const profile = (await (await read(`/api/public/profiles/${handle}`)).json()) as PublicProfile;
      const board = (await (await read("/api/social/leaderboard?period=week&wallet=cash&metric=profit")).json()) as LeaderboardResponse;
      const feed = (await (await read("/api/social/following", fan.token)).json()) as FollowingResponse;
      return { profile, board, feed };
    };
    const before = await look();
    expect(before.profile.statistics.cash).toBeNull();
    expect(before.profile.statistics.coins).toMatchObject({ settledCount: 1, biggestWin: 100 });
    expect(before.profile.picks.map((x) => x.id)).toEqual([coinBet!.id]);
    expect(before.board.entries.map((e) => e.handle)).not.toContain(handle);
    expect(before.feed.picks.map((x) => x.id)).toEqual([coinBet!.id]);
    // The player still sees their own Vantage Cash rank.
    const mine = await read("/api/social/leaderboard/me?period=week&wallet=cash&metric=profit", p.token);
    expect(((await mine.json()) as LeaderboardRankResponse).me?.value).toBe(100);

    const turnedOn = await patchMe(p, { showCashResults: true });
    expect(((await turnedOn.json()) as UserDocument).showCashResults).toBe(true);
    const after = await look();
    expect(after.profile.statistics.cash).toMatchObject({ settledCount: 1, biggestWin: 100 });
    expect(after.profile.picks.map((x) => x.id).sort()).toEqual([coinBet!.id, cashBet!.id].sort());
    expect(after.board.entries).toContainEqual({ rank: expect.any(Number), handle, value: 100 });
    expect(after.feed.picks.map((x) => x.id).sort()).toEqual([coinBet!.id, cashBet!.id].sort());

    expect(((await (await patchMe(p, { showCashResults: false })).json()) as UserDocument).showCashResults).toBe(false);
    expect((await look()).profile.statistics.cash).toBeNull();
  });
});

describe("names that cannot impersonate", () => {
  it("refuses handles and usernames with hidden characters or house words, with a clear 400", async () => {
    const p = await signIn();
    for (const bad of ["admin\u200B1", "\u202Eesab"]) {
      const res = await patchMe(p, { handle: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: "invalid-handle",
        message: "Handles cannot contain invisible or direction-changing characters.",
      });
    }
    for (const bad of ["vantage_support", "supp0rt", "adm1n"]) {
      const res = await patchMe(p, { handle: bad });
      expect(res.status, bad).toBe(400);
      expect(await errorOf(res)).toEqual({ code: "handle-reserved", message: "That handle is reserved. Please choose another." });
    }
    const badminton = await patchMe(p, { handle: "badminton_fan" });
    expect(badminton.status).toBe(200);
    expect(((await badminton.json()) as UserDocument).handle).toBe("badminton_fan");

    for (const bad of ["admin\u200B", "\u202Eesab", "Ada\uFEFF"]) {
      const res = await patchMe(p, { displayName: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: "invalid-argument",
        message: "Username cannot contain invisible or direction-changing characters.",
      });
    }
    const me = (await (await api("/api/me", { token: p.token })).json()) as UserDocument;
    expect(me.displayName).not.toMatch(/[\u200B\u202E\uFEFF]/);
  });

  it("signs a Google account in with the bidi override and zero-width characters stripped from its name", async () => {
    await fakeGoogle();
    const sub = `g-${crypto.randomUUID()}`;
    const result = await signInWithGoogle({ sub, email: `${sub}@gmail.com`, email_verified: true, name: "\u202EAda\u200B Lovelace\u2069" });
    expect(result.accessToken).not.toBeNull();
    const me = await callGoogleMode("/api/me", { headers: { Authorization: `Bearer ${result.accessToken}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as UserDocument).displayName).toBe("Ada Lovelace");
  });
});
