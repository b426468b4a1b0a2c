// The social surface. Public, no token, rate-limited per client address and
// cacheable — the same answer for every reader: GET /api/social/leaderboard,
// GET /api/public/profiles/:handle, GET /api/public/picks/:shareId. Signed in and never
// shared by a cache: GET /api/social/leaderboard/me (the viewer's own rank),
// POST /api/bets/:betId/share (owner only, with a handle), PUT/DELETE/GET
// /api/follows/:handle and GET /api/social/following.
// Private by default: a player is public only under a handle they chose, never under a
// display name or anything from their e-mail; hidden, handle-less or unknown players are
// a plain 404 everywhere, and so are players on a break or closed for play while it holds
// (standing.ts), who cannot share a pick either. Vantage Cash picks and figures are public
// only when the player shows their Vantage Cash results (a pick they share themselves is
// shown as shared).
import { Hono, type Context } from "hono";
import {
  LeaderboardQuerySchema,
  type FollowState,
  type LeaderboardRankResponse,
  type FollowingResponse,
  type PublicProfile,
  type ShareResponse,
  type SharedPickResponse,
} from "../../src/shared/schemas/social";
import { isPickPublic, newShareId, sharePath } from "../../src/shared/social";
import { publicOrigin } from "../config";
import { requireUser } from "../auth/require-user";
import { ApiError, parseWith } from "../http/api-error";
import { cachePublicly, LEADERBOARD_TAG, NO_STORE, pickTag, playerTag } from "../http/cache-control";
import type { AppEnv } from "../http/app-types";
import { limitPublicReads } from "../http/rate-limit";
import { feedNow } from "../odds/odds-service";
import { tunables } from "../tunables";
import { type KernelWallet, walletOf } from "../wallet";
import { readLeaderboard, readOwnRank } from "./leaderboards";
import { canonicalHandle, findVisibleByHandle, readProfile, type ProfileRow } from "./player-profiles";
import { PUBLIC_BET_COLUMNS, publicPickFromRow, readSharedPick, type PublicBetRow } from "./public-picks";
import { readPublicProfile } from "./public-profiles";
import { awayFromPlay, readStanding, standingShareRefusal } from "./standing";

/** Picks listed in the Following feed. */
const FEED_SIZE = 50;

/**
 * The same answer for every reader: cached at the edge, purged when a settlement changes
 * it or the player's privacy changes (worker/http/cache-control.ts, privacy-purge.ts).
 */
function publicCache(c: Context<AppEnv>, ...tags: string[]): void {
  cachePublicly(c, tunables(c.env).SOCIAL_CACHE_SECONDS, ...tags);
}

const notFound = (what: string) => new ApiError(404, "not-found", `No such ${what}.`);

/** Why a player may not share a pick now: a share link shows the handle, and a hidden profile shares nothing. */
function shareRefusal(profile: ProfileRow): ApiError | null {
  if (profile.hidden) return new ApiError(409, "profile-hidden", "Your profile is hidden. Show it in Account to share picks.");
  if (profile.handle === null) return new ApiError(409, "handle-required", "Choose a handle first: shared picks show your handle.");
  return null;
}

export function socialRoutes() {
  const app = new Hono<AppEnv>();

  // The board never depends on who asks (a token is ignored), so every cache may share it.
  app.get("/social/leaderboard", limitPublicReads, async (c) => {
    const query = parseWith(LeaderboardQuerySchema, c.req.query());
    const board = await readLeaderboard(c.env.DB, query, Date.now(), tunables(c.env).LEADERBOARD_MEMO_MS);
    publicCache(c, LEADERBOARD_TAG);
    return c.json(board);
  });

  app.get("/social/leaderboard/me", requireUser, async (c) => {
    const query = parseWith(LeaderboardQuerySchema, c.req.query());
    const rank = await readOwnRank(c.env.DB, query, c.var.user.id, Date.now());
    c.header("Cache-Control", "private, no-store");
    return c.json(rank satisfies LeaderboardRankResponse);
  });

  app.get("/public/profiles/:handle", limitPublicReads, async (c) => {
    // Another spelling of the handle (AdA for ada) or a query string: sent to the one
    // canonical path before anything is read, so the edge keeps one copy of the profile and
    // nobody has it built afresh by re-casing.
    const asked = c.req.param("handle");
    const canonical = canonicalHandle(asked);
    if (canonical === null) throw notFound("profile");
    if (asked !== canonical || new URL(c.req.url).search !== "") {
      c.header("Cache-Control", NO_STORE);
      return c.redirect(`/api/public/profiles/${encodeURIComponent(canonical)}`, 302);
    }
    const profile = await readPublicProfile(c.env, asked, Date.now());
    if (!profile) throw notFound("profile");
    publicCache(c, playerTag(profile.handle));
    return c.json(profile satisfies PublicProfile);
  });

  app.get("/public/picks/:shareId", limitPublicReads, async (c) => {
    const shareId = c.req.param("shareId");
    const shared = await readSharedPick(c.env.DB, shareId);
    if (!shared) throw notFound("shared pick");
    publicCache(c, pickTag(shareId), playerTag(shared.pick.owner.handle));
    return c.json(shared satisfies SharedPickResponse);
  });

  app.post("/bets/:betId/share", requireUser, async (c) => {
    const betId = c.req.param("betId");
    const userId = c.var.user.id;
    if (betId.length > 128) throw notFound("bet");
    // The wallet finishes projecting first: a bet placed a moment ago, and a break or closure
    // taken a moment ago (the share gate below reads the standing from D1), are there then.
    await walletOf<KernelWallet>(c.env, userId).flushOutbox();
    const owned = await c.env.DB.prepare("SELECT id FROM bets WHERE id = ? AND user_id = ?").bind(betId, userId).first();
    if (!owned) throw notFound("bet");
    const now = Date.now();
    const [profile, standing] = await Promise.all([readProfile(c.env.DB, userId), readStanding(c.env.DB, userId)]);
    const refusal = standingShareRefusal(standing, now) ?? shareRefusal(profile);
    if (refusal) throw refusal;
    // Inserted only while the profile is public and the player neither on a break nor closed,
    // in one statement: a share racing a hide either lands before it (and is withdrawn with
    // the others) or finds it and is refused; one racing a break lands before it, and is kept
    // out of sight with the player's other picks while the break runs.
    const row = await c.env.DB.prepare(
      `INSERT INTO shared_picks (share_id, bet_id, user_id, created_at)
       SELECT ?1, ?2, ?3, ?4 WHERE EXISTS
         (SELECT 1 FROM player_profiles WHERE user_id = ?3 AND hidden = 0 AND handle IS NOT NULL)
         AND NOT ${awayFromPlay("?3", "?4")}
       ON CONFLICT (bet_id) DO UPDATE SET bet_id = excluded.bet_id
       RETURNING share_id`,
    )
      .bind(newShareId(), betId, userId, now)
      .first<{ share_id: string }>();
    if (!row) {
      const [after, standingAfter] = await Promise.all([readProfile(c.env.DB, userId), readStanding(c.env.DB, userId)]);
      throw standingShareRefusal(standingAfter, now) ?? shareRefusal(after) ?? new Error("share insert returned no row");
    }
    const url = `${publicOrigin(c.env, c.req.url)}${sharePath(row.share_id)}`;
    return c.json({ shareId: row.share_id, url } satisfies ShareResponse);
  });

  app.get("/follows/:handle", requireUser, async (c) => {
    const target = await findVisibleByHandle(c.env.DB, c.req.param("handle"), Date.now());
    if (!target) throw notFound("profile");
    const row = await c.env.DB.prepare("SELECT 1 AS yes FROM follows WHERE follower_id = ? AND followee_id = ?")
      .bind(c.var.user.id, target.userId)
      .first();
    return c.json({ handle: target.handle, following: row !== null } satisfies FollowState);
  });

  app.put("/follows/:handle", requireUser, async (c) => {
    const target = await findVisibleByHandle(c.env.DB, c.req.param("handle"), Date.now());
    if (!target) throw notFound("profile");
    const me = c.var.user.id;
    if (target.userId === me) throw new ApiError(400, "cannot-follow-self", "You cannot follow yourself.");
    const limit = tunables(c.env).FOLLOWS_MAX;
    // Inserted only below the limit, in one statement, so parallel follows cannot pass it.
    const inserted = await c.env.DB.prepare(
      `INSERT INTO follows (follower_id, followee_id, created_at)
       SELECT ?1, ?2, ?3 WHERE (SELECT COUNT(*) FROM follows WHERE follower_id = ?1) < ?4
       ON CONFLICT (follower_id, followee_id) DO NOTHING`,
    )
      .bind(me, target.userId, Date.now(), limit)
      .run();
    if (inserted.meta.changes === 0) {
      const already = await c.env.DB.prepare("SELECT 1 FROM follows WHERE follower_id = ? AND followee_id = ?")
        .bind(me, target.userId)
        .first();
      if (!already) throw new ApiError(409, "follow-limit", `You can follow up to ${limit} players.`);
    }
    return c.json({ handle: target.handle, following: true } satisfies FollowState);
  });

  app.delete("/follows/:handle", requireUser, async (c) => {
    const handle = c.req.param("handle").trim().toLowerCase();
    // Unfollowing works even after the other player hid their profile, took a break or was
    // closed, for their followers only: to anyone else such a handle is not found, as
    // everywhere, so the answer tells nobody else that they are away from play.
    const target = await c.env.DB.prepare(
      `SELECT user_id AS userId, handle, hidden OR ${awayFromPlay("user_id", "?2")} AS unseen FROM player_profiles WHERE handle = ?1`,
    )
      .bind(handle.slice(0, 64), Date.now())
      .first<{ userId: string; handle: string; unseen: number }>();
    if (!target) throw notFound("profile");
    const removed = await c.env.DB.prepare("DELETE FROM follows WHERE follower_id = ? AND followee_id = ?")
      .bind(c.var.user.id, target.userId)
      .run();
    if (target.unseen && removed.meta.changes === 0) throw notFound("profile");
    return c.json({ handle: target.handle, following: false } satisfies FollowState);
  });

  app.get("/social/following", requireUser, async (c) => {
    const me = c.var.user.id;
    const now = Date.now();
    const clock = await feedNow(c.env, now);
    // Followees with a visible profile who are neither on a break nor closed at ?2 (standing.ts).
    const visibleFollowees = `FROM follows f
       JOIN player_profiles p ON p.user_id = f.followee_id AND p.hidden = 0 AND p.handle IS NOT NULL
       WHERE f.follower_id = ?1 AND NOT ${awayFromPlay("f.followee_id", "?2")}`;
    const [players, picks] = await c.env.DB.batch<Record<string, unknown>>([
      c.env.DB.prepare(`SELECT p.handle AS handle ${visibleFollowees} ORDER BY f.created_at DESC`).bind(me, now),
      c.env.DB.prepare(
        `SELECT ${PUBLIC_BET_COLUMNS("b")}, p.handle AS handle
         ${visibleFollowees.replace("FROM follows f", "FROM follows f JOIN bets b ON b.user_id = f.followee_id")}
           AND (b.wallet = 'coins' OR p.show_cash_results = 1)
           AND NOT EXISTS (SELECT 1 FROM bet_legs l WHERE l.bet_id = b.id AND l.commence_time > ?3 AND l.result IS NULL)
         ORDER BY COALESCE(b.settled_at, b.created_at) DESC
         LIMIT ?4`,
      ).bind(me, now, clock, FEED_SIZE),
    ]);
    const following = (players?.results ?? []) as { handle: string }[];
    const rows = (picks?.results ?? []) as (PublicBetRow & { handle: string })[];
    const body: FollowingResponse = {
      following,
      picks: rows.map((r) => publicPickFromRow(r, { handle: r.handle })).filter((p) => isPickPublic(p, clock)),
    };
    return c.json(body);
  });

  return app;
}
