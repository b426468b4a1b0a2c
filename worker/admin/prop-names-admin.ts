// The operators' corrections of the feed's player names for props (D1 `prop_player_names`,
// worker/odds/prop-names.ts): GET /api/admin/prop-players?sport= lists a sport's, PUT asks to
// set one (`{sport, feedName, playerId, displayName, team?, reason?}`: this spelling of the
// feed means this player, of this team — the feed names players only, so the team is how his
// props learn their side; without it the entry says none), DELETE ?sport=&feedName=&reason=
// asks to forget one. A name re-grades nothing (bets keep the player id they were placed on),
// but it decides which player the next props of that spelling are about, and so whose
// statistics grade them: one operator mapping a bench player's spelling to a star's id, betting
// the bench player's long Over from any account and mapping it back would be paid on the
// star's game. So a change is a `prop-player-name` request a second operator approves
// (four eyes, approvals.ts), never one holding an open player-prop bet in the sport, and none
// is approved while its requester holds one (asking needs a fresh sign-in and no such bet
// either). The request keeps the entry it replaces: approval writes the change, with its
// audit row in the same batch, only over that entry (409 prop-name-changed otherwise). Asking
// for what the map already says asks nobody (200, `changed` false). Nothing is invalidated:
// every props refresh reads the map anew (PROP_REFRESH_SECONDS), so the next one after the
// approval shows the change.
import { type Context, Hono } from "hono";
import type { RefusalOf } from "../../src/shared/refusals";
import {
  type PropPlayerEntry,
  PropPlayerDeleteQuerySchema,
  PropPlayerNameRequestSchema,
  type PropPlayerNamePayload,
  PropPlayersQuerySchema,
} from "../../src/shared/schemas/operator-actions";
import type { ApprovalAnswer, PropPlayerNames, PropPlayerNamesAnswerSchema } from "../../src/shared/schemas/operator-views";
import type { SportKey } from "../../src/shared/sports";
import type { z } from "zod";
import { parseWith, readJson } from "../http/api-error";
import type { AppEnv, AuthedUser } from "../http/app-types";
import type { ApprovalKindRules } from "../approvals/approvals";
import { refusedError, requestApproval } from "../approvals/approvals";
import { auditStatement } from "../approvals/audit-log";
import { refusalError } from "../http/refusals";
import { propHolderRefusal, requireRecentSignIn } from "./operator-guards";

type NameRow = { feed_name: string; player_id: string; display_name: string; team: string | null; updated_by: string; updated_at: number };

async function listNames(db: D1Database, sport: SportKey): Promise<PropPlayerNames> {
  const { results } = await db
    .prepare(
      "SELECT feed_name, player_id, display_name, team, updated_by, updated_at FROM prop_player_names WHERE sport = ? ORDER BY feed_name",
    )
    .bind(sport)
    .all<NameRow>();
  return {
    sport,
    names: results.map((r) => ({
      feedName: r.feed_name,
      playerId: r.player_id,
      displayName: r.display_name,
      team: r.team,
      updatedBy: r.updated_by,
      updatedAt: r.updated_at,
    })),
  };
}

/** The spelling's entry as stored now, or null. */
async function readEntry(db: D1Database, sport: string, feedName: string): Promise<PropPlayerEntry | null> {
  const row = await db
    .prepare("SELECT player_id, display_name, team FROM prop_player_names WHERE sport = ? AND feed_name = ?")
    .bind(sport, feedName)
    .first<{ player_id: string; display_name: string; team: string | null }>();
  return row && { playerId: row.player_id, displayName: row.display_name, team: row.team };
}

function sameEntry(a: PropPlayerEntry | null, b: PropPlayerEntry | null): boolean {
  if (a === null || b === null) return a === b;
  return a.playerId === b.playerId && a.displayName === b.displayName && a.team === b.team;
}

/** The audit target and request subject of one name: the sport and the feed's spelling. */
const targetOf = (sport: string, feedName: string) => `${sport}:${feedName}`;

/**
 * Asks a second operator to make the spelling mean `entry` (null: forget it), or answers 200
 * when it already does. Refused (403 holds-prop-bet) to an operator holding an open player-prop bet in the sport.
 */
async function askForChange(c: Context<AppEnv>, sport: SportKey, feedName: string, entry: PropPlayerEntry | null, reason: string) {
  const operator = c.var.user;
  const holds = await propHolderRefusal(c.env, operator, sport);
  if (holds) throw refusalError(holds);
  const db = c.env.DB;
  const replaces = await readEntry(db, sport, feedName);
  if (sameEntry(replaces, entry)) {
    return c.json({ ...(await listNames(db, sport)), changed: false } satisfies z.infer<typeof PropPlayerNamesAnswerSchema>);
  }
  const payload: PropPlayerNamePayload = { sport, feedName, entry, replaces };
  const requested = await requestApproval(
    c.env,
    { kind: "prop-player-name", subject: targetOf(sport, feedName), payload, reason },
    operator,
    Date.now(),
  );
  if (!requested.ok) throw refusedError(requested);
  return c.json({ request: requested.request } satisfies ApprovalAnswer, 202);
}

export function propNamesAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.get("/", async (c) => {
    const { sport } = parseWith(PropPlayersQuerySchema, c.req.query());
    return c.json(await listNames(c.env.DB, sport));
  });

  app.put("/", requireRecentSignIn, async (c) => {
    const { sport, feedName, playerId, displayName, team, reason } = await readJson(c, PropPlayerNameRequestSchema);
    return askForChange(c, sport, feedName, { playerId, displayName, team: team ?? null }, reason ?? "");
  });

  app.delete("/", requireRecentSignIn, async (c) => {
    const { sport, feedName, reason } = parseWith(PropPlayerDeleteQuerySchema, c.req.query());
    return askForChange(c, sport, feedName, null, reason ?? "");
  });

  return app;
}

/** The write of an approved change, conditional on the entry it replaces still being there. */
function changeStatement(db: D1Database, payload: PropPlayerNamePayload, requestedBy: string, now: number): D1PreparedStatement {
  const { sport, feedName, entry, replaces } = payload;
  if (replaces === null) {
    if (entry === null) throw new Error(`nothing to change for ${targetOf(sport, feedName)}`);
    return db
      .prepare(
        `INSERT INTO prop_player_names (sport, feed_name, player_id, display_name, team, updated_by, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (sport, feed_name) DO NOTHING`,
      )
      .bind(sport, feedName, entry.playerId, entry.displayName, entry.team, requestedBy, now);
  }
  const stillReplaces = "sport = ? AND feed_name = ? AND player_id = ? AND display_name = ? AND team IS ?";
  const was = [sport, feedName, replaces.playerId, replaces.displayName, replaces.team];
  if (entry === null) return db.prepare(`DELETE FROM prop_player_names WHERE ${stillReplaces}`).bind(...was);
  return db
    .prepare(
      `UPDATE prop_player_names SET player_id = ?, display_name = ?, team = ?, updated_by = ?, updated_at = ? WHERE ${stillReplaces}`,
    )
    .bind(entry.playerId, entry.displayName, entry.team, requestedBy, now, ...was);
}

/** Who may decide a change of a sport's names: nobody holding an open player-prop bet there; no approval while the requester holds one. */
async function propNameDeciderRefusal(
  env: Env,
  sport: string,
  decider: AuthedUser,
  requester: AuthedUser,
  decision: "approve" | "reject",
): Promise<RefusalOf<"holds-prop-bet" | "requester-holds-prop-bet"> | null> {
  const own = await propHolderRefusal(env, decider, sport);
  if (own || decision === "reject") return own;
  return (await propHolderRefusal(env, requester, sport)) ? { ok: false, code: "requester-holds-prop-bet" } : null;
}

/**
 * The approvals queue's rules for a `prop-player-name` request: checked at each approval
 * (the guard runs before every approve), so a prop bet either operator placed after the
 * asking counts; approval writes the change over the entry it was asked against, with its
 * audit row in the same batch (`prop-player-name`, or `prop-player-name-removed`).
 */
export const PROP_PLAYER_NAME_APPROVAL: ApprovalKindRules = {
  guard(env, request, operator, requester, decision) {
    if (request.kind !== "prop-player-name") throw new Error(`not a player name: ${request.kind}`);
    return propNameDeciderRefusal(env, request.payload.sport, operator, requester, decision);
  },
  async apply(env, request, approver, now) {
    if (request.kind !== "prop-player-name") throw new Error(`not a player name: ${request.kind}`);
    const payload = request.payload;
    const { sport, feedName, entry, replaces } = payload;
    const db = env.DB;
    const [written] = await db.batch([
      changeStatement(db, payload, request.requestedBy, now),
      auditStatement(
        db,
        {
          actor: approver.email,
          action: entry ? "prop-player-name" : "prop-player-name-removed",
          target: targetOf(sport, feedName),
          reason: request.reason,
          details: {
            sport,
            feedName,
            playerId: entry?.playerId ?? replaces?.playerId ?? null,
            displayName: entry?.displayName ?? replaces?.displayName ?? null,
            team: entry?.team ?? null,
            replaces,
            requestId: request.id,
            requestedBy: request.requestedBy,
          },
        },
        now,
        { afterChange: true },
      ),
    ]);
    const changed = Boolean(written?.meta.changes);
    // Not written: the entry is no longer the one it replaces. Already what it asks (an approval
    // finishing one that stopped midway, or the same change made since) is done; anything else moved on.
    if (!changed && !sameEntry(await readEntry(db, sport, feedName), entry)) return { ok: false, code: "prop-name-changed" };
    return { ok: true, outcome: { sport, feedName, entry, replaces, changed } };
  },
};
