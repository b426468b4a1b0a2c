// Public profiles, share links and follows: handle rules on PATCH /api/me,
// profiles readable without a token (under the handle only) but 404 when hidden or
// unknown, open picks kept private until their game starts by the feed's clock,
// unguessable share links that only the owner can create, and the Following feed.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { UserDocument } from "../../src/shared/schemas/user";
import type { FollowingResponse, PublicProfile, ShareResponse, SharedPickResponse } from "../../src/shared/schemas/social";
import { SHARE_ID_PATTERN, newShareId } from "../../src/shared/social";
import { createApp } from "../../worker/app";
import { setHandle } from "../../worker/social/player-profiles";
import { tunables } from "../../worker/tunables";
import { api, BASE, postJson, signIn, type SignedIn } from "./helpers";
import { HOUR, leg, newEventId, openBet, drainOutboxNow, seedBets, wallet } from "./settlement-fixtures";

const patchMe = (p: SignedIn, body: unknown) => api("/api/me", { method: "PATCH", token: p.token, body: JSON.stringify(body) });
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

async function withHandle(handle: string, name = `Player ${handle}`): Promise<SignedIn> {
  const p = await signIn(undefined, name);
  expect((await patchMe(p, { handle })).status).toBe(200);
  return p;
}

describe("handles on PATCH /api/me", () => {
  it("lower-cases, validates, reserves and keeps handles unique regardless of case", async () => {
    const ada = await signIn(undefined, "Ada");
    const res = await patchMe(ada, { handle: "  Ada_99 " });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ handle: "ada_99", profileHidden: false, displayName: "Ada" });
    expect(((await (await api("/api/me", { token: ada.token })).json()) as UserDocument).handle).toBe("ada_99");

    for (const bad of ["ab", "a".repeat(21), "ada-99", "ada 99", "adà", "ad\u0000a", ""]) {
      const refused = await patchMe(ada, { handle: bad });
      expect(refused.status, bad).toBe(400);
      expect(await errorCode(refused)).toBe("invalid-handle");
    }
    for (const reserved of ["admin", "ADMIN", "Support", "vantage"]) {
      const refused = await patchMe(ada, { handle: reserved });
      expect(refused.status, reserved).toBe(400);
      expect(await errorCode(refused)).toBe("handle-reserved");
    }
    expect(((await (await api("/api/me", { token: ada.token })).json()) as UserDocument).handle).toBe("ada_99");

    const grace = await signIn();
    const taken = await patchMe(grace, { handle: "ADA_99" });
    expect(taken.status).toBe(409);
    expect(await errorCode(taken)).toBe("handle-taken");
    // Two players racing for one free handle: exactly one gets it.
    const alan = await signIn();
    const races = await Promise.all([patchMe(grace, { handle: "race_me" }), patchMe(alan, { handle: "race_me" })]);
    expect(races.map((r) => r.status).sort()).toEqual([200, 409]);

    // Keeping one's own handle, or clearing it, is fine; an empty body is not.
    expect((await patchMe(ada, { handle: "ada_99", displayName: "Ada L." })).status).toBe(200);
    expect(((await (await patchMe(ada, { handle: null })).json()) as UserDocument).handle).toBeNull();
    expect((await patchMe(ada, {})).status).toBe(400);
    expect((await patchMe(ada, { profileHidden: "yes" })).status).toBe(400);
  });

  it("holds a handle its player renamed or cleared for them, look-alikes too, until HANDLE_HOLD_DAYS have passed", async () => {
    const ana = await withHandle("held_ana");
    expect((await patchMe(ana, { handle: "ana_renamed" })).status).toBe(200);
    const mallory = await signIn();
    for (const squat of ["held_ana", "HELD_ANA", "he1d_ana"]) {
      const refused = await patchMe(mallory, { handle: squat });
      expect(refused.status, squat).toBe(409);
      expect(await errorCode(refused), squat).toBe("handle-taken");
    }
    // Its player may take it back.
    expect((await patchMe(ana, { handle: "held_ana" })).status).toBe(200);
    // Cleared, it is held the same way; once the hold is over, anyone may take it.
    expect((await patchMe(ana, { handle: null })).status).toBe(200);
    expect((await patchMe(mallory, { handle: "held_ana" })).status).toBe(409);
    const daysLater = Date.now() + (tunables(env).HANDLE_HOLD_DAYS + 1) * 86_400_000;
    const after = await setHandle(env.DB, mallory.userId, "held_ana", daysLater, {
      heldSince: daysLater - tunables(env).HANDLE_HOLD_DAYS * 86_400_000,
      max: tunables(env).HANDLE_HOLDS_MAX,
    });
    expect(after).toEqual({ ok: true, handle: "held_ana" });
  });

  it("holds at most HANDLE_HOLDS_MAX given-up handles per player: renaming on and on frees the oldest", async () => {
    const max = tunables(env).HANDLE_HOLDS_MAX;
    const hoarder = await withHandle("hoard_0");
    for (let i = 1; i <= max + 1; i++) expect((await patchMe(hoarder, { handle: `hoard_${i}` })).status).toBe(200);
    // hoard_0 .. hoard_max were given up; only the newest `max` are still held.
    const other = await signIn();
    expect((await patchMe(other, { handle: `hoard_${max}` })).status).toBe(409);
    expect((await patchMe(other, { handle: "hoard_0" })).status).toBe(200);
    const held = await env.DB.prepare("SELECT COUNT(*) AS n FROM released_handles WHERE user_id = ?")
      .bind(hoarder.userId)
      .first<{ n: number }>();
    expect(held?.n).toBe(max);
  });

  it("keeps a hold its own against a look-alike given up later, and the route holds for HANDLE_HOLD_DAYS as set", async () => {
    // Two look-alikes from before the look-alike rule: "jordan_hh" and "j0rdan_hh".
    const first = await withHandle("jordan_hh");
    const second = await signIn();
    await env.DB.prepare("INSERT INTO player_profiles (user_id, handle, hidden, updated_at) VALUES (?, 'j0rdan_hh', 0, ?)")
      .bind(second.userId, Date.now())
      .run();
    expect((await patchMe(first, { handle: "jordan_moved" })).status).toBe(200);
    expect((await patchMe(second, { handle: "second_moved" })).status).toBe(200);
    // The later release did not take over the first player's hold.
    expect(await errorCode(await patchMe(second, { handle: "jordan_hh" }))).toBe("handle-taken");
    expect((await patchMe(first, { handle: "jordan_hh" })).status).toBe(200);

    // With HANDLE_HOLD_DAYS 0 nothing is held: the route reads the tunable.
    const noHold = createApp();
    const patchUnder = async (p: SignedIn, handle: string) => {
      const ctx = createExecutionContext();
      const res = await noHold.fetch(
        new Request(`${BASE}/api/me`, {
          method: "PATCH",
          headers: { Authorization: `Bearer ${p.token}`, "Content-Type": "application/json", "CF-Connecting-IP": "10.4.4.4" },
          body: JSON.stringify({ handle }),
        }),
        { ...env, HANDLE_HOLD_DAYS: "0" } as Env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    };
    const owner = await withHandle("zero_hold");
    expect((await patchUnder(owner, "zero_moved")).status).toBe(200);
    expect((await patchUnder(second, "zero_hold")).status).toBe(200);
  });
});

describe("public profiles", () => {
  it("shows name, member since, figures and settled picks without a token; open picks only once started", async () => {
    const owner = await withHandle("pro_file", "Pro File");
    const settledEvent = newEventId();
    const startedEvent = newEventId();
    const laterEvent = newEventId();
    const settled = openBet([leg({ eventId: settledEvent, priceAm: 150 })], { stake: 200 });
    const started = openBet([leg({ eventId: startedEvent })], { stake: 50 });
    const later = openBet([leg({ eventId: laterEvent, startTime: new Date(Date.now() + 2 * HOUR).toISOString() })], { stake: 75 });
    await seedBets(owner.userId, [settled, started, later]);
    await wallet(owner.userId).applyEventResults(owner.userId, [{ eventId: settledEvent, homeScore: 2, awayScore: 1 }], Date.now());

    const res = await api("/api/public/profiles/PRO_FILE");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+/);
    const profile = (await res.json()) as PublicProfile;
    expect(profile).toMatchObject({ handle: "pro_file", followers: 0 });
    expect(JSON.stringify(profile)).not.toContain("Pro File");
    expect(profile.memberSince).toBeGreaterThan(Date.now() - HOUR);
    expect(profile.statistics.coins).toMatchObject({ settledCount: 1, winRate: 1, longestWinStreak: 1, biggestWin: 300, totalPicks: 2 });
    expect(profile.picks.map((p) => p.id).sort()).toEqual([settled.id, started.id].sort());
    expect(JSON.stringify(profile)).not.toContain(laterEvent);
    expect(JSON.stringify(profile)).not.toContain(owner.email);

    // The feed's clock passes the later game's start: now it is public.
    expect((await postJson("/api/dev/sim/advance", { minutes: 150 })).status).toBe(200);
    const afterStart = (await (await api("/api/public/profiles/pro_file")).json()) as PublicProfile;
    expect(afterStart.picks.map((p) => p.id)).toContain(later.id);
  });

  it("answers 404 for unknown and hidden handles", async () => {
    const shy = await withHandle("shy_one");
    expect((await api("/api/public/profiles/shy_one")).status).toBe(200);
    expect((await patchMe(shy, { profileHidden: true })).status).toBe(200);
    const hidden = await api("/api/public/profiles/shy_one");
    expect(hidden.status).toBe(404);
    expect(await errorCode(hidden)).toBe("not-found");
    expect((await api("/api/public/profiles/nobody_here")).status).toBe(404);
    expect((await api(`/api/public/profiles/${"x".repeat(300)}`)).status).toBe(404);
  });
});

describe("shared picks", () => {
  it("are created by the owner only, readable signed out, stable per bet, and unknown ids are 404", async () => {
    const owner = await withHandle("sharer");
    const other = await signIn();
    const bet = openBet([leg({ eventId: newEventId(), startTime: new Date(Date.now() + 5 * HOUR).toISOString() })], { stake: 120 });
    await seedBets(owner.userId, [bet]);

    expect((await postJson(`/api/bets/${bet.id}/share`, {}, other.token)).status).toBe(404);
    expect((await postJson(`/api/bets/${bet.id}/share`, {})).status).toBe(401);
    const res = await postJson(`/api/bets/${bet.id}/share`, {}, owner.token);
    expect(res.status).toBe(200);
    const share = (await res.json()) as ShareResponse;
    expect(share.shareId).toMatch(SHARE_ID_PATTERN);
    expect(share.url).toBe(`http://localhost/p/${share.shareId}`);
    expect(((await (await postJson(`/api/bets/${bet.id}/share`, {}, owner.token)).json()) as ShareResponse).shareId).toBe(share.shareId);

    const read = await api(`/api/public/picks/${share.shareId}`);
    expect(read.status).toBe(200);
    expect(read.headers.get("Cache-Control")).toMatch(/^public/);
    const { pick } = (await read.json()) as SharedPickResponse;
    // The owner chose to share it, so even a not-yet-started pick is shown in full.
    expect(pick).toMatchObject({ id: bet.id, stake: 120, status: "open", owner: { handle: "sharer" } });
    expect(pick.legs[0]).toMatchObject({ eventId: bet.legs[0]!.eventId, priceAm: -110, market: "Moneyline" });

    expect((await api(`/api/public/picks/${newShareId()}`)).status).toBe(404);
    expect((await api("/api/public/picks/not-a-share-id")).status).toBe(404);
    expect((await api(`/api/public/picks/${bet.id}`)).status).toBe(404);
  });

  it("ids carry 128 random bits: no two alike, no pattern to guess from", () => {
    const ids = Array.from({ length: 2000 }, newShareId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(SHARE_ID_PATTERN);
    // Every base64url character shows up in every position over 2,000 draws of 22 characters.
    const firstChars = new Set(ids.map((id) => id[0]));
    expect(firstChars.size).toBeGreaterThan(50);
  });
});

describe("follows and the Following feed", () => {
  it("follows by handle, refuses self, unknown and hidden players, and lists started or settled picks", async () => {
    const fan = await withHandle("the_fan");
    const star = await withHandle("the_star");
    const soon = openBet([leg({ eventId: newEventId(), startTime: new Date(Date.now() + 10 * HOUR).toISOString() })]);
    const done = openBet([leg({ eventId: newEventId() })]);
    await seedBets(star.userId, [soon, done]);
    await wallet(star.userId).applyEventResults(star.userId, [{ eventId: done.legs[0]!.eventId, homeScore: 0, awayScore: 1 }], Date.now());

    const follow = (handle: string, method: "PUT" | "DELETE" = "PUT", p = fan) => api(`/api/follows/${handle}`, { method, token: p.token });
    expect((await follow("The_Star")).status).toBe(200);
    expect((await follow("the_star")).status).toBe(200); // idempotent
    expect(await (await api("/api/follows/the_star", { token: fan.token })).json()).toEqual({ handle: "the_star", following: true });
    expect((await follow("the_fan")).status).toBe(400);
    expect((await follow("no_such_player")).status).toBe(404);
    expect((await api("/api/follows/the_star", { method: "PUT" })).status).toBe(401);
    expect(((await (await api("/api/public/profiles/the_star")).json()) as PublicProfile).followers).toBe(1);

    const feed = (await (await api("/api/social/following", { token: fan.token })).json()) as FollowingResponse;
    expect(feed.following).toEqual([{ handle: "the_star" }]);
    expect(feed.picks.map((p) => p.id)).toEqual([done.id]);
    expect(feed.picks[0]).toMatchObject({ status: "settled", result: "loss", owner: { handle: "the_star" } });

    // A player who hides their profile drops out of the feed and cannot be followed.
    expect((await patchMe(star, { profileHidden: true })).status).toBe(200);
    expect(((await (await api("/api/social/following", { token: fan.token })).json()) as FollowingResponse).picks).toEqual([]);
    const other = await signIn();
    expect((await follow("the_star", "PUT", other)).status).toBe(404);
    // Nor does unfollowing tell anyone else that a hidden player holds the handle.
    expect((await follow("the_star", "DELETE", other)).status).toBe(404);
    // Unfollowing still works for a follower.
    expect((await follow("the_star", "DELETE")).status).toBe(200);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM follows WHERE follower_id = ?").bind(fan.userId).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("tells nobody but a follower, unfollowing, that a public player is on a break", async () => {
    const fan = await withHandle("the_loyal");
    const resting = await withHandle("the_rester");
    const follow = (method: "PUT" | "DELETE", p: SignedIn) => api("/api/follows/the_rester", { method, token: p.token });
    expect((await follow("PUT", fan)).status).toBe(200);
    expect((await api("/api/me/break", { method: "POST", token: resting.token, body: JSON.stringify({ period: "24h" }) })).status).toBe(
      200,
    );
    expect((await api("/api/public/profiles/the_rester")).status).toBe(404);
    // A stranger's unfollow answers as for a handle nobody holds.
    const stranger = await signIn();
    expect((await follow("DELETE", stranger)).status).toBe(404);
    // The follower can still let go.
    expect((await follow("DELETE", fan)).status).toBe(200);
  });

  it("keeps a pick cashed out in full before kick-off out of the feed and the profile until its game starts", async () => {
    const fan = await withHandle("the_copier");
    const trader = await withHandle("the_trader");
    const later = openBet([leg({ eventId: newEventId(), startTime: new Date(Date.now() + 10 * HOUR).toISOString() })]);
    await seedBets(trader.userId, [later]);
    const pricing = { legChance: { 0: 0.5 }, marginPercent: 5, quoteSeconds: 10 };
    const quote = await wallet(trader.userId).quoteCashOut(trader.userId, later.id, pricing, Date.now(), { minAge: 18 });
    if (!quote.ok) throw new Error(quote.code);
    const done = await wallet(trader.userId).cashOut(
      trader.userId,
      {
        ...pricing,
        play: { minAge: 18 },
        betId: later.id,
        quoteId: quote.quote.quoteId,
        fraction: 1,
        idempotencyKey: `co-${later.id}`,
        requestHash: "h",
      },
      Date.now(),
    );
    expect(done).toMatchObject({ ok: true, response: { bet: { status: "settled", result: "cashed_out" } } });
    await drainOutboxNow(trader.userId);
    expect((await api("/api/follows/the_trader", { method: "PUT", token: fan.token })).status).toBe(200);
    const feed = (await (await api("/api/social/following", { token: fan.token })).json()) as FollowingResponse;
    expect(feed.picks).toEqual([]);
    const profile = (await (await api("/api/public/profiles/the_trader")).json()) as PublicProfile;
    expect(profile.picks).toEqual([]);
  });

  it("caps how many players one player follows", async () => {
    const fan = await signIn();
    const stars = [await withHandle("cap_a"), await withHandle("cap_b")];
    void stars;
    const limited = { ...env, FOLLOWS_MAX: "1" };
    const put = (handle: string) =>
      createApp().fetch(
        new Request(`http://localhost/api/follows/${handle}`, { method: "PUT", headers: { Authorization: `Bearer ${fan.token}` } }),
        limited,
      );
    expect((await put("cap_a")).status).toBe(200);
    const refused = await put("cap_b");
    expect(refused.status).toBe(409);
    expect(await errorCode(refused)).toBe("follow-limit");
  });
});

describe("public reads are rate-limited", () => {
  it("answers a clear 429 once the address is over its limit", async () => {
    const limited = { ...env, PUBLIC_RATE_LIMITER: { limit: async () => ({ success: false }) } };
    for (const path of ["/api/social/leaderboard", "/api/public/profiles/someone", `/api/public/picks/${newShareId()}`]) {
      const res = await createApp().fetch(new Request(`http://localhost${path}`), limited);
      expect(res.status, path).toBe(429);
      expect(await errorCode(res)).toBe("rate-limited");
      expect(res.headers.get("Retry-After")).toBe("10");
    }
  });
});
